import { Migration } from '@mikro-orm/migrations';

/**
 * The counts cube (schemas/casecube.json) becomes a layer over the cases' analytic rows (migration
 * caseanalytic, server/analytic/): its statement triggers move from tbcase and patient to caseanalytic,
 * whose row already holds every dimension (the patient's gender included), so the cube is the sum of
 * the analytic rows by construction and any analytic column can become a dimension. The cube is emptied
 * here and refilled by the triggers as the start fills the analytic rows (server/analytic/backfill.ts).
 * A case is placed as the lists place it: in the unit it leaves while a transfer waits.
 */
const PLACE = (r: string) => `(case when ${r}.transferring and ${r}.transfer_from_unit_id is not null then ${r}.transfer_from_unit_id else ${r}.owner_unit_id end)`;

/** The cube's dimensions: its column and the value over a row `r` (an analytic row, or a case with its patient's gender as `r.gender`). */
const DIMS: [string, string][] = [
  ['gender', "coalesce(r.gender, '')"],
  ['classification', "coalesce(r.classification, '')"],
  ['diagnosis_type', "coalesce(r.diagnosis_type, '')"],
  ['state', "coalesce(r.state, '')"],
  ['outcome', "coalesce(r.outcome, '')"],
  ['hiv_result', "coalesce(r.hiv_result, '')"],
  ['registration_group', "coalesce(r.registration_group, '')"],
  ['infection_site', "coalesce(r.infection_site, '')"],
  ['validated', 'coalesce(r.validated, false)'],
  ['registration_year', 'coalesce(extract(year from r.registration_date)::int, 0)'],
];
const cols = DIMS.map(([c]) => c);

/** Adds the signed rows of `rows` (`k` ±1) to the cube. */
const addToCube = (rows: string) => `
    insert into casecube as c (id, workspace_id, unit_id, ${cols.join(', ')}, n)
    select gen_random_uuid(), r.workspace_id, ${PLACE('r')}, ${DIMS.map(([, e]) => e).join(', ')}, sum(r.k)
      from (${rows}) r
     group by ${['r.workspace_id', PLACE('r'), ...DIMS.map(([, e]) => e)].join(', ')}
    having sum(r.k) <> 0
    on conflict (workspace_id, unit_id, ${cols.join(', ')}) do update set n = c.n + excluded.n;`;

/** An analytic row moves the cube when its place or a dimension changed. */
const CHANGED = `(${PLACE('o')}, ${DIMS.map(([, e]) => e.replace(/r\./g, 'o.')).join(', ')}) is distinct from (${PLACE('n')}, ${DIMS.map(([, e]) => e.replace(/r\./g, 'n.')).join(', ')})`;

const signed = (k: number, rows: string) => `select ${k} as k, r.* from ${rows} r`;

// the earlier triggers (migration casecube), restored by down()
const caseWithGender = (k: number, rows: string) => `select ${k} as k, r.*, p.gender as gender from (select t.workspace_id, t.owner_unit_id, t.transferring, t.transfer_from_unit_id, t.patient_id, ${cols.filter((c) => c !== 'gender' && c !== 'registration_year').map((c) => `t.${c}`).join(', ')}, t.registration_date from ${rows} t) r left join patient p on p.id = r.patient_id`;
const CASE_CHANGED = `(${PLACE('o')}, o.patient_id, ${cols.filter((c) => c !== 'gender' && c !== 'registration_year').map((c) => `o.${c}`).join(', ')}, extract(year from o.registration_date))
  is distinct from (${PLACE('n')}, n.patient_id, ${cols.filter((c) => c !== 'gender' && c !== 'registration_year').map((c) => `n.${c}`).join(', ')}, extract(year from n.registration_date))`;

export class Migration20261129001500_casecube_over_analytic extends Migration {

  override name = 'Migration20261129001500_casecube_over_analytic';

