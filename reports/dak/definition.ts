/**
 * WHO's TB indicators as declared files (the DAK's TB.IND.1–51), one a file in
 * `schemas/reports/dak/`, read once at start: a programme changes an indicator — or says how its data
 * supports one it could not — by editing the file. A file:
 *
 * ```json
 * { "code": "TB.IND.11", "order": 11, "process": "C",
 *   "name": { "ru": "…", "en": "Pulmonary new episodes bacteriologically confirmed" },
 *   "subject": "case", "period": { "date": "registrationDate", "monthsBack": 0 },
 *   "denominator": { "label": {…}, "when": { "all": [{ "var": "newEpisode", "equals": true }, { "var": "infectionSite", "in": ["PULMONARY"] }] } },
 *   "numerator": { "label": {…}, "when": { "var": "diagnosisBasis", "in": ["BACTERIOLOGICAL"] } },
 *   "exclude": [{ "id": "noBasis", "label": {…}, "when": { "var": "diagnosisBasis", "empty": true } }],
 *   "disaggregate": ["sex", "age", "area", "history", "hiv"] }
 * ```
 * - `subject`: whose rows are counted — cases (their analytic rows) or contacts (with their TPT);
 * - `period`: the date that falls in the period asked, `monthsBack` months before it (an outcome
 *   cohort: 12, registered a year earlier; TPT completion: started a year earlier);
 * - `denominator.when`: the rows counted (`count: true` instead of a denominator: the indicator is a
 *   number, TB.IND.8's notifications); `numerator.when`: those of them the indicator counts;
 * - `exclude`: why a row of the denominator is left out of both (what it lacks), the first reason
 *   that holds is the one listed ("why excluded");
 * - `rate: {per}`: a number (`count: true`) given also per `per` people of the place in the year (the
 *   population catalogue: TB.IND.9's notification rate per 100,000, `rate.ts`);
 * - `unsupported`: the data this platform keeps cannot support the indicator — said so, with what is
 *   missing, and never a zero (screening programmes, bedaquiline and linezolid DST);
 * - a condition: the platform's one condition language (`engine/condition/`, docs/conditions.md)
 *   whose `var` subjects are the facts of `facts.ts`: `{var, in: [keys]}` (an enum fact),
 *   `{var, equals: true|false}` (a yes/no fact), `{var, empty: true}`, `{all}`, `{any}`, `{not}`.
 * Both languages are written in the file. The files are checked at start (shape, facts, keys,
 * disaggregations, unique codes): a bad one stops the start naming its file.
 */
import { compiledOnce, readDeclarationFiles } from '../declaration-files.ts';
import { join } from 'node:path';
import { DATES, DIMENSIONS, FACTS, type DimensionId, type Subject } from './facts.ts';
import { conditionParts, subjectOf, subjectsOf, type Condition } from '../../engine/condition/index.ts';

export interface Label {
  ru: string;
  en: string;
}

export interface IndicatorDefinition {
  code: string;
  order: number;
  /** The DAK's business process: B screening, C diagnosis, D treatment, E TPT. */
  process: 'B' | 'C' | 'D' | 'E';
  name: Label;
  subject: Subject;
  period: { date: string; monthsBack: number };
  denominator?: { label: Label; when?: Condition; count?: true };
  numerator?: { label: Label; when?: Condition };
  exclude: { id: string; label: Label; when: Condition }[];
  disaggregate: DimensionId[];
  /** A number also given per `per` people of the place and year (`rate.ts`). */
  rate?: { per: number };
  /** What is missing for the data to support it. */
  unsupported?: Label;
  /** How the data supports it only in part (said beside its numbers). */
  note?: Label;
}

const label = { type: 'object', additionalProperties: false, required: ['ru', 'en'], properties: { ru: { type: 'string', minLength: 1 }, en: { type: 'string', minLength: 1 } } };

