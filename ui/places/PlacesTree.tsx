/**
 * 'Распределение осуществляемых случаев': the tree of places under the workspace or
 * an area, with their open cases — Place, Suspected, TB, Drug-resistant TB, Non-tuberculous
 * mycobacterium. A node links to the unit's or the area's cases and expands to its child places,
 * loaded when first opened (`/api/cases/view`, `/api/cases/view/places`). By keyboard it is an ARIA
 * treegrid with one tab stop: the arrow keys move between and open the rows, Enter opens the cases.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Alert, Card, Table } from 'antd';
import { BankOutlined, ExperimentOutlined, GlobalOutlined, MedicineBoxOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorsOf } from '../api/index.ts';
import { treeKey, type DrawnNode } from '../generic/treeKeys.ts';
import { placesApi, type TreeNode } from './api.ts';
import { useData } from '../generic/data/useData.ts';

type Row = TreeNode & { children?: Row[]; loaded?: boolean };

const withPlaceholder = (n: TreeNode): Row => (n.hasChildren ? { ...n, children: [] } : { ...n });

/** The cases page of a node. */
export const nodeLink = (n: TreeNode) =>
  n.type === 'UNIT' ? `/sys/unit/cases/active?id=${encodeURIComponent(n.id)}` : n.type === 'ADMINUNIT' ? `/sys/adminunit/cases?id=${encodeURIComponent(n.id)}` : '/sys/workspace/cases';

function replace(rows: Row[], id: string, change: (r: Row) => Row): Row[] {
  return rows.map((r) => (r.id === id ? change(r) : r.children ? { ...r, children: replace(r.children, id, change) } : r));
}

/** The rows as drawn (children of open rows only), in order, with their depth. */
function drawn(rows: Row[], expanded: string[], level = 1): (DrawnNode & { row: Row })[] {
  return rows.flatMap((r) => {
    const open = expanded.includes(r.id);
    const self = { id: r.id, level, expandable: !!r.hasChildren, expanded: open, row: r };
    return open && r.children ? [self, ...drawn(r.children, expanded, level + 1)] : [self];
  });
}

const EXPAND_TARGET = { width: 24, height: 24, padding: 0, marginInlineEnd: 4, border: 0, background: 'none', cursor: 'pointer', display: 'inline-flex', alignItems: 'center', justifyContent: 'center', verticalAlign: 'middle' } as const;

/** The treegrid's table element, named by the card's title. */
const treegrid = (label: string) =>
  function TreeGridTable(props: object) {
    return <table {...props} role="treegrid" aria-label={label} />;
  };

export function PlacesTree({ areaId }: { areaId?: string }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Row[]>([]);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [openError, setOpenError] = useState<string | null>(null);
  // the row that is the tree's tab stop (the first one until another is focused)
  const [active, setActive] = useState<string>();
  const box = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  const open = async (id: string) => {
    const kids = await placesApi.children(id);
    setRows((rs) => replace(rs, id, (r) => ({ ...r, loaded: true, children: kids.map(withPlaceholder) })));
  };

  // the place's node with its first level open, read again for another area (a late answer for the area before never shows)
  const initial = useData(
    async (signal) => {
      const root = withPlaceholder(await placesApi.root(areaId, signal));
      if (!root.hasChildren) return { rows: [root], expanded: [] };
      const kids = await placesApi.children(root.id, signal);
      return { rows: [{ ...root, loaded: true, children: kids.map(withPlaceholder) }], expanded: [root.id] };
    },
    [areaId],
  );
  useEffect(() => {
    if (!initial.data) return;
    setRows(initial.data.rows);
    setExpanded(initial.data.expanded);
  }, [initial.data]);
  const error = openError ?? initial.error;
  const loading = initial.loading;

  const toggle = async (on: boolean, r: Row) => {
    setExpanded((e) => (on ? [...e, r.id] : e.filter((k) => k !== r.id)));
    if (on && !r.loaded) await open(r.id).catch((err) => setOpenError(errorsOf(err).map((e) => t(e.msg)).join('; ')));
  };

  // one component per title: a new one each render would draw the table afresh and drop the focus
  const components = useMemo(() => ({ table: treegrid(t('ui.places.treeTitle')) }), [t]);
  const nodes = drawn(rows, expanded);
  const tabStop = nodes.some((n) => n.id === active) ? active : nodes[0]?.id;
  const onKeyDown = (e: KeyboardEvent<HTMLElement>, r: Row) => {
    // keys typed in the row itself, not in a control inside it
    if (e.target !== e.currentTarget) return;
    const move = treeKey(nodes, r.id, e.key);
    if (!move) return;
    e.preventDefault();
    if ('focus' in move) box.current?.querySelector<HTMLElement>(`tr[data-id="${CSS.escape(move.focus)}"]`)?.focus();
    else if ('expand' in move) void toggle(true, r);
    else if ('collapse' in move) void toggle(false, r);
    else void navigate(nodeLink(r));
  };

  const num = (key: keyof TreeNode, testId: string) => ({
    key,
    title: t(`ui.places.tree.${key}`),
    align: 'right' as const,
    width: 120,
    render: (r: Row) => <span data-testid={testId}>{r[key] as number}</span>,
  });
  const icon = (r: Row) => (r.type === 'UNIT' ? r.unitType === 'LAB' ? <ExperimentOutlined /> : <MedicineBoxOutlined /> : r.type === 'WORKSPACE' ? <GlobalOutlined /> : <BankOutlined />);

  return (
    <Card title={<span data-testid="places-tree-title">{t('ui.places.treeTitle')}</span>} data-testid="places-tree" ref={box}>
      {error ? <Alert data-testid="alert-error" type="error" showIcon title={error} /> : null}
      <Table<Row>
        size="small"
        rowKey="id"
        loading={loading}
        pagination={false}
        dataSource={rows}
        components={components}
        expandable={{
          expandedRowKeys: expanded,
          onExpand: toggle,
          // the row is the keyboard's stop, not its button (the arrow keys open it)
          expandIcon: ({ expanded: on, expandable, record, onExpand }) =>
            expandable ? (
              // antd's 16 px plus / minus inside a 24 × 24 px target (WCAG 2.5.8)
              <button type="button" tabIndex={-1} aria-label={t(on ? 'ui.places.tree.collapse' : 'ui.places.tree.expand')} style={EXPAND_TARGET} onClick={(e) => onExpand(record, e)}>
                <span className={`ant-table-row-expand-icon ant-table-row-expand-icon-${on ? 'expanded' : 'collapsed'}`} style={{ float: 'none' }} />
              </button>
            ) : (
              <span className="ant-table-row-expand-icon ant-table-row-expand-icon-spaced" />
            ),
        }}
        onRow={(r) => {
          const node = nodes.find((n) => n.id === r.id);
          return {
            'data-testid': 'tree-node',
            'data-id': r.id,
            'data-type': r.type,
            tabIndex: r.id === tabStop ? 0 : -1,
            'aria-level': node?.level,
            'aria-expanded': r.hasChildren ? expanded.includes(r.id) : undefined,
            onFocus: () => setActive(r.id),
            onKeyDown: (e: KeyboardEvent<HTMLElement>) => onKeyDown(e, r),
          } as any;
        }}
        columns={[
          {
            key: 'name',
            title: t('ui.places.tree.place'),
            render: (r: Row) => (
              <Link to={nodeLink(r)} data-testid="tree-node-link" tabIndex={-1}>
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
