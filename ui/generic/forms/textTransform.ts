/**
 * The schema's `x-transform` of a text (`uppercase` / `lowercase` / `trim`), as the server applies
 * it before validation (logins are upper case). Forms apply it as the user types, so that what is
 * seen, validated and sent is what the server keeps; the ends are trimmed when the field is left.
 *
 * @example
 *   transformText(' aud4low', 'uppercase', true) // ' AUD4LOW' (typing: the case only)
 *   transformText(' aud4low ', 'uppercase')      // 'AUD4LOW'
 */
export type TextTransform = 'uppercase' | 'lowercase' | 'trim';

export function isTextTransform(v: unknown): v is TextTransform {
  return v === 'uppercase' || v === 'lowercase' || v === 'trim';
}

/** `typing`: while the text is being typed, only the case changes (the length stays, so does the caret). */
export function transformText(value: string, kind: TextTransform, typing = false): string {
  const text = typing ? value : value.trim();
  return kind === 'uppercase' ? text.toUpperCase() : kind === 'lowercase' ? text.toLowerCase() : text;
}
