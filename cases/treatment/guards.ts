/**
 * The conditions of the treatment actions (`actions.ts`), each declared once: the action's `guard`
 * (so `GET /api/tbl/tbcase/{id}/actions` says the same as a refused run), given the case as locked
 * by the run.
 */
import type { ActionContext, Refusal } from '../../server/types.ts';
import { treatmentStartRefusal, type CaseFacts } from '../workflow/rules.ts';
import { validationModeOf } from '../workflow/validation-mode.ts';
import { treatmentOf } from './rows.ts';

/**
 * Why the case's treatment may not start now, if it may not: the case's state rules
 * (`treatmentStartRefusal`, cases/workflow/rules.ts: confirmed, not closed, validated where the
 * workspace asks it before treatment), then a treatment already started. The one guard of the start
 * action — the command bar and the start call obey the same answer.
 * @example await startRefusal(x) // 'treatment.suspect'
 */
export async function startRefusal(x: ActionContext): Promise<Refusal | undefined> {
  const refusal = treatmentStartRefusal(x.row as CaseFacts, await validationModeOf(x.em, x.session.workspaceId, x.row.classification));
  if (refusal) return refusal;
  if (await treatmentOf(x.em, x.session.workspaceId, x.id)) return 'treatment.alreadyStarted';
  return undefined;
}

/**
 * Why the started treatment may not be changed now (period, prescriptions, cancellation): not
 * started, or the case not ONTREATMENT.
 * @example await onTreatmentRefusal(x) // 'treatment.notStarted'
 */
export async function onTreatmentRefusal(x: ActionContext): Promise<Refusal | undefined> {
  if (!(await treatmentOf(x.em, x.session.workspaceId, x.id))) return 'treatment.notStarted';
  if (x.row.state !== 'ONTREATMENT') return 'treatment.notOnTreatment';
  return undefined;
}

/**
 * Why the intake calendar may not be saved now: the case is not ONTREATMENT.
 * @example calendarRefusal(x) // 'treatment.calendarNotOnTreatment'
 */
export const calendarRefusal = (x: ActionContext): Refusal | undefined => (x.row.state === 'ONTREATMENT' ? undefined : 'treatment.calendarNotOnTreatment');
