/**
 * rjsf field for a profile's permissions: the `perms-tree` lookup drawn as a checkable tree; a
 * checked node marked `changeable` also offers 'Can modify?'. The value is a list
 * of `{<valueKey>: id, canChange}`; a parent is granted whenever one of its children is.
 */
import { useMemo, type Key, type ReactNode } from 'react';
import { Checkbox, Tree, Typography } from 'antd';
import type { FieldProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import type { SchemaFormContext } from './optionsLoader.ts';
import type { OptionSource } from './translateSchema.ts';
import { useData } from '../data/useData.ts';

interface PermNode {
  id: string;
  name: string;
  changeable?: boolean;
  children?: PermNode[];
}

type Grant = Record<string, unknown>;

interface TreeItem {
  key: string;
  title: ReactNode;
  children?: TreeItem[];
}

const leaves = (nodes: PermNode[], out = new Set<string>()) => {
  for (const n of nodes) n.children?.length ? leaves(n.children, out) : out.add(n.id);
  return out;
};

export function PermissionTreeField(props: FieldProps) {
  const { formData, onChange, fieldPathId, uiSchema, registry, disabled, readonly, schema } = props;
  const { t } = useTranslation();
  const ctx = registry.formContext as SchemaFormContext | undefined;
  const options = (uiSchema?.['ui:options'] ?? {}) as { valueKey?: string; source?: OptionSource };
  const valueKey = options.valueKey ?? 'permission';
  const grants: Grant[] = Array.isArray(formData) ? formData : [];
  const canChangeTitle = (schema.items as { properties?: { canChange?: { title?: string } } })?.properties?.canChange?.title;

  const { data: tree = null } = useData(
    async () => (ctx ? ((await ctx.loadOptions(options.source ?? { path: '', lookup: 'perms-tree' }).catch(() => [])) as unknown as PermNode[]) : null),
    [ctx],
  );

  const leafIds = useMemo(() => leaves(tree ?? []), [tree]);
  const granted = new Map(grants.map((g) => [String(g[valueKey]), g]));
  const checkedLeaves = [...granted.keys()].filter((id) => leafIds.has(id));
  const locked = disabled || readonly;

  const emit = (next: Grant[]) => onChange(next, fieldPathId.path);

  const onCheck = (checked: Key[] | { checked: Key[] }, info: { halfCheckedKeys?: Key[] }) => {
    const keys = [...(Array.isArray(checked) ? checked : checked.checked), ...(info.halfCheckedKeys ?? [])].map(String);
    emit(keys.map((id) => ({ ...granted.get(id), [valueKey]: id, canChange: granted.get(id)?.canChange === true }))); // a kept grant keeps its row id
  };

  const setCanChange = (id: string, value: boolean) =>
    emit(grants.map((g) => (String(g[valueKey]) === id ? { ...g, canChange: value } : g)));

  const toData = (nodes: PermNode[]): TreeItem[] =>
    nodes.map((n) => ({
      key: n.id,
      title: (
        <span data-testid={`perm-${n.id}`}>
          {n.name}
          {n.changeable && granted.has(n.id) ? (
            <Checkbox
              style={{ marginInlineStart: 12 }}
              data-testid={`perm-canchange-${n.id}`}
              disabled={locked}
              checked={granted.get(n.id)?.canChange === true}
              onClick={(e) => e.stopPropagation()}
              onChange={(e) => setCanChange(n.id, e.target.checked)}
            >
              {canChangeTitle ?? t('ui.form.canChange')}
            </Checkbox>
          ) : null}
        </span>
      ),
      children: n.children?.length ? toData(n.children) : undefined,
    }));

  const label = typeof schema.title === 'string' ? <Typography.Text strong>{schema.title}</Typography.Text> : null;
  if (!tree) return <div>{label} {t('ui.common.loading')}</div>;
  return (
    <div data-testid="perm-tree" style={{ maxHeight: '50vh', overflowY: 'auto', marginBottom: 16 }}>
      {label}
      <Tree checkable selectable={false} defaultExpandAll disabled={locked} checkedKeys={checkedLeaves} onCheck={onCheck} treeData={toData(tree)} />
    </div>
  );
}
