import { describe, expect, it } from 'vitest';
import { isoTimestamp } from './timestamp.ts';

describe('isoTimestamp: a timestamptz as the API answers it', () => {
  it('rewrites the text of a UTC session, the fraction cut to milliseconds', () => {
    expect(isoTimestamp('2026-11-29 15:31:44.354429+00')).toBe('2026-11-29T15:31:44.354Z');
    expect(isoTimestamp('2026-11-29 15:31:44.9999+00')).toBe('2026-11-29T15:31:44.999Z');
    expect(isoTimestamp('2026-11-29 15:31:44.5+00')).toBe('2026-11-29T15:31:44.500Z');
    expect(isoTimestamp('2026-01-02 03:04:05+00')).toBe('2026-01-02T03:04:05.000Z');
  });

  it('reads another offset, and a Date, as the same instant in UTC', () => {
    expect(isoTimestamp('2026-11-29 21:31:44+06')).toBe('2026-11-29T15:31:44.000Z');
    expect(isoTimestamp('2026-11-29 15:31:44.25-03:30')).toBe('2026-11-29T19:01:44.250Z');
    expect(isoTimestamp(new Date(Date.UTC(2026, 10, 29, 15, 31, 44, 7)))).toBe('2026-11-29T15:31:44.007Z');
  });
});
