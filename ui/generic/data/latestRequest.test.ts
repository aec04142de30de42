import { describe, expect, it } from 'vitest';
import { createLatest, type Outcome } from './latestRequest.ts';

/** A request whose answer the test gives when it wants, and that records its signal. */
function pending<T>() {
  let answer!: (v: T) => void;
  let fail!: (e: unknown) => void;
  const seen: { signal?: AbortSignal } = {};
  const load = (signal: AbortSignal) => {
    seen.signal = signal;
    return new Promise<T>((res, rej) => ((answer = res), (fail = rej)));
  };
  return { load, seen, answer: (v: T) => answer(v), fail: (e: unknown) => fail(e) };
}

describe('createLatest', () => {
  it('hands on an answer that arrives while its request is the latest', async () => {
    const latest = createLatest();
    const shown: Outcome<string>[] = [];
    const a = pending<string>();
    const done = latest.ask(a.load, (o) => shown.push(o));
    a.answer('page 1');
    await done;
    expect(shown).toEqual([{ ok: true, data: 'page 1' }]);
  });

  it('drops the first answer when it comes after a second request was made (last answer wins)', async () => {
    const latest = createLatest();
    const shown: Outcome<string>[] = [];
    const first = pending<string>();
    const second = pending<string>();
    const firstDone = latest.ask(first.load, (o) => shown.push(o));
    const secondDone = latest.ask(second.load, (o) => shown.push(o));
    second.answer('filter B');
    await secondDone;
    first.answer('filter A'); // the late one
    await firstDone;
    expect(shown).toEqual([{ ok: true, data: 'filter B' }]);
  });

  it('drops an earlier answer even when it comes first, before the latest one', async () => {
    const latest = createLatest();
    const shown: Outcome<string>[] = [];
    const first = pending<string>();
    const second = pending<string>();
    const firstDone = latest.ask(first.load, (o) => shown.push(o));
    const secondDone = latest.ask(second.load, (o) => shown.push(o));
    first.answer('filter A');
    await firstDone;
    expect(shown).toEqual([]);
    second.answer('filter B');
    await secondDone;
    expect(shown).toEqual([{ ok: true, data: 'filter B' }]);
  });

  it('aborts the earlier request when the next is asked (the key changed), not the new one', () => {
    const latest = createLatest();
    const first = pending<string>();
    const second = pending<string>();
    void latest.ask(first.load, () => {});
    expect(first.seen.signal!.aborted).toBe(false);
    void latest.ask(second.load, () => {});
    expect(first.seen.signal!.aborted).toBe(true);
    expect(second.seen.signal!.aborted).toBe(false);
  });

  it('drop() aborts the request in flight and its answer is never handed on (the screen was left)', async () => {
    const latest = createLatest();
    const shown: Outcome<string>[] = [];
    const a = pending<string>();
    const done = latest.ask(a.load, (o) => shown.push(o));
    latest.drop();
    expect(a.seen.signal!.aborted).toBe(true);
    a.fail(new DOMException('The user aborted a request.', 'AbortError'));
    await done;
    expect(shown).toEqual([]);
  });

  it('hands on a failure of the latest request as an outcome, and never rejects', async () => {
    const latest = createLatest();
    const shown: Outcome<string>[] = [];
    const a = pending<string>();
    const done = latest.ask(a.load, (o) => shown.push(o));
    const boom = new Error('HTTP 500');
    a.fail(boom);
    await expect(done).resolves.toBeUndefined();
    expect(shown).toEqual([{ ok: false, error: boom }]);
  });

  it('a refetch after an answer is a new request whose answer is shown in turn', async () => {
    const latest = createLatest();
    const shown: unknown[] = [];
    const before = pending<number>();
    const done1 = latest.ask(before.load, (o) => o.ok && shown.push(o.data));
    before.answer(1);
    await done1;
    const after = pending<number>();
    const done2 = latest.ask(after.load, (o) => o.ok && shown.push(o.data));
    expect(before.seen.signal!.aborted).toBe(false); // an answered request is not aborted afterwards
    after.answer(2);
    await done2;
    expect(shown).toEqual([1, 2]);
  });

  it('begin(): a request in steps is the latest until another begins or drop() runs, and is aborted then', () => {
    const latest = createLatest();
    const a = latest.begin();
    expect(a.isLatest()).toBe(true);
    const b = latest.begin();
    expect(a.isLatest()).toBe(false);
    expect(a.signal.aborted).toBe(true);
    expect(b.isLatest()).toBe(true);
    latest.drop();
    expect(b.isLatest()).toBe(false);
    expect(b.signal.aborted).toBe(true);
  });

  it('ask() after begin() supersedes it: the stepwise request is no longer the latest', async () => {
    const latest = createLatest();
    const a = latest.begin();
    const shown: unknown[] = [];
    const b = pending<string>();
    const done = latest.ask(b.load, (o) => o.ok && shown.push(o.data));
    expect(a.isLatest()).toBe(false);
    b.answer('b');
    await done;
    expect(shown).toEqual(['b']);
  });
});
