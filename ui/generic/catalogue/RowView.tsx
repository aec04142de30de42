/**
 * A row shown read-only, as the server names its values (`GET /api/tbl/<table>/view/<id>`:
 * field titles, enum texts, Да/Нет, references by name, table rows as text). An expanded card
 * shows it to a reader who may not edit the catalogue.
 *
 * @example <RowView table="regimen" id={row.id} />
 */
import { useEffect, useState } from 'react';
import { Alert, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { api, errorsOf } from '../../api/index.ts';
import { WaitIcon } from '../WaitIcon.tsx';

interface View {
  items: { title: string; value: unknown }[];
}

export function RowView({ table, id }: { table: string; id: string }) {
  const { t } = useTranslation();
  const [view, setView] = useState<View | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api.get<View>(`/api/tbl/${encodeURIComponent(table)}/view/${encodeURIComponent(id)}`).then(
      (v) => live && setView(v),
      (err) => live && setError(errorsOf(err).map((e) => t(e.msg)).join('; ')),
    );
    return () => void (live = false);
  }, [table, id]);
  if (error) return <Alert type="error" showIcon title={error} />;
  if (!view) return <WaitIcon />;
  return (
    <Descriptions data-testid="row-view" column={1} bordered size="small" style={{ marginTop: 8 }}>
      {view.items.map((item, i) => (
        <Descriptions.Item key={i} label={item.title}>
          <span style={{ whiteSpace: 'pre-line' }}>{item.value === null || item.value === undefined ? '' : String(item.value)}</span>
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}
