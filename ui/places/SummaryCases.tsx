/** `…/cases/summary?sum={summaryId}&id=` — the place's cases of a summary, 50 a page, with its name and count. */
import { useState } from 'react';
import { Alert, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { WaitIcon } from '../generic/WaitIcon.tsx';
import { placesApi, type PlaceRef } from './api.ts';
import { CaseList } from './CaseList.tsx';
import { useData } from '../generic/data/useData.ts';

export function SummaryCases({ place, summaryId }: { place: PlaceRef; summaryId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const { data, error, loading } = useData((signal) => placesApi.summaryQuery(place.scope, place.id, summaryId, page + 1, signal), [place.scope, place.id, summaryId, page]);
  if (error) return <Alert data-testid="alert-error" type="error" showIcon title={error} />;
  if (!data) return <WaitIcon />;
  return (
    <Card data-testid="summary-cases" title={<span data-testid="summary-cases-title">{data.summary.name} — {t('ui.common.count', { count: data.count })}</span>}>
      <CaseList rows={data.list} count={data.count} page={page} onPage={setPage} loading={loading} showUnit={place.scope !== 'UNIT'} />
    </Card>
  );
}
