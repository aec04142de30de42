/**
 * The population of areas by year imported from a file:
 * `POST /api/population/import {rows: [{area, year, population}]}` — the rows of a CSV or XLSX file the
 * browser read (`ui/catalogues/population/`), each area named by its code (`customId`, as
 * `KG-GB`) or its name. Every row is checked before anything is written: an unknown or ambiguous
 * area, a year or a number out of bounds, the same area and year twice — `400 {errors: [{field:
 * 'rows.3.area', msg}]}` and nothing changed. Then, in one transaction, each row creates the area's
 * population of that year or changes it, through the writer with its history entry. Needs
 * POPULATION_EDT. Answers how many were created and changed.
 */
import { sql } from 'kysely';
import { t } from '../../engine/i18n.ts';
import type { JsonSchema } from '../../engine/types.ts';
import { kysely, kyselyByName } from '../../server/db/kysely.ts';
import { defineRoute, rule, type DeclaredRoute } from '../../server/http/define-route.ts';
import { ApiError } from '../../server/http/errors.ts';
import { TableWriter } from '../../server/tbl/write.ts';
import type { AppContext, Session } from '../../server/types.ts';
import { writeTransaction } from '../../server/tbl/retry.ts';

/** A file's rows: as many as a programme's areas over some years. */
export const IMPORT_MAX_ROWS = 5000;

const importBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['rows'],
  properties: {
    rows: {
      type: 'array',
      minItems: 1,
      maxItems: IMPORT_MAX_ROWS,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['area', 'year', 'population'],
        properties: { area: { type: 'string', minLength: 1, maxLength: 200 }, year: { type: ['integer', 'string'], maxLength: 10 }, population: { type: ['integer', 'string'], maxLength: 20 } },
      },
    },
  },
};

/** A whole number of a cell (a number, or text of digits with spaces or thin spaces between thousands), or undefined. */
const wholeNumber = (x: unknown): number | undefined => {
  const text = typeof x === 'number' ? String(x) : typeof x === 'string' ? x.replace(/[\s\u00a0\u202f]/g, '') : '';
  return /^\d{1,10}$/.test(text) ? Number(text) : undefined;
};

/**
 * The file's rows checked: the admin unit of each and the numbers, or the errors of every bad row.
 * @example await checkedRows(db, s, [{ area: 'KG-GB', year: 2025, population: '1 074 075' }]) // { rows: [{ adminUnitId, year: 2025, population: 1074075 }], errors: [] }
 */
export async function checkedRows(db: ReturnType<typeof kysely>, s: Session, given: { area: string; year: unknown; population: unknown }[]) {
  const names = [...new Set(given.map((r) => r.area.trim()))];
  const units = await db
    .selectFrom('adminunit')
    .select(['id', 'name', 'custom_id'])
    .where('workspace_id', '=', s.workspaceId)
    .where((eb) => eb.or([eb(sql`upper(custom_id)`, 'in', names.map((n) => n.toUpperCase())), eb('name', 'in', names)]))
    .execute();
  const errors: { field: string; msg: string }[] = [];
  const rows: { adminUnitId: string; year: number; population: number }[] = [];
  const seen = new Set<string>();
  given.forEach((r, i) => {
    const area = r.area.trim();
    const byCode = units.filter((u) => typeof u.custom_id === 'string' && u.custom_id.toUpperCase() === area.toUpperCase());
    const found = byCode.length ? byCode : units.filter((u) => u.name === area);
    const year = wholeNumber(r.year), population = wholeNumber(r.population);
    if (found.length !== 1) errors.push({ field: `rows.${i}.area`, msg: t(s.lang, found.length ? 'populationImport.areaAmbiguous' : 'populationImport.areaUnknown', { area }) });
    if (year === undefined || year < 1900 || year > 2100) errors.push({ field: `rows.${i}.year`, msg: t(s.lang, 'populationImport.badYear') });
    if (population === undefined || population < 1 || population > 2_000_000_000) errors.push({ field: `rows.${i}.population`, msg: t(s.lang, 'populationImport.badNumber') });
    if (found.length !== 1 || year === undefined || population === undefined) return;
    const key = `${found[0].id}|${year}`;
    if (seen.has(key)) errors.push({ field: `rows.${i}.area`, msg: t(s.lang, 'populationImport.twice', { area, year }) });
    seen.add(key);
    rows.push({ adminUnitId: String(found[0].id), year, population });
  });
  return { rows, errors };
}

/** The file's rows as the route's body (checked by the host against `importBody`). */
interface ImportBody {
  rows: { area: string; year: unknown; population: unknown }[];
}

/** The import's route: as writing the population catalogue (`<permission>_EDT`), checked by the host. */
export function populationRoutes(ctx: AppContext): DeclaredRoute[] {
  const def = ctx.registry.table('population');
  return [
    defineRoute<'/api/population/import', ImportBody>({
      method: 'POST', path: '/api/population/import', rule: rule.perm(`${def.meta.permission}_EDT`),
      summary: "The population of areas by year from a file's rows: each created or changed, or none when a row is bad",
      body: importBody, example: { rows: [{ area: 'KG-GB', year: 2025, population: '1 074 075' }] },
      answer: { type: 'object', required: ['success', 'result'], properties: { success: { const: true }, result: { type: 'object', properties: { created: { type: 'integer' }, updated: { type: 'integer' } } } } },
      handler: async (c, { body }) => {
        const s: Session = c.get('session');
        const { rows, errors } = await checkedRows(kysely(ctx.orm.em.fork()), s, body.rows);
        if (errors.length) throw new ApiError(400, errors);
        const writer = new TableWriter(ctx, def, s);
        const done = await writeTransaction(ctx, async (em) => {
          const counted = { created: 0, updated: 0 }; // counted afresh by each run
          for (const r of rows) {
            const held = await kyselyByName(em).selectFrom(def.name).select('id').where('workspace_id', '=', s.workspaceId).where('admin_unit_id', '=', r.adminUnitId).where('year', '=', r.year).executeTakeFirst();
            if (held) await writer.update(String(held.id), { population: r.population }, { within: em });
            else await writer.create(r, undefined, em);
            counted[held ? 'updated' : 'created']++;
          }
          return counted;
        }, 'population import');
        return c.json({ success: true, result: done });
      },
    }),
  ];
}
