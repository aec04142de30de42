// Domain code types a row by its table's generated type (`engine/generated/`: `Row<Tbcase>`,
// `Partial<Patient>`, a form's `ContactNew`), not as the untyped `Doc = Record<string, any>`: a misspelt
// field then fails the compiler, not a user. `Doc` stays in the host (`server/`), which works on any
// table by its metadata, and in the few domain files below whose rows belong to a table chosen at run
// time — each listed with why. A new `Doc` in domain code fails here until it is typed or listed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { rootDir } from '../../server/config.ts';
import { DOMAIN_FOLDERS, sourceFiles } from './source-files.ts';

/** The domain files that keep `Doc`, and why their table is not known where they use it. */
const GENERIC: Record<string, string> = {
  'cases/notify/routes.ts': 'the notification form is one of six variants the body picks; ajv checks the document against it, the composed-form writer saves it part by part',
  'cases/import/plan.ts': "a register file's row becomes documents field by field, as the column mapping names any field of the case, the patient or an exam table",
  'cases/import/apply.ts': 'writes an exam of whichever table the mapping names, and runs the action a column names with its input',
  'cases/import/chunk-lookups.ts': "matches the planned patients (documents built from the mapping's columns) against the stored ones",
  'cases/demo/types.ts': "the demo's planned rows of every table, keyed by the table's name, for the bulk insert",
  'cases/demo/plan.ts': "adds rows to any table by name, and sets the case's derived fields by their metadata key",
  'stock/demo.ts': "the demo stock's steps write rows of the table each step names",
  'catalogues/demo/seed.ts': "the catalogue seed reads each table's JSON file and writes its rows through that table's writer",
};

/** How many times a file's code (comments and imports aside) names `Doc`. */
export function docUses(text: string): number {
  return text
    .split('\n')
    .filter((line) => !/^\s*import\b/.test(line))
    .map((line) => line.replace(/\/\/.*$|^\s*\/?\*.*$/, ''))
    .reduce((n, line) => n + (line.match(/(?<![\w.'"`])Doc\b(?![\w'"`])/g)?.length ?? 0), 0);
}

const users = Object.fromEntries(
  [...DOMAIN_FOLDERS, 'app']
    .flatMap((d) => sourceFiles(d, { tests: false }))
    .map((f) => [f, docUses(readFileSync(join(rootDir, f), 'utf8'))] as const)
    .filter(([, n]) => n > 0),
);

test('domain code names Doc only in the files whose table is chosen at run time, each listed with its reason', () => {
  expect(Object.keys(users).sort()).toEqual(Object.keys(GENERIC).sort());
  for (const reason of Object.values(GENERIC)) expect(reason.length).toBeGreaterThan(20);
});

test('self-test: a Doc in code is counted; the word in a comment, a string or an import is not', () => {
  expect(docUses('export function rows(docs: Doc[]): Doc {')).toBe(2);
  expect(docUses('const row = x as Doc & { id: string };')).toBe(1);
  expect(docUses("import type { AppContext, Doc } from '../../server/types.ts';")).toBe(0);
  expect(docUses('// a Doc here is only talk')).toBe(0);
  expect(docUses(' * @example readDoc(x) // Doc')).toBe(0);
  expect(docUses("const row: Row<Tbcase> = await store.read<Tbcase>(id); const s = 'Doc';")).toBe(0);
  expect(docUses('describeDoc(em, def, doc, lang); const d: DocPart = {};')).toBe(0);
});
