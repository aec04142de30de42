import type { RowAction } from '../../server/types.ts';
import { saveMonth } from './calendar.ts';
import { addPrescription, changePeriod, deletePrescription, undoTreatment, updatePrescription } from './changes.ts';
import { startTreatment } from './start.ts';

/**
 * The treatment's changes as declared row actions (server/actions), each on the spec's path with its
 * permission and condition declared once: start, cancel, the period, prescriptions added, edited and
 * deleted, and the month calendar.
 */
export const treatmentActions = [startTreatment, undoTreatment, changePeriod, addPrescription, updatePrescription, deletePrescription, saveMonth] as RowAction[];
