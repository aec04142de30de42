/**
 * The WHO quarterly forms, on the declared definitions of `schemas/reports/who/`:
 * - `POST /api/who/forms` → `{forms: [{id, code, title}]}`;
 * - `POST /api/who/report {form, year, quarter, scope, scopeId}` → the form computed (`compute.ts`
 *   `FormResult`): tables, excluded cases with reasons, reconciliation of an outcome cohort;
 * - `POST /api/who/cases {form, year, quarter, scope, scopeId, table, row, column, page, after}` →
 *   `{count, list, next}`: the cases of one cell, 50 a page, as the case lists show them.
 * Reading needs CASEMAN, as the case reports (checked by the host with the body); the place is
 * narrowed to the reader's view. A number
 * whose row or column reads a field the reader may not (an exam type's, the treatment's: as the case
 * reports, `allowedCatalogue`) is null and not drillable (403); a form whose population or exclusions
 * read one is not listed (403).
 */
import type { Kysely } from 'kysely';
import { t } from '../../engine/i18n.ts';
import { allowedCatalogue, type ReportCatalogue } from '../../engine/report-vars.ts';
import type { JsonSchema } from '../../engine/types.ts';
import { kysely, type Database } from '../../server/db/kysely.ts';
import { readEm } from '../../server/db/read.ts';
import { decodeCursor } from '../../server/tbl/keyset.ts';
import { orderKeys } from '../../server/tbl/store/columns.ts';
import { fail } from '../../server/http/errors.ts';
import { defineRoute, rule, type DeclaredRoute } from '../../server/http/define-route.ts';
import { hasPermission } from '../../server/http/middleware.ts';
import type { AppContext, Session } from '../../server/types.ts';
import { casePage } from '../../cases/places/lists.ts';
import { placeOf } from '../../cases/places/place.ts';
import type { FormDefinition } from './definition.ts';
import { cellReadable, computeForm, formCellCases, formReadable, formSettings, type FormReader, type MayRead } from './compute.ts';
import type { Quarter } from './quarter.ts';

const READ = 'CASEMAN';
const uuid = { type: 'string', format: 'uuid' };
const idText = { type: 'string', minLength: 1, maxLength: 50 };
const period = {
  form: idText,
  year: { type: 'integer', minimum: 1990, maximum: 2200 },
  quarter: { type: 'integer', minimum: 1, maximum: 4 },
  scope: { type: 'string', enum: ['WORKSPACE', 'ADMINUNIT', 'UNIT'] },
  scopeId: uuid,
};
const reportBody: JsonSchema = { type: 'object', additionalProperties: false, required: ['form', 'year', 'quarter'], properties: period };
const cellBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['form', 'year', 'quarter', 'table', 'row', 'column'],
  properties: { ...period, table: idText, row: idText, column: idText, page: { type: 'integer', minimum: 1, maximum: 200 }, after: { type: 'string', maxLength: 2000 } },
};
const noBody: JsonSchema = { type: 'object', additionalProperties: false, properties: {} };
const exampleAt = { form: 'tb07', year: 2024, quarter: 1, scope: 'WORKSPACE' };

/**
 * The forms' routes on their definitions.
 * @example whoFormRoutes(ctx, cat, forms).map((r) => r.path) // ['/api/who/forms', '/api/who/report', '/api/who/cases']
 */
