/**
 * A row shown read-only, as the server names its values (`GET /api/tbl/<table>/view/<id>`:
 * field titles, enum texts, Да/Нет, references by name, table rows as text). An expanded card
 * shows it to a reader who may not edit the catalogue.
 *
 * @example <RowView table="regimen" id={row.id} />
 */
import { Alert, Descriptions } from 'antd';
import { api } from '../../api/index.ts';
import { useData } from '../data/useData.ts';
import { WaitIcon } from '../WaitIcon.tsx';

interface View {
  items: { title: string; value: unknown }[];
}

export function RowView({ table, id }: { table: string; id: string }) {
  const { data: view, error } = useData((signal) => api.get<View>(`/api/tbl/${encodeURIComponent(table)}/view/${encodeURIComponent(id)}`, signal), [table, id]);
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
