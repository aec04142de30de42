import { describe, expect, it } from 'vitest';
import { formModeOf, insertOnTop, pageSizeOf, permissionOf, replaceItem } from './catalogueModel.ts';

describe('catalogue model', () => {
  it('puts a new item on top, grows the count and drops the last of a full page', () => {
    const s = { items: [{ id: 'a' }, { id: 'b' }], count: 7 };
    expect(insertOnTop(s, { id: 'n' }, 2)).toEqual({ items: [{ id: 'n' }, { id: 'a' }], count: 8 });
    expect(insertOnTop(s, { id: 'n' })).toEqual({ items: [{ id: 'n' }, { id: 'a' }, { id: 'b' }], count: 8 });
  });

  it('replaces an updated item in place', () => {
    expect(replaceItem({ items: [{ id: 'a', v: 1 }, { id: 'b' }], count: 2 }, { id: 'a', v: 2 }).items[0]).toEqual({ id: 'a', v: 2 });
  });

  it('reads page size, permission and form mode from resources, else the schema', () => {
    const fromResources = { doc: {}, schema: {}, resources: { table: { pageSize: 50, permission: 'UNITS', form: 'modal' as const } } };
    expect(pageSizeOf(fromResources)).toBe(50);
    expect(permissionOf(fromResources)).toBe('UNITS');
    expect(formModeOf(fromResources)).toBe('modal');
    const fromSchema = { doc: {}, schema: { 'x-table': { permission: 'SOURCES' }, 'x-layout': { 'x-form': 'inline' } } };
    expect(pageSizeOf(fromSchema)).toBeUndefined();
    expect(permissionOf(fromSchema)).toBe('SOURCES');
    expect(formModeOf(fromSchema)).toBe('inline');
  });
});
