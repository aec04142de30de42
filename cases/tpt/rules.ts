/**
 * The rules of a contact's TB preventive treatment (WHO consolidated guidelines on TB,
 * Module 1: prevention, and the DAK's process E), pure so they are tested at their boundaries apart
 * from the database (`rules.test.ts`). The course's actions (`actions.ts`), its table hooks
 * (`hooks.ts`, every write: the browser, the generic API, an offline client's upload) and the course
 * card ask them. Each refusal is an i18n key (`tptcourse.refuse.*`), with its values where the
 * message names some.
 *
 * - A course starts only for a contact whose evaluation excluded TB disease, found eligible, without
 *   a contraindication, on a regimen of the catalogue that suits the index case's resistance type and
 *   the contact's age, with a weight inside one of its dose bands, and not while the same person is on
 *   another course (a contact of two index cases);
 * - its expected end is the start plus the regimen's weeks; doses count while the time allowed to
 *   complete it runs (the start plus its `windowWeeks`);
 * - "completed" only once the regimen's `minDoses` were taken in that time (WHO: at least 80 % of the
 *   doses within 133 % of the planned time for 6–9-month regimens, about 90 % for the shorter ones —
 *   the catalogue holds each regimen's figures);
 * - status and outcome agree: an outcome ends the course (status COMPLETED), a running course has a
 *   start and no outcome, one not started has neither.
 *
 * @example
 *   startRefusal({ status: 'NOT_STARTED', eligible: true, …, regimen: r3HP, age: 1, … }, '2026-03-02')
 *   // { key: 'tptcourse.refuse.ageBelow', values: { age: 2 } }
 */
import { dayOf, isoOf } from '../../engine/day-numbers.ts';

export type IndexResistance = 'DS' | 'HR' | 'RR' | 'MDR' | 'PRE_XDR' | 'XDR' | 'UNKNOWN';
export type TptStatus = 'NOT_STARTED' | 'ON_TPT' | 'INTERRUPTED' | 'ON_HOLD' | 'COMPLETED';
export type TptOutcome = 'COMPLETED' | 'DISCONTINUED_TOXICITY' | 'LOST' | 'DIED' | 'DEVELOPED_TB';

/** The statuses of a course that runs: its calendar is written, its status may change, it may end. */
export const RUNNING: readonly TptStatus[] = ['ON_TPT', 'INTERRUPTED', 'ON_HOLD'];

/** A weight band of a regimen: from `fromKg` (included) to `toKg` (excluded; none: no upper bound). */
export interface DoseBand {
  fromKg: number;
  toKg?: number | null;
  dose: string;
}

/** What the rules read of a regimen of the catalogue (`schemas/tables/tptregimen.json`). */
export interface TptRegimen {
  code: string;
  frequency: 'DAILY' | 'WEEKLY';
  weeks: number;
  doses: number;
  minDoses: number;
  windowWeeks: number;
  forResistance: string[];
  minAgeYears?: number | null;
  active?: boolean;
  bands: DoseBand[];
}

/** What the rules read of a course (`schemas/tables/tptcourse.json`). */
export interface TptCourseFacts {
  status: TptStatus | string;
  eligible?: boolean | null;
  eligibilityDate?: string | null;
  contraindications?: string[] | null;
  weightKg?: number | null;
  startDate?: string | null;
  statusDate?: string | null;
  outcome?: string | null;
  outcomeDate?: string | null;
}

/** What the rules read of the contact the course belongs to. */
export interface TptContactFacts {
  examinated: boolean;
  evaluationOutcome?: string | null;
  indexResistance?: string | null;
  /** Age in whole years at the contact's registration, null when unknown. */
  age: number | null;
}

/** A refusal: the i18n key and the values its message names. */
export interface Refusal {
  key: string;
  values?: Record<string, unknown>;
}

const refuse = (key: string, values?: Record<string, unknown>): Refusal => ({ key: `tptcourse.refuse.${key}`, ...(values ? { values } : {}) });

/**
 * The expected end of a course started on `startDate`: the last day of the regimen's weeks.
 * @example expectedEnd('2026-03-02', { weeks: 12 }) // '2026-05-24'
 */
export function expectedEnd(startDate: string, regimen: Pick<TptRegimen, 'weeks'>): string {
  return isoOf(dayOf(startDate) + regimen.weeks * 7 - 1);
}

/**
 * The last day the doses of a course started on `startDate` count towards completing it.
 * @example completionDeadline('2026-03-02', { windowWeeks: 16 }) // '2026-06-21'
 */
export function completionDeadline(startDate: string, regimen: Pick<TptRegimen, 'windowWeeks'>): string {
  return isoOf(dayOf(startDate) + regimen.windowWeeks * 7 - 1);
}

/**
 * The dose band a weight falls in (`fromKg` ≤ weight < `toKg`), or null when none holds it.
 * @example bandFor([{ fromKg: 10, toKg: 16, dose: 'H 300 мг + P 300 мг' }, { fromKg: 16, dose: '…' }], 15.9)?.dose // 'H 300 мг + P 300 мг'
 */
