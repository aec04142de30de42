import { describe, expect, it } from 'vitest';
import { pageWindow } from './Pager.tsx';

describe('pageWindow', () => {
  it('shows at most 5 pages around the current one', () => {
    expect(pageWindow(0, 10)).toEqual([0, 1, 2, 3, 4]);
    expect(pageWindow(5, 10)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(9, 10)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(1, 2)).toEqual([0, 1]);
  });
});
