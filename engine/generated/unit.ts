/* Generated from schemas/tables/unit.json by `npm run gen:types`. Do not edit. */

export interface Unit {
  type: "TBUNIT" | "LAB";
  name: string;
  active: boolean;
  address: {
    address?: string;
    complement?: string;
    adminUnitId: string;
    zipCode?: string;
  };
  customId?: string;
  dhis2Uid?: string;
  receiveFromManufacturer?: boolean;
  supplierId?: string;
  authorizerId?: string;
  numDaysOrder?: number;
  tbFacility?: boolean;
  drtbFacility?: boolean;
  ntmFacility?: boolean;
  notificationUnit?: boolean;
  performMicroscopy?: boolean;
  performXpert?: boolean;
  performCulture?: boolean;
  performDst?: boolean;
}
