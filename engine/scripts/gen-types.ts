/** `npm run gen:types`: writes engine/generated/*.ts from schemas/ (a test fails when they drift). */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadSchemas } from '../load.ts';
import { generateTypes } from '../types-gen.ts';

const schemas = fileURLToPath(new URL('../../schemas', import.meta.url));
const out = fileURLToPath(new URL('../generated', import.meta.url));
mkdirSync(out, { recursive: true });
for (const f of readdirSync(out)) rmSync(`${out}/${f}`);
const files = await generateTypes(loadSchemas(schemas));
for (const [name, content] of files) writeFileSync(`${out}/${name}`, content);
console.log(`wrote ${files.size} files to engine/generated/`);
