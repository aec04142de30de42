/**
 * A card of the unit's stock documents of one table (its orders, its transfers): the rows where the
 * unit stands in any of `unitKeys`, newest first, each once, with their columns and the steps that are
 * the unit's to take; 'new' opens the table's own form (`/api/tbl/<table>/form`) without the fields
 * only the server sets. The server decides each step.
 *
 * @example <StockDocuments table="stocktransfer" unitKeys={['unitFromId', 'unitToId']} … />
 */
import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Empty, Table } from 'antd';
import type { TableColumnsType as ColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { tableApi, type Doc } from '../api/index.ts';
import { RemoteFormDialog } from '../generic/forms/RemoteFormDialog.tsx';
import { dateText } from '../i18n/dates.ts';
import { useData } from '../generic/data/useData.ts';
import { hasPermission, useSession } from '../session/index.ts';
import { stockForm } from './api.ts';

export type StockDocument = Doc & { id: string; date: string; state: string };

/** The table's rows where the unit is in any of the keys, newest first, each once. */
async function documentsOf<T extends StockDocument>(table: string, unitKeys: string[], unitId: string): Promise<T[]> {
  const lists = await Promise.all(unitKeys.map((k) => tableApi.query<T>(table, { [k]: unitId, pageSize: 50 })));
  const byId = new Map(lists.flatMap((l) => l.list).map((o) => [o.id, o]));
  return [...byId.values()].sort((a, b) => b.date.localeCompare(a.date));
}

export interface StockDocumentsProps<T extends StockDocument> {
  table: string;
  unitKeys: string[];
  unitId: string;
  version: number;
  onChanged: () => void;
  /** i18n keys of the card's title, its 'new' button and its empty text. */
  title: string;
  newLabel: string;
  empty: string;
  newPermission: string;
  /** The new document's values from the unit, and the fields only the server sets. */
  newDoc: Doc;
  serverFields: string[];
  /** `data-testid` of the card, of its 'new' button, and the prefix of each row's. */
  testId: string;
  newTestId: string;
  rowTestId: string;
  /** The columns between the date and the steps. */
  columns: ColumnsType<T>;
  steps: (row: T) => ReactNode;
  /** A dialog of its own for a new document (an order's, with its proposal) instead of the table's form. */
  newDialog?: (p: { open: boolean; onSaved: () => void; onClose: () => void }) => ReactNode;
  /** What a row shows when opened (an order's medicines and its documents). */
  expand?: (row: T) => ReactNode;
}

export function StockDocuments<T extends StockDocument>(p: StockDocumentsProps<T>) {
  const { t } = useTranslation();
  const session = useSession();
  const [adding, setAdding] = useState(false);
  const { data, error } = useData(() => documentsOf<T>(p.table, p.unitKeys, p.unitId), [p.unitId, p.version]);
  const saved = () => {
    setAdding(false);
    p.onChanged();
  };
  return (
    <Card
      title={t(p.title)}
      data-testid={p.testId}
      extra={hasPermission(session, p.newPermission) && <Button data-testid={p.newTestId} onClick={() => setAdding(true)}>{t(p.newLabel)}</Button>}
    >
      {error && <Alert type="error" showIcon title={error} />}
      {data && !data.length && <Empty description={t(p.empty)} />}
      {data && data.length > 0 && (
        <Table<T>
          size="small"
          pagination={false}
          rowKey="id"
          dataSource={data}
          onRow={(r) => ({ 'data-testid': `${p.rowTestId}-${r.id}` }) as any}
          expandable={p.expand && { expandedRowRender: p.expand }}
          columns={[
            { key: 'date', title: t(`${p.table}.date`), render: (_: unknown, r) => dateText(r.date) },
            ...p.columns,
            { key: 'steps', title: '', render: (_: unknown, r) => p.steps(r) },
          ]}
        />
      )}
      {p.newDialog ? (
        p.newDialog({ open: adding, onSaved: saved, onClose: () => setAdding(false) })
      ) : (
        <RemoteFormDialog
          open={adding}
          title={t(p.newLabel)}
          load={() => stockForm(p.table, p.newDoc, p.serverFields)}
          save={(doc) => tableApi.create(p.table, doc)}
          onSaved={saved}
          onClose={() => setAdding(false)}
        />
      )}
    </Card>
  );
}
