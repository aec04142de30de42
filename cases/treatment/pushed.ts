/**
 * A treatment started on an offline client reaches the server as the rows the start wrote there (the
 * treatment, its unit, its prescriptions: docs/sync.md); the case's own change — ONTREATMENT from the
 * start date — is the server's to make, as the start action makes it in the browser: when the uploaded
 * treatment row is written, the same start rules are checked on the case (confirmed, not closed, not
 * started, validated where the workspace asks it) and the case starts, with its history entry
 * `starttreatment` under the user who started it offline. A refusal rejects the upload of the row (a
 * second treatment row of a case is refused by the table's uniqueness).
 */
import { t } from '../../engine/i18n.ts';
import type { Treatment } from '../../engine/generated/index.ts';
import { kysely } from '../../server/db/kysely.ts';
import type { SaveContext } from '../../server/types.ts';
import { treatmentStartRefusal, type CaseFacts } from '../workflow/rules.ts';
import { validationModeOf } from '../workflow/validation-mode.ts';
import { lockCase, refuse, writerOf } from './rows.ts';

/**
 * The treatment table's `afterPush`: the case of an uploaded new treatment row starts its treatment.
 * @example await startPushedTreatment({ em, ctx, session, def, id, isNew: true, doc: { caseId, iniDate: '2026-10-01', … } })
 */
export async function startPushedTreatment(x: SaveContext<Treatment>): Promise<void> {
  if (!x.isNew) return;
  const tbcase = await lockCase(x.em, x.ctx, x.session, x.doc.caseId);
  // a case made offline arrives before its treatment rows, already marked as started on this date (the
  // client folds the start into the new case): the rest of the start rules are checked all the same
  const arrivedStarted = tbcase.state === 'ONTREATMENT' && tbcase.iniTreatmentDate === x.doc.iniDate;
  const facts = (arrivedStarted ? { ...tbcase, state: 'NOT_ONTREATMENT', iniTreatmentDate: null } : tbcase) as CaseFacts;
  const refusal = treatmentStartRefusal(facts, await validationModeOf(x.em, x.session.workspaceId, tbcase.classification));
  if (refusal) throw refuse(x.session, refusal);
  const regimen = x.doc.regimenId ? await kysely(x.em).selectFrom('regimen').select('name').where('id', '=', x.doc.regimenId).executeTakeFirst() : undefined;
  const items = regimen ? [{ title: t(x.session.lang, 'treatment.regimen'), value: String(regimen.name) }] : [];
  await writerOf(x.ctx, x.session, 'tbcase').update(x.doc.caseId, { state: 'ONTREATMENT', iniTreatmentDate: x.doc.iniDate }, { within: x.em, action: 'starttreatment', items });
}
