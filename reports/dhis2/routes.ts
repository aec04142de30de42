/**
 * Export to DHIS2, on the mappings of `schemas/reports/dhis2/`:
 * - `POST /api/dhis2/mappings {}` → `{mappings: [{id, name, dataSet, periodType, orgUnits, values}]}`;
 * - `POST /api/dhis2/preview {mapping, year, quarter?, scope?, scopeId?}` → the values the place's org
 *   units would send (`values.ts`), the units without a UID and how many values are withheld;
 * - `POST /api/dhis2/file {…, format: json|adx}` → the data value set (JSON) or the ADX document (XML);
 * - `POST /api/dhis2/send {…, dryRun}` → DHIS2's import summary, recorded (`dhis2send`): a dry run
 *   (`dryRun=true` on DHIS2) first — a real sending needs a dry run of the very same values;
 * - `POST /api/dhis2/sends {after?}` → the past sendings, newest first (who, when, what, the summary), 50 a
 *   page: `next` is the cursor of the page after (keyset by sent time and id, however deep), null at the end;
 * - `GET /api/dhis2/server`, `POST /api/dhis2/server {url, username, password?}` → the workspace's
 *   DHIS2 server (SETUPWS); the password is never answered (`passwordSet` says whether there is one).
 * Reading needs DHIS_EXPORT, sending DHIS_EXPORT_EDT, the server SETUPWS (each checked by the host
 * with the body); the values are the reader's (their view, the numbers of exam types they may read).
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { sql } from 'kysely';
import { t } from '../../engine/i18n.ts';
import type { JsonSchema } from '../../engine/types.ts';
import { kysely } from '../../server/db/kysely.ts';
import { readEm } from '../../server/db/read.ts';
import { fail } from '../../server/http/errors.ts';
import { defineRoute, rule, type DeclaredRoute } from '../../server/http/define-route.ts';
import { afterCursor, decodeCursor, encodeCursor, type OrderKey } from '../../server/tbl/keyset.ts';
import { systemUpdate } from '../../server/tbl/system-write.ts';
import { TableWriter } from '../../server/tbl/write.ts';
import type { AppContext, Env, Session } from '../../server/types.ts';
import { placeOf, type PlaceScope } from '../../cases/places/place.ts';
import { sendDataValueSet } from './client.ts';
import { adxDocument, dataValueSet } from './formats.ts';
import type { Dhis2Mapping } from './mapping.ts';
import { adxPeriod, dhis2Period, type Period } from './period.ts';
import { exportValues, type Declared } from './values.ts';
import { writeTransaction } from '../../server/tbl/retry.ts';

const READ = 'DHIS_EXPORT';
const SEND = 'DHIS_EXPORT_EDT';
const SETUP = 'SETUPWS';

const what = {
  mapping: { type: 'string', minLength: 1, maxLength: 100 },
  year: { type: 'integer', minimum: 1990, maximum: 2200 },
  quarter: { type: 'integer', minimum: 1, maximum: 4 },
  scope: { type: 'string', enum: ['WORKSPACE', 'ADMINUNIT', 'UNIT'] },
  scopeId: { type: 'string', format: 'uuid' },
};
/** What an export counts ({@link what}, as checked): the mapping, the period and the place. */
interface ExportWhat {
  mapping: string;
  year: number;
  quarter?: number;
  scope?: PlaceScope;
  scopeId?: string;
}

