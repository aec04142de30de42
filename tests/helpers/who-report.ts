// Reading a WHO quarterly form the way its tests compare it: the report asked of the API, a table as
// {row: {column: n}} so that an expectation is written by hand row by row.
import { expect } from 'vitest';
import type { ApiClient } from './server.ts';

/** A WHO table as the API answers it: rows and columns by id, the numbers row by row. */
interface WhoTable {
  id: string;
  rows: { id: string }[];
  columns: { id: string }[];
  values: number[][];
}

/**
 * The WHO form asked as `client` (`POST /api/who/report`), which must answer 200: the report's result.
 * @example const r = await whoReport(admin, { form: 'tb07', year: 2025, quarter: 1, scope: 'UNIT', scopeId: unitId });
 */
export async function whoReport(client: ApiClient, body: Record<string, unknown>) {
  const r = await client.post('/api/who/report', body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result;
}

/**
 * One table of a WHO report's result, by id (the first when none is named), as {row: {column: n}}.
 * @example whoCells(r, 'hiv') // { newRelapse: { registered: 11, tested: 5, positive: 3, cpt: 2, art: 2 } }
 */
export function whoCells(result: { tables: WhoTable[] }, table?: string): Record<string, Record<string, number>> {
  const t = table === undefined ? result.tables[0] : result.tables.find((x) => x.id === table)!;
  return Object.fromEntries(t.rows.map((r, i) => [r.id, Object.fromEntries(t.columns.map((c, j) => [c.id, t.values[i][j]]))]));
}