export function bandFor(bands: DoseBand[], weightKg: number): DoseBand | null {
  return bands.find((b) => weightKg >= b.fromKg && (b.toKg == null || weightKg < b.toKg)) ?? null;
}

/** Why a regimen cannot be given to this contact, or null: its resistance type, their age, their weight. */
export function regimenRefusal(regimen: TptRegimen, contact: TptContactFacts, weightKg: number | null | undefined): Refusal | null {
  if (regimen.active === false) return refuse('regimenInactive', { regimen: regimen.code });
  const resistance = contact.indexResistance ?? 'UNKNOWN';
  if (!regimen.forResistance.includes(resistance)) return refuse('regimenNotForResistance', { regimen: regimen.code });
  if (regimen.minAgeYears != null && (contact.age === null || contact.age < regimen.minAgeYears)) return refuse('ageBelow', { regimen: regimen.code, age: regimen.minAgeYears });
  if (weightKg == null) return refuse('noWeight');
  if (!bandFor(regimen.bands, weightKg)) return refuse('weightOutsideBands', { regimen: regimen.code });
  return null;
}

/**
 * Why a course may not start on `startDate`, or null. `otherRunning`: the person is on another course
 * now (through another index case).
 */
export function startRefusal(x: { course: TptCourseFacts; contact: TptContactFacts; regimen: TptRegimen | null; otherRunning: boolean }, startDate: string): Refusal | null {
  const { course, contact, regimen } = x;
  if (course.status !== 'NOT_STARTED') return refuse('alreadyStarted');
  if (!contact.examinated || contact.evaluationOutcome !== 'TB_EXCLUDED') return refuse('tbNotExcluded');
  if (course.eligible !== true) return refuse('notEligible');
  if (course.contraindications?.length) return refuse('contraindicated');
  if (!regimen) return refuse('noRegimen');
  const r = regimenRefusal(regimen, contact, course.weightKg);
  if (r) return r;
  if (course.eligibilityDate && startDate < course.eligibilityDate) return refuse('startBeforeEligibility');
  if (x.otherRunning) return refuse('alreadyOnTpt');
  return null;
}

/** Why a running course may not change to status `to` on `date`, or null. */
export function statusRefusal(course: TptCourseFacts, to: TptStatus | string, date: string): Refusal | null {
  if (!RUNNING.includes(course.status as TptStatus)) return refuse('notRunning');
  if (!RUNNING.includes(to as TptStatus)) return refuse('statusByOutcome');
  if (to === course.status) return refuse('sameStatus');
  if (course.startDate && date < course.startDate) return refuse('dateBeforeStart');
  if (course.statusDate && date < course.statusDate) return refuse('dateBeforeStatus');
  return null;
}

/**
 * Why a running course may not end with `outcome` on `date`, or null. `taken`: the doses taken from
 * the start to the completion deadline (`plan.ts` `dosesTaken`). "Completed" needs the regimen's
 * `minDoses` (WHO), whatever the date.
 */
export function outcomeRefusal(course: TptCourseFacts, regimen: Pick<TptRegimen, 'minDoses' | 'code'> | null, outcome: TptOutcome | string, date: string, taken: number): Refusal | null {
  if (!RUNNING.includes(course.status as TptStatus)) return refuse('notRunning');
  if (course.startDate && date < course.startDate) return refuse('dateBeforeStart');
  if (outcome === 'COMPLETED' && (!regimen || taken < regimen.minDoses)) return refuse('dosesMissing', { taken, needed: regimen?.minDoses ?? 0, regimen: regimen?.code ?? '' });
  return null;
}

/**
 * Whether a course's status, dates and outcome agree, whatever wrote it (an action, the generic API,
 * an offline client's upload): null, or the refusal and the field it concerns.
 * @example consistencyRefusal({ status: 'ON_TPT', startDate: null }) // { field: 'startDate', key: 'tptcourse.refuse.runningWithoutStart' }
 */
export function consistencyRefusal(c: TptCourseFacts): (Refusal & { field: string }) | null {
  const running = RUNNING.includes(c.status as TptStatus);
  if (c.status === 'NOT_STARTED' && (c.startDate || c.outcome)) return { field: 'status', ...refuse('notStartedWithStart') };
  if ((running || c.status === 'COMPLETED') && !c.startDate) return { field: 'startDate', ...refuse('runningWithoutStart') };
  if ((running || c.status === 'COMPLETED') && c.eligible !== true) return { field: 'eligible', ...refuse('notEligible') };
  if (running && (c.outcome || c.outcomeDate)) return { field: 'outcome', ...refuse('outcomeWhileRunning') };
  if (c.status === 'COMPLETED' && (!c.outcome || !c.outcomeDate)) return { field: 'outcome', ...refuse('endedWithoutOutcome') };
  if (c.outcomeDate && c.startDate && c.outcomeDate < c.startDate) return { field: 'outcomeDate', ...refuse('dateBeforeStart') };
  if (c.statusDate && c.startDate && c.statusDate < c.startDate) return { field: 'statusDate', ...refuse('dateBeforeStart') };
  return null;
}
