// The TPT rules at their boundaries, expectations written from WHO's rules and the
// catalogue's figures, not computed by the code: the start's conditions one by one, the regimen's
// resistance types, least age and weight bands, the status changes, "completed" exactly at the
// regimen's doses, and the agreement of status, dates and outcome.
import { describe, expect, it } from 'vitest';
import { bandFor, completionDeadline, consistencyRefusal, expectedEnd, outcomeRefusal, startRefusal, statusRefusal, type TptContactFacts, type TptCourseFacts, type TptRegimen } from './rules.ts';

const r3HP: TptRegimen = {
  code: '3HP', frequency: 'WEEKLY', weeks: 12, doses: 12, minDoses: 11, windowWeeks: 16, forResistance: ['DS', 'UNKNOWN'], minAgeYears: 2,
  bands: [{ fromKg: 10, toKg: 16, dose: 'H 300 + P 300' }, { fromKg: 16, toKg: 24, dose: 'H 500 + P 450' }, { fromKg: 24, dose: 'H 900 + P 900' }],
};
const r6Lfx: TptRegimen = { code: '6Lfx', frequency: 'DAILY', weeks: 26, doses: 182, minDoses: 146, windowWeeks: 39, forResistance: ['RR', 'MDR'], bands: [{ fromKg: 5, dose: 'Lfx' }] };

const contact: TptContactFacts = { examinated: true, evaluationOutcome: 'TB_EXCLUDED', indexResistance: 'DS', age: 30 };
const course: TptCourseFacts = { status: 'NOT_STARTED', eligible: true, eligibilityDate: '2026-03-01', contraindications: [], weightKg: 60 };
const start = (over: { course?: Partial<TptCourseFacts>; contact?: Partial<TptContactFacts>; regimen?: TptRegimen | null; otherRunning?: boolean } = {}, date = '2026-03-02') =>
  startRefusal({ course: { ...course, ...over.course }, contact: { ...contact, ...over.contact }, regimen: over.regimen === undefined ? r3HP : over.regimen, otherRunning: over.otherRunning ?? false }, date)?.key ?? null;

describe('the expected end and the completion deadline', () => {
  it('ends 12 weeks after a start on 2 March 2026: 24 May; doses count until 21 June (16 weeks)', () => {
    expect(expectedEnd('2026-03-02', r3HP)).toBe('2026-05-24');
    expect(completionDeadline('2026-03-02', r3HP)).toBe('2026-06-21');
  });
  it('crosses a year: 26 weeks from 1 October 2026 end on 31 March 2027', () => {
    expect(expectedEnd('2026-10-01', r6Lfx)).toBe('2027-03-31');
  });
});

describe('the dose band of a weight', () => {
  it('holds its lower bound and not its upper one', () => {
    expect(bandFor(r3HP.bands, 10)?.dose).toBe('H 300 + P 300');
    expect(bandFor(r3HP.bands, 15.9)?.dose).toBe('H 300 + P 300');
    expect(bandFor(r3HP.bands, 16)?.dose).toBe('H 500 + P 450');
    expect(bandFor(r3HP.bands, 200)?.dose).toBe('H 900 + P 900');
  });
  it('has none below the lightest band', () => {
    expect(bandFor(r3HP.bands, 9.9)).toBeNull();
  });
});

describe('starting a course', () => {
  it('starts an eligible contact with TB excluded on a fitting regimen', () => {
    expect(start()).toBeNull();
  });
  it('refuses a course already started', () => {
    expect(start({ course: { status: 'ON_TPT' } })).toBe('tptcourse.refuse.alreadyStarted');
  });
  it('refuses while TB disease is not excluded: not evaluated, presumptive TB', () => {
    expect(start({ contact: { examinated: false, evaluationOutcome: null } })).toBe('tptcourse.refuse.tbNotExcluded');
    expect(start({ contact: { evaluationOutcome: 'PRESUMPTIVE_TB' } })).toBe('tptcourse.refuse.tbNotExcluded');
  });
  it('refuses a contact not found eligible, or with a contraindication', () => {
    expect(start({ course: { eligible: false } })).toBe('tptcourse.refuse.notEligible');
    expect(start({ course: { contraindications: ['HEPATITIS'] } })).toBe('tptcourse.refuse.contraindicated');
  });
  it('refuses without a regimen, or an inactive one', () => {
    expect(start({ regimen: null })).toBe('tptcourse.refuse.noRegimen');
    expect(start({ regimen: { ...r3HP, active: false } })).toBe('tptcourse.refuse.regimenInactive');
  });
  it('gives 6 months of levofloxacin to contacts of RR- and MDR-TB only', () => {
    expect(start({ regimen: r6Lfx, contact: { indexResistance: 'MDR' } })).toBeNull();
    expect(start({ regimen: r6Lfx, contact: { indexResistance: 'RR' } })).toBeNull();
    expect(start({ regimen: r6Lfx, contact: { indexResistance: 'DS' } })).toBe('tptcourse.refuse.regimenNotForResistance');
    expect(start({ regimen: r6Lfx, contact: { indexResistance: 'PRE_XDR' } })).toBe('tptcourse.refuse.regimenNotForResistance');
  });
  it('reads an index case of unknown resistance as UNKNOWN', () => {
    expect(start({ contact: { indexResistance: null } })).toBeNull();
    expect(start({ regimen: r6Lfx, contact: { indexResistance: null } })).toBe('tptcourse.refuse.regimenNotForResistance');
  });
  it('gives 3HP from 2 years of age: 1 year refused, 2 years started, an unknown age refused', () => {
    expect(startRefusal({ course, contact: { ...contact, age: 1 }, regimen: r3HP, otherRunning: false }, '2026-03-02')).toEqual({ key: 'tptcourse.refuse.ageBelow', values: { regimen: '3HP', age: 2 } });
    expect(start({ contact: { age: 2 } })).toBeNull();
    expect(start({ contact: { age: null } })).toBe('tptcourse.refuse.ageBelow');
  });
  it('needs a weight inside a dose band', () => {
    expect(start({ course: { weightKg: null } })).toBe('tptcourse.refuse.noWeight');
    expect(start({ course: { weightKg: 9.9 } })).toBe('tptcourse.refuse.weightOutsideBands');
    expect(start({ course: { weightKg: 10 } })).toBeNull();
  });
  it('starts on the day eligibility was decided, not the day before', () => {
    expect(start({}, '2026-03-01')).toBeNull();
    expect(start({}, '2026-02-28')).toBe('tptcourse.refuse.startBeforeEligibility');
  });
  it('does not start a person already on TPT through another index case', () => {
    expect(start({ otherRunning: true })).toBe('tptcourse.refuse.alreadyOnTpt');
  });
});

