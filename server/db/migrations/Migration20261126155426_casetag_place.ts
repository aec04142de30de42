import { Migration } from '@mikro-orm/migrations';

/** Where a case is listed (its cohort: migration transfer_cohort), from the tbcase row `r`. */
const PLACE = (r: string) => `(case when ${r}.transferring and ${r}.transfer_from_unit_id is not null then ${r}.transfer_from_unit_id else ${r}.owner_unit_id end)`;

/** Adds a `casetagplace` row for each link of `links` (casetag rows) missing one, from its case. */
const addPlaces = (links: string) => `
    insert into casetagplace (id, workspace_id, case_id, tag_id, unit_id, registration_date)
    select gen_random_uuid(), l.workspace_id, l.case_id, l.tag_id, ${PLACE('t')}, t.registration_date
      from ${links} l join tbcase t on t.id = l.case_id
    on conflict (workspace_id, case_id, tag_id) do nothing;`;

/** Removes the `casetagplace` rows of the links of `links` that no longer exist. */
const dropPlaces = (links: string) => `
    delete from casetagplace p using ${links} o
     where p.workspace_id = o.workspace_id and p.case_id = o.case_id and p.tag_id = o.tag_id
       and not exists (select 1 from casetag l where l.workspace_id = o.workspace_id and l.case_id = o.case_id and l.tag_id = o.tag_id);`;

/**
 * A unit's tag list pages by an index of the tag's cases in that unit, newest first
 * (cases/places/tag-page.ts), instead of walking the unit's cases and probing each for the tag: the
 * table `casetagplace` holds, per case tag, the case's place in the lists and its registration date
 * (the lists' order). Statement triggers keep it in the transaction of every write, whichever path
 * writes (the table writer, the tag action, the automatic tags' set-based links, the generators'
 * bulk SQL), like `casetagcount` (migration casecount):
 * - a link added or removed adds or removes its row;
 * - a case whose place or registration date changes (transfer out, accepted, undone; a new
 *   registration date) moves its rows.
 * Not a synchronised table (`api: false`): the links' documents do not change.
 */
export class Migration20261126155426_casetag_place extends Migration {

  override name = 'Migration20261126155426_casetag_place';

  override up(): void | Promise<void> {
    this.addSql(`create table "casetagplace" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "case_id" uuid not null, "tag_id" uuid not null, "unit_id" uuid not null, "registration_date" date null, primary key ("id"));`);
    this.addSql(`create index "casetagplace_workspace_id_index" on "casetagplace" ("workspace_id");`);
    this.addSql(`create index "casetagplace_case_id_index" on "casetagplace" ("case_id");`);
    this.addSql(`create index "casetagplace_tag_id_index" on "casetagplace" ("tag_id");`);
    this.addSql(`create index "casetagplace_workspace_id_tag_id_unit_id_registrat_3a533_index" on "casetagplace" ("workspace_id", "tag_id", "unit_id", "registration_date", "case_id");`);
    this.addSql(`alter table "casetagplace" add constraint "casetagplace_workspace_id_case_id_tag_id_unique" unique ("workspace_id", "case_id", "tag_id");`);

    this.addSql(`alter table "casetagplace" add constraint "casetagplace_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
    this.addSql(`alter table "casetagplace" add constraint "casetagplace_case_id_foreign" foreign key ("case_id") references "tbcase" ("id") on delete cascade deferrable initially immediate;`);
    this.addSql(`alter table "casetagplace" add constraint "casetagplace_tag_id_foreign" foreign key ("tag_id") references "tag" ("id") on delete cascade deferrable initially immediate;`);

    this.addSql(`create or replace function tb_casetagplace_ins() returns trigger language plpgsql as $$ begin ${addPlaces('new_rows')} return null; end $$;`);
    this.addSql(`create or replace function tb_casetagplace_del() returns trigger language plpgsql as $$ begin ${dropPlaces('old_rows')} return null; end $$;`);
    this.addSql(`create or replace function tb_casetagplace_upd() returns trigger language plpgsql as $$ begin ${dropPlaces('old_rows')} ${addPlaces('new_rows')} return null; end $$;`);
    this.addSql(`create trigger "casetag_place_ins" after insert on "casetag" referencing new table as new_rows for each statement execute function tb_casetagplace_ins();`);
    this.addSql(`create trigger "casetag_place_del" after delete on "casetag" referencing old table as old_rows for each statement execute function tb_casetagplace_del();`);
    this.addSql(`create trigger "casetag_place_upd" after update on "casetag" referencing old table as old_rows new table as new_rows for each statement execute function tb_casetagplace_upd();`);
    this.addSql(`create or replace function tb_casetagplace_case() returns trigger language plpgsql as $$ begin
      update casetagplace p set unit_id = ${PLACE('n')}, registration_date = n.registration_date
        from new_rows n join old_rows o on o.id = n.id
       where p.case_id = n.id and (${PLACE('n')}, n.registration_date) is distinct from (${PLACE('o')}, o.registration_date);
      return null; end $$;`);
    this.addSql(`create trigger "tbcase_casetag_place" after update on "tbcase" referencing old table as old_rows new table as new_rows for each statement execute function tb_casetagplace_case();`);

    // the links already there
    this.addSql(addPlaces('casetag'));
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "tbcase_casetag_place" on "tbcase";`);
    this.addSql(`drop table if exists "casetagplace" cascade;`);
    for (const f of ['ins', 'del', 'upd', 'case']) this.addSql(`drop function if exists tb_casetagplace_${f}() cascade;`);
  }

}
