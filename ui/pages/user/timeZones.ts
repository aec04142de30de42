/** The IANA time zones the browser knows (for the user settings' time-zone select). */
export function timeZoneOptions(): { value: string; label: string }[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? ['UTC'];
  return zones.map((z) => ({ value: z, label: z }));
}
