import type { Hono } from 'hono';
import { t } from '../../engine/i18n.ts';
import { jsonBody } from '../../server/http/body.ts';
import type { AppContext, Env } from '../../server/types.ts';
import { fail, isUuid } from '../../server/http/errors.ts';
import { assertPermission } from '../../server/http/middleware.ts';
import { saveMonth } from './calendar.ts';
import { addPrescription, changePeriod, deletePrescription, undoTreatment, updatePrescription } from './changes.ts';
import { startTreatment } from './start.ts';
import { treatmentView } from './view.ts';

/**
 * Registers treatment (spec 001 §7 "Treatment", issue 13; the contract is `types.ts`):
 * - `GET /api/cases/case/treatment/{caseId}` — CASEMAN (the calendar with CASE_INTAKEMED);
 * - `POST …/start`, `POST …/undo/{caseId}`, `POST …/update`, `POST …/prescription/add`,
 *   `POST …/prescription/update`, `DELETE …/prescription/delete/{prescriptionId}` — CASE_TREAT;
 * - `POST …/followup` — CASE_INTAKEMED_EDT.
 * Answers `{success: true, result?}`, or 4xx `{success: false, errors: [{field, msg}]}`.
 *
 * @example POST /api/cases/case/treatment/followup {caseId, year: 2026, month: 3, days: [{day: 2, status: 'DOTS'}]} → {success: true}
 */
export function treatmentRoutes(app: Hono<Env>, ctx: AppContext): void {
  const base = '/api/cases/case/treatment';
  const idOf = (value: string | undefined, field: string, lang: 'ru' | 'en') => {
    if (!value || !isUuid(value)) throw fail(400, t(lang, 'msg.badId'), field);
    return value.toLowerCase();
  };

  app.get(`${base}/:caseId`, async (c) => {
    const s = c.get('session');
    assertPermission(s, 'CASEMAN');
    return c.json(await treatmentView(ctx, s, idOf(c.req.param('caseId'), 'caseId', s.lang)));
  });

  app.post(`${base}/start`, async (c) => {
    assertPermission(c.get('session'), 'CASE_TREAT');
    await startTreatment(ctx, c.get('session'), await jsonBody(c));
    return c.json({ success: true });
  });

  app.post(`${base}/undo/:caseId`, async (c) => {
    const s = c.get('session');
    assertPermission(s, 'CASE_TREAT');
    await undoTreatment(ctx, s, idOf(c.req.param('caseId'), 'caseId', s.lang));
    return c.json({ success: true });
  });

  app.post(`${base}/update`, async (c) => {
    assertPermission(c.get('session'), 'CASE_TREAT');
    await changePeriod(ctx, c.get('session'), await jsonBody(c));
    return c.json({ success: true });
  });

  app.post(`${base}/prescription/add`, async (c) => {
    assertPermission(c.get('session'), 'CASE_TREAT');
    return c.json({ success: true, result: await addPrescription(ctx, c.get('session'), await jsonBody(c)) });
  });

  app.post(`${base}/prescription/update`, async (c) => {
    assertPermission(c.get('session'), 'CASE_TREAT');
    return c.json({ success: true, result: await updatePrescription(ctx, c.get('session'), await jsonBody(c)) });
  });

  app.delete(`${base}/prescription/delete/:prescriptionId`, async (c) => {
    const s = c.get('session');
    assertPermission(s, 'CASE_TREAT');
    await deletePrescription(ctx, s, idOf(c.req.param('prescriptionId'), 'prescriptionId', s.lang));
    return c.json({ success: true });
  });

  app.post(`${base}/followup`, async (c) => {
    assertPermission(c.get('session'), 'CASE_INTAKEMED_EDT');
    await saveMonth(ctx, c.get('session'), await jsonBody(c));
    return c.json({ success: true });
  });
}
