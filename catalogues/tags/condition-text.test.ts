// The tag condition gate alone (no database): what it reads as a call, a column, a type or a query.
import { describe, expect, it } from 'vitest';
import { conditionProblem, maxConditionLength } from './condition-text.ts';

const columns = {
  tbcase: new Set(['id', 'patient_id', 'state', 'classification', 'validated', 'outcome', 'registration_date']),
  patient: new Set(['id', 'name', 'last_name', 'birth_date', 'gender']),
};
const gate = (text: string) => conditionProblem(text, { columns });

describe('the tag condition gate', () => {
  it.each([
    "tbcase.state = 'ONTREATMENT'",
    "patient.gender = 'FEMALE' and tbcase.classification in ('DRTB', 'NTM')",
    "coalesce(tbcase.outcome, '') = '' and extract(year from age(coalesce(patient.birth_date, current_date))) < 65",
    "cast(tbcase.registration_date as timestamp with time zone) at time zone 'UTC' < now() - interval '1 year'",
    "trim(both ' ' from patient.name) <> '' and position('a' in lower(patient.name)) > 0",
    '"tbcase"."state" is not null and tbcase . validated',
    "tbcase.state is distinct from 'CLOSED' and patient.birth_date between '1950-01-01' and '2000-12-31'",
    "tbcase.registration_date <@ '[2024-01-01,2025-01-01)'::daterange",
    'tbcase.validated and not tbcase.validated is null',
    // a uuid whose first group reads like an exponent (issue 21) is no number
    "tbcase.id <> '1e5d7a2c-4b1d-4c8e-9f00-000000000001' and tbcase.patient_id <> '12e45678-0000-4000-8000-000000000000'",
    "tbcase.id in ('2e10ffff-ffff-4fff-bfff-ffffffffffff')",
  ])('accepts %s', (text) => expect(gate(text)).toBeUndefined());

  it.each([
    ['tbcase.row_to_json is not null', { reason: 'column', text: 'row_to_json' }],
    ['tbcase . "to_jsonb" is not null', { reason: 'column', text: 'to_jsonb' }],
    ['(row(1)).quote_literal is not null', { reason: 'column', text: 'quote_literal' }],
    ["(patient).quote_ident = 'x'", { reason: 'column', text: 'quote_ident' }],
    ["patient.state = 'x'", { reason: 'column', text: 'state' }],
    ['cast(patient.name as regclass) is null', { reason: 'word', text: 'regclass' }],
    ['cast(patient.name as "regrole") is null', { reason: 'word', text: 'regrole' }],
    ["'((0,0),(1,1))'::polygon @> '((0,0),(1,1))'::polygon", { reason: 'word', text: 'polygon' }],
    ["(patient.name || ' & &')::tsquery is null", { reason: 'word', text: 'tsquery' }],
    ["current_catalog = 'x'", { reason: 'word', text: 'current_catalog' }],
    ["session_user = 'x'", { reason: 'word', text: 'session_user' }],
    ["length('x'::char(10485760)) > 0", { reason: 'typmod', text: 'char' }],
    ["numeric(10, 2) is null", { reason: 'typmod', text: 'numeric' }],
    ['name(patient.name) is null', { reason: 'function', text: 'name' }],
    ['"pg_sleep"(1) is null', { reason: 'function', text: 'pg_sleep' }],
    ['array(select 1) is null', { reason: 'subquery', text: 'array(…)' }],
    ['exists (select 1 from tbcase)', { reason: 'subquery', text: 'exists' }],
    ['(values (1)) is null', { reason: 'subquery', text: 'values' }],
    ["patient.name similar to 'x'", { reason: 'operator', text: 'similar to' }],
    ["patient.name ~ 'x'", { reason: 'operator', text: '~' }],
    ["'[(0,0),(1,1)]' ?# '[(0,1),(1,0)]'", { reason: 'operator', text: '?#' }],
    ["'1e65000'::numeric > 0", { reason: 'exponent', text: "'1e65000'" }],
    ["' -1.5E+65000 '::numeric > 0", { reason: 'exponent', text: "' -1.5E+65000 '" }],
    ["'{1,1e65000}'::numeric[] is null", { reason: 'exponent', text: "'{1,1e65000}'" }],
    ["'[0,1e65000)'::numrange is null", { reason: 'exponent', text: "'[0,1e65000)'" }],
    ["'1_000e6_5000'::numeric > 0", { reason: 'exponent', text: "'1_000e6_5000'" }],
    ["tbcase.state\u00a0= 'x'", { reason: 'chars', text: '\u00a0' }],
    ["tbcase.state = 'x'; drop table tbcase", { reason: 'chars', text: ';' }],
    ["tbcase.state = 'x", { reason: 'parens' }],
    [`tbcase.state in (${"'x',".repeat(maxConditionLength / 4)}'y')`, { reason: 'tooLong' }],
  ] as const)('refuses %s', (text, problem) => expect(gate(text)).toEqual(problem));
});
