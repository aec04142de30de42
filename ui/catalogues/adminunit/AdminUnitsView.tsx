/**
 * The admin-units screen: the tree of units under the workspace root, children
 * loaded when a node opens. Each node's menu offers Редактировать, Удалить and 'Добавить {level}'
 * for each country-structure level one below (none below level 5); the root has its own add
 * button. Saving an existing unit updates its node, a new unit appears under its parent, deleting
 * asks first and shows the server's reasons. The switch 'Показать структуру страны' shows the
 * country structure as a generic catalogue; its changes refresh the tree. Editing needs
 * ADMINUNITS_EDT.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Card, Col, Dropdown, Flex, Row, Space, Switch, Typography } from 'antd';
import type { MenuProps } from 'antd';
import { ApartmentOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { errorsOf, tableApi, type Doc, type FieldError } from '../../api/index.ts';
import { useConfirm } from '../../generic/ConfirmDialog.tsx';
import { EmptyListWarning } from '../../generic/EmptyListWarning.tsx';
import { TimedAlerts } from '../../generic/TimedAlerts.tsx';
import { TreeList, type TreeListNode } from '../../generic/TreeList.tsx';
import { useTimedAlerts } from '../../generic/useTimedAlerts.ts';
import { WaitIcon } from '../../generic/WaitIcon.tsx';
import { CataloguePage, type CatalogueViewProps } from '../../generic/catalogue/index.ts';
import { FormDialog } from '../../generic/forms/FormDialog.tsx';
import { canEdit, useSession } from '../../session/index.ts';
import { queryAdminUnits, type AdminUnitRow, type CountryLevel } from './adminUnitApi.ts';
import { childLevels, MAX_LEVEL, parentOf, upsert } from './adminUnitTree.ts';
import { toAccusative } from './accusative.ts';
import { SectionTitle } from '../../generic/PageTitle.tsx';
import { useLatest } from '../../generic/data/useLatest.ts';
import { useData } from '../../generic/data/useData.ts';
import { areaPathKeys } from '../../../engine/area-path.ts';

const TABLE = 'adminunit';
/** Fields the tree itself decides (parent, path, level, count): not shown in its form. */
const HIDDEN = ['parentId', ...areaPathKeys, 'level', 'unitsCount'];

interface Editing {
  id?: string;
  parent?: AdminUnitRow;
  doc: Doc;
  heading: string;
  errors: FieldError[];
  saving: boolean;
}

/** `null` key: the top level. */
type ChildMap = Record<string, AdminUnitRow[]>;
const ROOT = '';

