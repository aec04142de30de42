/**
 * Generated patients and cases for scale work (`npm run gen:cases -- N`, the `bench:*` scripts):
 * realistic names (Russian and Kyrgyz, by gender), birth dates, one case each spread over the
 * workspace's TB units, every state, diagnosis type and classification, registration dates over
 * ten years. Written by set-based SQL in chunks (a million rows in minutes, not hours); the rows
 * bypass the writer, so they have no history or change-log entries — each chunk's analytic rows are
 * computed right after it (`server/analytic/`), as the writer would have (by `registry`'s declarations,
 * default the product's).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/db/kysely.ts';
import type { Registry } from '../engine/registry.ts';
import { productRegistry, refreshAnalyticWhere } from '../server/analytic/backfill.ts';

export const MALE = ['Алексей', 'Сергей', 'Иван', 'Дмитрий', 'Андрей', 'Николай', 'Михаил', 'Александр', 'Владимир', 'Павел', 'Игорь', 'Олег', 'Юрий', 'Виктор', 'Максим', 'Денис', 'Роман', 'Евгений', 'Артём', 'Кирилл', 'Азамат', 'Бакыт', 'Нурлан', 'Эрлан', 'Айбек', 'Талант', 'Улан', 'Марат', 'Руслан', 'Тимур', 'Адилет', 'Бекзат', 'Жыргалбек', 'Канат', 'Мирлан', 'Нурбек', 'Самат', 'Темирлан', 'Чынгыз', 'Эмиль'];
export const FEMALE = ['Мария', 'Елена', 'Ольга', 'Наталья', 'Анна', 'Татьяна', 'Ирина', 'Светлана', 'Екатерина', 'Юлия', 'Анастасия', 'Галина', 'Людмила', 'Валентина', 'Марина', 'Оксана', 'Дарья', 'Вера', 'Любовь', 'Надежда', 'Айгуль', 'Гульмира', 'Динара', 'Жылдыз', 'Назгуль', 'Айпери', 'Бермет', 'Гулзат', 'Нургуль', 'Чолпон', 'Асель', 'Айжан', 'Бурул', 'Жибек', 'Мээрим', 'Акмарал', 'Алтынай', 'Венера', 'Гулнара', 'Зарина'];
/** Surnames as [male, female]. */
export const SURNAMES = [['Иванов', 'Иванова'], ['Смирнов', 'Смирнова'], ['Кузнецов', 'Кузнецова'], ['Попов', 'Попова'], ['Васильев', 'Васильева'], ['Петров', 'Петрова'], ['Соколов', 'Соколова'], ['Михайлов', 'Михайлова'], ['Новиков', 'Новикова'], ['Фёдоров', 'Фёдорова'], ['Морозов', 'Морозова'], ['Волков', 'Волкова'], ['Алексеев', 'Алексеева'], ['Лебедев', 'Лебедева'], ['Семёнов', 'Семёнова'], ['Егоров', 'Егорова'], ['Павлов', 'Павлова'], ['Козлов', 'Козлова'], ['Степанов', 'Степанова'], ['Николаев', 'Николаева'], ['Орлов', 'Орлова'], ['Андреев', 'Андреева'], ['Макаров', 'Макарова'], ['Никитин', 'Никитина'], ['Захаров', 'Захарова'], ['Асанов', 'Асанова'], ['Токтогулов', 'Токтогулова'], ['Абдыкадыров', 'Абдыкадырова'], ['Жумабеков', 'Жумабекова'], ['Исаков', 'Исакова'], ['Касымов', 'Касымова'], ['Мамытов', 'Мамытова'], ['Осмонов', 'Осмонова'], ['Садыков', 'Садыкова'], ['Турдубаев', 'Турдубаева'], ['Усенов', 'Усенова'], ['Шамшиев', 'Шамшиева'], ['Эсенбеков', 'Эсенбекова'], ['Бакиев', 'Бакиева'], ['Сыдыков', 'Сыдыкова'], ['Алымбеков', 'Алымбекова'], ['Бейшеналиев', 'Бейшеналиева'], ['Джумалиев', 'Джумалиева'], ['Кадыров', 'Кадырова'], ['Молдобаев', 'Молдобаева'], ['Ниязов', 'Ниязова'], ['Рахманов', 'Рахманова'], ['Султанов', 'Султанова'], ['Таджибаев', 'Таджибаева'], ['Юсупов', 'Юсупова']];
/** Fathers' names, by which the patronymic is made. */
export const FATHERS = [['Сергеевич', 'Сергеевна'], ['Иванович', 'Ивановна'], ['Петрович', 'Петровна'], ['Александрович', 'Александровна'], ['Николаевич', 'Николаевна'], ['Владимирович', 'Владимировна'], ['Михайлович', 'Михайловна'], ['Андреевич', 'Андреевна'], ['Дмитриевич', 'Дмитриевна'], ['Юрьевич', 'Юрьевна'], ['Токтогулович', 'Токтогуловна'], ['Асанович', 'Асановна'], ['Бакытович', 'Бакытовна'], ['Нурланович', 'Нурлановна'], ['Маратович', 'Маратовна']];

