/**
 * "Today" is a calendar day somewhere: the day of a time zone (the workspace's, else the browser's),
 * never the server's. One small pure function, used by the server's checks and defaults and by the
 * browser's date pickers.
 */

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** The formatter of a zone (`en-CA` writes `YYYY-MM-DD`); undefined for a name Intl does not know. */
function formatOf(zone: string): Intl.DateTimeFormat | undefined {
  let f = zoneFormats.get(zone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      return undefined;
    }
    if (zoneFormats.size < 1000) zoneFormats.set(zone, f);
  }
  return f;
}

/**
 * Whether `zone` is an IANA time zone this runtime knows ('Asia/Tashkent', 'UTC').
 * @example isTimeZone('Asia/Tashkent') // true; isTimeZone('Mars/Base') // false
 */
export const isTimeZone = (zone: unknown): zone is string => typeof zone === 'string' && zone.length <= 64 && !!zone && !!formatOf(zone);

/**
 * The calendar day `YYYY-MM-DD` of the instant `now` in the time zone `zone` (an unknown or
 * missing zone: UTC).
 * @example todayIn('Asia/Tashkent', new Date('2026-11-25T21:00:00Z')) // '2026-11-26' (02:00 there)
 * @example todayIn(undefined, new Date('2026-11-25T21:00:00Z'))       // '2026-11-25'
 */
export function todayIn(zone: string | null | undefined, now: Date = new Date()): string {
  const f = (zone && formatOf(zone)) || formatOf('UTC')!;
  // a day begins on a whole minute in every zone: the answer of a minute is kept (a register's rows ask it many times a second)
  const minute = Math.floor(now.getTime() / 60_000);
  const last = lastDay.get(f);
  if (last?.minute === minute) return last.day;
  const parts = Object.fromEntries(f.formatToParts(now).map((p) => [p.type, p.value]));
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  lastDay.set(f, { minute, day });
  return day;
}

/** Each zone's last answer of {@link todayIn}, with its minute. */
const lastDay = new WeakMap<Intl.DateTimeFormat, { minute: number; day: string }>();