export default function AdminUnitsView({ permission }: CatalogueViewProps) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const alerts = useTimedAlerts();
  const [confirm, confirmDialog] = useConfirm();
  const [csList, setCsList] = useState<CountryLevel[]>([]);
  const [children, setChildren] = useState<ChildMap | null>(null);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [treeVersion, setTreeVersion] = useState(0);
  const [showStructure, setShowStructure] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  const askForm = useLatest();
  const { data: form = null, error: formError } = useData((signal) => tableApi.form(TABLE, undefined, false, signal), []);
  const editable = canEdit(session, permission ?? 'ADMINUNITS') && form?.resources?.readOnly !== true;

  const showErrors = (err: unknown) => alerts.error(errorsOf(err).map((e) => t(e.msg)).join('; '));

  /** The whole tree again: levels and top units; opened branches close (the country structure changed). */
  const top = useData((signal) => queryAdminUnits({ rootUnits: true, fetchCountryStructure: true }, signal), []);
  const reload = top.refetch;
  const loadError = top.error;
  useEffect(() => {
    if (!top.data) return;
    setCsList(top.data.csList ?? []);
    setChildren({ [ROOT]: top.data.list ?? [] });
    setExpanded([]);
    setTreeVersion((v) => v + 1);
  }, [top.data]);
  useEffect(() => void (formError && alerts.error(formError)), [formError]);

  const inFlight = useRef(new Map<string, Promise<void>>());
  /** Reads the children of a unit (one request at a time per unit). */
  const loadChildren = (parentId: string): Promise<void> => {
    const pending = inFlight.current.get(parentId);
    if (pending) return pending;
    const p = queryAdminUnits({ parentId })
      .then((res) => setChildren((m) => ({ ...(m ?? {}), [parentId]: res.list ?? [] })))
      .finally(() => inFlight.current.delete(parentId));
    inFlight.current.set(parentId, p);
    return p;
  };

  const loadRoots = async () => {
    const res = await queryAdminUnits({ rootUnits: true });
    setChildren((m) => ({ ...(m ?? {}), [ROOT]: res.list ?? [] }));
  };

  const rowOf = (id: string): AdminUnitRow | undefined =>
    Object.values(children ?? {})
      .flat()
      .find((r) => r.id === id);

  const setRow = (row: AdminUnitRow) =>
    setChildren((m) => {
      const key = parentOf(row) ?? ROOT;
      return { ...(m ?? {}), [key]: upsert(m?.[key] ?? [], row) };
    });

  const markParent = (parentId: string | null, hasChildren: boolean) => {
    if (!parentId) return;
    const parent = rowOf(parentId);
    if (parent && parent.hasChildren !== hasChildren) setRow({ ...parent, hasChildren });
  };

  const nodes = useMemo(() => {
    const build = (rows: AdminUnitRow[]): TreeListNode[] =>
      rows.map((row) => ({
        key: row.id,
        name: row.name,
        isLeaf: !row.hasChildren,
        children: children?.[row.id] ? build(children[row.id]) : undefined,
        title: <NodeTitle row={row} />,
      }));
    return build(children?.[ROOT] ?? []);
  }, [children]);

  // ---- the form ------------------------------------------------------------------------------

  /**
   * A new unit's level is where the tree adds it (its parent's + 1; the server computes it again on
   * save): no field of the form says it, so the tree puts it in the document, where the schema's
   * `x-options-params` reads it to offer the country-structure definitions of that level only.
   */
  const openNew = (parent: AdminUnitRow | undefined, cs: CountryLevel) =>
    setEditing({
      parent,
      doc: { ...(form?.doc ?? {}), parentId: parent?.id, countryStructure: cs.id, level: cs.level },
      heading: parent ? `${t('ui.adminunits.add', { name: toAccusative(cs.name, i18n.language) })} — ${parent.name}` : t('ui.adminunits.add', { name: toAccusative(cs.name, i18n.language) }),
      errors: [],
      saving: false,
    });

  const openEdit = async (row: AdminUnitRow) => {
    const req = askForm.begin(); // another unit's Edit clicked before this answer: that one's form shows
    try {
      const doc = await tableApi.editDoc(TABLE, row.id, req.signal);
      if (req.isLatest()) setEditing({ id: row.id, doc: doc ?? {}, heading: `${t('ui.common.edit')}: ${row.name}`, errors: [], saving: false });
    } catch (err) {
      showErrors(err);
    }
  };

  const fetchRow = async (id: string) => (await queryAdminUnits({ id })).list?.[0];

  const save = async (doc: Doc) => {
    if (!editing) return;
    const { id, parent } = editing;
    setEditing({ ...editing, doc, saving: true });
    try {
      if (id) {
        await tableApi.update(TABLE, id, doc);
        const row = await fetchRow(id);
        if (row) setRow({ ...row, hasChildren: row.hasChildren ?? rowOf(id)?.hasChildren });
        alerts.success(t('ui.msg.updated'));
      } else {
        await tableApi.create(TABLE, { ...doc, parentId: parent?.id });
        if (parent) {
          // the parent's children as the server has them now, and the parent opened to show the new one
          await loadChildren(parent.id);
          markParent(parent.id, true);
          setExpanded((keys) => (keys.includes(parent.id) ? keys : [...keys, parent.id]));
        } else {
          await loadRoots();
        }
        alerts.success(t('ui.msg.created'));
      }
      setEditing(null);
    } catch (err) {
      setEditing({ ...editing, doc, errors: errorsOf(err), saving: false });
    }
  };

  const remove = async (row: AdminUnitRow) => {
    if (!(await confirm(t('ui.msg.confirmDelete')))) return;
    try {
      await tableApi.remove(TABLE, row.id);
      const key = parentOf(row) ?? ROOT;
      const left = (children?.[key] ?? []).filter((r) => r.id !== row.id);
      setChildren((m) => ({ ...(m ?? {}), [key]: (m?.[key] ?? []).filter((r) => r.id !== row.id) }));
      if (!left.length) markParent(parentOf(row), false);
      alerts.success(t('ui.msg.deleted'));
    } catch (err) {
      showErrors(err);
    }
  };

  const uiSchema = useMemo(() => {
    const base = { ...(form?.resources?.uiSchema ?? {}) } as Record<string, unknown>;
    for (const f of HIDDEN) base[f] = { ...((base[f] as object) ?? {}), 'ui:widget': 'hidden' };
    return base;
  }, [form]);

  // ---- menus ---------------------------------------------------------------------------------

  const addItems = (level: number): NonNullable<MenuProps['items']> =>
    childLevels(csList, level).map((cs) => ({
      key: `add:${cs.id}`,
      icon: <PlusOutlined />,
      label: (
        <span data-testid="adminunit-add" data-cs={cs.id}>
          {t('ui.adminunits.add', { name: toAccusative(cs.name, i18n.language) })}
        </span>
      ),
    }));

  const menuOf = (node: TreeListNode): MenuProps['items'] => {
    const row = rowOf(node.key);
    if (!editable || !row) return [];
    return [
      { key: 'edit', icon: <EditOutlined />, label: <span data-testid="adminunit-edit">{t('ui.common.edit')}</span> },
      { key: 'delete', icon: <DeleteOutlined />, danger: true, label: <span data-testid="adminunit-delete">{t('ui.common.delete')}</span> },
      ...(row.level < MAX_LEVEL ? addItems(row.level) : []),
    ];
  };

  const onMenuClick = (node: TreeListNode, key: string) => {
    const row = rowOf(node.key);
    if (!row) return;
    if (key === 'edit') void openEdit(row);
    else if (key === 'delete') void remove(row);
    else if (key.startsWith('add:')) {
      const cs = csList.find((c) => c.id === key.slice(4));
      if (cs) openNew(row, cs);
    }
  };

  const rootLevels = childLevels(csList, 0);
  const rootAdd = !editable ? null : rootLevels.length === 1 ? (
    <Button data-testid="adminunits-add-root" type="primary" icon={<PlusOutlined />} onClick={() => openNew(undefined, rootLevels[0])}>
      {t('ui.adminunits.add', { name: toAccusative(rootLevels[0].name, i18n.language) })}
    </Button>
  ) : rootLevels.length > 1 ? (
    <Dropdown trigger={['click']} menu={{ items: addItems(0), onClick: ({ key }) => openNew(undefined, csList.find((c) => `add:${c.id}` === key)!) }}>
      <Button data-testid="adminunits-add-root" type="primary" icon={<PlusOutlined />}>
        {t('ui.common.add')}
      </Button>
    </Dropdown>
  ) : null;

  const tree = (
    <Card
      size="small"
      data-testid="adminunits-tree"
      title={
        <Space>
          <ApartmentOutlined />
          <span data-testid="adminunits-root">{session.workspaceName}</span>
        </Space>
      }
      extra={rootAdd}
    >
      {loadError ? (
        <Typography.Text type="danger">{loadError}</Typography.Text>
      ) : !children ? (
        <WaitIcon testId="list-loading" />
      ) : nodes.length ? (
        <TreeList
          key={treeVersion}
          nodes={nodes}
          loadChildren={(node) => loadChildren(node.key).catch(showErrors)}
          menuOf={menuOf}
          onMenuClick={onMenuClick}
          expandedKeys={expanded}
          onExpand={setExpanded}
        />
      ) : (
        <EmptyListWarning />
      )}
    </Card>
  );

  return (
    <div data-testid="adminunits-page" data-table={TABLE}>
      <Flex align="center" justify="space-between" gap={8} wrap style={{ marginBottom: 12 }}>
        <SectionTitle style={{ margin: 0 }} data-testid="adminunits-title">
          {form ? t(String(form.schema.title ?? 'adminunit.title')) : t('adminunit.title')}
        </SectionTitle>
        <Space>
          <Switch data-testid="adminunits-show-structure" checked={showStructure} onChange={setShowStructure} aria-label={t('ui.adminunits.showStructure')} />
          <Typography.Text>{t('ui.adminunits.showStructure')}</Typography.Text>
        </Space>
      </Flex>
      <TimedAlerts alerts={alerts.alerts} remove={alerts.remove} />
      {showStructure ? (
        <Row gutter={16}>
          <Col xs={24} lg={13}>
            {tree}
          </Col>
          <Col xs={24} lg={11} data-testid="country-structure">
            <CataloguePage table="countrystructure" permission={permission ?? 'ADMINUNITS'} onChanged={() => void reload()} />
          </Col>
        </Row>
      ) : (
        tree
      )}
      {editing && form ? (
        <FormDialog
          open
          title={editing.heading}
          schema={form.schema}
          uiSchema={uiSchema}
          options={form.resources?.options}
          formData={editing.doc}
          serverErrors={editing.errors}
          saving={editing.saving}
          onSubmit={(doc) => void save(doc)}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      {confirmDialog}
    </div>
  );
}

function NodeTitle({ row }: { row: AdminUnitRow }) {
  const cs = typeof row.countryStructure === 'object' ? row.countryStructure?.name : undefined;
  return (
    <span data-testid="adminunit-node" data-id={row.id} data-level={row.level}>
      <span data-testid="adminunit-name">{row.name}</span>
      {cs ? (
        <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
          {cs}
        </Typography.Text>
      ) : null}
    </span>
  );
}
