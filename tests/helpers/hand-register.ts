// A small hand-built register the report queries' tests count (reports/indicator/*.test.ts): six
// cases of one workspace with every fact chosen, so each number a test expects is written out by hand
// from this table, never computed by the code under test.
//
//  case  owner (cohort)   sex     class  state            outcome  registered  treatment   age band (years)   tags    HIV ART
//  c1    U1               MALE    TB     CLOSED           CURED    2024-01-15  2024-01-20  15–44 (30)         T1      2024-02-01
//  c2    U1               FEMALE  TB     CLOSED           DIED     2024-04-10  2024-04-12  45+ (50)           T1, T2  —
//  c3    U2               FEMALE  DRTB   ONTREATMENT      —        2024-05-20  2 months    45+ (60)           —       —
//                                                                               ago (month 3)
//  c4    U2               MALE    TB     NOT_ONTREATMENT  —        2025-02-01  —           0–14 (10)          T2      —
//  c5    U1               FEMALE  NTM    CLOSED           CURED    2025-03-03  2025-03-05  — (no birth date)  —       2025-03-10
//  c6    U2 (U1: leaving) MALE    TB     ONTREATMENT      —        2024-12-31  2025-01-02  15–44 (40)         T1      —
//
// U1 is placed in A1 › A2, U2 in A1 › A3. c6 is being transferred from U1 to U2 (its cohort: U1).
import type { HandCase } from './analytic-db.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const W = id(900);
export const U1 = id(101), U2 = id(102);
export const A1 = id(201), A2 = id(202), A3 = id(203);
export const R0 = id(301), R1 = id(302), R2 = id(303);
export const T1 = id(401), T2 = id(402);
export const C = { c1: id(1), c2: id(2), c3: id(3), c4: id(4), c5: id(5), c6: id(6) };

/** The first day of the month `months` before this one (`YYYY-MM-DD`): a treatment start whose month of treatment is `months + 1` today. */
export const monthsAgo = (months: number) => {
  const d = new Date();
  const first = new Date(Date.UTC(d.getFullYear(), d.getMonth() - months, 1));
  return first.toISOString().slice(0, 10);
};

const area = (unit: string) => ({ owner_unit_area1: A1, owner_unit_area2: unit === U1 ? A2 : A3 });

/** The six cases' analytic rows (and case rows: the case's own columns among them). */
export const handCases = (): HandCase[] => [
  { id: C.c1, owner_unit_id: U1, notification_unit_id: U1, transferring: false, ...area(U1), gender: 'MALE', classification: 'TB', diagnosis_type: 'CONFIRMED', state: 'CLOSED', outcome: 'CURED', validated: true, registration_group: 'NEW', registration_date: '2024-01-15', ini_treatment_date: '2024-01-20', age_range: R1, age_range_years: 30, tag: [T1], hiv_art: '2024-02-01' },
  { id: C.c2, owner_unit_id: U1, notification_unit_id: U1, transferring: false, ...area(U1), gender: 'FEMALE', classification: 'TB', diagnosis_type: 'CONFIRMED', state: 'CLOSED', outcome: 'DIED', validated: true, registration_group: 'RELAPSE', registration_date: '2024-04-10', ini_treatment_date: '2024-04-12', age_range: R2, age_range_years: 50, tag: [T1, T2] },
  { id: C.c3, owner_unit_id: U2, notification_unit_id: U2, transferring: false, ...area(U2), gender: 'FEMALE', classification: 'DRTB', diagnosis_type: 'CONFIRMED', state: 'ONTREATMENT', validated: false, registration_group: 'NEW', registration_date: '2024-05-20', ini_treatment_date: monthsAgo(2), age_range: R2, age_range_years: 60, tag: [] },
  { id: C.c4, owner_unit_id: U2, notification_unit_id: U2, transferring: false, ...area(U2), gender: 'MALE', classification: 'TB', diagnosis_type: 'SUSPECT', state: 'NOT_ONTREATMENT', validated: false, registration_date: '2025-02-01', age_range: R0, age_range_years: 10, tag: [T2] },
  { id: C.c5, owner_unit_id: U1, notification_unit_id: U1, transferring: false, ...area(U1), gender: 'FEMALE', classification: 'NTM', diagnosis_type: 'CONFIRMED', state: 'CLOSED', outcome: 'CURED', validated: true, registration_group: 'NEW', registration_date: '2025-03-03', ini_treatment_date: '2025-03-05', tag: [], hiv_art: '2025-03-10' },
  { id: C.c6, owner_unit_id: U2, notification_unit_id: U1, transferring: true, transfer_from_unit_id: U1, ...area(U2), gender: 'MALE', classification: 'TB', diagnosis_type: 'CONFIRMED', state: 'ONTREATMENT', validated: true, registration_group: 'NEW', registration_date: '2024-12-31', ini_treatment_date: '2025-01-02', age_range: R1, age_range_years: 40, tag: [T1] },
];
