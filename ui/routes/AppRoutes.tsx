/**
 * The route table: public `/login`, and the shell under `/sys`.
 * Screens of modules not written yet (admin unit, unit, case) show a stand-in. Every screen under
 * `/sys` waits behind the licence agreement when the session has not accepted it.
 */
import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { WaitIcon } from '../generic/WaitIcon.tsx';
import LoginPage from '../pages/login/LoginPage.tsx';
import * as P from './lazyPages.ts';

export function AppRoutes() {
  return (
    <Suspense fallback={<WaitIcon testId="page-loading" />}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/init" element={<P.ClientInitPage />} />
        <Route path="/sys" element={<P.Shell />}>
          {/* the licence agreement first, when the settings require it */}
          <Route element={<P.LicenceGate />}>
            <Route index element={<Navigate to="/sys/home" replace />} />
            <Route path="home" element={<P.HomePage />} />
            <Route path="start" element={<Navigate to="/sys/home" replace />} />
            <Route path="admin" element={<Navigate to="/sys/admin/tables" replace />} />
            <Route path="admin/tables" element={<P.AdminTablesPage />} />
            <Route path="admin/tables/:table" element={<P.AdminTablesPage />} />
            <Route path="admin/reports" element={<P.AdminReportsPage />} />
            <Route path="admin/reports/:report" element={<P.AdminReportsPage />} />
            <Route path="admin/settings" element={<P.AdminSettingsPage />} />
            <Route path="admin/settings/:setting" element={<P.AdminSettingsPage />} />
            <Route path="workspace/*" element={<P.WorkspacePage />} />
            <Route path="adminunit/*" element={<P.AdminUnitPage />} />
            <Route path="unit/*" element={<P.UnitPage />} />
            <Route path="case" element={<P.CasePage />} />
            <Route path="case/new" element={<P.NotifyPage />} />
            <Route path="case/treatmentcard" element={<P.TreatmentCardPage />} />
            <Route path="stock/order" element={<P.OrderDocumentPage />} />
            <Route path="import" element={<P.ImportPage />} />
            <Route path="dhis2" element={<P.Dhis2Page />} />
            <Route path="user/settings" element={<P.UserSettingsPage />} />
            <Route path="user/changepassword" element={<P.ChangePasswordPage />} />
            <Route path="sync" element={<P.SyncPage />} />
            <Route path="*" element={<Navigate to="/sys/home" replace />} />
          </Route>
        </Route>
        <Route path="*" element={<Navigate to="/sys/home" replace />} />
      </Routes>
    </Suspense>
  );
}