describe('changing the status of a running course', () => {
  const running: TptCourseFacts = { ...course, status: 'ON_TPT', startDate: '2026-03-02', statusDate: '2026-03-02' };
  it('interrupts, holds and resumes a running course', () => {
    expect(statusRefusal(running, 'INTERRUPTED', '2026-03-20')).toBeNull();
    expect(statusRefusal({ ...running, status: 'ON_HOLD' }, 'ON_TPT', '2026-03-20')).toBeNull();
  });
  it('refuses a course not running: not started, or ended', () => {
    expect(statusRefusal(course, 'ON_HOLD', '2026-03-20')?.key).toBe('tptcourse.refuse.notRunning');
    expect(statusRefusal({ ...running, status: 'COMPLETED' }, 'ON_TPT', '2026-03-20')?.key).toBe('tptcourse.refuse.notRunning');
  });
  it('refuses the status it has, and an end by status instead of an outcome', () => {
    expect(statusRefusal(running, 'ON_TPT', '2026-03-20')?.key).toBe('tptcourse.refuse.sameStatus');
    expect(statusRefusal(running, 'COMPLETED', '2026-03-20')?.key).toBe('tptcourse.refuse.statusByOutcome');
  });
  it('takes a date from the start and the last status on, not before', () => {
    expect(statusRefusal(running, 'ON_HOLD', '2026-03-02')).toBeNull();
    expect(statusRefusal(running, 'ON_HOLD', '2026-03-01')?.key).toBe('tptcourse.refuse.dateBeforeStart');
    expect(statusRefusal({ ...running, status: 'ON_HOLD', statusDate: '2026-03-10' }, 'ON_TPT', '2026-03-09')?.key).toBe('tptcourse.refuse.dateBeforeStatus');
  });
});

describe('ending a course', () => {
  const running: TptCourseFacts = { ...course, status: 'ON_TPT', startDate: '2026-03-02', statusDate: '2026-03-02' };
  it('is completed with the regimen’s 11 doses of 3HP taken, not with 10', () => {
    expect(outcomeRefusal(running, r3HP, 'COMPLETED', '2026-05-24', 11)).toBeNull();
    expect(outcomeRefusal(running, r3HP, 'COMPLETED', '2026-05-24', 10)).toEqual({ key: 'tptcourse.refuse.dosesMissing', values: { taken: 10, needed: 11, regimen: '3HP' } });
  });
  it('ends otherwise whatever the doses: lost, died, toxicity, developed TB', () => {
    for (const o of ['LOST', 'DIED', 'DISCONTINUED_TOXICITY', 'DEVELOPED_TB']) expect(outcomeRefusal(running, r3HP, o, '2026-03-10', 0)).toBeNull();
  });
  it('refuses a course not running, and a date before the start', () => {
    expect(outcomeRefusal(course, r3HP, 'LOST', '2026-03-10', 0)?.key).toBe('tptcourse.refuse.notRunning');
    expect(outcomeRefusal(running, r3HP, 'LOST', '2026-03-01', 0)?.key).toBe('tptcourse.refuse.dateBeforeStart');
    expect(outcomeRefusal({ ...running, status: 'ON_HOLD' }, r3HP, 'LOST', '2026-03-02', 0)).toBeNull();
  });
});

describe('status, dates and outcome agree', () => {
  it('accepts each consistent state', () => {
    expect(consistencyRefusal(course)).toBeNull();
    expect(consistencyRefusal({ ...course, status: 'INTERRUPTED', startDate: '2026-03-02' })).toBeNull();
    expect(consistencyRefusal({ ...course, status: 'COMPLETED', startDate: '2026-03-02', outcome: 'LOST', outcomeDate: '2026-03-02' })).toBeNull();
  });
  it('refuses a course not started with a start, a running one without, an ended one without outcome', () => {
    expect(consistencyRefusal({ ...course, startDate: '2026-03-02' })?.field).toBe('status');
    expect(consistencyRefusal({ ...course, status: 'ON_TPT' })?.field).toBe('startDate');
    expect(consistencyRefusal({ ...course, status: 'COMPLETED', startDate: '2026-03-02' })?.field).toBe('outcome');
  });
  it('refuses a running course with an outcome, an ineligible one started, an outcome before the start', () => {
    expect(consistencyRefusal({ ...course, status: 'ON_TPT', startDate: '2026-03-02', outcome: 'LOST' })?.field).toBe('outcome');
    expect(consistencyRefusal({ ...course, eligible: false, status: 'ON_TPT', startDate: '2026-03-02' })?.field).toBe('eligible');
    expect(consistencyRefusal({ ...course, status: 'COMPLETED', startDate: '2026-03-02', outcome: 'DIED', outcomeDate: '2026-03-01' })?.field).toBe('outcomeDate');
  });
});
