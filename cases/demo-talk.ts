/**
 * Comments and review issues for the demo register: a few realistic remarks by the demo users on
 * some of the generated cases — comments in each group, open and closed issues, some answered.
 * Set-based SQL like `cases/generate.ts` (no history entries).
 */
import { sql, type Kysely } from 'kysely';

const COMMENTS: [group: string, text: string][] = [
  ['DATA', 'Адрес проживания уточнён со слов пациента.'],
  ['DATA', 'Пациент направлен из ЦСМ, результаты первичного обследования приложены.'],
  ['CONTACTS', 'Все члены семьи приглашены на обследование.'],
  ['ADV_REACTS', 'Тошнота на второй неделе лечения, доза не менялась.'],
  ['COMORBIDITIES', 'Сахарный диабет 2 типа, наблюдается у эндокринолога.'],
  ['PREV_TREATS', 'Со слов пациента, лечение в 2019 году прервано после трёх месяцев.'],
];
const ISSUES: [title: string, description: string, answer: string | null][] = [
  ['Нет результата посева', 'На втором месяце лечения нет результата посева мокроты. Прошу проверить.', 'Материал отправлен в лабораторию, ждём результат.'],
  ['Дата регистрации', 'Дата регистрации раньше даты постановки диагноза — проверьте, пожалуйста.', null],
  ['Неполные данные о контактах', 'Не указаны контакты по месту работы.', 'Контакты по месту работы добавлены.'],
];

/**
 * Adds comments to about one demo case in eight and an issue to about one in twelve, by the
 * workspace's users; returns how many comments and issues it wrote.
 * @example await generateDemoTalk(kysely(em), workspaceId)
 */
export async function generateDemoTalk(db: Kysely<any>, workspaceId: string): Promise<{ comments: number; issues: number }> {
  const texts = (xs: (string | null)[]) => sql`array[${sql.join(xs.map((x) => (x === null ? sql`null` : sql.lit(x))))}]::text[]`;
  const user = sql`(select u.id from sysuser u join userws w on w.user_id = u.id where w.workspace_id = ${workspaceId} order by u.login limit 1)`;
  const cases = sql`select id, owner_unit_id, registration_date, row_number() over (order by id) as i from tbcase where workspace_id = ${workspaceId}`;
  const comments = await sql`
    insert into casecomment (id, workspace_id, case_id, "group", comment, user_id, date)
    select gen_random_uuid(), ${workspaceId}, c.id,
           (${texts(COMMENTS.map((x) => x[0]))})[1 + (c.i / 8) % ${COMMENTS.length}],
           (${texts(COMMENTS.map((x) => x[1]))})[1 + (c.i / 8) % ${COMMENTS.length}],
           ${user}, least(c.registration_date + interval '10 days', now())
      from (${cases}) c where c.i % 8 = 0`.execute(db);
  const issues = await sql`
    insert into issue (id, workspace_id, case_id, title, description, user_id, unit_id, creation_date, closed)
    select md5(c.id::text || 'issue')::uuid, ${workspaceId}, c.id,
           (${texts(ISSUES.map((x) => x[0]))})[1 + (c.i / 12) % ${ISSUES.length}],
           (${texts(ISSUES.map((x) => x[1]))})[1 + (c.i / 12) % ${ISSUES.length}],
           ${user}, c.owner_unit_id, least(c.registration_date + interval '20 days', now()), c.i % 36 = 0
      from (${cases}) c where c.i % 12 = 0`.execute(db);
  await sql`
    insert into issuefollowup (id, workspace_id, issue_id, text, user_id, unit_id, followup_date)
    select gen_random_uuid(), ${workspaceId}, md5(c.id::text || 'issue')::uuid, a.answer, ${user}, c.owner_unit_id, least(c.registration_date + interval '25 days', now())
      from (${cases}) c
      cross join lateral (select (${texts(ISSUES.map((x) => x[2]))})[1 + (c.i / 12) % ${ISSUES.length}] as answer) a
     where c.i % 12 = 0 and a.answer is not null`.execute(db);
  return { comments: Number(comments.numAffectedRows ?? 0), issues: Number(issues.numAffectedRows ?? 0) };
}
