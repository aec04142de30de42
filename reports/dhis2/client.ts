/**
 * Sending a data value set to a DHIS2 server: `POST <url>/api/dataValueSets` with Basic
 * authentication, `dryRun=true` for a dry run (DHIS2 checks everything and stores nothing), and its
 * import summary read back — the status, the counts (imported, updated, ignored, deleted) and the
 * conflicts, whether DHIS2 answers the summary itself (before 2.38) or inside its web message
 * (`{httpStatus, status, response: {responseType: 'ImportSummary', …}}`, 409 when it refused values).
 * The password goes only into the Authorization header: never into a message or a log.
 */
import { t, type Lang } from '../../engine/i18n.ts';

export interface Dhis2Server {
  url: string;
  username: string;
  password: string;
}

export interface ImportSummary {
  status: 'SUCCESS' | 'WARNING' | 'ERROR';
  imported: number;
  updated: number;
  ignored: number;
  deleted: number;
  conflicts: { object: string; value: string }[];
  description?: string;
}

/** A sending that brought no import summary back: why, in the user's language. */
export interface SendFailure {
  failed: string;
}

/** How long DHIS2 may take to import a data set. */
const TIMEOUT_MS = 120_000;

/**
 * The endpoint of a server's data value sets, the dry run asked as DHIS2's `dryRun` parameter.
 * @example dataValueSetsUrl('https://dhis2.example.org/dhis/', true) // 'https://dhis2.example.org/dhis/api/dataValueSets?dryRun=true'
 */
export const dataValueSetsUrl = (base: string, dryRun: boolean) => `${base.replace(/\/+$/, '')}/api/dataValueSets${dryRun ? '?dryRun=true' : ''}`;

const count = (x: unknown) => (Number.isInteger(x) && (x as number) >= 0 ? (x as number) : 0);

/**
 * DHIS2's import summary from its answer's JSON, or undefined when it is none.
 * @example importSummaryOf({ status: 'OK', response: { responseType: 'ImportSummary', status: 'SUCCESS', importCount: { imported: 3, updated: 0, ignored: 0, deleted: 0 }, conflicts: [] } })
 * // { status: 'SUCCESS', imported: 3, updated: 0, ignored: 0, deleted: 0, conflicts: [] }
 */
export function importSummaryOf(body: unknown): ImportSummary | undefined {
  const b = body as any;
  const s = b && typeof b === 'object' && b.response && typeof b.response === 'object' && b.response.importCount ? b.response : b;
  if (!s || typeof s !== 'object' || !s.importCount || typeof s.importCount !== 'object') return undefined;
  const status = ['SUCCESS', 'WARNING', 'ERROR'].includes(s.status) ? s.status : s.status === 'OK' ? 'SUCCESS' : 'ERROR';
  const conflicts = Array.isArray(s.conflicts) ? s.conflicts.slice(0, 1000).map((c: any) => ({ object: String(c?.object ?? ''), value: String(c?.value ?? '') })) : [];
  return {
    status, conflicts,
    imported: count(s.importCount.imported), updated: count(s.importCount.updated), ignored: count(s.importCount.ignored), deleted: count(s.importCount.deleted),
    ...(typeof s.description === 'string' ? { description: s.description.slice(0, 500) } : {}),
  };
}

/**
 * Posts the data value set; answers DHIS2's import summary, or why there is none.
 * @example await sendDataValueSet({ url, username: 'admin', password }, dataValueSet(set), true, 'ru') // { status: 'SUCCESS', imported: 73, … }
 */
export async function sendDataValueSet(server: Dhis2Server, body: unknown, dryRun: boolean, lang: Lang): Promise<ImportSummary | SendFailure> {
  let res: Response;
  try {
    res = await fetch(dataValueSetsUrl(server.url, dryRun), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        Authorization: `Basic ${Buffer.from(`${server.username}:${server.password}`).toString('base64')}`,
      },
      body: JSON.stringify(body),
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (e) {
    const reason = (e as Error).name === 'TimeoutError' ? t(lang, 'dhis2.timeout') : String((e as any)?.cause?.code ?? (e as Error).message).slice(0, 200);
    return { failed: t(lang, 'dhis2.unreachable', { reason }) };
  }
  if (res.status === 401 || res.status === 403) return { failed: t(lang, 'dhis2.unauthorized', { status: res.status }) };
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    json = undefined;
  }
  return importSummaryOf(json) ?? { failed: t(lang, 'dhis2.badAnswer', { status: res.status }) };
}
