// Real timers (no fake clock: test files share one module graph), and no assertion on how long
// anything took: only on what happened before and after the wait.
import { describe, expect, it } from 'vitest';
import { createLatest, type Outcome } from './latestRequest.ts';
import { delay } from './delay.ts';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('delay', () => {
  it('resolves once the wait is over, not before', async () => {
    let done = false;
    const waiting = delay(50, new AbortController().signal).then(() => (done = true));
    await nextTurn();
    expect(done).toBe(false);
    await waiting;
    expect(done).toBe(true);
  });

  it('rejects with an AbortError when aborted during the wait, and at once when aborted before', async () => {
    const during = new AbortController();
    const waiting = delay(60_000, during.signal);
    during.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    const before = new AbortController();
    before.abort();
    await expect(delay(60_000, before.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('typed fast, only the text typed last is asked, once, after the pause (the debounced search)', async () => {
    const latest = createLatest();
    const asked: string[] = [];
    const shown: Outcome<string>[] = [];
    const search = (text: string) =>
      latest.ask(
        async (signal) => {
          await delay(50, signal);
          asked.push(text);
          return `hits for ${text}`;
        },
        (o) => shown.push(o),
      );
    // each key aborts the wait of the one before
    await Promise.all([search('и'), search('ив'), search('ива'), search('иван')]);
    expect(asked).toEqual(['иван']);
    expect(shown).toEqual([{ ok: true, data: 'hits for иван' }]);
  });
});
