/**
 * The rows a caching batch (server/db/lookup-cache.ts: an import's chunk) made itself, as it wrote
 * them: the next write of the batch that reads such a row — its name for a history entry, the
 * patient's birth date a case's dates are bounded by — takes it from here instead of asking the
 * database for what it has just sent there. Each row is kept by the savepoint that inserted it (a
 * released savepoint hands its rows to its transaction, a rolled-back one drops them), and a later
 * change of it (an update of some columns, a rewrite, a delete) is kept the same way, so the answer
 * is always the row as the database holds it at that point of the transaction; a write this file is
 * not told the row of (a door writing many rows at once) makes the whole table unknown from then on.
 * Outside a caching batch nothing is kept and every reader asks the database. Nothing here knows any table.
 */
import type { Em } from './orm.ts';
import { txState, type Pending, type TxState } from './transaction.ts';

const KEY = 'batch-rows';

type Row = Record<string, unknown>;
/** What one savepoint knows of a row: made by it (its columns), columns it changed, or that it changed the row in ways not told. */
type Entry = { made: boolean; columns: Row } | 'unknown';

/** The rows one transaction or savepoint made or changed, by table and id; the tables it wrote blindly. */
class Known implements Pending {
  readonly rows = new Map<string, Map<string, Entry>>();
  readonly blind = new Set<string>();
  mergeInto(into: Pending): void {
    const parent = into as Known;
    for (const t of this.blind) parent.blind.add(t);
    for (const [table, rows] of this.rows) for (const [id, e] of rows) parent.put(table, id, e);
  }
  /** Lays `e` over what this one knew of the row. */
  put(table: string, id: string, e: Entry): void {
    let rows = this.rows.get(table);
    if (!rows) this.rows.set(table, (rows = new Map()));
    const was = rows.get(id);
    rows.set(id, e === 'unknown' || e.made || !was ? e : was === 'unknown' ? 'unknown' : { made: was.made, columns: { ...was.columns, ...e.columns } });
  }
}

const chain = (state: TxState | undefined): TxState[] => (state ? [...chain(state.parent), state] : []);

/** The state `em` works in, when a caching batch is open around it (its transaction holds the cache). */
function batchState(em: Em): TxState | undefined {
  const state = txState(em);
  return state && chain(state).some((s) => s.pending.has('lookup-cache')) ? state : undefined;
}

function knownIn(state: TxState): Known {
  let k = state.pending.get(KEY) as Known | undefined;
  if (!k) state.pending.set(KEY, (k = new Known()));
  return k;
}

/**
 * Tells the batch what a write did to `table`: `{ id, made: columns }` a row inserted, `{ id, columns }`
 * columns of a row set, `{ id, columns: null }` a row rewritten or deleted in ways not told; nothing
 * more, a write of rows not named (the table unknown from then on). Called by the writer's doors
 * through `wroteTable`.
 * @example toldWrite(em, 'patient', { id, made: { last_name: 'Асанов', birth_date: '1980-05-01' } })
 */
export function toldWrite(em: Em, table: string, what?: { id: string; made: Row } | { id: string; columns: Row | null }): void {
  const state = batchState(em);
  if (!state) return;
  const k = knownIn(state);
  if (!what) k.blind.add(table);
  else if ('made' in what) k.put(table, what.id, { made: true, columns: { ...what.made } });
  else k.put(table, what.id, what.columns ? { made: false, columns: { ...what.columns } } : 'unknown');
}

/**
 * The row `id` of `table` as this batch made it (its columns as written, changes since laid over),
 * when the batch made it in a savepoint still standing and nothing since left it unknown; else undefined.
 * @example batchRow(em, 'patient', patientId)?.birth_date // '1980-05-01'
 */
export function batchRow(em: Em, table: string, id: string): Readonly<Row> | undefined {
  const known = knownChain(em);
  // a write of rows not named leaves every row of the table unknown, whenever it was
  return known.some((k) => k.blind.has(table)) ? undefined : rowIn(known, table, id);
}

/** What the transaction and its savepoints (outermost first) know, in a caching batch. */
const knownChain = (em: Em): Known[] => chain(batchState(em)).flatMap((s) => (s.pending.get(KEY) as Known | undefined) ?? []);

/** The row as `known` tell it: the columns made, each later change laid over (copied only then). */
function rowIn(known: Known[], table: string, id: string): Readonly<Row> | undefined {
  let row: Row | undefined;
  let copied = false;
  for (const k of known) {
    const e = k.rows.get(table)?.get(id);
    if (!e) continue;
    if (e === 'unknown') row = undefined;
    else if (e.made) [row, copied] = [e.columns, false];
    else if (row) {
      if (!copied) [row, copied] = [{ ...row }, true];
      Object.assign(row, e.columns);
    }
  }
  return row;
}

/**
 * The columns `cols` of rows `ids` of `table`, when the batch made every one of them and knows those
 * columns (as text or empty: what a name or a date is read as); else undefined — ask the database.
 * @example batchColumns(em, 'patient', [id], ['last_name', 'name']) // [{ id, last_name: 'Асанов', name: 'Айбек' }]
 */
export function batchColumns(em: Em, table: string, ids: string[], cols: string[]): Row[] | undefined {
  if (!batchState(em)) return undefined;
  const out: Row[] = [];
  for (const id of ids) {
    const row = batchRow(em, table, id);
    if (!row || cols.some((c) => !(c in row) || (row[c] !== null && typeof row[c] !== 'string'))) return undefined;
    out.push({ ...Object.fromEntries(cols.map((c) => [c, row[c]])), id });
  }
  return out;
}

/**
 * Whether the row `id` of `table` was made by this batch, which has written no row of `referrer`
 * since it began (none still standing): then no row of `referrer` can name it — another transaction
 * cannot see it yet — and a hook need not look for one.
 * @example if (!madeUnnamed(em, 'patient', patientId, 'contact')) await contactsOf(patientId)
 */
export function madeUnnamed(em: Em, table: string, id: string, referrer: string): boolean {
  const known = knownChain(em);
  return !!batchRow(em, table, id) && !known.some((k) => k.blind.has(referrer) || !!k.rows.get(referrer)?.size);
}

/**
 * The rows of `table` naming `parent` in `column` (a case's exams), when the batch made the parent —
 * so every such row was made after it, in this transaction — and knows every row of `table` it wrote
 * (none left unknown by a rewrite, a delete or a write of many rows); each with `cols` and its id.
 * Else undefined: ask the database.
 * @example batchChildren(em, 'exammic', 'case_id', { table: 'tbcase', id: caseId }, ['result', 'date']) // [{ id, result: 'PLUS', date: '2024-03-04' }]
 */
export function batchChildren(em: Em, table: string, column: string, parent: { table: string; id: string }, cols: string[]): Row[] | undefined {
  const known = knownChain(em);
  if (!batchRow(em, parent.table, parent.id) || known.some((k) => k.blind.has(table))) return undefined;
  const out: Row[] = [];
  const ids = known.length === 1 ? (known[0].rows.get(table)?.keys() ?? []) : new Set(known.flatMap((k) => [...(k.rows.get(table)?.keys() ?? [])]));
  for (const id of ids) {
    const row = rowIn(known, table, id);
    if (!row || !(column in row)) return undefined;
    if (row[column] !== parent.id) continue;
    if (cols.some((c) => !(c in row))) return undefined;
    out.push({ ...Object.fromEntries(cols.map((c) => [c, row[c]])), id });
  }
  return out;
}
