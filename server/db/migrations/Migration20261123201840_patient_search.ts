import { Migration } from '@mikro-orm/migrations';

/**
 * The patient search key (cases/notify/patient-search.ts): `tb_name_key(text)` turns a name into
 * lower-case Latin words with spelling variants folded, so 'Токтогулов', 'TOKTOGULOV' and
 * 'Toktogulov' give the same word and 'Tokhtogulov' a close one ('tohtogulov'); ё/е, й/и/ы/y,
 * ж/zh/j/dzh, х/kh/h, ц/ts, doubled letters and every non-letter are folded on the way. Pure SQL
 * (immutable: `translate`, `replace`, `regexp_replace`; upper-case Cyrillic mapped by hand, so the
 * database's locale does not matter), so PostgreSQL and PGlite compute the same key, a trigger keeps
 * it on every row however it is written (the table writer, the generator's set-based inserts), and
 * the search computes the typed name's key with the very same function.
 * A later change of the letters is a new migration that replaces the function and recomputes the keys.
 */
/** Cyrillic letters (Russian, Kyrgyz, Kazakh, Uzbek, Ukrainian) and Latin letters with marks → the key's letters. */
const LETTERS: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'j', з: 'z', и: 'i', й: 'i', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o',
  п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'h', ц: 'c', ч: 'ch', ш: 'sh', щ: 'sh', ъ: '', ы: 'i', ь: '', э: 'e', ю: 'iu', я: 'ia',
  ң: 'n', ө: 'o', ү: 'u', ә: 'a', ғ: 'g', қ: 'k', ұ: 'u', һ: 'h', і: 'i', ў: 'u', ҳ: 'h', ј: 'j', ґ: 'g', є: 'e', ї: 'i',
  á: 'a', à: 'a', ä: 'a', â: 'a', é: 'e', è: 'e', ë: 'e', ê: 'e', í: 'i', ì: 'i', ï: 'i', î: 'i', ı: 'i', ó: 'o', ò: 'o', ö: 'o', ô: 'o',
  ú: 'u', ù: 'u', ü: 'u', û: 'u', ñ: 'n', ğ: 'g', ç: 'ch', ş: 'sh', š: 'sh', ž: 'j', č: 'ch',
};
/** Latin spellings of one sound folded to one (after the letters, so both scripts meet), in this order. */
const FOLDS: [string, string][] = [
  ['shch', 'sh'], ['sch', 'sh'], ['dzh', 'j'], ['zh', 'j'], ['dj', 'j'], ['kh', 'h'], ['ts', 'c'], ['tz', 'c'],
  ['ye', 'e'], ['yo', 'e'], ['ph', 'f'], ['x', 'ks'], ['y', 'i'], ['w', 'v'], ['q', 'k'],
];

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The body of tb_name_key: letters mapped, spellings folded, doubled letters single, words split by one space. */
function nameKeyExpression(): string {
  const entries = Object.entries(LETTERS);
  const upper = (c: string) => (c.toUpperCase().length === 1 && c.toUpperCase() !== c ? [c, c.toUpperCase()] : [c]);
  const one = entries.filter(([, v]) => v.length === 1).flatMap(([k, v]) => upper(k).map((c) => [c, v] as const));
  const none = entries.filter(([, v]) => v.length === 0).flatMap(([k]) => upper(k));
  const many = entries.filter(([, v]) => v.length > 1).flatMap(([k, v]) => upper(k).map((c) => [c, v] as const));
  let e = `translate(lower(t), ${lit(one.map(([c]) => c).join('') + none.join(''))}, ${lit(one.map(([, v]) => v).join(''))})`;
  for (const [c, v] of many) e = `replace(${e}, ${lit(c)}, ${lit(v)})`;
  for (const [k, v] of FOLDS) e = k.length === 1 && v.length === 1 ? `translate(${e}, ${lit(k)}, ${lit(v)})` : `replace(${e}, ${lit(k)}, ${lit(v)})`;
  e = `regexp_replace(${e}, '([a-z])\\1+', '\\1', 'g')`;
  return `nullif(btrim(regexp_replace(${e}, '[^a-z]+', ' ', 'g')), '')`;
}

const patientKey = (r: string) => `tb_name_key(concat_ws(' ', ${r}.last_name, ${r}.name, ${r}.middle_name))`;
const addWords = (rows: string) =>
  `insert into nameword (id, word) select gen_random_uuid(), w from (select distinct unnest(string_to_array(r.search_key, ' ')) as w from ${rows} r) x where w <> '' on conflict (word) do nothing;`;

export class Migration20261123201840_patient_search extends Migration {

  override name = 'Migration20261123201840_patient_search';

  override up(): void | Promise<void> {
    this.addSql(`create table "nameword" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "word" text not null, primary key ("id"));`);
    this.addSql(`create index "nameword_word_trgm" on "nameword" using gin ("word" gin_trgm_ops);`);
    this.addSql(`alter table "nameword" add constraint "nameword_word_unique" unique ("word");`);

    this.addSql(`alter table "patient" add "search_key" text null;`);
    this.addSql(`create index "patient_search_key_words" on "patient" using gin (string_to_array("search_key", ' '));`);

    this.addSql(`create or replace function tb_name_key(t text) returns text language sql immutable parallel safe strict as $f$ select ${nameKeyExpression()} $f$;`);
    // the key follows the name on every insert and update, whatever the statement wrote
    this.addSql(`create or replace function patient_search_key_fn() returns trigger language plpgsql as $f$ begin new.search_key := ${patientKey('new')}; return new; end; $f$;`);
    this.addSql(`create trigger patient_search_key before insert or update on patient for each row execute function patient_search_key_fn();`);
    // the words of the written keys join the dictionary: one statement per statement (a bulk insert too)
    this.addSql(`create or replace function patient_words_fn() returns trigger language plpgsql as $f$ begin ${addWords('new_rows')} return null; end; $f$;`);
    this.addSql(`create trigger patient_words_ins after insert on patient referencing new table as new_rows for each statement execute function patient_words_fn();`);
    this.addSql(`create trigger patient_words_upd after update on patient referencing new table as new_rows for each statement execute function patient_words_fn();`);
    // the patients already there
    this.addSql(`update patient set search_key = ${patientKey('patient')};`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists patient_words_upd on patient;`);
    this.addSql(`drop trigger if exists patient_words_ins on patient;`);
    this.addSql(`drop trigger if exists patient_search_key on patient;`);
    this.addSql(`drop function if exists patient_words_fn();`);
    this.addSql(`drop function if exists patient_search_key_fn();`);
    this.addSql(`drop function if exists tb_name_key(text);`);
    this.addSql(`drop index if exists "patient_search_key_words";`);
    this.addSql(`alter table "patient" drop column if exists "search_key";`);
    this.addSql(`drop table if exists "nameword" cascade;`);
  }

}
