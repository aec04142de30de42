/* Generated from schemas/tables/job.json by `npm run gen:types`. Do not edit. */

export interface Job {
  kind: string;
  state: "queued" | "running" | "done" | "failed" | "cancelled";
  workspaceId?: string;
  params?: {};
  dedupeKey?: string;
  done: number;
  total?: number;
  cursor?: {};
  attempts: number;
  error?: string;
  userId?: string;
  lockedBy?: string;
  lockedUntil?: string;
  heartbeatAt?: string;
  startedAt?: string;
  finishedAt?: string;
}
