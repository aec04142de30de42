/**
 * The case data of the demo register: comorbidities on every case (a few of each kind), contacts
 * of about one case in three (household ones examined, some institutional), adverse effects of
 * about one treated case in six, and a previous treatment for each previously treated patient
 * (its outcome following the registration group). Set-based SQL like `cases/generate.ts` (no
 * history entries); every row passes the schemas' rules (contact.json, sideeffect.json, prevtreat.json).
 */
import { sql, type Kysely } from 'kysely';

const CONTACTS: [name: string, gender: 'MALE' | 'FEMALE', type: string][] = [
  ['Айгуль Асанова', 'FEMALE', 'household'],
  ['Бакыт Осмонов', 'MALE', 'household'],
  ['Нурлан Садыков', 'MALE', 'institutional'],
  ['Елена Смирнова', 'FEMALE', 'household'],
  ['Тимур Касымов', 'MALE', 'nosocomial'],
  ['Жылдыз Токтогулова', 'FEMALE', 'household'],
  ['Сергей Иванов', 'MALE', 'institutional'],
];
const EFFECT_COMMENTS = ['Тошнота, рвота', 'Боль в суставах', 'Снижение слуха', 'Кожная сыпь', 'Периферическая нейропатия', 'Повышение печёночных ферментов'];
/** A previous treatment's outcome by the registration group of the case it led to. */
const PREV_OUTCOME: Record<string, string> = {
  RELAPSE: 'prevOutcome01',
  AFTER_DEFAULT: 'prevOutcome04',
  TREATMENT_AFTER_LOSS_FOLLOW_UP: 'prevOutcome04',
  FAILURE_FT: 'prevOutcome03',
  FAILURE_RT: 'prevOutcome03',
  TREATMENT_AFTER_FAILURE: 'prevOutcome03',
  PREVIOUSLY_TREATED: 'prevOutcome02',
  OTHER_PREVIOUSLY_TREATED: 'prevOutcome11',
};

const texts = (xs: string[]) => sql`array[${sql.join(xs.map((x) => sql.lit(x)))}]::text[]`;

/**
 * Fills the case data tab of the workspace's cases; returns how many rows of each kind it wrote.
 * @example await generateDemoCaseData(kysely(em), workspaceId) // { contacts: 120, sideEffects: 20, prevTreats: 40 }
 */
export async function generateDemoCaseData(db: Kysely<any>, workspaceId: string): Promise<{ contacts: number; sideEffects: number; prevTreats: number }> {
  const cases = sql`select id, registration_date, registration_group, state, ini_treatment_date, row_number() over (order by id) as i from tbcase where workspace_id = ${workspaceId}`;
  await sql`
    update tbcase t set comorbidities_alcohol_excessive_use = c.i % 11 = 0, comorbidities_tobacco_use_within = c.i % 4 = 0,
           comorbidities_aids = c.i % 23 = 0, comorbidities_diabetes = c.i % 9 = 0, comorbidities_anaemia = c.i % 13 = 0,
           comorbidities_malnutrition = c.i % 7 = 0
      from (${cases}) c where t.id = c.id`.execute(db);
  const n = CONTACTS.length;
  const contacts = await sql`
    insert into contact (id, workspace_id, case_id, name, gender, age, contact_type, examinated, date_of_examination, conduct, comments)
    select gen_random_uuid(), ${workspaceId}, c.id,
           (${texts(CONTACTS.map((x) => x[0]))})[1 + (c.i + k) % ${n}], (${texts(CONTACTS.map((x) => x[1]))})[1 + (c.i + k) % ${n}],
           3 + ((c.i * 7 + k * 13) % 70), (${texts(CONTACTS.map((x) => x[2]))})[1 + (c.i + k) % ${n}],
           (c.i + k) % 3 <> 0,
           case when (c.i + k) % 3 <> 0 then least(coalesce(c.registration_date, current_date) + 14, current_date) end,
           case when (c.i + k) % 3 <> 0 then 'conduct' || (1 + (c.i + k) % 4) end,
           null
      from (${cases}) c cross join generate_series(0, 1) k
     where c.i % 3 = 0 and (k = 0 or c.i % 2 = 0)`.execute(db);
  const sideEffects = await sql`
    insert into sideeffect (id, workspace_id, case_id, side_effect, month, substance_id, comment)
    select gen_random_uuid(), ${workspaceId}, c.id, 'adv' || (1 + (c.i / 6) % 4), 1 + c.i % 6,
           (select s.id from substance s where s.workspace_id = ${workspaceId} order by s.short_name offset (c.i % 5) limit 1),
           (${texts(EFFECT_COMMENTS)})[1 + c.i % ${EFFECT_COMMENTS.length}]
      from (${cases}) c where c.ini_treatment_date is not null and c.i % 6 = 0`.execute(db);
  const groups = Object.keys(PREV_OUTCOME);
  const prevTreats = await sql`
    insert into prevtreat (id, workspace_id, case_id, month, year, outcome_month, outcome_year, outcome, am, cfz, cm, cs, e, eto, h, lfx, ofx, r, s, z)
    select gen_random_uuid(), ${workspaceId}, c.id, 1 + c.i % 6, y.year, 7 + c.i % 6, y.year,
           (${texts(groups.map((g) => PREV_OUTCOME[g]))})[array_position(${texts(groups)}, c.registration_group)],
           c.i % 5 = 0, false, c.i % 10 = 0, c.i % 5 = 0, true, c.i % 5 = 0, true, c.i % 5 = 0, false, true, c.i % 4 = 0, true
      from (${cases}) c
      cross join lateral (select extract(year from coalesce(c.registration_date, current_date))::int - 1 - (c.i % 4)::int as year) y
     where c.registration_group = any(${texts(groups)})`.execute(db);
  return { contacts: Number(contacts.numAffectedRows ?? 0), sideEffects: Number(sideEffects.numAffectedRows ?? 0), prevTreats: Number(prevTreats.numAffectedRows ?? 0) };
}
