import { describe, expect, it } from 'vitest';
import { issuesStatus } from './status.ts';

describe('issuesStatus', () => {
  it("says 'none' without issues, 'allClosed' when every one is closed, 'open' when one is open", () => {
    expect(issuesStatus([])).toBe('none');
    expect(issuesStatus([{ key: 'a', item: { closed: true } }, { key: 'b', item: { closed: true } }])).toBe('allClosed');
    expect(issuesStatus([{ key: 'a', item: { closed: true } }, { key: 'b', item: { closed: false } }])).toBe('open');
  });

  it('leaves out a new issue whose save failed, and counts one being saved', () => {
    expect(issuesStatus([{ key: 'temp-1', item: { closed: false }, state: 'error' }])).toBe('none');
    expect(issuesStatus([{ key: 'a', item: { closed: true } }, { key: 'temp-2', item: { closed: false }, state: 'saving' }])).toBe('open');
    // a stored issue whose close failed is still shown as it is
    expect(issuesStatus([{ key: 'a', item: { closed: false }, state: 'error' }])).toBe('open');
  });
});
