import type { TableMeta, ViaScope } from './types.ts';

/**
 * The tables through which a row of a table is seen (`x-table.scope.via`), as a list whether the
 * schema names one or several: a patient is seen through the cases and through the contacts that
 * name them.
 * @example viasOf(registry.table('patient').meta) // [{ table: 'tbcase', field: 'patientId' }, { table: 'contact', field: 'patientId' }]
 */
export function viasOf(meta: Pick<TableMeta, 'scope'> | undefined): ViaScope[] {
  const via = meta?.scope?.via;
  return !via ? [] : Array.isArray(via) ? via : [via];
}
