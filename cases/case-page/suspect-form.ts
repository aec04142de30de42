import { t } from '../../engine/i18n.ts';
import type { Session } from '../../server/types.ts';
import { todayOf } from '../../server/http/time-zone.ts';
import type { JsonSchema } from '../../engine/types.ts';
import { fail } from '../../server/http/errors.ts';
import type { Registry } from '../../engine/registry.ts';

const CLASSIFICATIONS = ['TB', 'DRTB', 'NTM'];

/** What the dialog's form needs of the file: its fields and what is required (not its id and layout). */
const formBody = ({ type, required, properties }: JsonSchema): JsonSchema => ({ type, required, properties });

/**
 * The suspect follow-up dialog's form for a suspect of a classification: the
 * action's declared form (`schemas/forms/case_suspectfollowup.json`: outcome TB / DRTB / NOT_TB and the
 * date; titles are i18n keys) and a
 * starting document — the outcome the suspicion named (a DRTB suspect → DRTB; NTM names none) and
 * today (the user's: `todayOf`). Saved by `POST /api/cases/case/suspectfollowup {doc, tbcaseId}`.
 * @example suspectFollowupForm(registry, session, 'DRTB') // {doc: {outcome: 'DRTB', date: '2026-11-23'}, schema: {…}}
 */
export function suspectFollowupForm(registry: Registry, session: Pick<Session, 'lang'> & { timeZone?: string }, classification: string): { doc: Record<string, unknown>; schema: JsonSchema; title: string } {
  const lang = session.lang;
  if (!CLASSIFICATIONS.includes(classification)) throw fail(404, t(lang, 'msg.notFound'), 'classification');
  const doc: Record<string, unknown> = { date: todayOf(session) };
  if (classification !== 'NTM') doc.outcome = classification;
  return { doc, schema: formBody(registry.schemas.get('case_suspectfollowup') as JsonSchema), title: t(lang, 'cmdAction.suspectfollowup') };
}
