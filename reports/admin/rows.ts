/**
 * The row shapes of the administrator reports, shared by the server routes and the
 * report screens so both sides speak one contract.
 */
import type { HistoryDetail } from '../../engine/history-detail.ts';

export type { HistoryDetail };

/** One row of the session reports. */
export interface SessionRow {
  id: string;
  userName: string;
  userLogin: string;
  loginDate: string | null;
  logoutDate: string | null;
  lastAccess: string | null;
  ipAddress: string | null;
  /** What the user worked in, named in their language: a browser, or the offline client (client-mode build). */
  application: string;
  /** The user agent the session was opened with (the detail behind `application`). */
  userAgent: string | null;
}

/** One row of the command-history report, with the type and action named. */
export interface CmdHistoryRow {
  id: string;
  userName: string | null;
  unitName: string | null;
  adminUnitName: string | null;
  execDate: string | null;
  type: string;
  typeName: string;
  action: string;
  actionName: string;
  entityName: string | null;
  detail: HistoryDetail;
}

/** One row of the error-log report. */
export interface ErrorLogRow {
  id: string;
  errorDate: string | null;
  exceptionClass: string | null;
  url: string | null;
  userName: string | null;
  workspace: string | null;
  exceptionMessage: string | null;
  request: string | null;
  stackTrace: string | null;
}


/** Counts of commands over a period, by type (with its actions) and by user. */
export interface CmdStatistics {
  count: number;
  byType: { type: string; typeName: string; count: number; actions: { action: string; actionName: string; count: number }[] }[];
  byUser: { userId: string | null; userName: string | null; count: number }[];
}