/** The meta-schema a file is checked against. */
export const indicatorSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['code', 'order', 'process', 'name', 'subject', 'period'],
  properties: {
    $comment: { type: 'string' },
    code: { type: 'string', pattern: '^TB\\.IND\\.[0-9]{1,3}$' },
    order: { type: 'integer', minimum: 1 },
    process: { enum: ['B', 'C', 'D', 'E'] },
    name: label,
    subject: { enum: ['case', 'contact'] },
    period: { type: 'object', additionalProperties: false, required: ['date', 'monthsBack'], properties: { date: { type: 'string' }, monthsBack: { type: 'integer', minimum: 0, maximum: 60 } } },
    denominator: { type: 'object', additionalProperties: false, required: ['label'], properties: { label, when: { $ref: 'condition#/$defs/var' }, count: { const: true } } },
    numerator: { type: 'object', additionalProperties: false, required: ['label'], properties: { label, when: { $ref: 'condition#/$defs/var' } } },
    exclude: { type: 'array', items: { type: 'object', additionalProperties: false, required: ['id', 'label', 'when'], properties: { id: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,40}$' }, label, when: { $ref: 'condition#/$defs/var' } } } },
    disaggregate: { type: 'array', uniqueItems: true, items: { enum: ['sex', 'age', 'area', 'regimen', 'history', 'hiv', 'ageTpt'] } },
    rate: { type: 'object', additionalProperties: false, required: ['per'], properties: { per: { enum: [1000, 100000] } } },
    unsupported: label,
    note: label,
  },
  // an indicator is counted (numerator and denominator), or says why it cannot be
  oneOf: [{ required: ['unsupported'], not: { anyOf: [{ required: ['numerator'] }, { required: ['denominator'] }] } }, { required: ['numerator', 'denominator'], not: { required: ['unsupported'] } }],
};

/** The facts a condition names. */
export const factsOf = (c: Condition | undefined): string[] => (c ? subjectsOf(c) : []);

/** Every fact an indicator reads (its conditions and reasons). */
export const indicatorFacts = (d: IndicatorDefinition): string[] =>
  [...new Set([...factsOf(d.denominator?.when), ...factsOf(d.numerator?.when), ...d.exclude.flatMap((x) => factsOf(x.when))])];

/** What is wrong with a definition beyond its shape: unknown facts, keys, dates, disaggregations. */
export function definitionProblems(d: IndicatorDefinition): string[] {
  const facts = FACTS[d.subject];
  const out: string[] = [];
  const check = (c: Condition | undefined, where: string) => {
    for (const { part } of c ? conditionParts(c) : []) {
      if ('span' in part) {
        out.push(`${where}: an indicator's facts have no dates to span`);
        continue;
      }
      const id = subjectOf(part);
      const f = facts[id];
      if (!f) {
        out.push(`${where}: unknown fact "${id}" of a ${d.subject}`);
        continue;
      }
      if ('in' in part) {
        if (f.keys === 'boolean') out.push(`${where}: "${id}" is yes/no: use "equals"`);
        else for (const key of part.in) if (!f.keys.includes(key as string)) out.push(`${where}: "${id}" has no key "${key}"`);
      }
      if ('equals' in part && (f.keys !== 'boolean' || typeof part.equals !== 'boolean')) out.push(`${where}: "${id}" is not yes/no: use "in"`);
      if ('from' in part) out.push(`${where}: "${id}" is no number to range over`);
    }
  };
  if (!d.unsupported) {
    if (!DATES[d.subject][d.period.date]) out.push(`period.date: a ${d.subject} has no date "${d.period.date}"`);
    check(d.denominator?.when, 'denominator');
    check(d.numerator?.when, 'numerator');
    d.exclude.forEach((x, i) => check(x.when, `exclude/${i}`));
    for (const dim of d.disaggregate) if (!DIMENSIONS[d.subject][dim]) out.push(`disaggregate: a ${d.subject} has no "${dim}"`);
    if (d.rate && !d.denominator?.count) out.push('rate: only a number (denominator.count) is given per population');
    if (d.rate && d.subject !== 'case') out.push('rate: only cases are counted per population');
  }
  return out;
}

/** Where the definitions are, beside the schemas. */
export const indicatorsDir = (schemasDir: string) => join(schemasDir, 'reports', 'dak');

/**
 * Reads and checks every file of the folder; throws naming each file and what is wrong.
 * @example loadIndicators(indicatorsDir(ctx.schemasDir)).length // 51
 */
export function loadIndicators(dir: string): IndicatorDefinition[] {
  const { files, problems } = readDeclarationFiles<Partial<IndicatorDefinition>>(dir, compiledOnce(indicatorSchema));
  const out: IndicatorDefinition[] = [];
  for (const { file, doc } of files) {
    const d = { exclude: [], disaggregate: [], ...doc } as IndicatorDefinition;
    problems.push(...definitionProblems(d).map((p) => `${file}: ${p}`));
    if (out.some((x) => x.code === d.code)) problems.push(`${file}: the code ${d.code} is declared twice`);
    out.push(d);
  }
  if (problems.length) throw new Error(`invalid DAK indicator definitions:\n  ${problems.join('\n  ')}`);
  return out.sort((x, y) => x.order - y.order);
}
