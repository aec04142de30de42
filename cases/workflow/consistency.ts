import { t } from '../../engine/i18n.ts';
import { ApiError } from '../../server/http/errors.ts';
import type { HooksOn } from '../../server/types.ts';
import { hasPermission } from '../../server/http/middleware.ts';
import { outcomeFitsTreatment } from './rules.ts';
import { transitionPermissions } from './transition-permissions.ts';

/**
 * A case's state, treatment start and outcome agree (WHO 2013 rev. 2020/2021: no treatment on a
 * presumptive case, no cure without a treatment), whatever wrote them — a declared action, a case
 * entered from a paper register through the API with its state and outcome already known, or an
 * offline client's upload:
 * - on treatment: a confirmed case, with its treatment's start date;
 * - closed: with an outcome; an outcome: only on a closed case;
 * - the outcome fits the treatment (rules.ts `outcomeFitsTreatment`).
 * Each refusal names its field and an i18n key.
 *
 * @example caseConsistencyRefusal({ state: 'CLOSED', outcome: 'CURED' }) // { field: 'outcome', key: 'tbcase.outcomeNotAllowed' }
 */
export function caseConsistencyRefusal(c: { state?: string; diagnosisType?: string; iniTreatmentDate?: string | null; outcome?: string | null }): { field: string; key: string } | undefined {
  if (c.state === 'ONTREATMENT' && c.diagnosisType !== 'CONFIRMED') return { field: 'state', key: 'treatment.suspect' };
  if (c.state === 'ONTREATMENT' && !c.iniTreatmentDate) return { field: 'iniTreatmentDate', key: 'tbcase.treatmentStartNeeded' };
  if (c.state === 'CLOSED' && !c.outcome) return { field: 'outcome', key: 'tbcase.outcomeNeeded' };
  if (c.outcome && c.state !== 'CLOSED') return { field: 'outcome', key: 'tbcase.outcomeOnlyClosed' };
  if (c.outcome && !outcomeFitsTreatment(c.outcome, !!c.iniTreatmentDate)) return { field: 'outcome', key: 'tbcase.outcomeNotAllowed' };
  return undefined;
}

/**
 * A case as the notification makes it (the schema's defaults): a case created otherwise (an offline
 * client's upload, the API) already validated, on treatment or closed needs those actions' permissions.
 */
const NEW_CASE = { state: 'NOT_ONTREATMENT', validated: false, transferring: false, iniTreatmentDate: null, outcome: null };

/** The workflow fields the rule reads: a change to one of them (or a new case) is checked. */
const WORKFLOW = ['state', 'diagnosisType', 'iniTreatmentDate', 'outcome'] as const;

/**
 * The case's consistency hook, listed first among the case's hooks: on every write that creates a
 * case or changes what the rule reads the rule is checked (a case stored before the rule is not
 * refused an unrelated edit); and a workflow change that comes without its declared action (an
 * offline upload, a case created already closed) needs the permission of that action
 * (`transition-permissions.ts`): 403 and nothing written otherwise.
 * @example hooks: [{ tbcase: caseConsistency }, { tbcase: caseNumbering }]
 */
export const caseConsistency: HooksOn<'tbcase'> = {
  beforeSave(x) {
    const changed = x.isNew || WORKFLOW.some((k) => ((x.doc as any)[k] ?? null) !== ((x.prev as any)?.[k] ?? null));
    const refusal = changed ? caseConsistencyRefusal(x.doc as any) : undefined;
    if (refusal) throw new ApiError(400, [{ field: refusal.field, msg: t(x.session.lang, refusal.key) }]);
    if (!x.action && transitionPermissions((x.prev ?? NEW_CASE) as any, x.doc as any).some((p) => !hasPermission(x.session, p))) {
      throw new ApiError(403, [{ field: null, msg: t(x.session.lang, 'msg.forbidden') }]);
    }
  },
};
