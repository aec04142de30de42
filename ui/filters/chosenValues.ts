import type { Filters } from './types.ts';

/**
 * The filters that say something: a multi-select with at least one value, a select with a value, a
 * period with a month (an empty choice filters nothing, so it is not sent).
 * @example chosenValues({ gender: [], state: ['ONTREATMENT'], registrationDate: {} }) // { state: ['ONTREATMENT'] }
 */
export function chosenValues(values: Filters): Filters {
  const out: Filters = {};
  for (const [id, v] of Object.entries(values)) {
    if (v == null || v === '') continue;
    if (Array.isArray(v)) {
      if (v.length) out[id] = v;
    } else if (typeof v === 'object') {
      const p = { ...(v.ini ? { ini: v.ini } : {}), ...(v.end ? { end: v.end } : {}) };
      if (p.ini || p.end) out[id] = p;
    } else out[id] = v;
  }
  return out;
}
