/**
 * The patient search (`POST /api/tbl/patient/search`): the programme's guard
 * against registering a patient twice. It finds a registered patient whatever the letter case, ё/е,
 * a Latin spelling of a Cyrillic name or back ('Tokhtogulov' ↔ 'Токтогулов'), a one-letter typo or
 * the name parts typed in another order, closest first, 20 per page.
 *
 * How, at a million patients:
 * - every patient row carries `search_key`: its name parts (last, first, middle) as lower-case Latin
 *   words with spelling variants folded, written by a trigger with the SQL function `tb_name_key`
 *   (migration patient_search), the function that also turns the typed name into words here;
 * - `nameword` holds each word of those keys once (the same trigger adds new ones): each typed word
 *   is first matched against it by trigram similarity (`<%`, word similarity ≥ 0.4: typos,
 *   transliteration, fragments), giving at most 10 known words close to it, each with a score
 *   (at least {@link MIN_SCORE});
 * - the patients are then those whose key holds, for every typed word, one of its close words — read
 *   from `patientword` (each word of a key alone and each pair of its words, kept by triggers): the
 *   first typed word's close words, or the pairs of the first two's, each a range of its B-tree index
 *   stopping at {@link CAP}, so the work is the size of the answer whatever the name's frequency (the
 *   key's GIN words index would first gather every patient of a common name); with a birth date, the
 *   few patients born that day through that GIN index;
 * - ranked: the very key typed first, then the keys within one typing error of it (every typed word
 *   in the key but at most one, and that one within `tb_edits_upto1` of a close word of it in the key:
 *   one letter changed, added, dropped or two swapped, over the whole name), then the typed words' endings kept (a
 *   candidate nearer to what was typed: 'Иваноа' is 'Иванова' before 'Иванов', one error from both), then
 *   the sum of the words' scores, then the last name typed
 *   first in the key, then the key's length nearest the typed one, then id. At most {@link CAP}
 *   candidates are ranked (the ones with every typed word exactly first): a broader search counts
 *   as '500+'.
 * The birth date alone lists the patients born that day, by name. Each hit carries the patient and
 * their latest case (by registration date).
 *
 * @example await searchPatients(db, ws, { lastName: 'tokhtogulov', name: 'Айбек' }) // { count: 3, list: [{ patient: {…}, caseNumber: '000042', … }] }
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../server/db/kysely.ts';

/** Rows per page. */
export const PAGE_SIZE = 20;
/** The most candidates ranked and counted: past it the count reads '500+' (25 pages). */
export const CAP = 500;
/** How many rows of `patientword` one patient may take in a read by close words (the words of a name). */
const REPEATS = 4;
/** The most typed words considered. */
const MAX_WORDS = 6;
/** How close a known word must be to a typed one (pg_trgm word similarity). */
const WORD_THRESHOLD = 0.4;
/** The closest known words kept per typed word. */
const VARIANTS = 10;
/**
 * The least score of a known word kept for a typed one (the mean of pg_trgm's word similarity and
 * similarity): a one-letter typo of a name scores about 0.6 ('toktogulav' → 'toktogulov' 0.65), while
 * words merely sharing an ending score below ('ivanova' → 'sultanova' 0.39) and would only widen the search.
 */
const MIN_SCORE = 0.45;

export interface PatientSearchInput {
  name?: string;
  middleName?: string;
  lastName?: string;
  /** `YYYY-MM-DD`: only patients born that day. */
  birthDate?: string;
  /** From 1. */
  page?: number;
}

export interface PatientHit {
  patient: { id: string; name: string; middleName: string | null; lastName: string | null; gender: string; birthDate: string | null };
  /** The patient's latest case (by registration date), or null fields when they have none. */
  caseId: string | null;
  caseNumber: string | null;
  classification: string | null;
  diagnosisType: string | null;
  state: string | null;
  registrationDate: string | null;
  diagnosisDate: string | null;
  iniTreatmentDate: string | null;
  outcomeDate: string | null;
  outcome: string | null;
  otherOutcome: string | null;
  notificationUnit: { id: string; name: string; adminUnit: { id: string; name: string } | null } | null;
}

