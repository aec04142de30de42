import { describe, expect, it } from 'vitest';
import type { SearchResult } from '../../api/index.ts';
import { orderResults, searchTarget } from './searchTarget.ts';

const r = (type: SearchResult['type'], id = '1'): SearchResult => ({ id, type, title: type });

describe('global search', () => {
  it('navigates by result type', () => {
    expect(searchTarget(r('WORKSPACE'))).toBe('/sys/workspace');
    expect(searchTarget(r('ADMINUNIT', 'x'))).toBe('/sys/adminunit?id=x');
    expect(searchTarget(r('TBUNIT', 'u'))).toBe('/sys/unit?id=u');
    expect(searchTarget(r('LAB', 'l'))).toBe('/sys/unit?id=l');
    expect(searchTarget(r('CASE_MAN', 'c'))).toBe('/sys/case?id=c');
    expect(searchTarget(r('CASE_WOMAN', 'w'))).toBe('/sys/case?id=w');
  });

  it('keeps at most 10, cases last', () => {
    const list = [r('CASE_MAN', 'c1'), r('LAB', 'l1'), ...Array.from({ length: 10 }, (_, i) => r('TBUNIT', `u${i}`))];
    const out = orderResults(list);
    expect(out).toHaveLength(10);
    expect(out[out.length - 1].type).toBe('CASE_MAN');
  });
});
