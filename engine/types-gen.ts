import { compile } from 'json-schema-to-typescript';
import { bundle } from './bundle.ts';
import { stripX } from './meta-check.ts';
import type { Registry } from './registry.ts';
import { schemaFolderOf } from './schema-layout.ts';
import type { JsonSchema } from './types.ts';
import { generateDatabase } from './database-gen.ts';
import { typeName } from './type-name.ts';

export { typeName } from './type-name.ts';

/**
 * Titles are i18n keys, not type names: drop them so the generator names types from properties — but
 * keep a property named `title` (a saved report's indicator has one): `props` marks a `properties` map.
 */
function untitled(node: unknown, props = false): unknown {
  if (Array.isArray(node)) return node.map((n) => untitled(n));
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(Object.entries(node).filter(([k]) => props || k !== 'title').map(([k, v]) => [k, untitled(v, !props && k === 'properties')]));
}

/**
 * The TypeScript source of every schema's document type, file name → content; `index.ts` also maps
 * each schema id to its type (`Schemas`), so hooks and actions name a table's type by the table;
 * `database.ts` is the database interface `kysely()` is typed by (`database-gen.ts`).
 * @example (await generateTypes(registry)).get('tbcase.ts') // 'export interface Tbcase { patientId: string; … }'
 */
export async function generateTypes(registry: Registry): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const [id, schema] of [...registry.schemas].sort(([a], [b]) => a.localeCompare(b))) {
    const plain = untitled(stripX(bundle(registry, schema))) as JsonSchema;
    delete plain.$id;
    const ts = await compile(plain as any, typeName(id), {
      bannerComment: `/* Generated from schemas/${schemaFolderOf(schema)}/${id}.json by \`npm run gen:types\`. Do not edit. */`,
      additionalProperties: false,
      format: true,
      ignoreMinAndMaxItems: true,
      strictIndexSignatures: true,
    });
    out.set(`${id}.ts`, ts);
  }
  const ids = [...registry.schemas.keys()].sort();
  const index = [
    ...ids.map((id) => `import type { ${typeName(id)} } from './${id}.ts';`),
    '',
    ...ids.map((id) => `export type { ${typeName(id)} } from './${id}.ts';`),
    '',
    '/** The document type of every schema, by its id: a table\'s rows, a form\'s input. */',
    'export interface Schemas {',
    ...ids.map((id) => `  ${id}: ${typeName(id)};`),
    '}',
  ];
  out.set('index.ts', index.join('\n') + '\n');
  out.set('database.ts', generateDatabase(registry));
  return out;
}
