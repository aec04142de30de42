/**
 * 'Распределение осуществляемых случаев' (seed 001 §2.1): the tree of places under the workspace or
 * an area, with their open cases — Place, Suspected, TB, Drug-resistant TB, Non-tuberculous
 * mycobacterium. A node links to the unit's or the area's cases and expands to its child places,
 * loaded when first opened (`/api/cases/view`, `/api/cases/view/places`).
 */
import { useEffect, useState } from 'react';
import { Alert, Card, Table } from 'antd';
import { BankOutlined, ExperimentOutlined, GlobalOutlined, MedicineBoxOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorsOf } from '../api/index.ts';
import { placesApi, type TreeNode } from './api.ts';

type Row = TreeNode & { children?: Row[]; loaded?: boolean };

const withPlaceholder = (n: TreeNode): Row => (n.hasChildren ? { ...n, children: [] } : { ...n });

/** The cases page of a node. */
export const nodeLink = (n: TreeNode) =>
  n.type === 'UNIT' ? `/sys/unit/cases/active?id=${encodeURIComponent(n.id)}` : n.type === 'ADMINUNIT' ? `/sys/adminunit/cases?id=${encodeURIComponent(n.id)}` : '/sys/workspace/cases';

function replace(rows: Row[], id: string, change: (r: Row) => Row): Row[] {
  return rows.map((r) => (r.id === id ? change(r) : r.children ? { ...r, children: replace(r.children, id, change) } : r));
}

export function PlacesTree({ areaId }: { areaId?: string }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Row[]>([]);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  const open = async (id: string) => {
    const kids = await placesApi.children(id);
    setRows((rs) => replace(rs, id, (r) => ({ ...r, loaded: true, children: kids.map(withPlaceholder) })));
  };

  useEffect(() => {
    let live = true;
    setLoading(true);
    placesApi
      .root(areaId)
      .then(async (root) => {
        if (!live) return;
        setRows([withPlaceholder(root)]);
        if (root.hasChildren) {
          await open(root.id);
          setExpanded([root.id]);
        }
      })
      .catch((err) => live && setError(errorsOf(err).map((e) => t(e.msg)).join('; ')))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [areaId]);

  const num = (key: keyof TreeNode, testId: string) => ({
    key,
    title: t(`ui.places.tree.${key}`),
    align: 'right' as const,
    width: 120,
    render: (r: Row) => <span data-testid={testId}>{r[key] as number}</span>,
  });
  const icon = (r: Row) => (r.type === 'UNIT' ? r.unitType === 'LAB' ? <ExperimentOutlined /> : <MedicineBoxOutlined /> : r.type === 'WORKSPACE' ? <GlobalOutlined /> : <BankOutlined />);

  return (
    <Card title={<span data-testid="places-tree-title">{t('ui.places.treeTitle')}</span>} data-testid="places-tree">
      {error ? <Alert data-testid="alert-error" type="error" showIcon title={error} /> : null}
      <Table<Row>
        size="small"
        rowKey="id"
        loading={loading}
        pagination={false}
        dataSource={rows}
        expandable={{
          expandedRowKeys: expanded,
          onExpand: async (on, r) => {
            setExpanded((e) => (on ? [...e, r.id] : e.filter((k) => k !== r.id)));
            if (on && !r.loaded) await open(r.id).catch((err) => setError(errorsOf(err).map((e) => t(e.msg)).join('; ')));
          },
        }}
        onRow={(r) => ({ 'data-testid': 'tree-node', 'data-id': r.id, 'data-type': r.type }) as any}
        columns={[
          {
            key: 'name',
            title: t('ui.places.tree.place'),
            render: (r: Row) => (
              <Link to={nodeLink(r)} data-testid="tree-node-link">
                {icon(r)} {r.name}
              </Link>
            ),
          },
          num('suspectCount', 'tree-suspect'),
          num('tbCount', 'tree-tb'),
          num('drtbCount', 'tree-drtb'),
          num('ntmCount', 'tree-ntm'),
        ]}
      />
    </Card>
  );
}