export interface PatientSearchResult {
  list: PatientHit[];
  count: number;
  /** More than {@link CAP} patients matched: the count reads '500+'. */
  countCapped: boolean;
  page: number;
  pageSize: number;
}

interface Row {
  id: string;
  name: string;
  middle_name: string | null;
  last_name: string | null;
  gender: string;
  birth_date: string | null;
  total: string | number;
  case_id: string | null;
  case_number: string | null;
  classification: string | null;
  diagnosis_type: string | null;
  state: string | null;
  registration_date: string | null;
  diagnosis_date: string | null;
  ini_treatment_date: string | null;
  outcome_date: string | null;
  outcome: string | null;
  other_outcome: string | null;
  unit_id: string | null;
  unit_name: string | null;
  admin_unit_id: string | null;
  admin_unit_name: string | null;
}

/** A date column, selected as text: `YYYY-MM-DD`. */
const day = (v: string | null): string | null => v;

/**
 * Patients of the workspace matching the typed name parts (and birth date), closest first, one page.
 * Runs in one transaction of `db` (the word threshold is set for it alone).
 * @example await searchPatients(kysely(em), session.workspaceId, { name: 'айбек', lastName: 'TOKTOGULOV', page: 1 })
 */
export async function searchPatients(db: Kysely<Database>, workspaceId: string, input: PatientSearchInput): Promise<PatientSearchResult> {
  const page = Math.max(1, Math.floor(input.page ?? 1));
  const empty = { list: [], count: 0, countCapped: false, page, pageSize: PAGE_SIZE };
  const typed = [input.lastName, input.name, input.middleName].filter((x) => x && x.trim()).join(' ');
  if (!typed) return input.birthDate ? bornOn(db, workspaceId, input.birthDate, page) : empty;
  return db.transaction().execute(async (tx) => {
    const k = (await sql<{ key: string | null; last: string | null }>`
      select tb_name_key(${typed}) as key, tb_name_key(${input.lastName ?? ''}) as last,
             set_config('pg_trgm.word_similarity_threshold', ${String(WORD_THRESHOLD)}, true) as _`.execute(tx)).rows[0];
    if (!k.key) return empty;
    const words = k.key.split(' ').slice(0, MAX_WORDS);
    const key = words.join(' ');
    const keyWords = sql`string_to_array(p.search_key, ' ')`;
    const born = input.birthDate ? sql`and p.birth_date = ${input.birthDate}::date` : sql``;
    // every typed word must be matched by one of its close known words
    const everyWord = sql.join(words.map((_, i) => sql`${keyWords} && (select array_agg(v.word) from v where v.i = ${i + 1})`), sql` and `);
    const rows = (await sql<Row>`
      with q as (select w, i::int as i from unnest(${words}::text[]) with ordinality as t(w, i)),
      -- each close word's edits from its typed word: 0 the very word, 1 one typing error, else 2
      -- (ten calls of the edit test per typed word, not one per candidate)
      v as materialized (
        select q.i, n.word, n.s,
               case when n.word = q.w then 0 when abs(length(n.word) - length(q.w)) <= 1 and tb_edits_upto1(q.w, n.word) <= 1 then 1 else 2 end as d,
               -- how many of the typed word's last letters the word ends with ('ivanoa': 'ivanova' 1, 'ivanov' 0)
               (select coalesce(max(g), 0) from generate_series(1, least(length(q.w), length(n.word))) g where right(q.w, g) = right(n.word, g)) as e
          from q cross join lateral (
          select word, s from (select word, (word_similarity(q.w, word) + similarity(q.w, word)) / 2 as s from nameword where q.w <% word) x
           where s >= ${MIN_SCORE} order by s desc, word limit ${VARIANTS}) n),
      ${input.birthDate ? bornCandidates(workspaceId, words, born, everyWord) : wordCandidates(workspaceId, words, (page - 1) * PAGE_SIZE + PAGE_SIZE)},
      -- per candidate, its words' scores and whether the whole name is within one typing error: each
      -- typed word's nearest close word in the key (every candidate holds one for each typed word)
      scored as (
        select id, sum(m) as score, sum(d) <= 1 as near, sum(e) as ending from (
          select c.id, v.i, max(v.s) as m, min(v.d) as d, max(v.e) as e from cand c cross join unnest(string_to_array(c.search_key, ' ')) as w(word) join v on v.word = w.word
           group by c.id, v.i) x
         group by id),
      ranked as (
        select c.id, c.search_key = ${key} as exact, coalesce(s.near, false) as near, coalesce(s.ending, 0) as ending, coalesce(s.score, 0) as score,
               coalesce(starts_with(c.search_key, ${k.last ?? ''} || ' '), false) as last_first,
               abs(length(c.search_key) - ${key.length}) as dlen
          from cand c left join scored s on s.id = c.id),
      page as (
        select r.*, (select n from total) as total from ranked r
         order by r.exact desc, r.near desc, r.ending desc, r.score desc, r.last_first desc, r.dlen, r.id
         limit ${PAGE_SIZE} offset ${(page - 1) * PAGE_SIZE})
      ${hitColumns(workspaceId)}
       order by pg.exact desc, pg.near desc, pg.ending desc, pg.score desc, pg.last_first desc, pg.dlen, pg.id`.execute(tx)).rows;
    const total = rows.length ? Number(rows[0].total) : await countOnly(tx, workspaceId, words, born, everyWord);
    return { list: rows.map(toHit), count: Math.min(total, CAP), countCapped: total > CAP, page, pageSize: PAGE_SIZE };
  });
}

