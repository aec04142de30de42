import { Migration } from '@mikro-orm/migrations';

/**
 * `patientword` (schemas/patientword.json): each word of a patient's search key alone (w2 empty) and
 * each pair of its distinct words (w1 < w2), kept by statement triggers on patient beside those of
 * `nameword` (migration patient_search) — so the patient search reads the patients having a word, or
 * a pair of words, as a range of one B-tree index that stops at the search's bound. Filled for the
 * patients there are before its indexes are built.
 */
const wordsOf = (rows: string) => `
  insert into patientword (id, workspace_id, patient_id, w1, w2)
  select gen_random_uuid(), r.workspace_id, r.id, x.w1, x.w2
    from ${rows} r
    cross join lateral (
      with w as (select distinct k.w from unnest(string_to_array(r.search_key, ' ')) as k(w) where k.w <> '')
      select w.w as w1, '' as w2 from w
      union all
      select a.w, b.w from w a join w b on a.w < b.w) x
   where r.search_key is not null;`;

export class Migration20261127010223_patient_words extends Migration {

  override name = 'Migration20261127010223_patient_words';

  override up(): void | Promise<void> {
    this.addSql(`create table "patientword" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "patient_id" uuid not null, "w1" text not null, "w2" text not null, primary key ("id"));`);
    this.addSql(wordsOf('patient'));
    this.addSql(`create index "patientword_workspace_id_index" on "patientword" ("workspace_id");`);
    this.addSql(`create index "patientword_patient_id_index" on "patientword" ("patient_id");`);
    this.addSql(`create index "patientword_workspace_id_w1_w2_patient_id_index" on "patientword" ("workspace_id", "w1", "w2", "patient_id");`);

    this.addSql(`alter table "patientword" add constraint "patientword_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
    this.addSql(`alter table "patientword" add constraint "patientword_patient_id_foreign" foreign key ("patient_id") references "patient" ("id") on delete cascade deferrable initially immediate;`);

    // a patient's rows follow its key: written with it, rewritten when it changes (a delete cascades)
    this.addSql(`create or replace function patient_pw_ins_fn() returns trigger language plpgsql as $f$ begin ${wordsOf('new_rows')} return null; end; $f$;`);
    this.addSql(`create trigger patient_pw_ins after insert on patient referencing new table as new_rows for each statement execute function patient_pw_ins_fn();`);
    this.addSql(`create or replace function patient_pw_upd_fn() returns trigger language plpgsql as $f$ begin
      delete from patientword pw using old_rows o join new_rows n on n.id = o.id where pw.patient_id = o.id and o.search_key is distinct from n.search_key;
      ${wordsOf('(select n.* from new_rows n join old_rows o on o.id = n.id where o.search_key is distinct from n.search_key)')}
      return null; end; $f$;`);
    this.addSql(`create trigger patient_pw_upd after update on patient referencing old table as old_rows new table as new_rows for each statement execute function patient_pw_upd_fn();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists patient_pw_upd on patient;`);
    this.addSql(`drop trigger if exists patient_pw_ins on patient;`);
    this.addSql(`drop function if exists patient_pw_upd_fn();`);
    this.addSql(`drop function if exists patient_pw_ins_fn();`);
    this.addSql(`drop table if exists "patientword" cascade;`);
  }

}
