/**
 * Generic renderers reused by every screen: the schema-driven catalogue, forms and dialogs,
 * paged list with counter, tree list, confirmation, timed alerts, empty-list warning, the
 * no-permission page, wait icon.
 */
export { WaitIcon } from './WaitIcon.tsx';
export { EmptyListWarning } from './EmptyListWarning.tsx';
export { NoPermission } from './NoPermission.tsx';
export { TimedAlerts } from './TimedAlerts.tsx';
export { useTimedAlerts, SUCCESS_TIMEOUT_MS, type TimedAlertsApi, type AlertItem } from './useTimedAlerts.ts';
export { ConfirmDialog, useConfirm } from './ConfirmDialog.tsx';
export { Pager, pageWindow } from './Pager.tsx';
export { PagedList, type PagedListProps } from './PagedList.tsx';
export { TreeList, type TreeListNode, type TreeListProps } from './TreeList.tsx';