/**
 * The candidates of a typed name without a birth date (CTEs `cand`: id, search_key, and `total`: n),
 * from `patientword` (schemas/tables/patientword.json): the patients whose key holds the very words typed,
 * and those holding one close word of each — read by the first typed word (one word) or the first two
 * (a pair), each a range of the table's B-tree index that stops at {@link CAP}; a third word and more
 * are checked on the patient's key. Needs the CTEs `q` (typed words) and `v` (their close words).
 *
 * Every patient holding the very words typed ranks above every other (each of their words scores the
 * most), so when they alone fill the page up to `pageEnd`, the others are only counted, from the index,
 * and their rows are not read nor ranked: a common full name ('Ivanova Mariya', 267 of them among 700
 * candidates) costs a third of the work.
 */
function wordCandidates(workspaceId: string, words: string[], pageEnd: number) {
  const keyWords = sql`string_to_array(p.search_key, ' ')`;
  // a pair is written smaller word first; one word twice is that word alone
  const pairOf = (a: RawBuilder<unknown>, b: RawBuilder<unknown>) => sql`least(${a}, ${b}) as w1, case when ${a} = ${b} then '' else greatest(${a}, ${b}) end as w2`;
  const exact = words.length === 1 ? sql`select ${words[0]}::text as w1, ''::text as w2` : sql`select ${pairOf(sql`${words[0]}::text`, sql`${words[1]}::text`)}`;
  const close = words.length === 1
    ? sql`select v.word as w1, ''::text as w2 from v where v.i = 1`
    : sql`select distinct ${pairOf(sql`a.word`, sql`b.word`)} from v a join v b on a.i = 1 and b.i = 2`;
  // a patient holding several close words of one typed word ('petr': Petrov Petr Petrovich) has a row
  // for each: a few times the bound are read, each patient kept once
  const rows = (pairs: RawBuilder<unknown>) => sql`select x.patient_id from (${pairs}) pr
           cross join lateral (select pw.patient_id from patientword pw where pw.workspace_id = ${workspaceId} and pw.w1 = pr.w1 and pw.w2 = pr.w2) x`;
  const ids = (pairs: RawBuilder<unknown>) => sql`select distinct y.patient_id as id from (${rows(pairs)} limit ${REPEATS * (CAP + 1)}) y limit ${CAP + 1}`;
  if (words.length > 2) {
    // a third typed word and more are checked on the patient's key, read with the words' rows
    const read = (pairs: RawBuilder<unknown>, check: RawBuilder<unknown>) =>
      sql`select distinct on (c.id) c.id, c.search_key from (select p.id, p.search_key from (${rows(pairs)}) y join patient p on p.id = y.patient_id where true ${check} limit ${REPEATS * (CAP + 1)}) c limit ${CAP + 1}`;
    const restClose = sql.join(words.slice(2).map((_, j) => sql`and ${keyWords} && (select array_agg(v.word) from v where v.i = ${j + 3})`), sql` `);
    return sql`cand as materialized ((${read(exact, sql`and ${keyWords} @> ${words}::text[]`)}) union (${read(close, restClose)})),
      total as (select count(*) as n from cand)`;
  }
  return sql`exact as materialized (select p.id, p.search_key from (${ids(exact)}) d join patient p on p.id = d.id),
      close_ids as materialized (${ids(close)}),
      cand as materialized (
        select id, search_key from exact
        union all
        select p.id, p.search_key from close_ids d join patient p on p.id = d.id
         where (select count(*) from exact) < ${pageEnd} and d.id not in (select id from exact)),
      total as (select count(*) as n from (select id from exact union select id from close_ids) x)`;
}

