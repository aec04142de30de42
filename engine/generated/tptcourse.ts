/* Generated from schemas/tables/tptcourse.json by `npm run gen:types`. Do not edit. */

export interface Tptcourse {
  contactId: string;
  unitId?: string;
  eligible: boolean;
  eligibilityDate?: string;
  notEligibleReason?: "TB_DISEASE" | "CONTRAINDICATED" | "PREVIOUS_TPT" | "REFUSED" | "OTHER";
  /**
   * @maxItems 8
   */
  contraindications?: ("HEPATITIS" | "ALCOHOL" | "NEUROPATHY" | "INTERACTION" | "ALLERGY" | "OTHER")[];
  liverTest?: "NORMAL" | "ABNORMAL" | "NOT_DONE";
  regimenId?: string;
  weightKg?: number;
  dose?: string;
  startDate?: string;
  expectedEndDate?: string;
  status: "NOT_STARTED" | "ON_TPT" | "INTERRUPTED" | "ON_HOLD" | "COMPLETED";
  statusDate?: string;
  outcome?: "COMPLETED" | "DISCONTINUED_TOXICITY" | "LOST" | "DIED" | "DEVELOPED_TB";
  outcomeDate?: string;
  comments?: string;
}
