/**
 * Every screen behind the shell loads on demand: one chunk per page (rjsf, admin screens…). The
 * shell and the licence gate around every signed-in screen, and the home page every sign-in lands
 * on, come with the app: each lazy level nested in another costs a page load React's 300 ms
 * Suspense reveal throttle, one after the other.
 */
import { lazy } from 'react';

export { default as Shell } from '../shell/Shell.tsx';
export { default as LicenceGate } from '../pages/login/LicenceGate.tsx';
export { default as HomePage } from '../pages/home/HomePage.tsx';
export const AdminTablesPage = lazy(() => import('../pages/admin/AdminTablesPage.tsx'));
export const AdminReportsPage = lazy(() => import('../pages/admin/AdminReportsPage.tsx'));
export const AdminSettingsPage = lazy(() => import('../pages/admin/AdminSettingsPage.tsx'));
export const UserSettingsPage = lazy(() => import('../pages/user/UserSettingsPage.tsx'));
export const ChangePasswordPage = lazy(() => import('../pages/user/ChangePasswordPage.tsx'));
export const SyncPage = lazy(() => import('../pages/sync/SyncPage.tsx'));
export const ClientInitPage = lazy(() => import('../pages/sync/ClientInitPage.tsx'));
export const PendingPage = lazy(() => import('../pages/pending/PendingPage.tsx'));
export const WorkspacePage = lazy(() => import('../pages/workspace/WorkspacePage.tsx'));
export const CasePage = lazy(() => import('../cases/case/CasePage.tsx'));
export const TreatmentCardPage = lazy(() => import('../cases/treatment/card/TreatmentCardPage.tsx'));
export const OrderDocumentPage = lazy(() => import('../stock/OrderDocumentPage.tsx'));
export const NotifyPage = lazy(() => import('../cases/notify/NotifyPage.tsx'));
export const ImportPage = lazy(() => import('../cases/import/ImportPage.tsx'));
export const Dhis2Page = lazy(() => import('../dhis2/Dhis2Page.tsx'));
export const UnitPage = lazy(() => import('../places/UnitPage.tsx'));
export const AdminUnitPage = lazy(() => import('../places/AdminUnitPage.tsx'));
