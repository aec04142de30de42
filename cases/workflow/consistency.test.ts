// A case's state, treatment start and outcome agree (consistency.ts), from WHO's definitions: no
// treatment on a presumptive case, cured / completed / failed / lost / interrupted only after a
// treatment started, lost before treatment only without one; an outcome only on a closed case.
import { describe, expect, it } from 'vitest';
import { caseConsistencyRefusal } from './consistency.ts';

const confirmed = { diagnosisType: 'CONFIRMED' };
const treated = { ...confirmed, iniTreatmentDate: '2025-02-01' };

describe('a case’s state, treatment and outcome agree', () => {
  it.each([
    ['a new confirmed case, not on treatment', { ...confirmed, state: 'NOT_ONTREATMENT' }, undefined],
    ['on treatment with its start', { ...treated, state: 'ONTREATMENT' }, undefined],
    ['a presumptive case on treatment', { diagnosisType: 'SUSPECT', state: 'ONTREATMENT', iniTreatmentDate: '2025-02-01' }, { field: 'state', key: 'treatment.suspect' }],
    ['on treatment without a start date', { ...confirmed, state: 'ONTREATMENT' }, { field: 'iniTreatmentDate', key: 'tbcase.treatmentStartNeeded' }],
    ['closed without an outcome', { ...treated, state: 'CLOSED' }, { field: 'outcome', key: 'tbcase.outcomeNeeded' }],
    ['an outcome on a case still on treatment', { ...treated, state: 'ONTREATMENT', outcome: 'CURED' }, { field: 'outcome', key: 'tbcase.outcomeOnlyClosed' }],
    ['a presumptive case closed as not TB', { diagnosisType: 'SUSPECT', state: 'CLOSED', outcome: 'NOT_TB' }, undefined],
  ])('%s', (_, c, expected) => expect(caseConsistencyRefusal(c)).toEqual(expected));

  it.each([
    ['CURED', true, false], ['TREAT_COMPLETED', true, false], ['TREAT_FAILED', true, false], ['LOST_FOLLOWUP', true, false], ['TREAT_INTERRUPTED', true, false],
    ['LOST_FOLLOWUP_BEFORE_TREATMENT', false, true],
    ['DIED', true, true], ['NOT_EVALUATED', true, true], ['OTHER', true, true],
  ])('closed as %s: with a treatment started %s, without %s', (outcome, withTreatment, withoutTreatment) => {
    const refusal = { field: 'outcome', key: 'tbcase.outcomeNotAllowed' };
    expect(caseConsistencyRefusal({ ...treated, state: 'CLOSED', outcome })).toEqual(withTreatment ? undefined : refusal);
    expect(caseConsistencyRefusal({ ...confirmed, state: 'CLOSED', outcome })).toEqual(withoutTreatment ? undefined : refusal);
  });
});
