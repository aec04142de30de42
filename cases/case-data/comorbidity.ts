/**
 * The comorbidities of a case (six yes/no flags, default no; all optional), kept
 * on the case (`tbcase.comorbidities`, real columns). Changed by the declared action
 * `comorbidity` on tbcase (COMIRBIDITIES_EDT; history entry `tbcase.comorbidity` with the diff),
 * also at the spec's path `POST /api/cases/case/comorbidity/{caseId}` with the flags as the body.
 *
 * @example POST /api/cases/case/comorbidity/4f0c… {diabetes: true, aids: false} ⇒ {success: true}
 */
import type { JsonSchema } from '../../engine/types.ts';
import type { Tbcase } from '../../engine/generated/index.ts';
import type { ActionOn } from '../../server/types.ts';

/** The six flags, in the order the card shows them. */
export const COMORBIDITIES = ['alcoholExcessiveUse', 'tobaccoUseWithin', 'aids', 'diabetes', 'anaemia', 'malnutrition'] as const;

/** The action's body: some of the flags (the case schema checks them again on write). */
const input: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries(COMORBIDITIES.map((k) => [k, { type: 'boolean', title: `tbcase.${k}` }])),
};

export const comorbidityAction: ActionOn<'tbcase', NonNullable<Tbcase['comorbidities']>> = {
  table: 'tbcase',
  name: 'comorbidity',
  permission: 'COMIRBIDITIES_EDT',
  routes: [{ method: 'POST', path: '/api/cases/case/comorbidity/:id' }],
  input,
  apply: ({ row, input }) => ({ patch: { comorbidities: { ...row.comorbidities, ...input } } }),
};
