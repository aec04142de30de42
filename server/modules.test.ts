// The host's one hook combinator: a module's hook sets on one table all run, in the order listed
// (an object spread kept only the last), and a query filter named twice stops the start.
import { describe, expect, it } from 'vitest';
import { loadSchemas } from '../engine/load.ts';
import { schemasDir } from './config.ts';
import { Modules } from './modules.ts';
import type { DomainModule, TableHooks } from './types.ts';

const calls: string[] = [];
const noting = (name: string): TableHooks => ({ beforeSave: () => void calls.push(name) });
const run = async (modules: Modules, table: string) => {
  calls.length = 0;
  for (const h of modules.hooks(table)) await h.beforeSave?.({} as never);
  return [...calls];
};

describe('Modules.hooks', () => {
  it('runs every set of a table, module by module, each module’s sets in their order, the schemas’ last', async () => {
    const first: DomainModule = { name: 'a', hooks: [{ tbcase: noting('a1') as never }, { tbcase: noting('a2') as never, patient: noting('a-patient') as never }], hooksFromSchemas: () => ({ tbcase: noting('a-schemas') as never }) };
    const second: DomainModule = { name: 'b', hooks: { tbcase: noting('b') as never } };
    const modules = new Modules([first, second], loadSchemas(schemasDir));
    expect(await run(modules, 'tbcase')).toEqual(['a1', 'a2', 'a-schemas', 'b']);
    expect(await run(modules, 'patient')).toEqual(['a-patient']);
    expect(await run(modules, 'unit')).toEqual([]);
  });

  it('refuses a query filter declared twice on a table', () => {
    const filter = { schema: { type: 'boolean' }, apply: (q: never) => q };
    const twice: DomainModule = { name: 'a', hooks: [{ unit: { filters: { near: filter } } as never }, { unit: { filters: { near: filter } } as never }] };
    expect(() => new Modules([twice])).toThrow('the query filter "near" of unit is declared twice');
  });
});
