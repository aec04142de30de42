/**
 * The adherence calendar's edits, saved a month at a time (`POST …/treatment/followup`): an edit
 * shows at once, is sent 300 ms after the last click on that month (one request in flight per
 * month; a later edit is sent after it), then the treatment is reloaded and the edit dropped. Each
 * save carries the month's version as the user saw it (then the version the last save answered), so
 * a month someone else saved meanwhile is refused (409) rather than overwritten. A refused save
 * drops the edit, reloads the treatment (the month shows what is stored) and hands the error to
 * `onError`.
 *
 * @example
 *   const saves = useMonthSaves((m) => treatmentApi.saveMonth({ caseId, ...m }), reload, (err) => alerts.error(...));
 *   saves.edit(month, clickDay(saves.daysOf(month), 5, 'DOTS'));
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DayEntry } from './calendar.ts';
import type { FollowupMonth } from './model.ts';
import type { SaveState } from './MonthCalendar.tsx';

export const SAVE_DELAY_MS = 300;

const keyOf = (m: { year: number; month: number }) => `${m.year}-${m.month}`;

export interface MonthSaves {
  /** The days to show: the unsaved edit, or the month's own. */
  daysOf: (month: FollowupMonth) => DayEntry[];
  edited: (month: FollowupMonth) => boolean;
  stateOf: (month: FollowupMonth) => SaveState;
  edit: (month: FollowupMonth, days: DayEntry[]) => void;
}

/** Saves one month (its version as the user saw it, its days): the month's new version. */
export type SaveMonth = (month: { year: number; month: number; version: number; days: DayEntry[] }) => Promise<{ version: number }>;

/**
 * `save`: how a month is saved — a case's treatment month (`treatmentApi.saveMonth` with the case's
 * id), or a contact's TPT course month (the same calendar).
 */
export function useMonthSaves(save: SaveMonth, reload: () => Promise<unknown>, onError: (err: unknown) => void): MonthSaves {
  const [edits, setEdits] = useState<Record<string, DayEntry[]>>({});
  const [states, setStates] = useState<Record<string, SaveState>>({});
  const latest = useRef<Record<string, DayEntry[]>>({});
  /** The version a month's own last save answered, until the reload shows it. */
  const saved = useRef<Record<string, number>>({});
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const inFlight = useRef(new Set<string>());
  const again = useRef(new Set<string>());
  const live = useRef(true);

  useEffect(() => {
    live.current = true;
    const pending = timers.current;
    return () => {
      live.current = false;
      pending.forEach(clearTimeout);
    };
  }, []);

  const setState = (key: string, state: SaveState) => live.current && setStates((s) => ({ ...s, [key]: state }));
  const drop = (key: string) => {
    delete latest.current[key];
    delete saved.current[key];
    if (live.current)
      setEdits((e) => {
        const { [key]: _gone, ...rest } = e;
        return rest;
      });
  };

  const send = useCallback(
    async (key: string, month: FollowupMonth) => {
      if (inFlight.current.has(key)) {
        again.current.add(key);
        return;
      }
      const days = latest.current[key];
      if (!days) return;
      inFlight.current.add(key);
      setState(key, 'saving');
      try {
        const version = saved.current[key] ?? month.version;
        const r = await save({ year: month.year, month: month.month, version, days });
        saved.current[key] = r.version;
      } catch (err) {
        inFlight.current.delete(key);
        again.current.delete(key);
        drop(key);
        setState(key, 'error');
        onError(err);
        await reload().catch(() => {});
        return;
      }
      inFlight.current.delete(key);
      if (again.current.delete(key)) {
        void send(key, month);
        return;
      }
      await reload().catch(() => {});
      // an edit made while the treatment was reloading is still to be sent
      if (latest.current[key] === days && !timers.current.has(key)) {
        drop(key);
        setState(key, 'idle');
      }
    },
    [save, reload, onError],
  );

  const edit = useCallback(
    (month: FollowupMonth, days: DayEntry[]) => {
      const key = keyOf(month);
      latest.current[key] = days;
      setEdits((e) => ({ ...e, [key]: days }));
      setState(key, 'pending');
      const old = timers.current.get(key);
      if (old) clearTimeout(old);
      timers.current.set(
        key,
        setTimeout(() => {
          timers.current.delete(key);
          void send(key, month);
        }, SAVE_DELAY_MS),
      );
    },
    [send],
  );

  return {
    daysOf: (m) => edits[keyOf(m)] ?? m.days,
    edited: (m) => keyOf(m) in edits,
    stateOf: (m) => states[keyOf(m)] ?? 'idle',
    edit,
  };
}
