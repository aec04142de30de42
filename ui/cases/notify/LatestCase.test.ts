import { describe, expect, it } from 'vitest';
import type { PatientHit } from './api.ts';
import { caseDateLine, dateText } from './LatestCase.tsx';

const hit = (o: Partial<PatientHit>): PatientHit => ({
  patient: { id: 'p', name: 'Айбек', middleName: null, lastName: 'Токтогулов', gender: 'MALE', birthDate: null },
  caseId: 'c', caseNumber: '000001', classification: 'TB', diagnosisType: 'CONFIRMED', state: 'NOT_ONTREATMENT',
  registrationDate: '2026-01-01', diagnosisDate: '2026-01-02', iniTreatmentDate: '2026-01-03', outcomeDate: '2026-07-04',
  outcome: null, otherOutcome: null, notificationUnit: null, ...o,
});
/** Echoes the key and its date, and an enum label as its key. */
const t = (key: string, vars?: Record<string, unknown>) => (vars ? `${key}(${vars.date})` : key);

describe('the latest case’s date line', () => {
  it('a suspect: its registration date, whatever the state', () => {
    expect(caseDateLine(hit({ diagnosisType: 'SUSPECT', state: 'CLOSED' }), t)).toBe(`ui.notify.registeredAt(${dateText('2026-01-01')})`);
  });
  it('a confirmed case by state: diagnosis date, treatment start, outcome date and outcome', () => {
    expect(caseDateLine(hit({}), t)).toBe(`ui.notify.diagnosedAt(${dateText('2026-01-02')})`);
    expect(caseDateLine(hit({ state: 'ONTREATMENT' }), t)).toBe(`ui.notify.onTreatmentSince(${dateText('2026-01-03')})`);
    expect(caseDateLine(hit({ state: 'CLOSED', outcome: 'CURED' }), t)).toBe(`ui.notify.closedAt(${dateText('2026-07-04')}) caseOutcome.CURED`);
    expect(caseDateLine(hit({ state: 'CLOSED', outcome: 'OTHER', otherOutcome: 'Выехал' }), t)).toBe(`ui.notify.closedAt(${dateText('2026-07-04')}) Выехал`);
  });
  it('dates in the short form of the language', () => {
    expect(dateText('2026-07-04')).toMatch(/2026/);
    expect(dateText(null)).toBe('');
  });
});
