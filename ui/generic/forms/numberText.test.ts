import { describe, expect, it } from 'vitest';
import { meansValue, numberValue, shownText } from './numberText.ts';

describe('number fields keep what was typed', () => {
  it('hands rjsf the text with a decimal point, nothing for an empty box', () => {
    expect(numberValue('1,5')).toBe('1.5');
    expect(numberValue(' 15 ')).toBe('15');
    expect(numberValue('')).toBeUndefined();
    expect(numberValue('abc')).toBe('abc');
  });
  it('shows the typed text while it stands for the value, else the value', () => {
    expect(shownText('1,50', 1.5)).toBe('1,50');
    expect(shownText('-3', -3)).toBe('-3');
    expect(shownText('1.', '1.')).toBe('1.');
    expect(shownText('7', 5)).toBe('5');
    expect(shownText('', undefined)).toBe('');
    expect(shownText('3', undefined)).toBe('');
    expect(meansValue('abc', 'abc')).toBe(true);
  });
});