const previewBody: JsonSchema = { type: 'object', additionalProperties: false, required: ['mapping', 'year'], properties: what };
const fileBody: JsonSchema = { type: 'object', additionalProperties: false, required: ['mapping', 'year', 'format'], properties: { ...what, format: { type: 'string', enum: ['json', 'adx'] } } };
const sendBody: JsonSchema = { type: 'object', additionalProperties: false, required: ['mapping', 'year', 'dryRun'], properties: { ...what, dryRun: { type: 'boolean' } } };
const sendsBody: JsonSchema = { type: 'object', additionalProperties: false, properties: { after: { type: 'string', minLength: 1, maxLength: 200 } } };
/** The sendings' order, newest first: the keyset of their pages. */
const SEND_ORDER: OrderKey[] = [
  { expr: 'sent_at', desc: true, nullable: false },
  { expr: 'id', desc: true, nullable: false },
];
const serverBody: JsonSchema = {
  type: 'object', additionalProperties: false, required: ['url', 'username'],
  properties: {
    url: { type: 'string', minLength: 8, maxLength: 500, pattern: '^https?://[^\\s]+$', title: 'dhis2server.url' },
    username: { type: 'string', minLength: 1, maxLength: 200, title: 'dhis2server.username' },
    password: { type: 'string', minLength: 1, maxLength: 500, title: 'dhis2server.password' },
  },
};
const emptyBody: JsonSchema = { type: 'object', additionalProperties: false, properties: {} };
const PAGE = 50;
const exampleWhat = { mapping: 'tb-quarterly', year: 2024, quarter: 1, scope: 'WORKSPACE' };
const anObject = { type: 'object' };
const sendAnswer = {
  type: 'object',
  properties: {
    id: { type: 'string' }, mapping: { type: 'string' }, dataSet: { type: 'string' }, period: { type: 'string' }, orgUnits: { type: 'array', items: { type: 'string' } },
    values: { type: 'integer' }, dryRun: { type: 'boolean' }, status: { type: 'string' }, imported: { type: ['integer', 'null'] }, updated: { type: ['integer', 'null'] },
    ignored: { type: ['integer', 'null'] }, deleted: { type: ['integer', 'null'] }, conflicts: { type: 'array', items: anObject }, error: { type: ['string', 'null'] },
    userName: { type: 'string' }, sentAt: { type: 'string', format: 'date-time' },
  },
};

/** A sending as the screen lists it. */
const sendView = (r: any) => ({
  id: r.id, mapping: r.mapping, dataSet: r.data_set, period: r.period, orgUnits: r.org_units ?? [], values: r.values,
  dryRun: r.dry_run, status: r.status, imported: r.imported, updated: r.updated, ignored: r.ignored, deleted: r.deleted,
  conflicts: r.conflicts ?? [], error: r.error, userName: r.user_name, sentAt: r.sent_at instanceof Date ? r.sent_at.toISOString() : r.sent_at,
});

/**
 * The export's routes on the declared mappings.
 * @example dhis2Routes(ctx, declared, mappings).map((r) => r.path) // ['/api/dhis2/mappings', '/api/dhis2/preview', …]
 */
