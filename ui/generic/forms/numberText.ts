/**
 * The text of a number field as the user typed it, and what the form keeps of it: a number when
 * the text is one (a decimal comma read as a point), else the text itself, which the validator
 * refuses ('должно быть целым числом'). Nothing is rounded or clamped to the field's range.
 *
 * @example
 *   numberValue('1,5')  // → '1.5' (rjsf's NumberField makes it 1.5)
 *   numberValue('')     // → undefined
 *   shownText('1.50', 1.5) // → '1.50' (what was typed, while it means the value)
 *   shownText('7', 5)      // → '5' (the value changed from outside)
 */
const normal = (text: string) => text.trim().replace(',', '.');

/** What to hand to rjsf for the typed text: `undefined` when empty, else the text with a decimal point. */
export function numberValue(text: string): string | undefined {
  const t = normal(text);
  return t === '' ? undefined : t;
}

/** Whether the typed text stands for `value` (so the field keeps showing the text). */
export function meansValue(text: string, value: unknown): boolean {
  const t = normal(text);
  if (value === undefined || value === null || value === '') return t === '';
  if (typeof value === 'number') return t !== '' && Number(t) === value;
  return t === normal(String(value));
}

/** The text the field shows: the typed one while it stands for the value, else the value's own. */
export function shownText(typed: string, value: unknown): string {
  if (meansValue(typed, value)) return typed;
  return value === undefined || value === null ? '' : String(value);
}
