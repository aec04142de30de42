// One way to fetch in the UI: a screen reads through `useData` (a request on opening and when its
// key changes, cancelled and last-answer-wins) or `useLatest` (requests a click starts), both in
// ui/generic/data/ — never in an effect of its own that asks the server and sets state when the
// answer comes (the late-answer bug: an earlier answer arriving last overwrote a newer one, fixed
// three times by hand). This test reads every UI source file for such an effect
// (`tests/architecture/hand-fetch.ts`) and fails on any file not in the short list below, each with
// why it still may.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { rootDir } from '../../server/config.ts';
import { handFetchingEffects } from './hand-fetch.ts';
import { sourceFiles } from './source-files.ts';

/** UI files that still start a request from an effect, and why. */
const allowed: Record<string, string> = {
  'ui/session/useServerLanguage.ts': 'tells the server the language the user switched to (a write that keeps the session in step, not a read shown on screen)',
};

/** The hooks themselves: the one place a request is started from an effect. */
const hooks = (f: string) => f.startsWith('ui/generic/data/');

const handFetching = () =>
  sourceFiles('ui', { tests: false })
    .filter((f) => !hooks(f))
    .filter((f) => handFetchingEffects(f, readFileSync(join(rootDir, f), 'utf8')).length > 0);

test('the test sees an effect that fetches by hand, and not one that only reacts to what was read', () => {
  const planted = (body: string) => handFetchingEffects('x.tsx', `export function X() {\n${body}\n}`);
  expect(planted('useEffect(() => { api.get("/api/x").then(setX); }, []);')).toEqual([2]);
  expect(planted('useEffect(() => { let live = true; tableApi.form("tag").then((f) => live && setForm(f)); return () => void (live = false); }, []);')).toEqual([2]);
  expect(planted('const load = useCallback(async () => setRows(await contactsApi.ofCase(id)), [id]);\nuseEffect(() => void load(), [load]);')).toEqual([3]);
  expect(planted('const load = () => void run(reportApi.online);\nuseEffect(load, []);')).toEqual([3]);
  expect(planted('useEffect(() => { latest.ask((s) => api.get("/x", s), show); }, [id]);')).toEqual([2]);
  expect(planted('useEffect(() => { fetch("/api/x").then((r) => r.json()).then(setX); }, []);')).toEqual([2]);
  // what a screen on useData still does in an effect: fill a form, tell an error
  expect(planted('const { data, error } = useData((s) => sysApi.fetchUserSettings(s), []);\nuseEffect(() => { if (data) form.setFieldsValue(data); }, [data]);\nuseEffect(() => void (error && alerts.error(error)), [error]);')).toEqual([]);
  expect(planted('useEffect(() => { const id = setTimeout(() => setShown(true), 300); return () => clearTimeout(id); }, []);')).toEqual([]);
});

test('no UI component fetches inside an effect of its own, but the listed exceptions', () => {
  expect(handFetching().filter((f) => !(f in allowed))).toEqual([]);
});

test('every exception is still needed: its file exists and still fetches in an effect', () => {
  const now = new Set(handFetching());
  expect(Object.keys(allowed).filter((f) => !now.has(f))).toEqual([]);
});
