/**
 * The treatment as the tab reads it and the bodies it sends: the contract shared with the server
 * (`cases/treatment/types.ts`), re-exported under the names the tab uses.
 */
export type {
  Named as NamedRef,
  PrescriptionPeriod,
  ProductPrescriptions,
  FollowupMonth,
  TreatmentAlert,
  TreatmentStarted,
  TreatmentNotStarted,
  TreatmentView as Treatment,
  FollowupBody,
} from '../../../cases/treatment/types.ts';
export { TREATMENT_FORMS } from '../../../cases/treatment/types.ts';
