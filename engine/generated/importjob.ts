/* Generated from schemas/tables/importjob.json by `npm run gen:types`. Do not edit. */

export interface Importjob {
  fileName: string;
  fileSize?: number;
  format?: "XLSX" | "CSV";
  sha256?: string;
  state: "UPLOADING" | "PARSING" | "READY" | "CHECKING" | "CHECKED" | "IMPORTING" | "DONE" | "FAILED" | "CANCELLED";
  error?: string;
  userId: string;
  userwsId?: string;
  lang: "ru" | "en";
  timeZone?: string;
  sheets?: {}[];
  mapping?: {};
  mappingName?: string;
  checkedDigest?: string;
  total?: number;
  done?: number;
  counts?: {};
  cursor?: {};
  lockedBy?: string;
  lockedUntil?: string;
  startedAt?: string;
  finishedAt?: string;
}
