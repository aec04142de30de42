import { Migration } from '@mikro-orm/migrations';

/**
 * The per-unit counts (casecount, casetagcount) are kept by triggers, so every way a case or a tag
 * link is written — the table writer, the workflow actions, the generator's set-based inserts —
 * moves them in its own transaction. Statement triggers with transition tables: a bulk insert of
 * 50,000 cases is one grouped upsert, not 50,000.
 */
const COUNT_COLUMNS: [string, string][] = [
  ['suspect', "r.state <> 'CLOSED' and r.diagnosis_type = 'SUSPECT'"],
  ['tb', "r.state <> 'CLOSED' and r.diagnosis_type = 'CONFIRMED' and r.classification = 'TB'"],
  ['drtb', "r.state <> 'CLOSED' and r.diagnosis_type = 'CONFIRMED' and r.classification = 'DRTB'"],
  ['ntm', "r.state <> 'CLOSED' and r.diagnosis_type = 'CONFIRMED' and r.classification = 'NTM'"],
  ['on_treatment', "r.state = 'ONTREATMENT'"],
  ['not_on_treatment', "r.state = 'NOT_ONTREATMENT'"],
  ['not_validated', "r.state <> 'CLOSED' and not r.validated"],
  ['transferring', "r.state <> 'CLOSED' and r.transferring"],
  ['closed', "r.state = 'CLOSED'"],
];
const cols = COUNT_COLUMNS.map(([c]) => c);

/** Adds the signed rows of `rows` (a select of `k` (±1) and tbcase columns, aliased r) to casecount. */
const addCaseCounts = (rows: string) => `
    insert into casecount as c (id, workspace_id, unit_id, ${cols.join(', ')})
    select gen_random_uuid(), r.workspace_id, r.owner_unit_id, ${COUNT_COLUMNS.map(([c, cond]) => `sum(case when ${cond} then r.k else 0 end)`).join(', ')}
      from (${rows}) r
     group by r.workspace_id, r.owner_unit_id
    on conflict (workspace_id, unit_id) do update set ${cols.map((c) => `${c} = c.${c} + excluded.${c}`).join(', ')};`;

/** Adds the signed (case, tag) pairs of `rows` (k, workspace_id, unit_id, tag_id) to casetagcount. */
const addTagCounts = (rows: string) => `
    insert into casetagcount as c (id, workspace_id, unit_id, tag_id, n)
    select gen_random_uuid(), r.workspace_id, r.unit_id, r.tag_id, sum(r.k)
      from (${rows}) r
     group by r.workspace_id, r.unit_id, r.tag_id
    having sum(r.k) <> 0
    on conflict (workspace_id, unit_id, tag_id) do update set n = c.n + excluded.n;`;

const tagsOf = (k: number, links: string) => `select ${k} as k, t.workspace_id, t.owner_unit_id as unit_id, l.tag_id from ${links} l join tbcase t on t.id = l.case_id`;

export class Migration20261123200921_casecount extends Migration {

  override name = 'Migration20261123200921_casecount';

