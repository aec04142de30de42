import { Migration } from '@mikro-orm/migrations';

/**
 * A case transferred out stays in the sending unit's cohort until the receiving unit accepts it:
 * the per-unit counts (`casecount`, `casetagcount`) place a transferring case in the unit it leaves
 * (`transfer_from_unit_id`) — every count but `transferring`, which counts it where it waits to be
 * accepted (the receiving unit, its owner). The lists place it alike (cases/places/place.ts
 * `caseUnitAlternatives`). The counts are recomputed once.
 */
const PLACE = (r: string) => `(case when ${r}.transferring and ${r}.transfer_from_unit_id is not null then ${r}.transfer_from_unit_id else ${r}.owner_unit_id end)`;

const COHORT: [string, string][] = [
  ['suspect', "r.state <> 'CLOSED' and r.diagnosis_type = 'SUSPECT'"],
  ['tb', "r.state <> 'CLOSED' and r.diagnosis_type = 'CONFIRMED' and r.classification = 'TB'"],
  ['drtb', "r.state <> 'CLOSED' and r.diagnosis_type = 'CONFIRMED' and r.classification = 'DRTB'"],
  ['ntm', "r.state <> 'CLOSED' and r.diagnosis_type = 'CONFIRMED' and r.classification = 'NTM'"],
  ['on_treatment', "r.state = 'ONTREATMENT'"],
  ['not_on_treatment', "r.state = 'NOT_ONTREATMENT'"],
  ['not_validated', "r.state <> 'CLOSED' and not r.validated"],
  ['closed', "r.state = 'CLOSED'"],
];
const cols = [...COHORT.map(([c]) => c), 'transferring'];

/** Adds the signed rows of `rows` (a select of `k` (±1) and tbcase columns) to casecount. */
const addCaseCounts = (rows: string) => `
    with r as (${rows})
    insert into casecount as c (id, workspace_id, unit_id, ${cols.join(', ')})
    select gen_random_uuid(), x.workspace_id, x.unit_id, ${cols.map((c) => `sum(x.${c})`).join(', ')}
      from (select r.workspace_id, ${PLACE('r')} as unit_id, ${COHORT.map(([c, cond]) => `case when ${cond} then r.k else 0 end as ${c}`).join(', ')}, 0 as transferring from r
            union all
            select r.workspace_id, r.owner_unit_id, ${COHORT.map(([c]) => `0 as ${c}`).join(', ')}, case when r.state <> 'CLOSED' then r.k else 0 end from r where r.transferring) x
     group by x.workspace_id, x.unit_id
    on conflict (workspace_id, unit_id) do update set ${cols.map((c) => `${c} = c.${c} + excluded.${c}`).join(', ')};`;

/** Adds the signed (case, tag) pairs of `rows` (k, workspace_id, unit_id, tag_id) to casetagcount. */
const addTagCounts = (rows: string) => `
    insert into casetagcount as c (id, workspace_id, unit_id, tag_id, n)
    select gen_random_uuid(), r.workspace_id, r.unit_id, r.tag_id, sum(r.k)
      from (${rows}) r
     group by r.workspace_id, r.unit_id, r.tag_id
    having sum(r.k) <> 0
    on conflict (workspace_id, unit_id, tag_id) do update set n = c.n + excluded.n;`;

const tagsOf = (k: number, links: string, join = '') => `select ${k} as k, t.workspace_id, ${PLACE('t')} as unit_id, l.tag_id from ${links} l join tbcase t on t.id = l.case_id ${join}`;

export class Migration20261126135200_transfer_cohort extends Migration {
  override name = 'Migration20261126135200_transfer_cohort';

  override up(): void | Promise<void> {
    this.addSql(`create or replace function tb_casecount_ins() returns trigger language plpgsql as $$ begin ${addCaseCounts('select 1 as k, * from new_rows')} return null; end $$;`);
    this.addSql(`create or replace function tb_casecount_del() returns trigger language plpgsql as $$ begin ${addCaseCounts('select -1 as k, * from old_rows')} return null; end $$;`);
    const changed = `(o.owner_unit_id, o.transfer_from_unit_id, o.state, o.diagnosis_type, o.classification, o.validated, o.transferring) is distinct from (n.owner_unit_id, n.transfer_from_unit_id, n.state, n.diagnosis_type, n.classification, n.validated, n.transferring)`;
    const moved = `${PLACE('n')} <> ${PLACE('o')}`;
    this.addSql(`create or replace function tb_casecount_upd() returns trigger language plpgsql as $$ begin
      ${addCaseCounts(`select -1 as k, o.* from old_rows o join new_rows n on n.id = o.id where ${changed} union all select 1 as k, n.* from new_rows n join old_rows o on o.id = n.id where ${changed}`)}
      ${addTagCounts(`select -1 as k, o.workspace_id, ${PLACE('o')} as unit_id, l.tag_id from old_rows o join new_rows n on n.id = o.id join casetag l on l.case_id = o.id where ${moved}
                union all select 1 as k, n.workspace_id, ${PLACE('n')} as unit_id, l.tag_id from new_rows n join old_rows o on o.id = n.id join casetag l on l.case_id = n.id where ${moved}`)}
      return null; end $$;`);
    this.addSql(`create or replace function tb_casetagcount_case_del() returns trigger language plpgsql as $$ begin
      update casetagcount set n = n - 1 where workspace_id = old.workspace_id and unit_id = ${PLACE('old')} and tag_id in (select l.tag_id from casetag l where l.case_id = old.id);
      return old; end $$;`);
    this.addSql(`create or replace function tb_casetagcount_ins() returns trigger language plpgsql as $$ begin ${addTagCounts(tagsOf(1, 'new_rows'))} return null; end $$;`);
    this.addSql(`create or replace function tb_casetagcount_del() returns trigger language plpgsql as $$ begin ${addTagCounts(tagsOf(-1, 'old_rows', 'join tag g on g.id = l.tag_id'))} return null; end $$;`);
    this.addSql(`create or replace function tb_casetagcount_upd() returns trigger language plpgsql as $$ begin ${addTagCounts(`${tagsOf(-1, 'old_rows')} union all ${tagsOf(1, 'new_rows')}`)} return null; end $$;`);

    // the counts as the new rule places the cases already there
    this.addSql(`delete from casecount;`);
    this.addSql(`delete from casetagcount;`);
    this.addSql(addCaseCounts('select 1 as k, * from tbcase'));
    this.addSql(addTagCounts(tagsOf(1, 'casetag')));
  }
}
