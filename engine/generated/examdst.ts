/* Generated from schemas/tables/examdst.json by `npm run gen:types`. Do not edit. */

export interface Examdst {
  caseId: string;
  date: string;
  sampleNumber?: string;
  laboratoryId: string;
  dateRelease?: string;
  method?: "PROPORTIONS" | "MGIT960" | "MGIT320" | "LPA" | "OTHER";
  resultH: "SUSCEPTIBLE" | "RESISTANT" | "CONTAMINATED" | "NOTDONE";
  resultR: "SUSCEPTIBLE" | "RESISTANT" | "CONTAMINATED" | "NOTDONE";
  resultE: "SUSCEPTIBLE" | "RESISTANT" | "CONTAMINATED" | "NOTDONE";
  resultZ: "SUSCEPTIBLE" | "RESISTANT" | "CONTAMINATED" | "NOTDONE";
  resultS: "SUSCEPTIBLE" | "RESISTANT" | "CONTAMINATED" | "NOTDONE";
  resultAm: "SUSCEPTIBLE" | "RESISTANT" | "CONTAMINATED" | "NOTDONE";
  resultCfz: "SUSCEPTIBLE" | "RESISTANT" | "CONTAMINATED" | "NOTDONE";
  resultCm: "SUSCEPTIBLE" | "RESISTANT" | "CONTAMINATED" | "NOTDONE";
  resultCs: "SUSCEPTIBLE" | "RESISTANT" | "CONTAMINATED" | "NOTDONE";
  resultEto: "SUSCEPTIBLE" | "RESISTANT" | "CONTAMINATED" | "NOTDONE";
  resultLfx: "SUSCEPTIBLE" | "RESISTANT" | "CONTAMINATED" | "NOTDONE";
  resultOfx: "SUSCEPTIBLE" | "RESISTANT" | "CONTAMINATED" | "NOTDONE";
  comments?: string;
}