export function dhis2Routes(ctx: AppContext, declared: Declared, mappings: Dhis2Mapping[]): DeclaredRoute[] {
  /** The (checked) body's mapping, period and place; the values computed on the read database. */
  const valuesOf = async (c: Context<Env>, body: ExportWhat) => {
    const s = c.get('session');
    const m = mappings.find((x) => x.id === body.mapping);
    if (!m) throw fail(404, t(s.lang, 'msg.notFound'), 'mapping');
    if (m.periodType === 'Quarterly' && !body.quarter) throw fail(400, t(s.lang, 'dhis2.quarterNeeded'), 'quarter');
    if (m.periodType === 'Yearly' && body.quarter) throw fail(400, t(s.lang, 'dhis2.yearOnly'), 'quarter');
    const db = kysely(readEm(ctx));
    const period: Period = { year: body.year, ...(body.quarter ? { quarter: body.quarter } : {}) };
    const v = await exportValues(db, declared, s, m, period, await placeOf(db, s, body.scope, body.scopeId));
    return { s, m, period, v };
  };
  const noValues = (s: Session) => fail(400, t(s.lang, 'dhis2.noValues'));

  return [
    defineRoute({
      method: 'POST', path: '/api/dhis2/mappings', rule: rule.perm(READ), body: emptyBody, example: {},
      summary: 'The declared mappings to DHIS2 data sets',
      answer: { type: 'object', properties: { mappings: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' }, dataSet: { type: 'string' }, periodType: { enum: ['Quarterly', 'Yearly'] }, orgUnits: { type: 'array' }, values: { type: 'integer' } } } } } },
      handler: (c) => {
        const s = c.get('session');
        return c.json({ mappings: mappings.map((m) => ({ id: m.id, name: m.name[s.lang], dataSet: m.dataSet, periodType: m.periodType, orgUnits: m.orgUnits, values: m.values.length })) });
      },
    }),

    defineRoute({
      method: 'POST', path: '/api/dhis2/preview', rule: rule.perm(READ), body: previewBody, example: exampleWhat,
      summary: "The values a period's export would send, per org unit; the units without a UID and the values withheld",
      answer: { type: 'object', properties: { mapping: { type: 'string' }, dataSet: { type: 'string' }, period: { type: 'string' }, adxPeriod: { type: 'string' }, orgUnits: { type: 'array', items: anObject }, values: { type: 'array', items: anObject }, unmapped: { type: 'array', items: anObject }, withheld: { type: 'integer' } } },
      handler: async (c, { body }) => {
        const { m, period, v } = await valuesOf(c, body as ExportWhat);
        return c.json({ mapping: m.id, dataSet: m.dataSet, period: dhis2Period(period), adxPeriod: adxPeriod(period), orgUnits: v.orgUnits, values: v.values, unmapped: v.unmapped, withheld: v.withheld });
      },
    }),

    defineRoute({
      method: 'POST', path: '/api/dhis2/file', rule: rule.perm(READ), body: fileBody, example: { ...exampleWhat, format: 'json' },
      summary: "A period's values as a file: DHIS2's data value set (JSON) or ADX (XML)",
      answer: { description: 'An attachment: `application/json` (dataValueSets) or `application/adx+xml`.' },
      handler: async (c, { body }) => {
        const { s, m, period, v } = await valuesOf(c, body as ExportWhat);
        if (!v.set.values.length) throw noValues(s);
        const name = `${m.id}-${dhis2Period(period)}`;
        if (body.format === 'adx') {
          return c.body(adxDocument(v.set, new Date()), 200, { 'content-type': 'application/adx+xml; charset=utf-8', 'content-disposition': `attachment; filename="${name}.adx.xml"` });
        }
        return c.body(JSON.stringify(dataValueSet(v.set), null, 2), 200, { 'content-type': 'application/json; charset=utf-8', 'content-disposition': `attachment; filename="${name}.json"` });
      },
    }),

    defineRoute({
      method: 'POST', path: '/api/dhis2/send', rule: rule.perm(SEND), body: sendBody, example: { ...exampleWhat, dryRun: true },
      summary: "A period's values sent to the workspace's DHIS2 server (a dry run first: a real sending needs one of the very same values), recorded",
      answer: { type: 'object', properties: { success: { const: true }, result: sendAnswer } },
      handler: async (c, { body }) => {
        const { s, m, period, v } = await valuesOf(c, body as ExportWhat);
        if (!v.set.values.length) throw noValues(s);
        const db = kysely(ctx.orm.em.fork());
        const server = await db.selectFrom('dhis2server').select(['url', 'username', 'password']).where('workspace_id', '=', s.workspaceId).orderBy('created_at').executeTakeFirst();
        if (!server?.password) throw fail(400, t(s.lang, 'dhis2.noServer'));
        const payload = dataValueSet(v.set);
        const digest = createHash('sha256').update(JSON.stringify(payload)).digest('hex');
        if (!body.dryRun) {
          const tried = await db.selectFrom('dhis2send').select('id').where('workspace_id', '=', s.workspaceId).where('digest', '=', digest)
            .where('dry_run', '=', true).where('status', 'in', ['SUCCESS', 'WARNING']).executeTakeFirst();
          if (!tried) throw fail(409, t(s.lang, 'dhis2.dryRunFirst'), 'dryRun');
        }
        const answer = await sendDataValueSet({ url: String(server.url), username: String(server.username), password: String(server.password) }, payload, body.dryRun, s.lang);
        const summary = 'failed' in answer
          ? { status: 'FAILED', error: answer.failed }
          : { status: answer.status, imported: answer.imported, updated: answer.updated, ignored: answer.ignored, deleted: answer.deleted, conflicts: answer.conflicts, ...(answer.description ? { error: answer.description } : {}) };
        const id = await new TableWriter(ctx, ctx.registry.table('dhis2send'), s).create({
          mapping: m.id, dataSet: m.dataSet, period: dhis2Period(period), orgUnits: v.orgUnits.map((o) => o.uid), values: v.set.values.length,
          dryRun: body.dryRun, digest, userId: s.userId, userName: s.userName, sentAt: new Date().toISOString(), ...summary,
        });
        const row = await db.selectFrom('dhis2send').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        return c.json({ success: true, result: sendView(row) });
      },
    }),

    defineRoute({
      method: 'POST', path: '/api/dhis2/sends', rule: rule.perm(READ), body: sendsBody, example: {},
      summary: 'The past sendings to DHIS2, newest first, 50 a page (`next`: the cursor of the page after, as `after`)',
      answer: { type: 'object', properties: { list: { type: 'array', items: sendAnswer }, next: { type: ['string', 'null'] } } },
      handler: async (c, { body }) => {
        const s = c.get('session');
        const cursor = body.after === undefined ? undefined : decodeCursor(body.after, SEND_ORDER.length);
        if (body.after !== undefined && !cursor) throw fail(400, t(s.lang, 'msg.badJson'), 'after');
        // the sent time as PostgreSQL writes it (microseconds kept): the cursor of the page's last row
        let q = kysely(readEm(ctx)).selectFrom('dhis2send').selectAll().select(sql<string>`sent_at::text`.as('sent_key')).where('workspace_id', '=', s.workspaceId);
        if (cursor) q = q.where(afterCursor(SEND_ORDER, cursor));
        const rows = await q.orderBy('sent_at', 'desc').orderBy('id', 'desc').limit(PAGE + 1).execute();
        const last = rows.length > PAGE ? rows[PAGE - 1] : undefined;
        return c.json({ list: rows.slice(0, PAGE).map(sendView), next: last ? encodeCursor([last.sent_key, last.id]) : null });
      },
    }),

    defineRoute({
      method: 'GET', path: '/api/dhis2/server', rule: rule.perm(SETUP),
      summary: "The workspace's DHIS2 server (the password never answered: `passwordSet`)",
      answer: { type: 'object', properties: { url: { type: ['string', 'null'] }, username: { type: ['string', 'null'] }, passwordSet: { type: 'boolean' } } },
      handler: async (c) => {
        const s = c.get('session');
        const row = await kysely(ctx.orm.em.fork()).selectFrom('dhis2server').select(['url', 'username', 'password']).where('workspace_id', '=', s.workspaceId).orderBy('created_at').executeTakeFirst();
        return c.json({ url: row?.url ?? null, username: row?.username ?? null, passwordSet: !!row?.password });
      },
    }),

    defineRoute({
      method: 'POST', path: '/api/dhis2/server', rule: rule.perm(SETUP), body: serverBody, example: { url: 'https://dhis2.example.org', username: 'tb-export', password: 'секрет-2024' },
      summary: "The workspace's DHIS2 server set (the password kept when left out; needed the first time)",
      answer: { type: 'object', properties: { success: { const: true } } },
      handler: async (c, { body }) => {
        const s = c.get('session');
        const def = ctx.registry.table('dhis2server');
        await writeTransaction(ctx, async (em) => {
          const found = await kysely(em).selectFrom('dhis2server').select(['id', 'password']).where('workspace_id', '=', s.workspaceId).orderBy('created_at').executeTakeFirst();
          if (!found && !body.password) throw fail(400, t(s.lang, 'dhis2.passwordNeeded'), 'password');
          const writer = new TableWriter(ctx, def, s);
          const id = found ? await writer.update(String(found.id), { url: body.url, username: body.username }, { within: em }) : await writer.create({ url: body.url, username: body.username }, undefined, em);
          // the password is hidden: no form, history entry or answer holds it; set beside the writer's entry
          if (body.password) await systemUpdate({ em, ctx, session: s }, 'dhis2server', id, { password: body.password }, 'action');
        }, 'DHIS2 server');
        return c.json({ success: true });
      },
    }),
  ];
}
