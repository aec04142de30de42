import { describe, expect, it } from 'vitest';
import { isTextTransform, transformText } from './textTransform.ts';

describe('x-transform of a text', () => {
  it('changes the case as typed, keeping the length; trims when done', () => {
    expect(transformText(' aud4low', 'uppercase', true)).toBe(' AUD4LOW');
    expect(transformText(' aud4low ', 'uppercase')).toBe('AUD4LOW');
    expect(transformText('Mixed@Example.ORG ', 'lowercase')).toBe('mixed@example.org');
    expect(transformText(' a b ', 'trim', true)).toBe(' a b ');
    expect(transformText(' a b ', 'trim')).toBe('a b');
  });

  it('knows the schema keyword values only', () => {
    expect(isTextTransform('uppercase')).toBe(true);
    expect(isTextTransform('capitalize')).toBe(false);
    expect(isTextTransform(undefined)).toBe(false);
  });
});
