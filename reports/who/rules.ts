/**
 * What WHO's reporting framework says about a case beyond any one declared field — the forms read
 * these as variables beside the declared ones (`whoCatalogue`), each one rule written once here:
 * - `cohortOutcome`: the outcome an outcome cohort counts for the case (`cohortOutcomeSql`);
 * - `hivStatus`, `artStarted`, `cptStarted`: the TB/HIV facts of the episode from any of its HIV
 *   exams, not only the newest (`hivStatusSql`, `startedOnAnyExamSql`).
 * Each is SQL over the case `tbcase as c`, its columns named by the schemas; a workspace setting a
 * rule follows comes as `FormSettings`. They are the rules the analytic row will hold as columns.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Registry } from '../../engine/registry.ts';
import type { ReportCatalogue, ReportVariable, VarValue } from '../../engine/report-vars.ts';
import type { TableDef } from '../../engine/types.ts';

/** The workspace settings the rules follow (schemas/workspace.json). */
export interface FormSettings {
  /** How the unit that notified a case transferred out of it reports its outcome; none set: not evaluated. */
  transferOutcome: 'NOT_EVALUATED' | 'RECEIVING_UNIT';
  /** The WHO definitions of the workspace (2013 revision or 2021 update), said on every export. */
  tbDefinitions: 'WHO2021' | 'WHO2013';
}

export const DEFAULT_SETTINGS: FormSettings = { transferOutcome: 'NOT_EVALUATED', tbDefinitions: 'WHO2021' };

/** A rule as a variable of the forms: its value for the case `c` under the workspace's settings. */
export interface RuleVariable extends ReportVariable {
  rule: (settings: FormSettings) => RawBuilder<unknown>;
}

export const isRule = (v: ReportVariable): v is RuleVariable => 'rule' in v;

const column = (def: TableDef, key: string) => {
  const f = def.fields.find((x) => x.key === key);
  if (!f) throw new Error(`WHO form rules: ${def.name} has no field "${key}"`);
  return f.column;
};
const c = (col: string) => sql.ref(`c.${col}`);

/**
 * The outcome the cohort of the unit that notified a case counts (WHO 2021 "not evaluated": no
 * outcome assigned, including a case transferred out whose outcome the unit does not know):
 * the outcome recorded, or `NOT_EVALUATED` when none is; a case transferred out of that unit —
 * waiting to be accepted, or owned by another unit now — is `NOT_EVALUATED` whatever the receiving
 * unit recorded, unless the workspace reports the receiving unit's outcome (`RECEIVING_UNIT`).
 * A case sent back and owned by its notifying unit again is not transferred out.
 * @example cohortOutcomeSql(cols, { transferOutcome: 'NOT_EVALUATED', … }) // case when c.outcome is null or c.transferring or c.owner_unit_id <> c.notification_unit_id then 'NOT_EVALUATED' else c.outcome end
 */
export function cohortOutcomeSql(cols: { outcome: string; transferring: string; owner: string; notifier: string }, settings: FormSettings): RawBuilder<string> {
  const outcome = c(cols.outcome);
  if (settings.transferOutcome === 'RECEIVING_UNIT') return sql<string>`coalesce(${outcome}, 'NOT_EVALUATED')`;
  const transferredOut = sql`(coalesce(${c(cols.transferring)}, false) or ${c(cols.owner)} is distinct from ${c(cols.notifier)})`;
  return sql<string>`(case when ${outcome} is null or ${transferredOut} then 'NOT_EVALUATED' else ${outcome} end)`;
}

/** Where a case's HIV exams are: their table, the column naming the case, and the columns read. */
export interface HivExams {
  table: string;
  parent: string;
  result: string;
  art: string;
  cpt: string;
}

/**
 * The HIV status of the episode (WHO: by a test result recorded at diagnosis or during treatment),
 * from every HIV exam of the case: `POSITIVE` when any result is positive, else `NEGATIVE` when any
 * is negative, else none (unknown) — a negative test followed by one still pending is known negative.
 * @example hivStatusSql(hiv) // (select case when bool_or(h.result = 'POSITIVE') then 'POSITIVE' when bool_or(h.result = 'NEGATIVE') then 'NEGATIVE' end from examhiv h where h.case_id = c.id)
 */
