import { kysely } from '../../server/db/kysely.ts';
import type { Em } from '../../server/db/orm.ts';
import type { ValidationMode } from './rules.ts';

/** The workspace column holding the validation setting of each classification (schemas/tables/workspace.json). */
const COLUMN = { TB: 'case_validation_tb', DRTB: 'case_validation_drtb', NTM: 'case_validation_ntm' } as const;

/**
 * The workspace's case-validation setting for a classification, read in the caller's transaction (a
 * change of the setting counts at once, unlike the session's 2 s memo). An unknown classification
 * reads as ENABLED (validation offered, nothing more required).
 * @example await validationModeOf(em, session.workspaceId, 'DRTB') // 'REQUIRED_BEFORE_TREATMENT_START'
 */
export async function validationModeOf(em: Em, workspaceId: string, classification: unknown): Promise<ValidationMode> {
  const column = COLUMN[classification as keyof typeof COLUMN];
  if (!column) return 'ENABLED';
  const r = await kysely(em).selectFrom('workspace').select(`${column} as mode`).where('id', '=', workspaceId).executeTakeFirst();
  return ((r as { mode?: ValidationMode } | undefined)?.mode ?? 'ENABLED') as ValidationMode;
}
