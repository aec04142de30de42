// `x-table.alias`: another name the generic API serves a table under (the spec's `/api/tbl/case/…`
// for `tbcase`); an alias naming another table is refused when the schemas load.
import { describe, expect, it } from 'vitest';
import { Registry } from '../../engine/registry.ts';
import type { EntitySchemaFile } from '../../engine/types.ts';

const table = (name: string, alias?: string): EntitySchemaFile => ({
  $id: name, type: 'object', 'x-table': { name, ...(alias ? { alias } : {}) }, properties: { name: { type: 'string' } },
});

describe('x-table.alias', () => {
  it('serves the table under its alias too', () => {
    const r = new Registry([table('tbcase', 'case'), table('unit')]);
    expect(r.apiTable('case')?.name).toBe('tbcase');
    expect(r.apiTable('tbcase')?.name).toBe('tbcase');
    expect(r.apiTable('cases')).toBeUndefined();
  });

  it('refuses an alias that names another table', () => {
    expect(() => new Registry([table('tbcase', 'unit'), table('unit')])).toThrow(/x-table.alias "unit"/);
  });
});
