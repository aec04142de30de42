/**
 * The workspace dashboard's early warning: the units of the reader's view with batches
 * expiring (or expired), medicines below or above their months of stock and the day each medicine runs
 * out by the current patients' regimens, each opening the unit's stock tab. Drawn only for holders of INVENTORY, and only when some unit has a warning.
 * A card narrower than the table needs (a tablet, where the run-out dates fell outside it) lists
 * each unit with its fields named instead.
 */
import type { ReactNode } from 'react';
import { Card, Descriptions, List, Space, Table, Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useWidth } from '../generic/useWidth.ts';
import { dateText } from '../i18n/dates.ts';
import { hasPermission, useSession } from '../session/index.ts';
import { useData } from '../generic/data/useData.ts';
import { stockViewApi, type UnitWarnings } from './api.ts';

/** Below this width of the card, a list of units with named fields instead of the table. */
const TABLE_WIDTH = 900;

export function StockWarningsCard() {
  const session = useSession();
  return hasPermission(session, 'INVENTORY') ? <Warnings /> : null;
}

function Warnings() {
  const { t } = useTranslation();
  const { data } = useData(() => stockViewApi.warnings(), []);
  const [ref, width] = useWidth<HTMLDivElement>();
  if (!data?.units.length) return null;
  const count = (n: number, color: string) => (n ? <Tag color={color}>{n}</Tag> : '—');
  // each field of a unit: its heading and how it shows
  const fields: { key: string; title: string; render: (r: UnitWarnings) => ReactNode }[] = [
    { key: 'expiring', title: t('ui.stock.expiringCount'), render: (r) => count(r.expiring, 'orange') },
    { key: 'low', title: t('ui.stock.lowCount'), render: (r) => count(r.low, 'red') },
    { key: 'high', title: t('ui.stock.highCount'), render: (r) => count(r.high, 'blue') },
    {
      key: 'stockOut',
      title: t('ui.stock.stockOutColumn'),
      render: (r) =>
        r.stockOut.length ? (
          <Space orientation="vertical" size={0}>
            {r.stockOut.map((o) => (
              <span key={o.productId} data-testid="stock-warnings-out">
                <Tag color="red">{dateText(o.date)}</Tag>
                {o.productName}
              </span>
            ))}
          </Space>
        ) : (
          '—'
        ),
    },
  ];
  const unitLink = (r: UnitWarnings) => <Link to={`/sys/unit/stock?id=${encodeURIComponent(r.unitId)}`}>{r.unitName}</Link>;
  const narrow = width !== undefined && width < TABLE_WIDTH;
  return (
    <Card title={t('ui.stock.alerts')} data-testid="stock-warnings" data-layout={narrow ? 'list' : 'table'} style={{ marginBottom: 16 }}>
      <div ref={ref}>
        {narrow ? (
          <List<UnitWarnings>
            dataSource={data.units}
            rowKey="unitId"
            renderItem={(r) => (
              <List.Item data-testid={`stock-warnings-${r.unitId}`}>
                <Descriptions size="small" column={1} title={unitLink(r)} items={fields.map((f) => ({ key: f.key, label: f.title, children: f.render(r) }))} />
              </List.Item>
            )}
          />
        ) : (
          <Table<UnitWarnings>
            size="small"
            pagination={false}
            rowKey="unitId"
            dataSource={data.units}
            onRow={(r) => ({ 'data-testid': `stock-warnings-${r.unitId}` }) as never}
            columns={[{ key: 'unit', title: t('stock.unit'), render: (_: unknown, r) => unitLink(r) }, ...fields.map((f) => ({ key: f.key, title: f.title, render: (_: unknown, r: UnitWarnings) => f.render(r) }))]}
          />
        )}
      </div>
    </Card>
  );
}
