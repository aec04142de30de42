/** Table columns shared by the session reports. */
import type { TableColumnsType as ColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { SessionRow } from './api.ts';
import { formatDateTime } from './format.ts';

export const sessionColumns = (t: TFunction): ColumnsType<SessionRow> => [
  { key: 'userName', title: t('syssession.user'), dataIndex: 'userName' },
  { key: 'userLogin', title: t('report.userLogin'), dataIndex: 'userLogin' },
  { key: 'loginDate', title: t('syssession.loginDate'), dataIndex: 'loginDate', render: formatDateTime },
  { key: 'logoutDate', title: t('syssession.logoutDate'), dataIndex: 'logoutDate', render: formatDateTime },
  { key: 'lastAccess', title: t('syssession.lastAccess'), dataIndex: 'lastAccess', render: formatDateTime },
];
