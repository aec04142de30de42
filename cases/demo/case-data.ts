/**
 * The case data tab of a demo case: comorbidities (AIDS only with a positive HIV test), the
 * household and work contacts of a pulmonary case (examined, most of them, and what was done),
 * adverse effects blamed on a medicine the patient takes, the previous treatment a previously treated
 * patient had (its outcome as the registration group says), and the manual tags that fit. Pure.
 */
import type { Doc } from '../../server/types.ts';
import { isoOf } from '../treatment/dates.ts';
import { FEMALE, MALE } from '../generate.ts';
import { MONTH, type Course } from './course.ts';
import type { Random } from './random.ts';
import type { DemoCatalogue } from './types.ts';

/** A previous treatment's outcome by the registration group of the case it led to. */
const PREV_OUTCOME: Record<string, string[]> = {
  RELAPSE: ['prevOutcome01', 'prevOutcome02'],
  TREATMENT_AFTER_LOSS_FOLLOW_UP: ['prevOutcome04'],
  TREATMENT_AFTER_FAILURE: ['prevOutcome03'],
  OTHER_PREVIOUSLY_TREATED: ['prevOutcome07', 'prevOutcome11'],
};

/** Adverse effects by the substance usually blamed: [short name, comment]. */
const EFFECTS: Record<string, [string, string][]> = {
  TB: [['Z', 'Боль в суставах'], ['H', 'Периферическая нейропатия'], ['R', 'Повышение печёночных ферментов'], ['E', 'Снижение остроты зрения'], ['Z', 'Тошнота, рвота']],
  DRTB: [['Lzd', 'Периферическая нейропатия'], ['Lzd', 'Анемия'], ['Bdq', 'Удлинение интервала QT'], ['Cfz', 'Изменение цвета кожи'], ['Cs', 'Депрессия, нарушение сна'], ['Mfx', 'Удлинение интервала QT']],
  NTM: [['R', 'Повышение печёночных ферментов'], ['E', 'Снижение остроты зрения']],
};

export interface CaseData {
  /** The case's comorbidity flags (`tbcase.comorbidities`). */
  comorbidities: Doc;
  contact: Doc[];
  sideeffect: Doc[];
  prevtreat: Doc[];
  /** Names of the manual tags the case carries. */
  tags: string[];
}

/**
 * The case data of a case whose patient is `patient` and HIV result `hivPositive`.
 * @example caseDataOf(course, patient, false, catalogue, r).contact // [{ name: 'Айгуль Садыкова', contactType: 'household', … }]
 */
export function caseDataOf(c: Course, patient: Doc, hivPositive: boolean, cat: DemoCatalogue, r: Random): CaseData {
  const today = Math.round(Date.parse(`${cat.today}T00:00:00Z`) / 86_400_000);
  const male = c.gender === 'MALE';
  const adult = c.age >= 18;
  const comorbidities = {
    alcoholExcessiveUse: adult && r.chance(male ? 0.16 : 0.04),
    tobaccoUseWithin: adult && r.chance(male ? 0.4 : 0.05),
    aids: hivPositive && r.chance(0.4),
    diabetes: c.age >= 30 && r.chance(0.1),
    anaemia: r.chance(0.06),
    malnutrition: r.chance(0.08),
  };
  const out: CaseData = { comorbidities, contact: [], sideeffect: [], prevtreat: [], tags: [] };
  if (c.diagnosisType === 'CONFIRMED' && c.infectionSite === 'PULMONARY' && r.chance(0.75)) {
    const family = String(patient.lastName).replace(/а$/, '');
    for (let k = r.between(1, 4); k > 0; k--) {
      const male = r.chance(0.5);
      const age = r.chance(0.5) ? r.between(1, 17) : r.between(18, 70);
      out.contact.push(contactOf(`${r.pick(male ? MALE : FEMALE)} ${male ? family : `${family}а`}`, male, age, 'household', c, today, r));
    }
    if (adult && r.chance(0.15)) out.contact.push(contactOf(`${r.pick(MALE)} ${r.pick(['Омуралиев', 'Петров', 'Исаков'])}`, true, r.between(20, 60), r.chance(0.85) ? 'institutional' : 'nosocomial', c, today, r));
  }
  const tr = c.treatment;
  const treatedMonths = tr && c.recordedTo !== undefined ? Math.floor((c.recordedTo - tr.ini) / MONTH) : 0;
  if (tr && treatedMonths >= 1 && r.chance(c.classification === 'TB' ? 0.18 : 0.45)) {
    const [substance, comment] = r.pick(EFFECTS[c.classification]);
    out.sideeffect.push({ sideEffect: r.weighted({ adv1: 50, adv2: 35, adv3: 12, adv4: 3 }), month: r.between(1, Math.min(24, treatedMonths)), substanceId: cat.substances[substance], comment });
  }
  const prev = PREV_OUTCOME[c.registrationGroup];
  if (prev) {
    const year = new Date(c.registration * 86_400_000).getUTCFullYear() - r.between(1, 6);
    const second = c.classification === 'DRTB' && c.registrationGroup === 'TREATMENT_AFTER_FAILURE';
    out.prevtreat.push({
      month: r.between(1, 12), year, outcomeMonth: r.between(1, 12), outcomeYear: year + 1, outcome: r.pick(prev),
      h: true, r: true, z: true, e: true, s: false, am: second, cfz: false, cm: false, cs: second, eto: second, lfx: second, ofx: false,
    });
  }
  if (patient.nationality === 'FOREIGN' || (adult && male && r.chance(0.05))) out.tags.push('Трудовой мигрант');
  if (comorbidities.malnutrition || c.lastDose !== undefined) out.tags.push('Нуждается в социальной поддержке');
  return out;
}

function contactOf(name: string, male: boolean, age: number, contactType: string, c: Course, today: number, r: Random): Doc {
  const day = Math.min(today, c.registration + r.between(3, 21));
  const examined = day <= today && r.chance(0.85);
  // preventive treatment for young children and the HIV-positive; TB found now and then; the rest watched
  const conduct = !examined ? (r.chance(0.5) ? 'conduct4' : undefined) : age < 5 ? 'conduct1' : r.chance(0.03) ? 'conduct2' : r.chance(0.2) ? 'conduct1' : 'conduct3';
  return { name, gender: male ? 'MALE' : 'FEMALE', age, contactType, examinated: examined, ...(examined ? { dateOfExamination: isoOf(day) } : {}), ...(conduct ? { conduct } : {}) };
}
