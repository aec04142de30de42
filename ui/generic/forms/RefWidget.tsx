/**
 * rjsf widget for `x-ref` (a row of another table) and `x-options` (a named lookup) fields:
 * an antd Select with search; a multi-select for arrays of refs. Values are ids; `{id, name}`
 * objects (joined refs) are accepted and reduced to their id. Blank entries of a list are dropped
 * (the form does not pre-fill lists of refs: `SchemaForm`). A value not (yet) among the options is
 * named by the field's enum labels when it has them (a user's view 'Учреждение', not 'UNIT').
 */
import { useSyncExternalStore } from 'react';
import { Select } from 'antd';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import type { Option } from '../../api/index.ts';
import { lookupParams, rowsOf, type SchemaFormContext } from './optionsLoader.ts';
import { refFieldParam } from './refField.ts';
import { useData } from '../data/useData.ts';
import type { OptionSource } from './translateSchema.ts';

type Scalar = string | number | boolean;

const noSubscribe = () => () => {};

const idOf = (v: unknown): Scalar | undefined =>
  v && typeof v === 'object' && 'id' in v ? ((v as { id: Scalar }).id) : (v as Scalar | undefined);

/** A list entry that holds nothing (rjsf's filler for `minItems`, a cleared row): never shown nor kept. */
const isBlank = (v: unknown) => v === undefined || v === null || v === '';

/** The option source: set by `translateSchema`, or the server uiSchema's `{table}` / `{lookup}`. */
function sourceOf(options: WidgetProps['options']): OptionSource | undefined {
  const given = options.source as OptionSource | undefined;
  if (given) return given;
  const ref = typeof options.table === 'string' ? options.table : undefined;
  const lookup = typeof options.lookup === 'string' ? options.lookup : undefined;
  return ref || lookup ? { path: '', ref, lookup } : undefined;
}

export function RefWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, options, disabled, readonly, required, placeholder, registry, schema, rawErrors } = props;
  const { t } = useTranslation();
  const source = sourceOf(options);
  const multiple = options.multiple === true || schema.type === 'array';
  const ctx = registry.formContext as SchemaFormContext | undefined;
  // the parameters come from other fields (the user's unit; in a table row, that row's): re-read on
  // every change of the document
  const { idPrefix, idSeparator } = registry.globalFormOptions;
  const paramsKey = useSyncExternalStore(ctx?.subscribe ?? noSubscribe, () =>
    JSON.stringify(source && ctx ? lookupParams(source, ctx.getDoc(), rowsOf(source, id, idPrefix, idSeparator) ?? []) : {}),
  );
  const params = { ...(JSON.parse(paramsKey) as Record<string, unknown>), ...refFieldParam(source, multiple ? schema.items : schema, registry.rootSchema) };

  // the options of the latest parameters: an answer for parameters changed since never overwrites
  // the newer one (the loader caches shared answers: nothing is cancelled)
  const { data: read, loading } = useData(
    async () => (source && ctx ? ctx.loadOptions(source, params).catch((): Option[] => []) : []),
    [ctx, source?.path, source?.ref, source?.lookup, paramsKey],
  );
  const list: Option[] | null = read ?? (loading ? null : []);

  // a value the options do not hold (yet): named by the field's enum labels, never shown raw ('UNIT')
  const enumLabels = new Map(((options.enumOptions ?? []) as { value: unknown; label: string }[]).map((o) => [o.value, o.label]));
  const labelOf = (v: unknown, given: unknown) => (list ?? []).find((o) => o.value === v)?.label ?? enumLabels.get(v) ?? (given === v ? String(v ?? '') : given);
  const current = multiple ? (Array.isArray(value) ? value.map(idOf).filter((v) => !isBlank(v)) : []) : idOf(value);
  return (
    <Select
      id={id}
      data-testid={`ref-${id}`}
      aria-describedby={ariaDescribedByIds(id)}
      aria-invalid={rawErrors?.length ? true : undefined}
      mode={multiple ? 'multiple' : undefined}
      value={current ?? undefined}
      options={(list ?? []).map((o) => ({ value: o.value, label: o.label }))}
      loading={list === null}
      disabled={disabled || readonly}
      allowClear={!required || multiple}
      placeholder={placeholder || t('ui.form.select')}
      showSearch={{ optionFilterProp: 'label' }}
      labelRender={({ value: v, label }) => labelOf(v, label) as string}
      status={rawErrors?.length ? 'error' : undefined}
      style={{ width: '100%' }}
      onChange={(v) => onChange(multiple ? ((v ?? []) as unknown[]).filter((x) => !isBlank(x)) : (v ?? undefined))}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