/** The candidates of a typed name born on a day (CTEs `cand` and `total`): the few patients born that day, by their key's words index. */
function bornCandidates(workspaceId: string, words: string[], born: RawBuilder<unknown>, everyWord: RawBuilder<unknown>) {
  const keyWords = sql`string_to_array(p.search_key, ' ')`;
  return sql`cand as materialized (
        (select p.id, p.search_key from patient p where p.workspace_id = ${workspaceId} and ${keyWords} @> ${words}::text[] ${born} limit ${CAP + 1})
        union
        (select p.id, p.search_key from patient p where p.workspace_id = ${workspaceId} and ${everyWord} ${born} limit ${CAP + 1})),
      total as (select count(*) as n from cand)`;
}

/** The most known words one typed fragment stands for in {@link namePartsContaining}. */
const FRAGMENT_WORDS = 200;

/**
 * The condition "every fragment typed is inside a word of the patient's name" on `alias` (a patient
 * row), with the patient search's folding (`tb_name_key`: letter case, ё/е, Cyrillic/Latin
 * spellings), for the toolbar's search: each folded fragment picks the known name words containing
 * it (`nameword`, its trigram index), and the patient's key must hold one of them (the key's words
 * index). Undefined when nothing typed is a name.
 * @example const cond = await namePartsContaining(db, 'p', 'фёдор'); // also 'Федоров', 'Fedorov'
 */
export async function namePartsContaining(db: Kysely<Database>, alias: string, typed: string) {
  const key = (await sql<{ key: string | null }>`select tb_name_key(${typed}) as key`.execute(db)).rows[0]?.key;
  if (!key) return undefined;
  const keyWords = sql`string_to_array(${sql.ref(`${alias}.search_key`)}, ' ')`;
  return sql.join(
    key.split(' ').slice(0, MAX_WORDS).map((w) => sql`${keyWords} && array(select n.word from nameword n where n.word like ${`%${w}%`} order by length(n.word), n.word limit ${FRAGMENT_WORDS})`),
    sql` and `,
  );
}

