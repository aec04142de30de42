import { sql } from 'kysely';
import { t } from '../engine/i18n.ts';
import { hasPermission } from '../server/http/middleware.ts';
import { rowsInView } from '../server/scope/rows.ts';
import type { SearchProvider } from '../server/types.ts';
import { composePatientName } from '../server/sys/patient-name.ts';
import { kysely } from '../server/db/kysely.ts';
import { derivedText, visibleDerived } from './followups/latest.ts';
import { namePartsContaining } from './notify/patient-search.ts';

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
 * Cases (CASEMAN) by the patient's name parts — every word of the key inside a word of the name,
 * folded as the patient search folds names (`namePartsContaining`: ё/е, Latin/Cyrillic spellings),
 * so "Иванов Сергей" finds Сергей Иванов and "Fedorov" Фёдоров — or by the case number. Two
 * branches, each limited, instead of an OR across the join: the name branch starts from the
 * workspace's patients (the key's words index) and reaches their cases by `tbcase.patient_id`'s
 * index; the number branch reads the workspace's cases. A hit's subtitle names the case's number, unit and the derived
 * results the searcher may see (`x-derived` columns of exam types they may read: latest
 * microscopy and Xpert results, culture conversion and reversion dates, written as the language
 * writes dates). The case number typed whole comes first, then the numbers holding it, then names.
 */
export const caseSearch: SearchProvider = async (em, s, { text, like }, limit, ctx) => {
  if (!hasPermission(s, 'CASEMAN')) return [];
  const ws = s.workspaceId;
  // only the cases of the searcher's view (a unit-view doctor finds their unit's cases)
  const seen = rowsInView(kysely(em), ctx.registry, ctx.registry.table('tbcase'), s);
  const inView = seen ? sql`and c.id in (${seen})` : sql``;
  // the name folded as the patient search folds it (ё/е, Latin/Cyrillic spellings, letter case)
  const byName = await namePartsContaining(kysely(em), 'p', text);
  // the case's derived results the searcher may see (latest microscopy and Xpert, culture conversion…), not the dates of the latest ones
  const derived = visibleDerived(ctx.registry, s).filter((d) => !(d.kind === 'latest' && d.source.key === 'date'));
  const derivedCols = derived.map((d) => {
    const col = sql.ref(`c.${d.field.column}`);
    return sql`, ${d.field.format === 'date' ? sql`to_char(${col}, 'YYYY-MM-DD')` : col} as ${sql.ref(d.field.column)}`;
  });
  const rows = (await sql<CaseRow>`
    with hit as (
      ${byName ? sql`(select c.id from patient p join tbcase c on c.patient_id = p.id and c.workspace_id = ${ws}
        where p.workspace_id = ${ws} and ${byName} ${inView}
        order by p.last_name, p.name limit ${limit})
      union` : sql``}
      (select c.id from tbcase c where c.workspace_id = ${ws} and c.case_number ilike ${like} ${inView}
        order by c.case_number limit ${limit})
    )
    select c.id, c.case_number, p.name, p.middle_name, p.last_name, p.gender, u.name as unit_name ${derivedCols.length ? sql.join(derivedCols, sql``) : sql``}
      from hit join tbcase c on c.id = hit.id join patient p on p.id = c.patient_id
      left join unit u on u.id = c.owner_unit_id
     -- the case number typed whole first, then the numbers holding it, then the names in order
     order by (lower(c.case_number) = lower(${text.trim()})) desc nulls last, (c.case_number ilike ${like}) desc nulls last,
              p.last_name, p.name, p.middle_name, c.case_number limit ${limit}`.execute(kysely(em))).rows;
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

