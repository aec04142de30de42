/** The General tab's indicators ({@link DashboardIndicators}) in a chunk of their own: the place pages load it when shown. */
import { lazy, Suspense } from 'react';
import { WaitIcon } from '../generic/WaitIcon.tsx';
import type { PlaceRef } from '../places/api.ts';

const DashboardIndicators = lazy(() => import('./DashboardIndicators.tsx'));

export function LazyDashboard({ place }: { place: PlaceRef }) {
  return (
    <Suspense fallback={<WaitIcon testId="dashboard-loading" />}>
      <DashboardIndicators place={place} />
    </Suspense>
  );
}
