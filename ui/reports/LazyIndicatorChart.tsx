/** {@link IndicatorChart} loaded on demand (its own chunk with apexcharts), a spinner until it comes. */
import { lazy, Suspense } from 'react';
import { WaitIcon } from '../generic/WaitIcon.tsx';
import type { IndicatorChartProps } from './IndicatorChart.tsx';

const IndicatorChart = lazy(() => import('./IndicatorChart.tsx'));

export function LazyIndicatorChart(props: IndicatorChartProps) {
  return (
    <Suspense fallback={<WaitIcon testId="chart-loading" />}>
      <IndicatorChart {...props} />
    </Suspense>
  );
}