/** A page's patients (CTE `page`: id, total) with their latest case, its unit and area. */
const hitColumns = (workspaceId: string) => sql`
      select p.id, p.name, p.middle_name, p.last_name, p.gender, p.birth_date::text as birth_date, pg.total,
             c.id as case_id, c.case_number, c.classification, c.diagnosis_type, c.state, c.registration_date::text as registration_date,
             c.diagnosis_date::text as diagnosis_date, c.ini_treatment_date::text as ini_treatment_date, c.outcome_date::text as outcome_date,
             c.outcome, c.other_outcome,
             u.id as unit_id, u.name as unit_name, a.id as admin_unit_id, a.name as admin_unit_name
        from page pg
        join patient p on p.id = pg.id
        left join lateral (
          select c.* from tbcase c where c.patient_id = pg.id and c.workspace_id = ${workspaceId}
           order by c.registration_date desc nulls last, c.created_at desc, c.id desc limit 1) c on true
        left join unit u on u.id = c.notification_unit_id
        left join adminunit a on a.id = u.address_admin_unit_id`;

/**
 * The birth date alone (no name part typed): the patients born that day, by name — through the
 * index of the workspace's birth dates, at most {@link CAP} counted.
 */
async function bornOn(db: Kysely<Database>, workspaceId: string, birthDate: string, page: number): Promise<PatientSearchResult> {
  const rows = (await sql<Row>`
    with born as (
      select p.id, p.last_name, p.name, p.middle_name from patient p
       where p.workspace_id = ${workspaceId} and p.birth_date = ${birthDate}::date limit ${CAP + 1}),
    page as (
      select b.*, count(*) over () as total from born b
       order by b.last_name, b.name, b.middle_name, b.id limit ${PAGE_SIZE} offset ${(page - 1) * PAGE_SIZE})
    ${hitColumns(workspaceId)}
     order by pg.last_name, pg.name, pg.middle_name, pg.id`.execute(db)).rows;
  const total = rows.length ? Number(rows[0].total)
    : Number((await sql<{ n: string }>`select count(*) as n from (select 1 from patient p where p.workspace_id = ${workspaceId} and p.birth_date = ${birthDate}::date limit ${CAP + 1}) x`.execute(db)).rows[0].n);
  return { list: rows.map(toHit), count: Math.min(total, CAP), countCapped: total > CAP, page, pageSize: PAGE_SIZE };
}

/** The count when the asked page is past the end (the page query then gives no row to read it from). */
async function countOnly(tx: Kysely<Database>, workspaceId: string, words: string[], born: ReturnType<typeof sql>, everyWord: ReturnType<typeof sql>): Promise<number> {
  const keyWords = sql`string_to_array(p.search_key, ' ')`;
  const r = await sql<{ n: string }>`
    with q as (select w, i::int as i from unnest(${words}::text[]) with ordinality as t(w, i)),
    v as materialized (
      select q.i, n.word from q cross join lateral (
        select word, s from (select word, (word_similarity(q.w, word) + similarity(q.w, word)) / 2 as s from nameword where q.w <% word) x
         where s >= ${MIN_SCORE} order by s desc, word limit ${VARIANTS}) n)
    select count(*) as n from (
      (select p.id from patient p where p.workspace_id = ${workspaceId} and ${keyWords} @> ${words}::text[] ${born} limit ${CAP + 1})
      union
      (select p.id from patient p where p.workspace_id = ${workspaceId} and ${everyWord} ${born} limit ${CAP + 1})) x`.execute(tx);
  return Number(r.rows[0]?.n ?? 0);
}

function toHit(r: Row): PatientHit {
  return {
    patient: { id: r.id, name: r.name, middleName: r.middle_name, lastName: r.last_name, gender: r.gender, birthDate: day(r.birth_date) },
    caseId: r.case_id,
    caseNumber: r.case_number,
    classification: r.classification,
    diagnosisType: r.diagnosis_type,
    state: r.state,
    registrationDate: day(r.registration_date),
    diagnosisDate: day(r.diagnosis_date),
    iniTreatmentDate: day(r.ini_treatment_date),
    outcomeDate: day(r.outcome_date),
    outcome: r.outcome,
    otherOutcome: r.other_outcome,
    notificationUnit: r.unit_id
      ? { id: r.unit_id, name: r.unit_name!, adminUnit: r.admin_unit_id ? { id: r.admin_unit_id, name: r.admin_unit_name! } : null }
      : null,
  };
}