export function hivStatusSql(hiv: HivExams): RawBuilder<string | null> {
  const result = sql.ref(`h.${hiv.result}`);
  return sql<string | null>`(select case when bool_or(${result} = 'POSITIVE') then 'POSITIVE' when bool_or(${result} = 'NEGATIVE') then 'NEGATIVE' end
    from ${sql.table(hiv.table)} as h where ${sql.ref(`h.${hiv.parent}`)} = c.id)`;
}

/**
 * Whether any HIV exam of the case records the start of a therapy (its date column `date`): an ART
 * or CPT start recorded on an earlier exam still counts after a later exam without it.
 * @example startedOnAnyExamSql(hiv, hiv.art) // exists (select 1 from examhiv h where h.case_id = c.id and h.started_ar_tdate is not null)
 */
export function startedOnAnyExamSql(hiv: HivExams, date: string): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from ${sql.table(hiv.table)} as h where ${sql.ref(`h.${hiv.parent}`)} = c.id and ${sql.ref(`h.${date}`)} is not null)`;
}

/** The HIV exam's table and columns, as the schemas declare them (`examhiv`). */
function hivExams(registry: Registry): HivExams {
  const def = registry.table('examhiv');
  return { table: def.name, parent: column(def, def.meta.parent!), result: column(def, 'result'), art: column(def, 'startedARTdate'), cpt: column(def, 'startedCPTdate') };
}

/**
 * The report catalogue with the rules as variables the forms' conditions name (`{var:
 * 'cohortOutcome', in: ['CURED']}`), each needing the permission of what it reads (the HIV
 * exam's for the HIV rules), so a reader who may not count by HIV results may not by them either.
 * @example whoCatalogue(reportCatalogue(registry), registry).variable('hivStatus')?.value // { kind: 'enum', keys: ['POSITIVE', 'NEGATIVE'], labels: 'hivResult' }
 */
export function whoCatalogue(cat: ReportCatalogue, registry: Registry): ReportCatalogue {
  const caseDef = registry.table('tbcase');
  const hiv = hivExams(registry);
  const outcome = cat.variable('outcome');
  const hivResult = cat.variable('hivResult');
  if (!outcome || !hivResult) throw new Error('WHO form rules: the report variables "outcome" and "hivResult" are not declared');
  const cols = { outcome: column(caseDef, 'outcome'), transferring: column(caseDef, 'transferring'), owner: column(caseDef, 'ownerUnitId'), notifier: column(caseDef, 'notificationUnitId') };
  const rule = (id: string, value: VarValue, permission: string | undefined, sqlOf: RuleVariable['rule']): RuleVariable => ({
    id, group: 'who', label: `who.rule.${id}`, source: { kind: 'case' }, column: '', value, permission, rows: false, columns: false, rule: sqlOf,
  });
  const rules = [
    rule('cohortOutcome', outcome.value, undefined, (s) => cohortOutcomeSql(cols, s)),
    rule('hivStatus', { kind: 'enum', keys: ['POSITIVE', 'NEGATIVE'], labels: 'hivResult' }, hivResult.permission, () => hivStatusSql(hiv)),
    rule('artStarted', { kind: 'boolean' }, hivResult.permission, () => startedOnAnyExamSql(hiv, hiv.art)),
    rule('cptStarted', { kind: 'boolean' }, hivResult.permission, () => startedOnAnyExamSql(hiv, hiv.cpt)),
  ];
  for (const r of rules) if (cat.variable(r.id)) throw new Error(`WHO form rules: "${r.id}" is also a declared report variable`);
  const byId = new Map<string, ReportVariable>(rules.map((r) => [r.id, r]));
  return {
    ...cat,
    variables: [...cat.variables, ...rules],
    variable: (id) => cat.variable(id) ?? byId.get(id),
    filter: (id) => cat.filter(id),
  };
}
