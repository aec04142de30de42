// The layers, read from the source: the host (`server/`) imports no domain and no composition root,
// and no import circle runs code (only type-only circles inside one folder: recursive types, such as
// a module's hooks receiving the context that lists the modules). Parsed with TypeScript's own parser.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';
import { rootDir } from '../../server/config.ts';
import { DOMAIN_FOLDERS, SOURCE_FOLDERS, sourceFiles } from './source-files.ts';

interface Import {
  /** The imported file, relative to the repository (`server/types.ts`). */
  to: string;
  /** `import type`, or every named binding `type`: erased when compiled, so no load order. */
  typeOnly: boolean;
}

const FOLDERS = SOURCE_FOLDERS;
/**
 * The writer (server/tbl) and the change feed it appends (server/feed) sit below the offline
 * synchronisation (server/sync), which reads the feed and writes through the writer: they import
 * nothing of it, not even a type, so the two never grow back into one circle.
 */
const BELOW_SYNC = ['server/tbl/', 'server/feed/'];
/** What the host may not import: a domain or the composition root. */
const DOMAINS = [...DOMAIN_FOLDERS, 'app'].map((d) => `${d}/`);
const sources = (dir: string) => sourceFiles(dir);


/** The relative imports and re-exports of one file (packages are not our layers). */
const importsOf = (file: string): Import[] => importsIn(file, readFileSync(join(rootDir, file), 'utf8'));

/** The relative imports and re-exports of a file's source text. */
function importsIn(file: string, text: string): Import[] {
  const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
  const out: Import[] = [];
  for (const s of src.statements) {
    if (!(ts.isImportDeclaration(s) || ts.isExportDeclaration(s)) || !s.moduleSpecifier) continue;
    const spec = (s.moduleSpecifier as ts.StringLiteral).text;
    if (!spec.startsWith('.')) continue;
    let typeOnly: boolean;
    if (ts.isExportDeclaration(s)) typeOnly = s.isTypeOnly;
    else {
      const c = s.importClause;
      const named = c?.namedBindings && ts.isNamedImports(c.namedBindings) ? c.namedBindings.elements : undefined;
      typeOnly = !!c && (c.isTypeOnly || (!c.name && !!named?.length && named.every((e) => e.isTypeOnly)));
    }
    out.push({ to: relative(rootDir, resolve(rootDir, dirname(file), spec)), typeOnly });
  }
  return out;
}

const graph = new Map(FOLDERS.flatMap(sources).map((f) => [f, importsOf(f)] as const));

/** The strongly connected groups of more than one file (Tarjan), following `edge`. */
function circles(edge: (i: Import) => boolean): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const i of graph.get(v)!.filter(edge)) {
      if (!graph.has(i.to)) continue;
      if (!index.has(i.to)) visit(i.to), low.set(v, Math.min(low.get(v)!, low.get(i.to)!));
      else if (stack.includes(i.to)) low.set(v, Math.min(low.get(v)!, index.get(i.to)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    for (let w = ''; w !== v; ) group.push((w = stack.pop()!));
    if (group.length > 1 || graph.get(v)!.some((i) => edge(i) && i.to === v)) out.push(group.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

test('the files are read: the host imports its types file, the composition root the domains', () => {
  expect(graph.get('server/start.ts')!.map((i) => i.to)).toContain('server/types.ts');
  expect(graph.get('app/domains.ts')!.map((i) => i.to)).toEqual(expect.arrayContaining(['cases/index.ts', 'catalogues/index.ts', 'reports/index.ts']));
});

test('no file of the host (server/) imports a domain (cases/, catalogues/, reports/) or the composition root (app/)', () => {
  const wrong = [...graph].filter(([f]) => f.startsWith('server/')).flatMap(([f, is]) => is.filter((i) => DOMAINS.some((d) => i.to.startsWith(d))).map((i) => `${f} → ${i.to}`));
  expect(wrong).toEqual([]);
});

test('the engine imports nothing of the host, the domains or the composition root', () => {
  const wrong = [...graph].filter(([f]) => f.startsWith('engine/')).flatMap(([f, is]) => is.filter((i) => !i.to.startsWith('engine/')).map((i) => `${f} → ${i.to}`));
  expect(wrong).toEqual([]);
});

/** The imports of server/sync by the files below it, as `file → imported`. */
const syncImports = (files: Iterable<[string, Import[]]>) =>
  [...files].filter(([f]) => BELOW_SYNC.some((d) => f.startsWith(d))).flatMap(([f, is]) => is.filter((i) => i.to.startsWith('server/sync/')).map((i) => `${f} → ${i.to}`));

test('the test sees the writer or the feed importing server/sync when one does (a type too)', () => {
  const planted: [string, Import[]][] = [
    ['server/tbl/write.ts', importsIn('server/tbl/write.ts', "import { recordChange } from '../sync/changes.ts';")],
    ['server/feed/read.ts', importsIn('server/feed/read.ts', "import type { ClientChange } from '../sync/push.ts';")],
    ['server/sync/push.ts', importsIn('server/sync/push.ts', "import { TableWriter } from '../tbl/write.ts';")],
  ];
  expect(syncImports(planted)).toEqual(['server/tbl/write.ts → server/sync/changes.ts', 'server/feed/read.ts → server/sync/push.ts']);
});

test('the writer (server/tbl) and the change feed (server/feed) import nothing of the offline synchronisation (server/sync)', () => {
  expect([...graph.keys()].filter((f) => f.startsWith('server/feed/')).length).toBeGreaterThan(0);
  expect(syncImports(graph)).toEqual([]);
});

test('no import circle runs code: every circle is type-only', () => {
  expect(circles((i) => !i.typeOnly)).toEqual([]);
});

test('a type-only import circle stays inside one folder', () => {
  const spread = circles(() => true).filter((group) => new Set(group.map(dirname)).size > 1);
  expect(spread).toEqual([]);
});
