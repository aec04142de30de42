import type { Context } from 'hono';
import { t } from '../../engine/i18n.ts';
import type { JsonSchema } from '../../engine/types.ts';
import { kysely } from '../../server/db/kysely.ts';
import { defineRoute, rule, type DeclaredRoute } from '../../server/http/define-route.ts';
import { fail, isUuid } from '../../server/http/errors.ts';
import { todayOf } from '../../server/http/time-zone.ts';
import type { AppContext, Env } from '../../server/types.ts';
import { placeOf, type PlaceScope } from '../places/place.ts';
import { tptView } from '../tpt/view.ts';
import { contactCounts } from './counts.ts';
import { caseContacts, registerPage } from './lists.ts';
import { newContact, newContactBody, type NewContactBody } from './new-contact.ts';

const registerBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    filter: { type: 'string', enum: ['all', 'waiting', 'tpt'] },
    after: { type: 'string', maxLength: 100, pattern: '^\\d{4}-\\d{2}-\\d{2}\\|[0-9a-fA-F-]{36}$' },
  },
};

const countsBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { scope: { type: 'string', enum: ['WORKSPACE', 'ADMINUNIT', 'UNIT'] }, scopeId: { type: 'string', format: 'uuid' } },
};

const list: JsonSchema = { type: 'array', items: { type: 'object' } };

/** The path's id parameter `name` as a lower-case uuid; 400 on it when not one. */
function idParam(c: Context<Env>, name: string): string {
  const id = c.req.param(name) ?? '';
  if (!isUuid(id)) throw fail(400, t(c.get('session').lang, 'msg.badId'), name);
  return id.toLowerCase();
}

/**
 * The contacts' routes, each within the reader's view; reading needs CASECONTACT (the contact table's
 * permission), a new contact CASECONTACT_EDT — checked by the host with the bodies:
 * - `POST /api/cases/contact/new {caseId, patientId?, doc}` → a contact added to an index case
 *   (`new-contact.ts`);
 * - `GET /api/cases/case/{caseId}/contacts` → `{list}`: the case's contacts (`lists.ts`);
 * - `POST /api/cases/unit/{unitId}/contacts {filter?, after?}` → `{list, next, count, countCapped}`:
 *   a page of the unit's contact register;
 * - `GET /api/cases/contact/{contactId}/tpt` → the contact's TPT course with its calendar
 *   (`cases/tpt/view.ts`);
 * - `POST /api/cases/contacts/counts {scope, scopeId}` → what the dashboards count (`counts.ts`).
 * The contact, its TPT course and its calendar are written through the generic API and the course's
 * declared actions (`cases/tpt/actions.ts`).
 */
export function contactRoutes(ctx: AppContext): DeclaredRoute[] {
  const read = rule.perm(ctx.registry.table('contact').meta.permission ?? 'CASECONTACT');
  return [
    defineRoute<'/api/cases/contact/new', NewContactBody>({
      method: 'POST', path: '/api/cases/contact/new', rule: rule.perm('CASECONTACT_EDT'), summary: 'A contact added to an index case: a person found by the patient search, or a new one',
      body: newContactBody, example: { caseId: '4f0c2a40-2f4c-4a52-9d3e-1f6b7c8d9e02', doc: { patient: { name: 'Айжан', lastName: 'Садыкова', gender: 'FEMALE', birthDate: '2022-05-01' }, contact: { registrationDate: '2026-11-20', contactType: 'household', relation: 'CHILD' } } },
      answer: { type: 'object', required: ['success', 'result', 'ids'], properties: { success: { const: true }, result: { type: 'string', format: 'uuid' }, ids: { type: 'object' } } },
      handler: async (c, { body }) => c.json(await newContact(ctx, c.get('session'), body)),
    }),
    defineRoute({
      method: 'GET', path: '/api/cases/case/:caseId/contacts', rule: read, summary: "A case's contacts",
      answer: { type: 'object', required: ['list'], properties: { list } },
      handler: async (c) => {
        const caseId = idParam(c, 'caseId');
        return c.json({ list: await caseContacts(kysely(ctx.orm.em.fork()), ctx.registry, c.get('session'), caseId) });
      },
    }),
    defineRoute({
      method: 'POST', path: '/api/cases/unit/:unitId/contacts', rule: read, summary: "A page of a unit's contact register",
      body: registerBody, example: { filter: 'waiting' },
      answer: { type: 'object', required: ['list'], properties: { list, next: {}, count: { type: 'integer' }, countCapped: { type: 'boolean' } } },
      handler: async (c, { body }) => {
        const s = c.get('session');
        const unitId = idParam(c, 'unitId');
        const db = kysely(ctx.readOrm.em.fork());
        await placeOf(db, s, 'UNIT', unitId);
        return c.json(await registerPage(db, s, unitId, { filter: body.filter, after: body.after }));
      },
    }),
    defineRoute<'/api/cases/contacts/counts', { scope?: PlaceScope; scopeId?: string }>({
      method: 'POST', path: '/api/cases/contacts/counts', rule: read, summary: "The contacts a place's dashboards count, in the reader's view",
      body: countsBody, example: { scope: 'WORKSPACE' }, answer: { type: 'object' },
      handler: async (c, { body }) => {
        const s = c.get('session');
        const db = kysely(ctx.readOrm.em.fork());
        const place = await placeOf(db, s, body.scope, body.scopeId);
        return c.json(await contactCounts(db, s, place, todayOf(s)));
      },
    }),
    defineRoute({
      method: 'GET', path: '/api/cases/contact/:contactId/tpt', rule: read, summary: "A contact's TPT course with its calendar",
      answer: { type: 'object' },
      handler: async (c) => c.json(await tptView(ctx, c.get('session'), idParam(c, 'contactId'))),
    }),
  ];
}
