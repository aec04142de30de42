// One loop reads the WHO forms, the DAK indicators and the DHIS2 mappings: the files of a folder in
// name order, each parsed and checked against its meta-schema, every problem named by file and pointer.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compiledOnce, readDeclarationFiles } from './declaration-files.ts';

const schema = { type: 'object', required: ['id'], properties: { id: { type: 'string' }, order: { type: 'integer' } } };
const validate = compiledOnce(schema);

const folder = (files: Record<string, string>) => {
  const dir = mkdtempSync(join(tmpdir(), 'decl-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
};

describe('readDeclarationFiles', () => {
  it('reads the .json files in name order and leaves other files alone', () => {
    const dir = folder({ 'b.json': '{"id": "second"}', 'a.json': '{"id": "first", "order": 2}', 'notes.md': '# not a declaration' });
    const { files, problems } = readDeclarationFiles<{ id: string }>(dir, validate);
    expect(problems).toEqual([]);
    expect(files).toEqual([{ file: join(dir, 'a.json'), doc: { id: 'first', order: 2 } }, { file: join(dir, 'b.json'), doc: { id: 'second' } }]);
  });

  it('names a file that is not JSON and each meta-schema problem by file and pointer, and keeps the good files', () => {
    const dir = folder({ 'a.json': '{"id": "ok"}', 'b.json': '{"id": ', 'c.json': '{"order": "x"}' });
    const { files, problems } = readDeclarationFiles<{ id: string }>(dir, validate);
    expect(files.map((f) => f.doc.id)).toEqual(['ok']);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(new RegExp(`^${join(dir, 'b.json')}: not JSON: `));
    expect(problems.slice(1).sort()).toEqual([`${join(dir, 'c.json')} /: must have required property 'id'`, `${join(dir, 'c.json')} /order: must be integer`]);
  });

  it('a folder that is not there holds no declarations', () => {
    const dir = folder({});
    mkdirSync(join(dir, 'empty'));
    expect(readDeclarationFiles(join(dir, 'missing'), validate)).toEqual({ files: [], problems: [] });
    expect(readDeclarationFiles(join(dir, 'empty'), validate)).toEqual({ files: [], problems: [] });
  });

  it('compiles a meta-schema once per process: every server start reads the folders again', () => {
    expect(compiledOnce(schema)).toBe(validate);
    expect(compiledOnce({ ...schema })).not.toBe(validate);
  });
});
