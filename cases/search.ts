import { sql } from 'kysely';
import { t } from '../engine/i18n.ts';
import { likePattern } from '../server/db/like.ts';
import { hasPermission } from '../server/http/middleware.ts';
import { rowsInView } from '../server/scope/rows.ts';
import type { SearchProvider } from '../server/types.ts';
import { composePatientName } from '../server/sys/patient-name.ts';
import { kysely } from '../server/db/kysely.ts';
import { derivedText, visibleDerived } from './followups/latest.ts';

interface CaseRow {
  id: string;
  case_number: string | null;
  name: string;
  middle_name: string | null;
  last_name: string | null;
  gender: string;
  unit_name: string | null;
  [derived: string]: unknown;
}

/**
 * Cases (CASEMAN) by the patient's name parts — every word of the key in one of name, middle name
 * or last name, so "Иванов Сергей" finds Сергей Иванов — or by the case number. Two branches, each
 * limited, instead of an OR across the join: the name branch starts from the workspace's patients
 * (workspace index) and reaches their cases by `tbcase.patient_id`'s index; the number branch reads
 * the workspace's cases. Columns are compared bare (no concatenation), so a trigram index on them
 * would serve the same query. A hit's subtitle names the case's number, unit and the derived
 * results the searcher may see (`x-derived` columns of exam types they may read: latest
 * microscopy and Xpert results, culture conversion and reversion dates).
 */
export const caseSearch: SearchProvider = async (em, s, { text, like }, limit, ctx) => {
  if (!hasPermission(s, 'CASEMAN')) return [];
  const ws = s.workspaceId;
  // only the cases of the searcher's view (a unit-view doctor finds their unit's cases)
  const seen = rowsInView(kysely(em), ctx.registry, ctx.registry.table('tbcase'), s);
  const inView = seen ? sql`and c.id in (${seen})` : sql``;
  const words = text.split(/\s+/).filter(Boolean).slice(0, 4).map(likePattern);
  const byName = sql.join(
    words.map((w) => sql`(p.name ilike ${w} or p.middle_name ilike ${w} or p.last_name ilike ${w})`),
    sql` and `,
  );
  // the case's derived results the searcher may see (latest microscopy and Xpert, culture conversion…), not the dates of the latest ones
  const derived = visibleDerived(ctx.registry, s).filter((d) => !(d.kind === 'latest' && d.source.key === 'date'));
  const derivedCols = derived.map((d) => {
    const col = sql.ref(`c.${d.field.column}`);
    return sql`, ${d.field.format === 'date' ? sql`to_char(${col}, 'YYYY-MM-DD')` : col} as ${sql.ref(d.field.column)}`;
  });
  const rows = (await sql<CaseRow>`
    with hit as (
      (select c.id from patient p join tbcase c on c.patient_id = p.id and c.workspace_id = ${ws}
        where p.workspace_id = ${ws} and ${byName} ${inView}
        order by p.last_name, p.name limit ${limit})
      union
      (select c.id from tbcase c where c.workspace_id = ${ws} and c.case_number ilike ${like} ${inView}
        order by c.case_number limit ${limit})
    )
    select c.id, c.case_number, p.name, p.middle_name, p.last_name, p.gender, u.name as unit_name ${derivedCols.length ? sql.join(derivedCols, sql``) : sql``}
      from hit join tbcase c on c.id = hit.id join patient p on p.id = c.patient_id
      left join unit u on u.id = c.owner_unit_id
     order by p.last_name, p.name, p.middle_name, c.case_number limit ${limit}`.execute(kysely(em))).rows;
  return rows.map((r) => ({
    id: r.id,
    type: r.gender === 'FEMALE' ? 'CASE_WOMAN' : 'CASE_MAN',
    title: composePatientName({ name: r.name, middleName: r.middle_name, lastName: r.last_name }, s.patientNameComposition),
    subtitle:
      [r.case_number, r.unit_name, ...derived.filter((d) => r[d.field.column] != null).map((d) => `${d.field.title ? t(s.lang, d.field.title) : d.field.key}: ${derivedText(d, r[d.field.column], s.lang)}`)]
        .filter(Boolean)
        .join(' · ') || null,
  }));
};