  override up(): void | Promise<void> {
    this.addSql(`create table "casetagcount" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "unit_id" uuid not null, "tag_id" uuid not null, "n" int not null, primary key ("id"));`);
    this.addSql(`create index "casetagcount_workspace_id_index" on "casetagcount" ("workspace_id");`);
    this.addSql(`create index "casetagcount_unit_id_index" on "casetagcount" ("unit_id");`);
    this.addSql(`create index "casetagcount_tag_id_index" on "casetagcount" ("tag_id");`);
    this.addSql(`create index "casetagcount_workspace_id_tag_id_index" on "casetagcount" ("workspace_id", "tag_id");`);
    this.addSql(`alter table "casetagcount" add constraint "casetagcount_workspace_id_unit_id_tag_id_unique" unique ("workspace_id", "unit_id", "tag_id");`);

    this.addSql(`create table "casecount" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "unit_id" uuid not null, "suspect" int not null, "tb" int not null, "drtb" int not null, "ntm" int not null, "on_treatment" int not null, "not_on_treatment" int not null, "not_validated" int not null, "transferring" int not null, "closed" int not null, primary key ("id"));`);
    this.addSql(`create index "casecount_workspace_id_index" on "casecount" ("workspace_id");`);
    this.addSql(`create index "casecount_unit_id_index" on "casecount" ("unit_id");`);
    this.addSql(`alter table "casecount" add constraint "casecount_workspace_id_unit_id_unique" unique ("workspace_id", "unit_id");`);

    this.addSql(`alter table "casetagcount" add constraint "casetagcount_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
    this.addSql(`alter table "casetagcount" add constraint "casetagcount_unit_id_foreign" foreign key ("unit_id") references "unit" ("id") on delete cascade deferrable initially immediate;`);
    this.addSql(`alter table "casetagcount" add constraint "casetagcount_tag_id_foreign" foreign key ("tag_id") references "tag" ("id") on delete cascade deferrable initially immediate;`);

    this.addSql(`alter table "casecount" add constraint "casecount_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
    this.addSql(`alter table "casecount" add constraint "casecount_unit_id_foreign" foreign key ("unit_id") references "unit" ("id") on delete cascade deferrable initially immediate;`);

    this.addSql(`create or replace function tb_casecount_ins() returns trigger language plpgsql as $$ begin ${addCaseCounts('select 1 as k, * from new_rows')} return null; end $$;`);
    this.addSql(`create or replace function tb_casecount_del() returns trigger language plpgsql as $$ begin ${addCaseCounts('select -1 as k, * from old_rows')} return null; end $$;`);
    // an update moves the counts of the rows whose counted columns or owner unit changed, and the
    // tag counts of the cases that changed owner (a transfer)
    const changed = `(o.owner_unit_id, o.state, o.diagnosis_type, o.classification, o.validated, o.transferring) is distinct from (n.owner_unit_id, n.state, n.diagnosis_type, n.classification, n.validated, n.transferring)`;
    this.addSql(`create or replace function tb_casecount_upd() returns trigger language plpgsql as $$ begin
      ${addCaseCounts(`select -1 as k, o.* from old_rows o join new_rows n on n.id = o.id where ${changed} union all select 1 as k, n.* from new_rows n join old_rows o on o.id = n.id where ${changed}`)}
      ${addTagCounts(`select -1 as k, o.workspace_id, o.owner_unit_id as unit_id, l.tag_id from old_rows o join new_rows n on n.id = o.id join casetag l on l.case_id = o.id where n.owner_unit_id <> o.owner_unit_id
                union all select 1 as k, n.workspace_id, n.owner_unit_id as unit_id, l.tag_id from new_rows n join old_rows o on o.id = n.id join casetag l on l.case_id = n.id where n.owner_unit_id <> o.owner_unit_id`)}
      return null; end $$;`);
    // a deleted case's tag links cascade after the case is gone, when their trigger can no longer
    // find its unit: the case takes its tags off the counts before it goes
    this.addSql(`create or replace function tb_casetagcount_case_del() returns trigger language plpgsql as $$ begin
      update casetagcount set n = n - 1 where workspace_id = old.workspace_id and unit_id = old.owner_unit_id and tag_id in (select l.tag_id from casetag l where l.case_id = old.id);
      return old; end $$;`);
    this.addSql(`create or replace function tb_casetagcount_ins() returns trigger language plpgsql as $$ begin ${addTagCounts(tagsOf(1, 'new_rows'))} return null; end $$;`);
    this.addSql(`create or replace function tb_casetagcount_del() returns trigger language plpgsql as $$ begin ${addTagCounts(tagsOf(-1, 'old_rows'))} return null; end $$;`);
    this.addSql(`create or replace function tb_casetagcount_upd() returns trigger language plpgsql as $$ begin ${addTagCounts(`${tagsOf(-1, 'old_rows')} union all ${tagsOf(1, 'new_rows')}`)} return null; end $$;`);

    this.addSql(`create trigger tbcase_count_ins after insert on tbcase referencing new table as new_rows for each statement execute function tb_casecount_ins();`);
    this.addSql(`create trigger tbcase_count_del after delete on tbcase referencing old table as old_rows for each statement execute function tb_casecount_del();`);
    this.addSql(`create trigger tbcase_count_upd after update on tbcase referencing old table as old_rows new table as new_rows for each statement execute function tb_casecount_upd();`);
    this.addSql(`create trigger tbcase_tagcount_del before delete on tbcase for each row execute function tb_casetagcount_case_del();`);
    this.addSql(`create trigger casetag_count_ins after insert on casetag referencing new table as new_rows for each statement execute function tb_casetagcount_ins();`);
    this.addSql(`create trigger casetag_count_del after delete on casetag referencing old table as old_rows for each statement execute function tb_casetagcount_del();`);
    this.addSql(`create trigger casetag_count_upd after update on casetag referencing old table as old_rows new table as new_rows for each statement execute function tb_casetagcount_upd();`);

    // the cases and links already there
    this.addSql(addCaseCounts('select 1 as k, * from tbcase'));
    this.addSql(addTagCounts(tagsOf(1, 'casetag')));
  }

  override down(): void | Promise<void> {
    for (const [trigger, table] of [['tbcase_count_ins', 'tbcase'], ['tbcase_count_del', 'tbcase'], ['tbcase_count_upd', 'tbcase'], ['tbcase_tagcount_del', 'tbcase'], ['casetag_count_ins', 'casetag'], ['casetag_count_del', 'casetag'], ['casetag_count_upd', 'casetag']]) {
      this.addSql(`drop trigger if exists ${trigger} on ${table};`);
    }
    for (const f of ['tb_casecount_ins', 'tb_casecount_del', 'tb_casecount_upd', 'tb_casetagcount_case_del', 'tb_casetagcount_ins', 'tb_casetagcount_del', 'tb_casetagcount_upd']) this.addSql(`drop function if exists ${f}();`);
    this.addSql(`drop table if exists "casetagcount" cascade;`);
    this.addSql(`drop table if exists "casecount" cascade;`);
  }

}
