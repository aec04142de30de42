import type { DeclaredRoute } from '../../server/http/define-route.ts';
import type { AppContext } from '../../server/types.ts';
import { caseEditRoutes } from './edit.ts';
import { caseReadonlyRoutes } from './readonly.ts';

/**
 * The case data tab: the read-only case form, the edit dialog's form and
 * save (the comorbidities are a declared action on the case: comorbidity.ts). Contacts, adverse effects and previous treatments are sub-record tables
 * of the case served by the generic API (schemas/tables/contact.json, sideeffect.json, prevtreat.json).
 */
export function caseDataRoutes(ctx: AppContext): DeclaredRoute[] {
  return [...caseReadonlyRoutes(ctx), ...caseEditRoutes(ctx)];
}
