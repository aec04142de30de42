// What a case may do next (cases/workflow/rules.ts): the outcomes that fit its treatment (WHO: cured
// and completed need a treatment that started; 'lost before treatment' only without one), the
// validation label and action by the workspace's setting, and when treatment may start.
import { describe, expect, it } from 'vitest';
import { closeOutcomes, sendsTransferredOut, treatmentStarted, treatmentStartRefusal, validateRefusal, validationStatus, type CaseFacts, type ValidationMode } from '../../cases/workflow/rules.ts';

const suspect: CaseFacts = { state: 'NOT_ONTREATMENT', diagnosisType: 'SUSPECT', validated: false };
const confirmed: CaseFacts = { state: 'NOT_ONTREATMENT', diagnosisType: 'CONFIRMED', validated: false };
const onTreatment: CaseFacts = { state: 'ONTREATMENT', diagnosisType: 'CONFIRMED', validated: true, iniTreatmentDate: '2025-01-06' };
const closedTreated: CaseFacts = { state: 'CLOSED', diagnosisType: 'CONFIRMED', validated: true, iniTreatmentDate: '2025-01-06' };

const TREATED = ['CURED', 'TREAT_COMPLETED', 'TREAT_FAILED', 'DIED', 'LOST_FOLLOWUP', 'TREAT_INTERRUPTED', 'NOT_EVALUATED', 'OTHER'];
const UNTREATED = ['DIED', 'LOST_FOLLOWUP_BEFORE_TREATMENT', 'NOT_EVALUATED', 'OTHER'];

describe('closeOutcomes', () => {
  it.each([
    ['a suspect never treated', suspect, UNTREATED],
    ['a confirmed case not yet treated', confirmed, UNTREATED],
    ['a case on treatment', onTreatment, TREATED],
    // the state says not on treatment, but a start date was kept: its treatment did start
    ['a case with a start date, not on treatment', { ...confirmed, iniTreatmentDate: '2025-01-06' }, TREATED],
    ['a closed case', closedTreated, []],
  ])('%s', (_, c, expected) => expect(closeOutcomes(c)).toEqual(expected));

  it('never offers cured or completed without treatment, nor lost before treatment with it', () => {
    expect(closeOutcomes(confirmed)).not.toContain('CURED');
    expect(closeOutcomes(confirmed)).not.toContain('TREAT_COMPLETED');
    expect(closeOutcomes(onTreatment)).not.toContain('LOST_FOLLOWUP_BEFORE_TREATMENT');
  });
});

describe('validation by the workspace setting', () => {
  it.each<[string, CaseFacts, ValidationMode, 'VALIDATED' | 'PENDING' | null, string | undefined]>([
    ['not used: no label, no action', confirmed, 'DISABLED', null, 'tbcase.validationNotUsed'],
    ['not used, even on a case validated before', onTreatment, 'DISABLED', null, 'tbcase.validationNotUsed'],
    ['used, not validated: pending, may validate', confirmed, 'ENABLED', 'PENDING', undefined],
    ['used, validated', onTreatment, 'ENABLED', 'VALIDATED', 'tbcase.alreadyValidated'],
    ['required before treatment, not validated', confirmed, 'REQUIRED_BEFORE_TREATMENT_START', 'PENDING', undefined],
    ['required before treatment, validated', { ...confirmed, validated: true }, 'REQUIRED_BEFORE_TREATMENT_START', 'VALIDATED', 'tbcase.alreadyValidated'],
  ])('%s', (_, c, mode, label, refusal) => {
    expect(validationStatus(c, mode)).toBe(label);
    expect(validateRefusal(c, mode)).toBe(refusal);
  });
});

describe('treatmentStartRefusal', () => {
  it.each<[string, CaseFacts, ValidationMode, string | undefined]>([
    ['a suspect', suspect, 'DISABLED', 'treatment.suspect'],
    ['a suspect, validated', { ...suspect, validated: true }, 'ENABLED', 'treatment.suspect'],
    ['a confirmed case, validation not used', confirmed, 'DISABLED', undefined],
    ['a confirmed case, validation used but not required', confirmed, 'ENABLED', undefined],
    ['a confirmed case required to be validated first, not validated', confirmed, 'REQUIRED_BEFORE_TREATMENT_START', 'treatment.notValidated'],
    ['a confirmed case required to be validated first, validated', { ...confirmed, validated: true }, 'REQUIRED_BEFORE_TREATMENT_START', undefined],
    ['a case on treatment', onTreatment, 'DISABLED', 'treatment.alreadyStarted'],
    ['a closed case', closedTreated, 'DISABLED', 'treatment.closed'],
    ['a closed suspect', { ...suspect, state: 'CLOSED' }, 'DISABLED', 'treatment.closed'],
  ])('%s', (_, c, mode, refusal) => expect(treatmentStartRefusal(c, mode)).toBe(refusal));
});

describe('treatmentStarted', () => {
  it.each<[string, CaseFacts, boolean]>([
    ['on treatment', { state: 'ONTREATMENT' }, true],
    ['on treatment, the start date not read', { state: 'ONTREATMENT', iniTreatmentDate: null }, true],
    ['not on treatment, with a start date kept', { state: 'CLOSED', iniTreatmentDate: '2025-01-06' }, true],
    ['not on treatment, no start date', { state: 'NOT_ONTREATMENT', iniTreatmentDate: null }, false],
    ['not on treatment, an empty start date', { state: 'NOT_ONTREATMENT', iniTreatmentDate: '' }, false],
  ])('%s: %s', (_, c, started) => expect(treatmentStarted(c)).toBe(started));
});

// The unit a transferring case leaves (B) sees it read-only until the receiving unit (K, now its
// owner) accepts it; a user who may act for other units, or one of another unit, is not that unit.
describe('sendsTransferredOut', () => {
  const leaving = { transferring: true, transferFromUnitId: 'B', ownerUnitId: 'K' };
  it.each<[string, Parameters<typeof sendsTransferredOut>[0], Parameters<typeof sendsTransferredOut>[1], boolean]>([
    ['the unit it leaves, while transferring', leaving, { unitId: 'B', playOtherUnits: false }, true],
    ['the unit it goes to', leaving, { unitId: 'K', playOtherUnits: false }, false],
    ['a third unit', leaving, { unitId: 'C', playOtherUnits: false }, false],
    ['the unit it left, once the transfer is accepted', { ...leaving, transferring: false }, { unitId: 'B', playOtherUnits: false }, false],
    ['the unit it leaves, acting for other units too', leaving, { unitId: 'B', playOtherUnits: true }, false],
    ['a user of no unit', leaving, { unitId: null, playOtherUnits: false }, false],
    ['a user of no unit, the case leaving no unit', { ...leaving, transferFromUnitId: null }, { unitId: null, playOtherUnits: false }, false],
    ['the unit it leaves, still its owner', { ...leaving, ownerUnitId: 'B' }, { unitId: 'B', playOtherUnits: false }, false],
  ])('%s: %s', (_, c, who, readOnly) => expect(sendsTransferredOut(c, who)).toBe(readOnly));
});
