/**
 * `npm run bench:typing`: how long a key takes in the largest forms. For each form —
 * the new notification, the case edit dialog, the DST exam, the treatment start (individualized:
 * its table of prescriptions), the report editor (an indicator's title) — it types 18 letters into a text field of the form in a real
 * Chromium and reads the browser's Event Timing entries (`PerformanceObserver` of type `event`,
 * the time from the key to the next frame painted) for keydown, keypress, input and keyup, at 1×
 * and at 4× CPU slowdown (Chrome's CPU throttling, as on a cheap tablet). It prints, per form, the
 * events over 16 ms (a frame) and the worst. Goal: none over 16 ms at 1×, worst ≤ 50 ms at 4×.
 *
 * `--form <name>` types into that form only (e.g. `-- --form 'case edit' --profile`).
 *
 * `--keys` prints the duration of each key event of 16 ms and more, in the order typed.
 *
 * `--profile` also records a CPU profile of the typing at 1× in each form and prints the functions
 * with the most time of their own (where a key's time goes), the profiles kept in `.tmp/typing-*.cpuprofile`.
 *
 * `--renders` counts, per key, the React components that rendered (a commit's fibers that did work,
 * read through React's devtools hook): which parts of a form a key redraws; '↯ name' counts those
 * set off by their own state or a context (the component above them did not render). Names are
 * readable in a build without minification (`NODE_ENV=production npx vite build --minify false` first).
 *
 * `--trace` records the browser's timeline while typing at 1× and prints, per kind of work on the
 * page's main thread (style recalculation, layout, paint, script…), its time and how often it ran,
 * with the elements restyled and the layout objects laid out per key (what the "(program)" of a
 * CPU profile is made of).
 *
 * A throwaway PostgreSQL with the demo workspace; the UI built as `npm start` serves it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { clientHeader } from '../../engine/client-header.ts';
import type { CDPSession, Locator, Page } from 'playwright-core';
import { startServer } from '../../app/start.ts';
import { ensureUiBuilt } from '../../server/ui-build.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { benchDatabase } from './database.ts';
import { finishBench } from './finish.ts';

const profile = process.argv.includes('--profile');
const trace = process.argv.includes('--trace');
const renders = process.argv.includes('--renders');
const keys = process.argv.includes('--keys');
// `--form 'case edit'`: that form only
const only = process.argv.includes('--form') ? process.argv[process.argv.indexOf('--form') + 1] : undefined;
const LETTERS = 'Туберкулёзныйдиспа'; // 18 letters
const tid = (id: string) => `[data-testid="${id}"]`;

// always a throwaway database: the forms are typed into the demo workspace as a fresh start has it
const { databaseUrl, postgres } = await benchDatabase('bench_typing', { keepable: false });
await ensureUiBuilt();
const server = await startServer({ databaseUrl, port: 0, host: '127.0.0.1', seedDemo: true, demoCases: 0 });
const browser = await launchBrowser();
const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 860 }, locale: 'ru-RU', reducedMotion: 'reduce' });
context.setDefaultTimeout(30_000);
// tsx keeps function names by wrapping inner functions in `__name`, which the page lacks
if (renders) await context.addInitScript({ content: `var __name = (f) => f; (${countRenders.toString()})();` });
const page = await context.newPage();

await page.goto('/login');
await page.locator(tid('login-user')).fill('ADMIN');
await page.locator(tid('login-password')).fill('Admin123');
await page.locator(tid('login-submit')).click();
await page.locator(tid('toolbar')).waitFor();

// a confirmed TB case of a unit to open the case forms on
const api = async (path: string, body: unknown) => {
  const r = await page.request.post(path, { data: body, headers: { [clientHeader]: '1' } });
  if (!r.ok()) throw new Error(`${path}: ${r.status()} ${await r.text()}`);
  return r.json();
};
const unitId = (await api('/api/tbl/unit/query', { key: 'Бишкекский' })).list[0].id as string;
const patientId = (await api('/api/tbl/patient', { name: 'Бакыт', lastName: 'Осмонов', gender: 'MALE', birthDate: '1985-03-02' })).result as string;
const caseId = (
  await api('/api/tbl/tbcase', {
    patientId, ownerUnitId: unitId, notificationUnitId: unitId, diagnosisType: 'CONFIRMED', classification: 'TB',
    registrationGroup: 'NEW', registrationDate: '2026-01-10', diagnosisDate: '2026-01-09', infectionSite: 'PULMONARY',
  })
).result as string;

/** The forms: a name, how to open it, and the form whose text field is typed into. */
const forms: [string, () => Promise<Locator>][] = [
  ['new notification', async () => {
    await page.goto(`/sys/case/new?diag=CONFIRMED&cla=TB&id=${unitId}`);
    await page.locator(tid('search-lastName')).fill('Небывалова');
    await page.locator(tid('patient-search-run')).click();
    await page.locator(tid('patient-new')).click();
    return page.locator(tid('notify-form'));
  }],
  ['case edit', async () => {
    await page.goto(`/sys/case?id=${caseId}&tab=data`);
    await page.locator(tid('case-data-edit')).first().click();
    return page.locator(tid('remote-form-dialog'));
  }],
  ['DST exam', async () => {
    await page.goto(`/sys/case?id=${caseId}&tab=followups`);
    await page.locator(tid('followup-add')).click();
    await page.locator(tid('followup-add-examdst')).click();
    return page.locator(tid('remote-form-dialog'));
  }],
  ['treatment start (individualized)', async () => {
    await page.goto(`/sys/case?id=${caseId}&tab=treatment`);
    await page.locator(tid('treatment-start')).click();
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').locator(tid('treatment-start-individualized')).click();
    return page.locator(tid('remote-form-dialog'));
  }],
  ['report editor', async () => {
    await page.goto('/sys/workspace/cases/reports');
    await page.locator(tid('report-new')).click();
    return page.locator(tid('indicator-editor')).first();
  }],
];

