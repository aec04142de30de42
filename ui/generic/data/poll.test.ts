import { describe, expect, it } from 'vitest';
import { nextPoll } from './poll.ts';

describe('nextPoll', () => {
  it('a fixed wait asks again after it, whatever was read', () => {
    expect(nextPoll(15_000, undefined)).toBe(15_000);
    expect(nextPoll(15_000, { count: 3 })).toBe(15_000);
  });

  it('no poll, false, zero, a negative or a non-number wait never asks again', () => {
    expect(nextPoll(undefined, [])).toBeNull();
    expect(nextPoll(false, [])).toBeNull();
    expect(nextPoll(0, [])).toBeNull();
    expect(nextPoll(-1, [])).toBeNull();
    expect(nextPoll(Number.NaN, [])).toBeNull();
    expect(nextPoll(Number.POSITIVE_INFINITY, [])).toBeNull();
  });

  it('a rule asks again while what was read says so (a job running), and stops once it does not', () => {
    const whileRunning = (jobs: { state: string }[] | undefined) => (jobs?.some((j) => j.state === 'running') ? 2000 : false);
    expect(nextPoll(whileRunning, [{ state: 'done' }, { state: 'running' }])).toBe(2000);
    expect(nextPoll(whileRunning, [{ state: 'done' }])).toBeNull();
    expect(nextPoll(whileRunning, undefined)).toBeNull(); // a failed read: nothing says a job runs
  });
});
