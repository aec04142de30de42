import { describe, expect, it } from 'vitest';
import { childLevels, parentOf, upsert } from './adminUnitTree.ts';

const cs = [
  { id: 'c', name: 'Страна', level: 1 },
  { id: 'o', name: 'Область', level: 2 },
  { id: 'g', name: 'Город', level: 2 },
  { id: 'u', name: 'Участок', level: 5 },
];

describe('admin-unit tree', () => {
  it('offers the levels one below, none below level 5', () => {
    expect(childLevels(cs, 0).map((c) => c.id)).toEqual(['c']);
    expect(childLevels(cs, 1).map((c) => c.id)).toEqual(['o', 'g']);
    expect(childLevels(cs, 4).map((c) => c.id)).toEqual(['u']);
    expect(childLevels(cs, 5)).toEqual([]);
  });

  it('replaces a row in place, appends a new one', () => {
    const list = [{ id: '1', name: 'Б', level: 1 }];
    expect(upsert(list, { id: '2', name: 'А', level: 1 }).map((r) => r.id)).toEqual(['1', '2']);
    expect(upsert(list, { id: '1', name: 'В', level: 1 })).toEqual([{ id: '1', name: 'В', level: 1 }]);
  });

  it('reads the parent as an id or a joined object', () => {
    expect(parentOf({ parentId: 'p' })).toBe('p');
    expect(parentOf({ parentId: { id: 'p', name: 'P' } as never })).toBe('p');
    expect(parentOf({ parentId: null })).toBeNull();
  });
});
