#!/usr/bin/env node
// `npm run backup|restore|client:init -- …`: the command from the sources in a checkout (through tsx,
// a devDependency), from the build in a release (dist/app/<name>.js, plain Node): one script name for both.
import { existsSync } from 'node:fs';

const name = process.argv[2];
process.argv.splice(2, 1); // the command sees its own arguments only
const root = new URL('..', import.meta.url);
const source = new URL(`app/${name}.ts`, root);
if (existsSync(source)) {
  const { tsImport } = await import('tsx/esm/api');
  await tsImport(source.href, import.meta.url);
} else {
  await import(new URL(`dist/app/${name}.js`, root).href);
}
