/**
 * The workspace dashboard's early warning (issue 25): the units of the reader's view with batches
 * expiring (or expired), medicines below or above their months of stock and the day each medicine runs
 * out by the current patients' regimens, each opening the unit's stock tab. Drawn only for holders of INVENTORY, and only when some unit has a warning.
 */
import { Card, Space, Table, Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { dateText } from '../i18n/dates.ts';
import { hasPermission, useSession } from '../session/index.ts';
import { useRemote } from '../places/useRemote.ts';
import { stockViewApi, type UnitWarnings } from './api.ts';

export function StockWarningsCard() {
  const session = useSession();
  return hasPermission(session, 'INVENTORY') ? <Warnings /> : null;
}

function Warnings() {
  const { t } = useTranslation();
  const { data } = useRemote(() => stockViewApi.warnings(), []);
  if (!data?.units.length) return null;
  const count = (n: number, color: string) => (n ? <Tag color={color}>{n}</Tag> : '—');
  return (
    <Card title={t('ui.stock.alerts')} data-testid="stock-warnings" style={{ marginBottom: 16 }}>
      <Table<UnitWarnings>
        size="small"
        pagination={false}
        rowKey="unitId"
        dataSource={data.units}
        onRow={(r) => ({ 'data-testid': `stock-warnings-${r.unitId}` }) as any}
        columns={[
          { key: 'unit', title: t('stock.unit'), render: (_: unknown, r) => <Link to={`/sys/unit/stock?id=${encodeURIComponent(r.unitId)}`}>{r.unitName}</Link> },
          { key: 'expiring', title: t('ui.stock.expiringCount'), render: (_: unknown, r) => count(r.expiring, 'orange') },
          { key: 'low', title: t('ui.stock.lowCount'), render: (_: unknown, r) => count(r.low, 'red') },
          { key: 'high', title: t('ui.stock.highCount'), render: (_: unknown, r) => count(r.high, 'blue') },
          {
            key: 'stockOut',
            title: t('ui.stock.stockOutColumn'),
            render: (_: unknown, r) => (r.stockOut.length ? (
              <Space direction="vertical" size={0}>
                {r.stockOut.map((o) => <span key={o.productId} data-testid="stock-warnings-out"><Tag color="red">{dateText(o.date)}</Tag>{o.productName}</span>)}
              </Space>
            ) : '—'),
          },
        ]}
      />
    </Card>
  );
}