/** Types the letters into the form's first free text field; the key events' durations in ms. */
async function keyDurations(p: Page, form: Locator, countingRenders = false): Promise<number[]> {
  const field = form.locator('input.ant-input:not([readonly]):not([disabled]), textarea.ant-input:not([readonly])').first();
  await field.waitFor();
  await field.click();
  await p.evaluate((counting) => {
    const w = window as unknown as { keyEvents: number[]; renderCounts?: object };
    w.keyEvents = [];
    w.renderCounts = counting ? {} : undefined;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (/^key|^input$/.test(e.name)) w.keyEvents.push(e.duration);
    }).observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit);
  }, countingRenders);
  await p.keyboard.type(LETTERS, { delay: 60 });
  await p.waitForTimeout(500); // the last entries are delivered after their frame
  return p.evaluate(() => (window as unknown as { keyEvents: number[] }).keyEvents);
}

/**
 * Runs in the page before React: a devtools hook that, while `window.renderCounts` is an object, adds
 * to it each component that rendered in a commit. A subtree whose child list React reused did not
 * render (how React's devtools tell), so only fibers React worked on are walked.
 */
function countRenders() {
  type Fiber = { tag: number; type: unknown; flags: number; child: Fiber | null; sibling: Fiber | null; return: Fiber | null; alternate: Fiber | null };
  const w = window as unknown as { renderCounts?: Record<string, number>; __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown };
  const nameOf = (t: unknown): string => {
    const c = t as { displayName?: string; name?: string; render?: unknown; type?: unknown } | null;
    if (!c) return '?';
    return c.displayName || c.name || (c.render ? nameOf(c.render) : c.type ? nameOf(c.type) : '?');
  };
  const COMPONENT = new Set([0, 1, 11, 14, 15]); // function, class, forwardRef, memo, simple memo
  // an anonymous one is named by the nearest named component above it: '? in Name'
  const label = (fiber: Fiber): string => {
    const name = nameOf(fiber.type);
    if (name !== '?') return name;
    for (let f = fiber.return; f; f = f.return) if (COMPONENT.has(f.tag) && nameOf(f.type) !== '?') return `? in ${nameOf(f.type)}`;
    return name;
  };
  // `above`: the component above rendered; one that rendered while it did not was set off by its own state or a context
  const walk = (fiber: Fiber, counts: Record<string, number>, above: boolean) => {
    const prev = fiber.alternate;
    const rendered = COMPONENT.has(fiber.tag) && (!prev || !!(fiber.flags & 1));
    if (rendered) counts[label(fiber)] = (counts[label(fiber)] ?? 0) + 1;
    if (rendered && !above && prev) counts[`↯ ${label(fiber)}`] = (counts[`↯ ${label(fiber)}`] ?? 0) + 1;
    if (prev && fiber.child === prev.child) return;
    for (let c = fiber.child; c; c = c.sibling) walk(c, counts, COMPONENT.has(fiber.tag) ? rendered : above);
  };
  let renderers = 0;
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => ++renderers,
    checkDCE: () => {},
    onScheduleFiberRoot: () => {},
    onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
      if (w.renderCounts) walk(root.current, w.renderCounts, false);
    },
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
  };
}

