/**
 * What a contact is told from its index case and its person, pure: the index case's
 * resistance type as the DAK names it (DS, Hr, RR, MDR, pre-XDR, XDR), which decides the TPT regimen,
 * and the contact's age in whole years at a date, which WHO splits at 5 (children under five who
 * are household contacts come first).
 *
 * @example
 *   indexResistanceOf({ classification: 'DRTB', drugResistanceType: 'MDR' }) // 'MDR'
 *   ageAt('2021-03-02', '2026-03-01')                                       // 4
 */
import type { IndexResistance } from '../tpt/rules.ts';

/**
 * The index case's resistance type from its classification and drug resistance: a TB (not DR-TB)
 * case is drug-susceptible; a DR-TB case names RR, MDR, pre-XDR or XDR; anything else (mono- or
 * poly-resistance, not yet known, NTM) is UNKNOWN — the contact's form lets the doctor say Hr-TB.
 */
export function indexResistanceOf(c: { classification?: string | null; drugResistanceType?: string | null }): IndexResistance {
  if (c.classification === 'TB') return 'DS';
  if (c.classification === 'DRTB' && ['RR', 'MDR', 'PRE_XDR', 'XDR'].includes(c.drugResistanceType ?? '')) return c.drugResistanceType as IndexResistance;
  return 'UNKNOWN';
}

/** Whole years from `birthDate` to `date` (ISO dates): the birthday itself counts. */
export function ageAt(birthDate: string, date: string): number {
  const [by, bm, bd] = birthDate.slice(0, 10).split('-').map(Number);
  const [y, m, d] = date.slice(0, 10).split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** WHO's first priority group of contacts: under five years of age. */
export const UNDER_FIVE = 5;