export function whoFormRoutes(ctx: AppContext, cat: ReportCatalogue, forms: Map<string, FormDefinition>): DeclaredRoute[] {
  const caseKeys = orderKeys(ctx.registry.table('tbcase')).length;
  /** The read connection (server/db/read.ts). */
  const read = () => {
    const rem = readEm(ctx);
    return { rem, db: kysely(rem) };
  };
  /** What the reader may count by: the variables of the exam types (and the treatment) they may read. */
  const mayOf = (s: Session): MayRead => {
    const mine = allowedCatalogue(cat, (p) => hasPermission(s, p));
    return (id) => mine.variable(id) !== undefined;
  };
  /** The form the body names, readable by the reader: its population and exclusions read only what they may (a rule on the data, beside the route's CASEMAN). */
  const formOf = (s: Session, id: string) => {
    const f = Object.hasOwn(Object.fromEntries(forms), id) ? forms.get(id) : undefined;
    if (!f) throw fail(404, t(s.lang, 'msg.notFound'), 'form');
    if (!formReadable(f, mayOf(s))) throw fail(403, t(s.lang, 'msg.forbidden'), 'form');
    return f;
  };
  const quarterOf = (body: any): Quarter => ({ year: body.year, quarter: body.quarter });
  const readerOf = async (db: Kysely<Database>, s: Session, body: any): Promise<FormReader> => ({
    db, cat, registry: ctx.registry, forms, s, lang: s.lang, may: mayOf(s),
    place: await placeOf(db, s, body.scope, body.scopeId),
    settings: await formSettings(db, ctx.registry, s.workspaceId),
  });

  return [
    defineRoute({
      method: 'POST', path: '/api/who/forms', rule: rule.perm(READ), body: noBody, example: {},
      summary: 'The WHO quarterly forms this reader may read',
      answer: { type: 'object', properties: { forms: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, code: { type: 'string' }, title: { type: 'string' }, quartersBack: { type: 'integer' } } } } } },
      handler: (c) => {
        const s = c.get('session');
        const may = mayOf(s);
        const list = [...forms.values()].filter((f) => formReadable(f, may)).sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
        return c.json({ forms: list.map((f) => ({ id: f.id, code: f.code[s.lang], title: f.title[s.lang], quartersBack: f.population.quartersBack })) });
      },
    }),

    defineRoute({
      method: 'POST', path: '/api/who/report', rule: rule.perm(READ), body: reportBody, example: exampleAt,
      summary: 'A WHO form computed for a quarter and a place: its tables, the excluded cases with reasons, the reconciliation',
      answer: { type: 'object', properties: { result: { type: 'object' } } },
      handler: async (c, { body }) => {
        const s = c.get('session');
        const f = formOf(s, body.form);
        return c.json({ result: await computeForm(await readerOf(read().db, s, body), f, quarterOf(body)) });
      },
    }),

    defineRoute({
      method: 'POST', path: '/api/who/cases', rule: rule.perm(READ), body: cellBody, example: { ...exampleAt, table: 'byGroup', row: 'new', column: 'pulmonaryBc', page: 1 },
      summary: "The cases of one cell of a WHO form, 50 a page (deeper pages by `after`)",
      answer: { type: 'object', properties: { count: { type: 'integer' }, list: { type: 'array', items: { type: 'object' } }, next: { type: ['string', 'null'] } } },
      handler: async (c, { body }) => {
        const s = c.get('session');
        const { db, rem } = read();
        if (body.after !== undefined && !decodeCursor(body.after, caseKeys)) throw fail(400, t(s.lang, 'msg.badJson'), 'after');
        const f = formOf(s, body.form);
        const table = f.tables.find((x) => x.id === body.table);
        const row = table?.rows.find((x) => x.id === body.row);
        const column = table?.columns.find((x) => x.id === body.column);
        if (!table || !row || !column) throw fail(404, t(s.lang, 'msg.notFound'), !table ? 'table' : !row ? 'row' : 'column');
        // a number reading a field the reader may not read is not drillable
        if (!cellReadable(table, row, column, mayOf(s))) throw fail(403, t(s.lang, 'msg.forbidden'), 'column');
        const { where, count } = await formCellCases(await readerOf(db, s, body), f, quarterOf(body), table, row, column);
        // the list is the reader's own view of those cases (a case transferred out of it is counted, not opened)
        return c.json(await casePage(rem, ctx.registry, s, { kind: 'workspace' }, where, body.page ?? 1, count, body.after));
      },
    }),
  ];
}
