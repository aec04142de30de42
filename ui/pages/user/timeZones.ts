/**
 * The time zones the browser knows, for the user settings' select: each labelled with its UTC
 * offset and its city (`(UTC+03:00) Europe/Moscow`), ordered by offset, so the user finds one by
 * typing a city or an offset; and the browser's own zone, the default when none is stored.
 *
 * @example timeZoneOptions()[0] // → {value: 'Etc/GMT+12', label: '(UTC−12:00) Etc/GMT+12'}
 */
import { browserTimeZone } from '../../i18n/dates.ts';
export interface ZoneOption {
  value: string;
  label: string;
}

/** `+03:00` for a zone now (`+00:00` for UTC). */
export function utcOffset(zone: string, at = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
    const m = /GMT([+-−]\d{2}:\d{2})/.exec(part ?? '');
    return m ? m[1].replace('-', '−') : '+00:00';
  } catch {
    return '+00:00';
  }
}

const minutes = (offset: string) => {
  const [h, m] = offset.replace('−', '-').split(':').map(Number);
  return h * 60 + Math.sign(h || 1) * m;
};

export function timeZoneOptions(): ZoneOption[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? ['UTC'];
  const own = browserTimeZone();
  const all = own && !zones.includes(own) ? [...zones, own] : zones;
  return all
    .map((z) => ({ z, off: utcOffset(z) }))
    .sort((a, b) => minutes(a.off) - minutes(b.off) || a.z.localeCompare(b.z))
    .map(({ z, off }) => ({ value: z, label: `(UTC${off}) ${z.replace(/_/g, ' ')}` }));
}

/** The zone the browser runs in (`Europe/Moscow`), if it says. */
export { browserTimeZone };
