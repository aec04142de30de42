/** Calls and row shapes of the administrator reports (`POST /api/admin/rep/*`). */
import { api, fetchOptions, type Option, type QueryResult } from '../../api/index.ts';
import type { CmdHistoryRow, CmdStatistics, ErrorLogRow, SessionRow } from '../../../reports/admin/rows.ts';

export type { CmdHistoryRow, CmdStatistics, ErrorLogRow, HistoryDetail, SessionRow } from '../../../reports/admin/rows.ts';

/** A report filter as sent: dates as timestamps (start and end of the picked days). */
export interface ReportFilter {
  iniDate?: number;
  endDate?: number;
  userId?: string;
  type?: string;
  adminUnitId?: string;
  searchKey?: string;
}

/** A node of the `command-types` lookup: a type whose children are `type.action` ids. */
export interface CommandTypeNode {
  id: string;
  name: string;
  children?: CommandTypeNode[];
}

const rep = <T>(name: string, body: object = {}, signal?: AbortSignal) => api.post<T>(`/api/admin/rep/${name}`, body, signal);

export const reportApi = {
  dailySessions: (iniDate: number, signal?: AbortSignal) => rep<QueryResult<SessionRow>>('dailyusersession', { iniDate }, signal),
  sessions: (f: ReportFilter, signal?: AbortSignal) => rep<QueryResult<SessionRow>>('usersession', f, signal),
  online: (signal?: AbortSignal) => rep<SessionRow[]>('onlineusers', {}, signal),
  history: (f: ReportFilter, signal?: AbortSignal) => rep<QueryResult<CmdHistoryRow>>('cmdhistory', f, signal),
  todayHistory: (signal?: AbortSignal) => rep<QueryResult<CmdHistoryRow>>('todaycmdhistory', {}, signal),
  errors: (f: ReportFilter, signal?: AbortSignal) => rep<QueryResult<ErrorLogRow>>('errorlog', f, signal),
  todayErrors: (signal?: AbortSignal) => rep<QueryResult<ErrorLogRow>>('todayerrorlog', {}, signal),
  statistics: (f: ReportFilter, signal?: AbortSignal) => rep<CmdStatistics>('cmdstatistics', f, signal),
  /** The workspace's users (`value` = account id), readable with any report permission. */
  users: (signal?: AbortSignal) => fetchOptions('report-users', {}, signal) as Promise<Option[]>,
  commandTypes: (signal?: AbortSignal) => fetchOptions('command-types', {}, signal) as unknown as Promise<CommandTypeNode[]>,
  adminUnits: (signal?: AbortSignal) => fetchOptions('adminunit', {}, signal),
};
