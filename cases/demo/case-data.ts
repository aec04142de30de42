/**
 * The case data tab of a demo case: comorbidities (AIDS only with a positive HIV test), adverse effects blamed on a medicine the patient takes, the previous treatment a previously treated
 * patient had (its outcome as the registration group says), and the manual tags that fit. Pure.
 * The contacts — persons with their evaluation and TPT — are a seed step of their own
 * (cases/contacts/demo.ts).
 */
import type { Patient, Prevtreat, Sideeffect, Tbcase } from '../../engine/generated/index.ts';
import { MONTH, type Course } from './course.ts';
import type { Random } from './random.ts';
import type { DemoCatalogue } from './types.ts';

/** A previous treatment's outcome by the registration group of the case it led to. */
const PREV_OUTCOME: Record<string, NonNullable<Prevtreat['outcome']>[]> = {
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
  comorbidities: NonNullable<Tbcase['comorbidities']>;
  sideeffect: Omit<Sideeffect, 'caseId'>[];
  prevtreat: Omit<Prevtreat, 'caseId'>[];
  /** Names of the manual tags the case carries. */
  tags: string[];
}

/**
 * The case data of a case whose patient is `patient` and HIV result `hivPositive`.
 * @example caseDataOf(course, patient, false, catalogue, r).sideeffect // [{ sideEffect: 'adv1', month: 2, … }]
 */
export function caseDataOf(c: Course, patient: Patient, hivPositive: boolean, cat: DemoCatalogue, r: Random): CaseData {
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
  const out: CaseData = { comorbidities, sideeffect: [], prevtreat: [], tags: [] };
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
