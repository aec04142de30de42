/* Generated from schemas/tables/syncclient.json by `npm run gen:types`. Do not edit. */

export interface Syncclient {
  serverUrl: string;
  unitId: string;
  phase: "NOT_RUNNING" | "SENDING" | "APPLYING_ON_SERVER" | "RECEIVING" | "APPLYING_LOCALLY" | "ERROR";
  counts?: {};
  error?: string;
  feedPosition?: string;
  localSeq?: number;
  sendUpTo?: number;
  rejected?: {}[];
  conflicts?: {}[];
  lastSyncAt?: string;
  syncToken?: string;
  syncTokenUser?: string;
  autoSync?: {};
}
