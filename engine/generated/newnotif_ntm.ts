/* Generated from schemas/forms/newnotif_ntm.json by `npm run gen:types`. Do not edit. */

export interface NewnotifNtm {
  patient: {
    name: string;
    middleName?: string;
    lastName?: string;
    gender: "MALE" | "FEMALE";
    birthDate?: string;
    nationality?: "NATIVE" | "FOREIGN";
    motherName?: string;
    documentNumber?: string;
    address?: {
      adminUnitId?: string;
      street?: string;
      house?: string;
      apartment?: string;
    };
    phone?: string;
    contactPhone?: string;
    searchKey?: string;
  };
  tbcase: {
    caseNumber?: string;
    registrationGroup:
      | "NEW"
      | "RELAPSE"
      | "AFTER_DEFAULT"
      | "FAILURE_FT"
      | "FAILURE_RT"
      | "PREVIOUSLY_TREATED"
      | "TREATMENT_AFTER_FAILURE"
      | "TREATMENT_AFTER_LOSS_FOLLOW_UP"
      | "OTHER_PREVIOUSLY_TREATED"
      | "UNKNOWN_PREVIOUS_TB_TREAT"
      | "OTHER";
    registrationDate: string;
    diagnosisDate: string;
    infectionSite?: "PULMONARY" | "EXTRAPULMONARY";
    extrapulmonaryForm?:
      | "PLEURA"
      | "INTRATHORACIC_LYMPH_NODES"
      | "PERIPHERAL_LYMPH_NODES"
      | "ABDOMINAL"
      | "GENITOURINARY"
      | "SKIN"
      | "BONES_JOINTS"
      | "MENINGES"
      | "OTHER";
  };
}
