import { describe, expect, it } from 'vitest';
import { countText } from './countText.ts';

describe('countText', () => {
  it('shows an exact count as it is, a capped one with +, an estimate with ≈', () => {
    expect(countText(12)).toBe('12');
    expect(countText(10000, { capped: true })).toBe('10 000+');
    expect(countText(123456, { estimated: true })).toBe('≈ 123 456');
    expect(countText(10000, { capped: true }, 'en')).toBe('10,000+');
  });
});
