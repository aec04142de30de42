/* Generated from schemas/tables/dhis2send.json by `npm run gen:types`. Do not edit. */

export interface Dhis2Send {
  mapping: string;
  dataSet?: string;
  period: string;
  orgUnits?: string[];
  values?: number;
  dryRun: boolean;
  status: "SUCCESS" | "WARNING" | "ERROR" | "FAILED";
  imported?: number;
  updated?: number;
  ignored?: number;
  deleted?: number;
  conflicts?: {}[];
  error?: string;
  digest?: string;
  userId: string;
  userName?: string;
  sentAt: string;
}
