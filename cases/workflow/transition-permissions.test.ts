// The permission a change of a case's workflow fields needs when it arrives without its action (an
// offline upload), written from the permission tree: each action's own permission.
import { describe, expect, it } from 'vitest';
import { transitionPermissions } from './transition-permissions.ts';

const open = { state: 'NOT_ONTREATMENT', validated: false, transferring: false, iniTreatmentDate: null, outcome: null };
const treated = { ...open, state: 'ONTREATMENT', iniTreatmentDate: '2025-02-01' };

describe('the permission a workflow change needs without its action', () => {
  it.each([
    ['nothing of the workflow changed', open, { ...open }, []],
    ['validated', open, { ...open, validated: true }, ['CASE_VALIDATE']],
    ['the validation taken back', { ...open, validated: true }, open, ['CASE_VALIDATE']],
    ['a transfer started', treated, { ...treated, transferring: true }, ['CASE_TRANSFER']],
    ['a transfer accepted or undone', { ...treated, transferring: true }, treated, ['CASE_TRANSFER']],
    ['closed as cured', treated, { ...treated, state: 'CLOSED', outcome: 'CURED' }, ['CASE_CLOSE']],
    ['a presumptive case closed as not TB', open, { ...open, state: 'CLOSED', outcome: 'NOT_TB' }, ['NEWCASE']],
    ['reopened', { ...treated, state: 'CLOSED', outcome: 'DIED' }, treated, ['CASE_REOPEN']],
    ['treatment started', open, treated, ['CASE_TREAT']],
    ['treatment cancelled', treated, open, ['CASE_TREAT']],
    ['validated and closed at once', open, { ...open, validated: true, state: 'CLOSED', outcome: 'DIED' }, ['CASE_VALIDATE', 'CASE_CLOSE']],
  ])('%s', (_, prev, next, expected) => expect(transitionPermissions(prev, next)).toEqual(expected));
});
