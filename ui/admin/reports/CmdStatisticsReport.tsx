/**
 * Command statistics (CMDSTATISTICS): the command history's filter
 * form (period, user, command type, area, search key), then the number of commands by type
 * (expandable to actions) and by user, each as a table beside a bar chart. Loads today's counts on open.
 */
import { Card, Col, Empty, Row, Table } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { reportApi, type CmdStatistics } from './api.ts';
import { BarChart } from './BarChart.tsx';
import { FilterForm } from './FilterForm.tsx';
import { ReportResult } from './ReportResult.tsx';
import { useAsked } from '../../generic/data/useAsked.ts';

type TypeRow = CmdStatistics['byType'][number] & { id: string };
type UserRow = { id: string; userName: string; count: number };

export default function CmdStatisticsReport() {
  const { t } = useTranslation();
  const { data, loading, errors, ask } = useAsked<CmdStatistics>((signal) => reportApi.statistics({ iniDate: dayjs().startOf('day').valueOf() }, signal));
  const types: TypeRow[] | undefined = data?.byType.map((x) => ({ ...x, id: x.type }));
  const users: UserRow[] | undefined = data?.byUser.map((x) => ({ id: x.userId ?? '', userName: x.userName ?? t('report.system'), count: x.count }));
  const count = { key: 'count', title: t('report.commands'), dataIndex: 'count', width: 110, align: 'right' as const };
  return (
    <Card title={t('perm.CMDSTATISTICS')} data-testid="report-cmdstatistics">
      <FilterForm fields={['userId', 'type', 'adminUnitId', 'searchKey']} loading={loading} errors={errors} onSubmit={(f) => ask((signal) => reportApi.statistics(f, signal))} />
      <Row gutter={[24, 24]}>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('report.byType')} data-testid="stats-by-type">
            <ReportResult
              rows={types}
              count={data?.count}
              loading={loading}
              errors={errors}
              columns={[{ key: 'typeName', title: t('cmdhistory.type'), dataIndex: 'typeName' }, count]}
              expand={(row) => (
                <Table size="small" rowKey="action" pagination={false} dataSource={row.actions} columns={[{ key: 'a', title: t('cmdhistory.action'), dataIndex: 'actionName' }, count]} />
              )}
            />
            {types?.length ? <BarChart testId="chart-by-type" bars={types.map((x) => ({ key: x.type, label: x.typeName, value: x.count }))} /> : null}
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('report.byUser')} data-testid="stats-by-user">
            {users?.length ? (
              <>
                <Table<UserRow> size="small" rowKey="id" pagination={false} dataSource={users} columns={[{ key: 'userName', title: t('cmdhistory.user'), dataIndex: 'userName' }, count]} />
                <BarChart testId="chart-by-user" color="#52c41a" bars={users.map((x) => ({ key: x.id, label: x.userName, value: x.count }))} />
              </>
            ) : users ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={false} />
            ) : null}
          </Card>
        </Col>
      </Row>
    </Card>
  );
}
