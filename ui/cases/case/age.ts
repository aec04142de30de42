/**
 * A person's age in whole years on a day: the years since the birth date, less one before this
 * year's birthday (someone born on 29 February turns a year older on 1 March in common years).
 * Undefined without a birth date, or for a birth date after the day.
 *
 * @example
 *   ageAt('1980-05-01', '2026-04-30') // 45
 *   ageAt('1980-05-01', '2026-05-01') // 46
 */
export function ageAt(birthDate: string | undefined, today: string): number | undefined {
  if (!birthDate) return undefined;
  const [by, bm, bd] = birthDate.slice(0, 10).split('-').map(Number);
  const [ty, tm, td] = today.slice(0, 10).split('-').map(Number);
  const age = ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
  return age >= 0 ? age : undefined;
}
