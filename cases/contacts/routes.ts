import type { Hono } from 'hono';
import { t } from '../../engine/i18n.ts';
import type { JsonSchema } from '../../engine/types.ts';
import { kysely } from '../../server/db/kysely.ts';
import { jsonBody } from '../../server/http/body.ts';
import { ApiError, fail, isUuid } from '../../server/http/errors.ts';
import { assertPermission } from '../../server/http/middleware.ts';
import type { AppContext, Env } from '../../server/types.ts';
import { placeOf } from '../places/place.ts';
import { todayOf } from '../../server/http/time-zone.ts';
import { contactCounts } from './counts.ts';
import { tptView } from '../tpt/view.ts';
import { caseContacts, registerPage } from './lists.ts';
import { newContact } from './new-contact.ts';

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

/**
 * The contacts' routes, each within the reader's view; reading needs CASECONTACT:
 * - `POST /api/cases/contact/new {caseId, patientId?, doc}` → a contact added to an index case
 *   (`new-contact.ts`; CASECONTACT_EDT);
 * - `GET /api/cases/case/{caseId}/contacts` → `{list}`: the case's contacts (`lists.ts`);
 * - `POST /api/cases/unit/{unitId}/contacts {filter?, after?}` → `{list, next, count, countCapped}`:
 *   a page of the unit's contact register;
 * - `GET /api/cases/contact/{contactId}/tpt` → the contact's TPT course with its calendar
 *   (`cases/tpt/view.ts`);
 * - `POST /api/cases/contacts/counts {scope, scopeId}` → what the dashboards count (`counts.ts`).
 * The contact, its TPT course and its calendar are written through the generic API and the course's
 * declared actions (`cases/tpt/actions.ts`).
 */
export function contactRoutes(app: Hono<Env>, ctx: AppContext): void {
  const readContacts = (c: any) => {
    const s = c.get('session');
    assertPermission(s, ctx.registry.table('contact').meta.permission);
    return s;
  };
  const idParam = (c: any, name: string, s: any) => {
    const id = c.req.param(name);
    if (!isUuid(id)) throw fail(400, t(s.lang, 'msg.badId'), name);
    return id.toLowerCase();
  };

  app.post('/api/cases/contact/new', (c) => newContact(ctx, c));

  app.get('/api/cases/case/:caseId/contacts', async (c) => {
    const s = readContacts(c);
    const caseId = idParam(c, 'caseId', s);
    return c.json({ list: await caseContacts(kysely(ctx.orm.em.fork()), ctx.registry, s, caseId) });
  });

  app.post('/api/cases/unit/:unitId/contacts', async (c) => {
    const s = readContacts(c);
    const unitId = idParam(c, 'unitId', s);
    const body = await jsonBody(c);
    const errors = ctx.validators.validate('contacts:register', registerBody, body, s.lang);
    if (errors.length) throw new ApiError(400, errors);
    const db = kysely(ctx.readOrm.em.fork());
    await placeOf(db, s, 'UNIT', unitId);
    return c.json(await registerPage(db, s, unitId, { filter: body.filter, after: body.after }));
  });

  app.post('/api/cases/contacts/counts', async (c) => {
    const s = readContacts(c);
    const body = await jsonBody(c);
    const errors = ctx.validators.validate('contacts:counts', countsBody, body, s.lang);
    if (errors.length) throw new ApiError(400, errors);
    const db = kysely(ctx.readOrm.em.fork());
    const place = await placeOf(db, s, body.scope, body.scopeId);
    return c.json(await contactCounts(db, s, place, todayOf(s)));
  });

  app.get('/api/cases/contact/:contactId/tpt', async (c) => {
    const s = readContacts(c);
    return c.json(await tptView(ctx, s, idParam(c, 'contactId', s)));
  });
}