const arr = (xs: string[]) => sql`array[${sql.join(xs.map((x) => sql.lit(x)))}]::text[]`;

/** The ids of a generated patient and case: stable for (seed, i), so a chunk's cases find their patients. */
const idOf = (kind: string, seed: string) => sql`(md5(${seed} || ${kind} || i::text))::uuid`;

/**
 * Adds `n` patients with one case each to the workspace, over its TB units (or `unitIds`); case numbers
 * `<numberPrefix><i>` (default `G-`), registered over `registeredDays` from `registeredFrom`.
 * @example await generateCases(kysely(em), workspaceId, 1_000_000, { onProgress: (done) => console.log(done) })
 */
export async function generateCases(
  db: Kysely<Database>,
  workspaceId: string,
  n: number,
  opts: { unitIds?: string[]; chunk?: number; seed?: string; onProgress?: (done: number) => void; numberPrefix?: string; registeredFrom?: string; registeredDays?: number; registry?: Registry } = {},
): Promise<void> {
  const units = opts.unitIds ?? (await db.selectFrom('unit').select('id').where('workspace_id', '=', workspaceId).where('type', '=', 'TBUNIT').orderBy('name').execute()).map((u) => u.id as string);
  if (!units.length) throw new Error('the workspace has no TB unit to place cases in');
  const chunk = opts.chunk ?? 50_000;
  const seed = opts.seed ?? crypto.randomUUID();
  const unitArr = sql`(array[${sql.join(units.map((u) => sql`${u}::uuid`))}])`;
  // a pseudo-random 0 ≤ n < len per row and salt: hashing keeps attributes independent (a surname
  // does not decide the first name, a unit the state), as in real registers
  const rnd = (salt: number, len: number) => sql`((hashint8(i * 37 + ${salt}) & 2147483647) % ${len})`;
  const pick = (list: unknown, len: number, salt: number) => sql`(${list})[(1 + ${rnd(salt, len)})::int]`;
  const one = (values: string[], salt: number) => pick(arr(values), values.length, salt);
  for (let from = 1; from <= n; from += chunk) {
    const to = Math.min(n, from + chunk - 1);
    await sql`
      insert into patient (id, workspace_id, name, middle_name, last_name, gender, birth_date)
      select ${idOf('p', seed)}, ${workspaceId},
             case when i % 2 = 0 then ${pick(arr(MALE), MALE.length, 1)} else ${pick(arr(FEMALE), FEMALE.length, 1)} end,
             case when i % 2 = 0 then ${pick(arr(FATHERS.map((f) => f[0])), FATHERS.length, 2)} else ${pick(arr(FATHERS.map((f) => f[1])), FATHERS.length, 2)} end,
             case when i % 2 = 0 then ${pick(arr(SURNAMES.map((s) => s[0])), SURNAMES.length, 3)} else ${pick(arr(SURNAMES.map((s) => s[1])), SURNAMES.length, 3)} end,
             case when i % 2 = 0 then 'MALE' else 'FEMALE' end,
             date '1940-01-01' + ${rnd(5, 29000)}::int
        from generate_series(${from}::bigint, ${to}::bigint) as i`.execute(db);
    await sql`
      insert into tbcase (id, workspace_id, patient_id, case_number, owner_unit_id, notification_unit_id, state, diagnosis_type,
                          classification, validated, transferring, registration_group, registration_date, diagnosis_date,
                          ini_treatment_date, outcome_date, outcome, infection_site, extrapulmonary_form, diagnosis_basis)
      select ${idOf('c', seed)}, ${workspaceId}, ${idOf('p', seed)}, ${opts.numberPrefix ?? 'G-'} || lpad(i::text, 7, '0'),
             -- a DR-TB case is validated before its treatment starts (the workspace's default setting)
             unit, unit, state, diagnosis, classification, ${rnd(16, 7)} <> 0 or (classification = 'DRTB' and treated), ${rnd(17, 97)} = 0,
             ${one(['NEW', 'NEW', 'NEW', 'RELAPSE', 'AFTER_DEFAULT', 'FAILURE_FT', 'OTHER'], 18)},
             reg, reg - ${rnd(19, 20)}::int,
             case when treated then reg + 3 end,
             -- an outcome has happened: never after today (a case registered lately closes early)
             case when state = 'CLOSED' then least(reg + 180 + ${rnd(20, 200)}::int, current_date) end,
             -- outcomes that fit the case (cases/workflow/rules.ts): a treatment's outcomes only after one started
             case when state = 'CLOSED' and treated then ${one(['CURED', 'TREAT_COMPLETED', 'TREAT_FAILED', 'TREAT_INTERRUPTED', 'LOST_FOLLOWUP', 'DIED'], 21)}
                  when state = 'CLOSED' then ${one(['NOT_TB', 'NOT_TB', 'NOT_TB', 'DIED', 'LOST_FOLLOWUP_BEFORE_TREATMENT', 'NOT_EVALUATED'], 22)} end,
             -- a confirmed case's site (one in six extrapulmonary) and, when pulmonary, its basis of diagnosis (one in three clinical)
             case when diagnosis = 'CONFIRMED' then case when ${rnd(23, 6)} = 0 then 'EXTRAPULMONARY' else 'PULMONARY' end end,
             case when diagnosis = 'CONFIRMED' and ${rnd(23, 6)} = 0 then 'PLEURA' end,
             case when diagnosis = 'CONFIRMED' and ${rnd(23, 6)} <> 0 then case when ${rnd(24, 3)} = 0 then 'CLINICAL' else 'BACTERIOLOGICAL' end end
        from (select *, state <> 'NOT_ONTREATMENT' and diagnosis = 'CONFIRMED' as treated
          from (select i, reg, unit, diagnosis, classification,
                     -- a suspect is not treated before its diagnosis is confirmed
                     case when diagnosis = 'SUSPECT' and state = 'ONTREATMENT' then 'NOT_ONTREATMENT' else state end as state
                from (select i, ${opts.registeredFrom ?? '2015-01-01'}::date + ${rnd(11, opts.registeredDays ?? 4000)}::int as reg,
                     ${unitArr}[(1 + ${rnd(12, units.length)})::int] as unit,
                     ${one(['NOT_ONTREATMENT', 'ONTREATMENT', 'ONTREATMENT', 'CLOSED', 'CLOSED', 'CLOSED'], 13)} as state,
                     ${one(['SUSPECT', 'CONFIRMED', 'CONFIRMED', 'CONFIRMED', 'CONFIRMED'], 14)} as diagnosis,
                     ${one(['TB', 'TB', 'TB', 'TB', 'TB', 'TB', 'DRTB', 'DRTB', 'NTM'], 15)} as classification
                from generate_series(${from}::bigint, ${to}::bigint) as i) g0) g1) g`.execute(db);
    await refreshAnalyticWhere(db, opts.registry ?? productRegistry(), sql`c.id in (select ${idOf('c', seed)} from generate_series(${from}::bigint, ${to}::bigint) as i)`);
    opts.onProgress?.(to);
  }
}
