// The schemas/ folder's layout: a table's file in tables/, a form's in forms/ (docs/how-to.md › Where
// a schema goes). A file elsewhere, or in the other folder, keeps the schemas from loading, named.
import { cpSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSchemas, SchemaError } from '../../engine/load.ts';
import { listSchemaFiles } from '../../engine/schema-layout.ts';
import { schemasDir } from '../../server/config.ts';

function copy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'schemas-'));
  cpSync(schemasDir, dir, { recursive: true });
  return dir;
}
const problemsOf = (dir: string) => {
  try {
    loadSchemas(dir);
  } catch (e) {
    if (e instanceof SchemaError) return e.problems.map((p) => ({ file: p.file.slice(dir.length + 1), message: p.message }));
    throw e;
  }
  return [];
};

describe('the schemas/ layout', () => {
  it('holds tables in tables/ and forms in forms/, nothing at the top', () => {
    const { entries, problems } = listSchemaFiles(schemasDir);
    expect(problems).toEqual([]);
    const folderOf = Object.fromEntries(entries.map((e) => [e.id, e.folder]));
    expect(folderOf.tbcase).toBe('tables');
    expect(folderOf.sysconfig).toBe('tables');
    expect(folderOf.case_close).toBe('forms');
    expect(folderOf.newnotif_tb).toBe('forms');
    expect(folderOf.stock_report_movements).toBe('forms');
  });

  it('lists the files by id across both folders', () => {
    const ids = listSchemaFiles(schemasDir).entries.map((e) => e.id);
    expect(ids.indexOf('casecomment')).toBeGreaterThan(ids.indexOf('case_close'));
    expect(ids.indexOf('stockorder_send')).toBe(ids.indexOf('stockorder') + 1);
  });

  it('refuses a file left at the top', () => {
    const dir = copy();
    writeFileSync(join(dir, 'loose.json'), JSON.stringify({ $id: 'loose', type: 'object', properties: {} }));
    expect(problemsOf(dir)).toContainEqual({ file: 'loose.json', message: expect.stringMatching(/tables\/.*forms\//) });
  });

  it('refuses a table among the forms and a form among the tables', () => {
    const dir = copy();
    renameSync(join(dir, 'tables', 'source.json'), join(dir, 'forms', 'source.json'));
    renameSync(join(dir, 'forms', 'case_close.json'), join(dir, 'tables', 'case_close.json'));
    expect(problemsOf(dir)).toEqual(
      expect.arrayContaining([
        { file: 'forms/source.json', message: 'a table (x-table) goes in tables/' },
        { file: 'tables/case_close.json', message: expect.stringMatching(/a form goes in forms\//) },
      ]),
    );
  });

  it('refuses one id in both folders', () => {
    const dir = copy();
    cpSync(join(dir, 'forms', 'case_close.json'), join(dir, 'tables', 'case_close.json'));
    expect(problemsOf(dir)).toContainEqual({ file: expect.stringMatching(/case_close\.json$/), message: expect.stringMatching(/the id case_close is already/) });
  });
});
