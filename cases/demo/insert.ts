/**
 * Writes the planned register (`plan.ts`) through the writer's batch door (`batchInsert`): a few
 * statements a table, each row at version 1 and fed to the change log as a create, so a client
 * reading the feed from the start receives the whole register. No history entries and no hooks —
 * nobody typed these rows, and the planner computed what hooks would (the derived columns, the
 * alert); statement triggers (case counts, the counts cube, tag places) run as for any insert.
 */
import type { SystemWriteContext } from '../../server/tbl/system-write.ts';
import { batchInsert } from '../../server/tbl/batch-write.ts';
import type { DemoRows } from './types.ts';

/** Tables in an order that satisfies their references. */
const ORDER = ['patient', 'tbcase', 'treatment', 'prescription', 'treatunit', 'adherence', 'exammic', 'examxpert', 'examcul', 'examdst', 'examhiv', 'medexam', 'examxray', 'contact', 'sideeffect', 'prevtreat', 'casetag', 'casecomment', 'issue', 'issuefollowup'];
/** Rows a statement carries (a JSON document of a few megabytes at most). */
const CHUNK = 2_000;

/**
 * Inserts the rows of every table of `rows` (those ORDER names, then any other) into the session's
 * workspace, in `x`'s transaction.
 * @example await insertRegister({ em, ctx, session }, planRegister(cat, registry, opts))
 */
export async function insertRegister(x: SystemWriteContext, rows: DemoRows): Promise<void> {
  const tables = [...ORDER.filter((t) => rows[t]), ...Object.keys(rows).filter((t) => !ORDER.includes(t))];
  for (const table of tables) {
    // generated: nobody's command, no history entry
    for (let i = 0; i < rows[table].length; i += CHUNK) await batchInsert(x, table, rows[table].slice(i, i + CHUNK), 'derived');
  }
}