  override up(): void | Promise<void> {
    for (const [trigger, table] of [['tbcase_cube_ins', 'tbcase'], ['tbcase_cube_del', 'tbcase'], ['tbcase_cube_upd', 'tbcase'], ['patient_cube_upd', 'patient']]) this.addSql(`drop trigger if exists ${trigger} on ${table};`);
    for (const f of ['tb_casecube_ins', 'tb_casecube_del', 'tb_casecube_upd', 'tb_casecube_patient_upd']) this.addSql(`drop function if exists ${f}();`);
    this.addSql(`create or replace function tb_casecube_analytic_ins() returns trigger language plpgsql as $$ begin ${addToCube(signed(1, 'new_rows'))} return null; end $$;`);
    this.addSql(`create or replace function tb_casecube_analytic_del() returns trigger language plpgsql as $$ begin ${addToCube(signed(-1, 'old_rows'))} return null; end $$;`);
    this.addSql(`create or replace function tb_casecube_analytic_upd() returns trigger language plpgsql as $$ begin
      ${addToCube(`${signed(-1, `(select o.* from old_rows o join new_rows n on n.id = o.id where ${CHANGED})`)} union all ${signed(1, `(select n.* from new_rows n join old_rows o on o.id = n.id where ${CHANGED})`)}`)}
      return null; end $$;`);
    this.addSql(`create trigger caseanalytic_cube_ins after insert on caseanalytic referencing new table as new_rows for each statement execute function tb_casecube_analytic_ins();`);
    this.addSql(`create trigger caseanalytic_cube_del after delete on caseanalytic referencing old table as old_rows for each statement execute function tb_casecube_analytic_del();`);
    this.addSql(`create trigger caseanalytic_cube_upd after update on caseanalytic referencing old table as old_rows new table as new_rows for each statement execute function tb_casecube_analytic_upd();`);
    // refilled from the analytic rows as the start fills them
    this.addSql(`delete from casecube;`);
    this.addSql(`insert into casecube as c (id, workspace_id, unit_id, ${cols.join(', ')}, n) select gen_random_uuid(), r.workspace_id, ${PLACE('r')}, ${DIMS.map(([, e]) => e).join(', ')}, count(*) from caseanalytic r group by ${['r.workspace_id', PLACE('r'), ...DIMS.map(([, e]) => e)].join(', ')};`);
  }

  override down(): void | Promise<void> {
    for (const t of ['caseanalytic_cube_ins', 'caseanalytic_cube_del', 'caseanalytic_cube_upd']) this.addSql(`drop trigger if exists ${t} on caseanalytic;`);
    for (const f of ['tb_casecube_analytic_ins', 'tb_casecube_analytic_del', 'tb_casecube_analytic_upd']) this.addSql(`drop function if exists ${f}();`);
    this.addSql(`create or replace function tb_casecube_ins() returns trigger language plpgsql as $$ begin ${addToCube(caseWithGender(1, 'new_rows'))} return null; end $$;`);
    this.addSql(`create or replace function tb_casecube_del() returns trigger language plpgsql as $$ begin ${addToCube(caseWithGender(-1, 'old_rows'))} return null; end $$;`);
    this.addSql(`create or replace function tb_casecube_upd() returns trigger language plpgsql as $$ begin
      ${addToCube(`${caseWithGender(-1, `(select o.* from old_rows o join new_rows n on n.id = o.id where ${CASE_CHANGED})`)} union all ${caseWithGender(1, `(select n.* from new_rows n join old_rows o on o.id = n.id where ${CASE_CHANGED})`)}`)}
      return null; end $$;`);
    this.addSql(`create or replace function tb_casecube_patient_upd() returns trigger language plpgsql as $$ begin
      ${addToCube(`select -1 as k, t.*, o.gender as gender from old_rows o join new_rows n on n.id = o.id join tbcase t on t.patient_id = o.id where o.gender is distinct from n.gender
           union all select 1 as k, t.*, n.gender as gender from new_rows n join old_rows o on o.id = n.id join tbcase t on t.patient_id = n.id where o.gender is distinct from n.gender`)}
      return null; end $$;`);
    this.addSql(`create trigger tbcase_cube_ins after insert on tbcase referencing new table as new_rows for each statement execute function tb_casecube_ins();`);
    this.addSql(`create trigger tbcase_cube_del after delete on tbcase referencing old table as old_rows for each statement execute function tb_casecube_del();`);
    this.addSql(`create trigger tbcase_cube_upd after update on tbcase referencing old table as old_rows new table as new_rows for each statement execute function tb_casecube_upd();`);
    this.addSql(`create trigger patient_cube_upd after update on patient referencing old table as old_rows new table as new_rows for each statement execute function tb_casecube_patient_upd();`);
    this.addSql(`delete from casecube;`);
    this.addSql(addToCube(caseWithGender(1, 'tbcase')));
  }

}