/** Prints the components that rendered most per key while typing. */
function hotComponents(form: string, counts: Record<string, number>): void {
  const total = Object.entries(counts).reduce((a, [k, n]) => (k.startsWith('↯') ? a : a + n), 0);
  console.log(`    ${form}: components rendered per key (${(total / LETTERS.length).toFixed(1)} in all)`);
  for (const [name, n] of Object.entries(counts).sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`      ${(n / LETTERS.length).toFixed(1).padStart(6)}  ${name}`);
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Prints the ten functions with the most self time in `p` and keeps the profile in .tmp/. */
function hotFunctions(form: string, p: CpuProfile): void {
  mkdirSync('.tmp', { recursive: true });
  writeFileSync(`.tmp/typing-${form.replace(/\W+/g, '-')}.cpuprofile`, JSON.stringify(p));
  const byNode = new Map(p.nodes.map((n) => [n.id, n.callFrame]));
  const self = new Map<string, number>();
  p.samples.forEach((id, i) => {
    const f = byNode.get(id)!;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + p.timeDeltas[i] / 1000);
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  console.log(`    ${form}: where the time of typing goes (self ms of ${total.toFixed(0)})`);
  for (const [k, ms] of [...self].filter(([k]) => !k.startsWith('(idle)')).sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log(`      ${ms.toFixed(0).padStart(6)}  ${k}`);
}

interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  tid: number;
  args?: { elementCount?: number; beginData?: { dirtyObjects?: number; totalObjects?: number }; name?: string };
}

/** Starts a timeline trace; the returned function stops it and prints where the main thread's time went. */
async function startTrace(session: CDPSession): Promise<(form: string) => Promise<void>> {
  const events: TraceEvent[] = [];
  session.on('Tracing.dataCollected', ({ value }) => void events.push(...(value as unknown as TraceEvent[])));
  await session.send('Tracing.start', { categories: 'devtools.timeline,blink.user_timing', transferMode: 'ReportEvents' });
  return async (form) => {
    const done = new Promise((resolve) => session.once('Tracing.tracingComplete', resolve));
    await session.send('Tracing.end');
    await done;
    const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')?.tid;
    const sums = new Map<string, { ms: number; n: number; count: number }>();
    for (const e of events.filter((x) => x.tid === main && x.ph === 'X' && x.dur)) {
      const s = sums.get(e.name) ?? { ms: 0, n: 0, count: 0 };
      s.ms += e.dur! / 1000;
      s.n += 1;
      s.count += e.args?.elementCount ?? e.args?.beginData?.dirtyObjects ?? 0;
      sums.set(e.name, s);
    }
    console.log(`    ${form}: the main thread while typing (ms, times; elements restyled / objects laid out per key)`);
    const shown = ['RunTask', 'EventDispatch', 'FunctionCall', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit', 'HitTest', 'ParseAuthorStyleSheet', 'ScheduleStyleRecalculation'];
    for (const name of shown) {
      const s = sums.get(name);
      if (s) console.log(`      ${s.ms.toFixed(0).padStart(6)}  ${name.padEnd(26)} ×${s.n}${s.count ? `  ${(s.count / LETTERS.length).toFixed(0)}/key` : ''}`);
    }
  };
}

const cdp = await context.newCDPSession(page);
console.log(`typing ${LETTERS.length} letters; key events over 16 ms / the worst (ms). Goal: 0 at 1×, worst ≤ 50 ms at 4×`);
for (const [name, open] of forms.filter(([name]) => !only || name === only)) {
  const row: string[] = [];
  for (const rate of [1, 4]) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const form = await open();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    const profiling = profile && rate === 1;
    if (profiling) await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.start'));
    const stopTrace = trace && rate === 1 ? await startTrace(await context.newCDPSession(page)) : undefined;
    const counting = renders && rate === 1;
    const over = await keyDurations(page, form, counting);
    if (counting) hotComponents(name, await page.evaluate(() => (window as unknown as { renderCounts: Record<string, number> }).renderCounts));
    if (profiling) hotFunctions(name, (await cdp.send('Profiler.stop')).profile as CpuProfile);
    await stopTrace?.(name);
    if (keys) console.log(`    ${name} ${rate}×: key events of 16 ms and more (ms) ${over.join(' ')}`);
    row.push(`${rate}×: ${String(over.filter((d) => d > 16).length).padStart(2)} over 16 ms, worst ${String(Math.max(0, ...over)).padStart(3)}`);
  }
  console.log(`  ${name.padEnd(34)} ${row.join('   ')}`);
}
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

await finishBench(postgres, [() => browser.close(), () => server.close()]);
