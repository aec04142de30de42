import { Migration } from '@mikro-orm/migrations';

/**
 * The counts cube of the case reports (schemas/casecube.json, reports/indicator/cube.ts): how many
 * cases each unit's cohort holds by the dimensions below, kept by statement triggers on tbcase (and on
 * patient for the gender) in the same transaction as every write, as the per-unit counts are
 * (migration casecount). A case is placed as the lists place it: in the unit it leaves while a
 * transfer waits (migration transfer_cohort). A value the case lacks is '' (a year: 0).
 */
const PLACE = (r: string) => `(case when ${r}.transferring and ${r}.transfer_from_unit_id is not null then ${r}.transfer_from_unit_id else ${r}.owner_unit_id end)`;

/** The cube's dimensions: its column and the value over a case row `r` with its patient's gender `r.g`. */
const DIMS: [string, string][] = [
  ['gender', "coalesce(r.g, '')"],
  ['classification', "coalesce(r.classification, '')"],
  ['diagnosis_type', "coalesce(r.diagnosis_type, '')"],
  ['state', "coalesce(r.state, '')"],
  ['outcome', "coalesce(r.outcome, '')"],
  ['hiv_result', "coalesce(r.hiv_result, '')"],
  ['registration_group', "coalesce(r.registration_group, '')"],
  ['infection_site', "coalesce(r.infection_site, '')"],
  ['validated', 'r.validated'],
  ['registration_year', "coalesce(extract(year from r.registration_date)::int, 0)"],
];
const cols = DIMS.map(([c]) => c);

/** Adds the signed case rows of `rows` (`k` ±1, tbcase columns, the gender `g`) to the cube. */
const addToCube = (rows: string) => `
    insert into casecube as c (id, workspace_id, unit_id, ${cols.join(', ')}, n)
    select gen_random_uuid(), r.workspace_id, ${PLACE('r')}, ${DIMS.map(([, e]) => e).join(', ')}, sum(r.k)
      from (${rows}) r
     group by ${['r.workspace_id', PLACE('r'), ...DIMS.map(([, e]) => e)].join(', ')}
    having sum(r.k) <> 0
    on conflict (workspace_id, unit_id, ${cols.join(', ')}) do update set n = c.n + excluded.n;`;

const withGender = (k: number, rows: string) => `select ${k} as k, r.*, p.gender as g from ${rows} r left join patient p on p.id = r.patient_id`;

/** An update moves the cases whose place or a counted value changed. */
const CHANGED = `(${PLACE('o')}, o.patient_id, ${cols.filter((c) => c !== 'gender' && c !== 'registration_year').map((c) => `o.${c}`).join(', ')}, extract(year from o.registration_date))
  is distinct from (${PLACE('n')}, n.patient_id, ${cols.filter((c) => c !== 'gender' && c !== 'registration_year').map((c) => `n.${c}`).join(', ')}, extract(year from n.registration_date))`;

const TRIGGERS: [string, string][] = [
  ['tbcase_cube_ins', 'tbcase'],
  ['tbcase_cube_del', 'tbcase'],
  ['tbcase_cube_upd', 'tbcase'],
  ['patient_cube_upd', 'patient'],
];

export class Migration20261126214028_casecube extends Migration {

  override name = 'Migration20261126214028_casecube';

  override up(): void | Promise<void> {
    this.addSql(`create table "casecube" ("id" uuid not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, "workspace_id" uuid not null, "unit_id" uuid not null, "gender" varchar(40) not null, "classification" varchar(40) not null, "diagnosis_type" varchar(40) not null, "state" varchar(40) not null, "outcome" varchar(40) not null, "hiv_result" varchar(40) not null, "registration_group" varchar(40) not null, "infection_site" varchar(40) not null, "validated" boolean not null, "registration_year" int not null, "n" int not null, primary key ("id"));`);
    this.addSql(`create index "casecube_workspace_id_index" on "casecube" ("workspace_id");`);
    this.addSql(`create index "casecube_unit_id_index" on "casecube" ("unit_id");`);
    this.addSql(`alter table "casecube" add constraint "casecube_workspace_id_unit_id_gender_classificati_38914_unique" unique ("workspace_id", "unit_id", "gender", "classification", "diagnosis_type", "state", "outcome", "hiv_result", "registration_group", "infection_site", "validated", "registration_year");`);

    this.addSql(`alter table "casecube" add constraint "casecube_workspace_id_foreign" foreign key ("workspace_id") references "workspace" ("id") on delete cascade;`);
    this.addSql(`alter table "casecube" add constraint "casecube_unit_id_foreign" foreign key ("unit_id") references "unit" ("id") on delete cascade deferrable initially immediate;`);

    this.addSql(`create or replace function tb_casecube_ins() returns trigger language plpgsql as $$ begin ${addToCube(withGender(1, 'new_rows'))} return null; end $$;`);
    this.addSql(`create or replace function tb_casecube_del() returns trigger language plpgsql as $$ begin ${addToCube(withGender(-1, 'old_rows'))} return null; end $$;`);
    this.addSql(`create or replace function tb_casecube_upd() returns trigger language plpgsql as $$ begin
      ${addToCube(`${withGender(-1, `(select o.* from old_rows o join new_rows n on n.id = o.id where ${CHANGED})`)} union all ${withGender(1, `(select n.* from new_rows n join old_rows o on o.id = n.id where ${CHANGED})`)}`)}
      return null; end $$;`);
    // a patient's gender moves each of their cases
    this.addSql(`create or replace function tb_casecube_patient_upd() returns trigger language plpgsql as $$ begin
      ${addToCube(`select -1 as k, t.*, o.gender as g from old_rows o join new_rows n on n.id = o.id join tbcase t on t.patient_id = o.id where o.gender is distinct from n.gender
           union all select 1 as k, t.*, n.gender as g from new_rows n join old_rows o on o.id = n.id join tbcase t on t.patient_id = n.id where o.gender is distinct from n.gender`)}
      return null; end $$;`);
    this.addSql(`create trigger tbcase_cube_ins after insert on tbcase referencing new table as new_rows for each statement execute function tb_casecube_ins();`);
    this.addSql(`create trigger tbcase_cube_del after delete on tbcase referencing old table as old_rows for each statement execute function tb_casecube_del();`);
    this.addSql(`create trigger tbcase_cube_upd after update on tbcase referencing old table as old_rows new table as new_rows for each statement execute function tb_casecube_upd();`);
    this.addSql(`create trigger patient_cube_upd after update on patient referencing old table as old_rows new table as new_rows for each statement execute function tb_casecube_patient_upd();`);

    // the cases already there
    this.addSql(addToCube(withGender(1, 'tbcase')));
  }

  override down(): void | Promise<void> {
    for (const [trigger, table] of TRIGGERS) this.addSql(`drop trigger if exists ${trigger} on ${table};`);
    for (const f of ['tb_casecube_ins', 'tb_casecube_del', 'tb_casecube_upd', 'tb_casecube_patient_upd']) this.addSql(`drop function if exists ${f}();`);
    this.addSql(`drop table if exists "casecube" cascade;`);
  }

}
