/**
 * What the import screen reads: a job as the user sees it, the fields a column can be mapped to, and
 * the values of a file's columns with how each is matched.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/kysely.ts';
import { t, type Lang } from '../../engine/i18n.ts';
import type { Registry } from '../../engine/registry.ts';
import type { Catalogues } from './catalogues.ts';
import { cellText } from './files/cells.ts';
import { enumOptions, fieldLabel, sheetFields, sheetRoles, type ImportField } from './fields.ts';
import type { ImportJob } from './job-store.ts';
import { mappingDigest, requiredCaseFields, type ImportMapping } from './mapping.ts';
import { convert } from './values.ts';

/** A job for the screen: its file, state and progress, its sheets and mapping, and whether the dry run checked the mapping in use. */
export function jobView(job: ImportJob, lang: Lang) {
  return {
    id: job.id, fileName: job.fileName, fileSize: job.fileSize, format: job.format, state: job.state, stateLabel: t(lang, `importjob.states.${job.state}`),
    error: job.error, createdAt: job.createdAt, startedAt: job.startedAt, finishedAt: job.finishedAt, userId: job.userId,
    sheets: job.sheets, mapping: job.mapping, mappingName: job.mappingName, total: job.total, done: job.done, counts: job.counts,
    checked: !!job.mapping && job.checkedDigest === mappingDigest(job.mapping),
  };
}

/** An option of a field: an enum's code, a catalogue row's id, yes or no; with its label. */
interface Option {
  value: string;
  label: string;
}

/** The options a field's values are matched to. */
export async function optionsOf(f: ImportField, lang: Lang, catalogues: Catalogues): Promise<Option[] | undefined> {
  if (f.kind === 'enum') return enumOptions(f, lang);
  if (f.kind === 'boolean') return [{ value: 'true', label: t(lang, 'msg.yes') }, { value: 'false', label: t(lang, 'msg.no') }];
  if (f.kind === 'ref') return (await catalogues.candidates(f.field!)).rows.map((r) => ({ value: r.id, label: r.code ? `${r.name} (${r.code})` : r.name })).sort((a, b) => a.label.localeCompare(b.label, 'ru'));
  return undefined;
}

/**
 * The roles a sheet may have and each one's fields (labels in the reader's language; options of
 * enums, yes/no and catalogues), and the fields every case needs.
 */
export async function fieldsView(registry: Registry, lang: Lang, catalogues: Catalogues) {
  const roles = [];
  for (const role of sheetRoles(registry)) {
    const fields = [];
    for (const f of sheetFields(registry, role)) fields.push({ id: f.id, label: fieldLabel(registry, f, lang), kind: f.kind, options: await optionsOf(f, lang, catalogues) });
    const label = role === 'case' ? t(lang, 'importjob.role.case') : t(lang, String(registry.table(role).schema.title));
    roles.push({ role, label, fields });
  }
  return { roles, required: requiredCaseFields(registry) };
}

/** At most this many distinct values of a column are listed. */
const VALUES = 300;

/**
 * Each mapped column of enums, yes/no or catalogue rows: its distinct values (the most frequent
 * first, with their counts), each with what it is matched to — the user's match, else the code or
 * name it reads as, else none (`matched: null`: listed for the user to match).
 */
export async function valuesView(db: Kysely<Database>, registry: Registry, job: ImportJob, lang: Lang, catalogues: Catalogues) {
  const m = job.mapping as ImportMapping;
  const out = [];
  for (const s of m.sheets) {
    const index = job.sheets.findIndex((x) => x.name === s.name);
    if (!s.role || index < 0) continue;
    const fields = new Map(sheetFields(registry, s.role).map((f) => [f.id, f]));
    for (const [column, id] of Object.entries(s.columns)) {
      const f = fields.get(id);
      const col = job.sheets[index].headers.indexOf(column);
      if (!f || col < 0 || !['enum', 'ref', 'boolean'].includes(f.kind)) continue;
      const i = sql`${col}::int`;
      const rows = (await sql<{ v: unknown; n: number }>`select cells->${i} as v, count(*)::int as n from importrow where job_id = ${job.id} and sheet = ${index}
        and cells->${i} is not null and cells->${i} <> 'null'::jsonb group by 1 order by 2 desc, 1 limit ${VALUES}`.execute(db)).rows;
      const values = [];
      for (const r of rows) {
        const text = cellText(r.v as never).trim();
        if (!text) continue;
        const user = m.values?.[id]?.[text];
        const auto = await convert(f, r.v as never, { lang, catalogues });
        values.push({ text, count: Number(r.n), matched: user ?? ('value' in auto ? String(auto.value) : null), byUser: user !== undefined });
      }
      out.push({ sheet: s.name, column, field: id, label: fieldLabel(registry, f, lang), kind: f.kind, options: await optionsOf(f, lang, catalogues), values });
    }
  }
  return out;
}
