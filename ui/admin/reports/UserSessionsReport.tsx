/**
 * User session history (USERSESREP): a Date tab with a calendar (today by default:
 * the sessions that started that day) and an 'Other filters' tab (period, user) with an Update
 * button. Rows expand to the whole session record.
 */
import { Calendar, Card, Tabs } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryResult } from '../../api/index.ts';
import { reportApi, type SessionRow } from './api.ts';
import { sessionColumns } from './columns.tsx';
import { FilterForm } from './FilterForm.tsx';
import { ReportResult } from './ReportResult.tsx';
import { SessionDetail } from './SessionDetail.tsx';
import { useAsked } from '../../generic/data/useAsked.ts';

export default function UserSessionsReport() {
  const { t } = useTranslation();
  const [day, setDay] = useState<Dayjs>(() => dayjs());
  const dailyOf = (d: Dayjs) => (signal: AbortSignal) => reportApi.dailySessions(d.startOf('day').valueOf(), signal);
  const { data, loading, errors, ask } = useAsked<QueryResult<SessionRow>>(dailyOf(day));
  const columns = useMemo(() => sessionColumns(t), [t]);

  const loadDay = (d: Dayjs) => {
    setDay(d);
    ask(dailyOf(d));
  };

  const result = <ReportResult rows={data?.list} count={data?.count} columns={columns} loading={loading} errors={errors} expand={(row) => <SessionDetail row={row} />} />;
  return (
    <Card title={t('perm.USERSESREP')} data-testid="report-usersessions">
      <Tabs
        destroyOnHidden
        onChange={(key) => key === 'date' && loadDay(day)}
        items={[
          {
            key: 'date',
            label: t('report.dateTab'),
            children: (
              <>
                <div style={{ maxWidth: 360, marginBottom: 12 }} data-testid="report-calendar">
                  <Calendar fullscreen={false} value={day} onSelect={(d, info) => (info.source === 'date' || info.source === 'customize' ? loadDay(d) : setDay(d))} />
                </div>
                {result}
              </>
            ),
          },
          {
            key: 'other',
            label: t('report.otherFilters'),
            children: (
              <>
                <FilterForm fields={['userId']} loading={loading} errors={errors} onSubmit={(f) => ask((signal) => reportApi.sessions(f, signal))} />
                {result}
              </>
            ),
          },
        ]}
      />
    </Card>
  );
}
