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

const rep = <T>(name: string, body: object = {}) => api.post<T>(`/api/admin/rep/${name}`, body);

export const reportApi = {
  dailySessions: (iniDate: number) => rep<QueryResult<SessionRow>>('dailyusersession', { iniDate }),
  sessions: (f: ReportFilter) => rep<QueryResult<SessionRow>>('usersession', f),
  online: () => rep<SessionRow[]>('onlineusers'),
  history: (f: ReportFilter) => rep<QueryResult<CmdHistoryRow>>('cmdhistory', f),
  todayHistory: () => rep<QueryResult<CmdHistoryRow>>('todaycmdhistory'),
  errors: (f: ReportFilter) => rep<QueryResult<ErrorLogRow>>('errorlog', f),
  todayErrors: () => rep<QueryResult<ErrorLogRow>>('todayerrorlog'),
  statistics: (f: ReportFilter) => rep<CmdStatistics>('cmdstatistics', f),
  /** The workspace's users (`value` = account id), readable with any report permission. */
  users: () => fetchOptions('report-users') as Promise<Option[]>,
  commandTypes: () => fetchOptions('command-types') as unknown as Promise<CommandTypeNode[]>,
  adminUnits: () => fetchOptions('adminunit'),
};
