/**
 * What WHO's reporting framework says about a case beyond any one declared field — the forms read
 * these as variables beside the declared ones (`whoCatalogue`):
 * - `cohortOutcome`: the outcome an outcome cohort counts for the case (`cohortOutcomeSql`), SQL over
 *   the case's analytic row `c` (its outcome, transfer and units), under a workspace setting
 *   (`FormSettings`), so computed as the form is read.
 * The TB/HIV facts of the episode from any of its HIV exams, not only the newest — `hivStatus`,
 * `artStarted`, `cptStarted` — are declared report variables (`x-report.any` on `schemas/tables/examhiv.json`):
 * columns of the analytic row, kept by the writer, which the forms and any indicator read.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Registry } from '../../engine/registry.ts';
import type { ReportCatalogue, ReportVariable, VarValue } from '../../engine/report-vars.ts';
import type { TableDef } from '../../engine/types.ts';

/** The workspace settings the rules follow (schemas/tables/workspace.json). */
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

/**
 * The report catalogue with the rules as variables the forms' conditions name (`{var:
 * 'cohortOutcome', in: ['CURED']}`), each needing the permission of what it reads.
 * @example whoCatalogue(reportCatalogue(registry), registry).variable('cohortOutcome')?.value // { kind: 'enum', keys: ['CURED', …], labels: 'caseOutcome' }
 */
export function whoCatalogue(cat: ReportCatalogue, registry: Registry): ReportCatalogue {
  const caseDef = registry.table('tbcase');
  const outcome = cat.variable('outcome');
  if (!outcome) throw new Error('WHO form rules: the report variable "outcome" is not declared');
  const cols = { outcome: column(caseDef, 'outcome'), transferring: column(caseDef, 'transferring'), owner: column(caseDef, 'ownerUnitId'), notifier: column(caseDef, 'notificationUnitId') };
  const rule = (id: string, value: VarValue, permission: string | undefined, sqlOf: RuleVariable['rule']): RuleVariable => ({
    id, group: 'who', label: `who.rule.${id}`, source: { kind: 'case' }, column: '', value, permission, rows: false, columns: false, rule: sqlOf,
  });
  const rules = [rule('cohortOutcome', outcome.value, undefined, (s) => cohortOutcomeSql(cols, s))];
  for (const r of rules) if (cat.variable(r.id)) throw new Error(`WHO form rules: "${r.id}" is also a declared report variable`);
  const byId = new Map<string, ReportVariable>(rules.map((r) => [r.id, r]));
  return {
    ...cat,
    variables: [...cat.variables, ...rules],
    variable: (id) => cat.variable(id) ?? byId.get(id),
    filter: (id) => cat.filter(id),
  };
}
