/**
 * A form drawn by rjsf (antd theme) from a schema whose titles are i18n keys.
 *
 * Translates the schema for the current language, validates in the browser (messages in that
 * language, `noHtml5Validate`), applies `x-visible` and `x-transform` (as the user types), draws
 * ref fields with {@link RefWidget} (lists of refs start empty, not with `minItems` blank entries;
 * options follow the fields their `x-options-params` name, in table rows too),
 * and shows server errors beside their fields and in a danger alert (`data-testid="form-errors"`).
 * Browser errors are shown beside the control that draws the value (`errorPlacement.ts`); those of
 * fields not drawn go to the alert, so a refused save is never silent.
 *
 * @example
 *   <SchemaForm schema={form.schema} uiSchema={form.resources?.uiSchema} formData={doc}
 *               serverErrors={errors} onSubmit={save} onCancel={close} />
 */
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Alert, Button, Flex } from 'antd';
import Form from '@rjsf/antd';
import type { IChangeEvent } from '@rjsf/core';
import type { Experimental_DefaultFormStateBehavior, RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import type { Doc, FieldError, Option } from '../../api/index.ts';
import { translateSchema } from './translateSchema.ts';
import { dropHidden, visibleFields, withConditions } from '../../../engine/visibility.ts';
import { createValidator } from './validator.ts';
import { createOptionsLoader, type SchemaFormContext } from './optionsLoader.ts';
import { toErrorSchema } from './serverErrors.ts';
import { rjsfTranslator } from './rjsfStrings.ts';
import { RefWidget } from './RefWidget.tsx';
import { DateWidget } from './DateWidget.tsx';
import { dateBoundErrors, pickerLimits } from '../../../engine/date-bounds.ts';
import { schemaAtPath } from '../../../engine/validation-messages.ts';
import type { JsonSchema } from '../../../engine/types.ts';
import { parsePlace, ROW } from '../../../engine/options-params.ts';
import { todayHere } from '../../i18n/dates.ts';
import { PermissionTreeField } from './PermissionTreeField.tsx';
import { TransformingInput } from './TransformingInput.tsx';
import { TextareaWidget } from './TextareaWidget.tsx';
import { flushDeferredChanges } from './deferredChange.ts';
import { ObjectTemplate } from './ObjectTemplate.tsx';
import { ConditionalFieldTemplate, type Shown } from './FieldTemplate.tsx';
import { liftErrors, placeError, unshownErrors } from './errorPlacement.ts';
import { clearedAsNull } from './clearedAsNull.ts';

/** `ref`, `refs`, `options` are the widget names of the server's derived uiSchema. */
const widgets = { RefWidget, ref: RefWidget, refs: RefWidget, options: RefWidget, DateWidget, date: DateWidget, TextareaWidget };
const fields = { PermissionTree: PermissionTreeField };
const templates = { BaseInputTemplate: TransformingInput, FieldTemplate: ConditionalFieldTemplate, ObjectFieldTemplate: ObjectTemplate };

const isNode = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A list picked from options (ids of refs, lookup values): drawn as one multi-select. */
const picksFromOptions = (schema: RJSFSchema) =>
  isNode(schema.items) && !isNode(schema.items.properties) && (typeof schema.items['x-ref'] === 'string' || typeof schema.items['x-options'] === 'string');
/**
 * rjsf fills a list up to `minItems` with blank entries: right for rows of a table (a regimen's
 * first medicine row), wrong for a multi-select, whose blank entry would be sent as `null`.
 */
const defaultsBehavior: Experimental_DefaultFormStateBehavior = {
  // a required yes/no without a declared `default` starts unanswered (rjsf would pick 'Нет', and a
  // medical exam's 'Нет' then asks a reason the user never meant to give): the schema's `default` decides
  requiredBooleanDefault: 'skip',
  arrayMinItems: { computeSkipPopulate: (_validator, schema) => picksFromOptions(schema as RJSFSchema) },
};

export interface SchemaFormProps {
  /** The schema as the server sends it (titles are i18n keys). */
  schema: Record<string, unknown>;
  uiSchema?: Record<string, unknown>;
  formData?: Doc;
  /** `resources.options` of a remote form. */
  options?: Record<string, Option[]>;
  serverErrors?: FieldError[];
  saving?: boolean;
  readOnly?: boolean;
  onSubmit: (doc: Doc) => void;
  /** Omit for forms without a cancel button. */
  onCancel?: () => void;
  onChange?: (doc: Doc) => void;
  submitLabel?: ReactNode;
  /** Extra client-side checks, as server-style errors (empty when fine). */
  check?: (doc: Doc) => FieldError[];
  /** Rewrites the document on every change (clearing fields that depend on the one changed). */
  normalize?: (next: Doc, prev: Doc) => Doc;
  testId?: string;
}

export function SchemaForm(props: SchemaFormProps) {
  const { schema, uiSchema, options, serverErrors, saving, readOnly, onSubmit, onCancel, submitLabel, check, testId = 'schema-form' } = props;
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  // values of fields hidden by their condition are never kept, so never sent
  const [initial] = useState<Doc>(() => dropHidden(schema, structuredClone(props.formData ?? {})));
  /**
   * The document as edited now. A key leaves it here and in rjsf's own state and draws nothing
   * above the form: rjsf redraws the field, and this form only redraws (handing rjsf the document)
   * when the change rewrote it or showed or hid a field (`redraw`), or for its own props and errors.
   */
  const docRef = useRef(initial);
  const [, redraw] = useState(0);
  const [localErrors, setLocalErrors] = useState<FieldError[]>([]);
  /** Browser errors of fields the form does not draw, from the last refused save. */
  const [unshown, setUnshown] = useState<string[]>([]);
  // widgets whose options depend on other fields listen here: rjsf does not re-render them otherwise
  const listeners = useRef(new Set<() => void>());
  // text fields' changes still on their way to rjsf (deferredChange.ts)
  const deferredChanges = useRef(new Set<() => void>());

  // a field required while shown is required through if/then, which ajv checks and rjsf marks per row
  const prepared = useMemo(() => translateSchema(withConditions(schema), uiSchema, (k) => t(k)), [schema, uiSchema, t, lang]);
  const [shown, setShown] = useState<Shown>(() => visibleFields(schema, initial));
  const shownKey = JSON.stringify(shown);
  const validator = useMemo(() => createValidator(lang), [prepared, lang]);
  const loadOptions = useMemo(() => createOptionsLoader(options), [options]);
  const formContext = useMemo<SchemaFormContext & { shown: Shown }>(
    // labelAlign/colon/colSpan are read by the @rjsf/antd templates
    () => ({
      loadOptions,
      shown,
      getDoc: () => docRef.current,
      dateLimits: (place: string, rows: number[]) => pickerLimits(schema, parsePlace(place), docRef.current, todayHere(), rows),
      // why a date typed out of its bounds is refused, worded as the server words it (a future birth date)
      // (the widget's value: rjsf draws it before it hands the document over)
      dateMessage: (place: string, rows: number[], value: string) => {
        const at = [...rows];
        const path = parsePlace(place).map((seg) => (seg === ROW ? String(at.shift()) : seg));
        const doc = structuredClone(docRef.current ?? {}) as Record<string, any>;
        let holder = doc;
        for (const seg of path.slice(0, -1)) holder = holder[seg] ??= {};
        holder[path.at(-1)!] = value;
        const label = (p: string[]) => String(schemaAtPath(prepared.schema as JsonSchema, p)?.title ?? p.at(-1) ?? '');
        return dateBoundErrors(schema, doc, todayHere(), lang === 'en' ? 'en' : 'ru', label).find((e) => e.field === path.join('.'))?.msg;
      },
      subscribe: (listener: () => void) => {
        listeners.current.add(listener);
        return () => void listeners.current.delete(listener);
      },
      deferredChanges: deferredChanges.current,
      labelAlign: 'left',
      colon: false,
      colSpan: 24,
    }),
    [loadOptions, shownKey, prepared, lang],
  );
  const translateString = useMemo(() => rjsfTranslator((k, o) => (o ? t(k, o) : t(k))), [t, lang]);
  const visible = prepared.schema;

  const errors = [...localErrors, ...(serverErrors ?? [])];
  // messages of the alert: the server's and the check's are i18n keys, the browser's are texts already
  const alertLines = [...errors.map((e) => t(e.msg)), ...unshown];
  const extraErrors = useMemo(() => {
    const ui = prepared.uiSchema as Record<string, unknown>;
    const placed = errors.map((e) => (e.field ? { ...e, field: placeError(e.field.split(/[./]/).filter(Boolean), ui).path.join('.') } : e));
    return toErrorSchema(placed, (k) => t(k));
  }, [serverErrors, localErrors, prepared, t]);
  const transformErrors = useMemo(
    () => (list: RJSFValidationError[]) => liftErrors(list, prepared.uiSchema as Record<string, unknown>),
    [prepared],
  );
  /** After a refused save the form checks each change, so an error goes as soon as it is put right. */
  const [live, setLive] = useState(false);
  const refused = (list: RJSFValidationError[]) => {
    setLive(true);
    setUnshown(unshownErrors(list, visible as Record<string, unknown>, prepared.uiSchema as Record<string, unknown>));
  };

  const change = (e: IChangeEvent<Doc, RJSFSchema>) => {
    const given = e.formData ?? {};
    const next = dropHidden(schema, structuredClone(props.normalize ? props.normalize(given, docRef.current) : given));
    docRef.current = next;
    // rjsf holds what it emitted; it is handed the document back only when this rewrote it (a hidden
    // field's value dropped, a dependent field cleared)
    if (JSON.stringify(next) !== JSON.stringify(given)) redraw((n) => n + 1);
    const nowShown = visibleFields(schema, next);
    if (JSON.stringify(nowShown) !== shownKey) setShown(nowShown);
    listeners.current.forEach((l) => l());
    props.onChange?.(next);
  };

  const submit = (e: IChangeEvent<Doc, RJSFSchema>) => {
    setUnshown([]);
    const next = dropHidden(schema, structuredClone(e.formData ?? {}));
    // dates out of their declared bounds (a typed future birth date), worded as the server words them
    const label = (path: string[]) => String(schemaAtPath(visible as JsonSchema, path)?.title ?? path.at(-1) ?? '');
    const found = [...(check?.(next) ?? []), ...dateBoundErrors(schema, next, todayHere(), lang === 'en' ? 'en' : 'ru', label)];
    setLocalErrors(found);
    if (!found.length) onSubmit(clearedAsNull(schema as { properties?: Record<string, unknown> }, initial, next)); // an emptied field is sent as null, not left out
  };

  return (
    // keys still on their way to rjsf are handed over before anything else in the form changes it (a
    // click, a focus elsewhere) and before a save; then rjsf is handed the document typed since the last
    // redraw: handed later, rjsf would take the change for an edit and clear the errors it just found
    <div
      data-testid={testId}
      className="tb-schema-form"
      onPointerDownCapture={() => flushDeferredChanges(deferredChanges.current)}
      onFocusCapture={() => flushDeferredChanges(deferredChanges.current)}
      onSubmitCapture={() => {
        flushDeferredChanges(deferredChanges.current);
        flushSync(() => redraw((n) => n + 1));
      }}
    >
      {alertLines.length ? (
        <Alert
          data-testid="form-errors"
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('ui.form.errorsTitle')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {alertLines.map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ul>
          }
        />
      ) : null}
      <Form
        schema={visible}
        uiSchema={prepared.uiSchema}
        formData={docRef.current}
        validator={validator}
        widgets={widgets}
        fields={fields}
        templates={templates}
        formContext={formContext}
        translateString={translateString}
        extraErrors={extraErrors}
        transformErrors={transformErrors}
        experimental_defaultFormStateBehavior={defaultsBehavior}
        noHtml5Validate
        liveValidate={live ? 'onChange' : undefined}
        showErrorList={false}
        omitExtraData
        readonly={readOnly}
        disabled={saving}
        onChange={change}
        onSubmit={submit}
        onError={refused}
      >
        {readOnly ? (
          <></>
        ) : (
          <Flex gap={8} justify="flex-end">
            {onCancel ? (
              <Button data-testid="form-cancel" onClick={onCancel} disabled={saving}>
                {t('ui.common.cancel')}
              </Button>
            ) : null}
            <Button data-testid="form-save" type="primary" htmlType="submit" loading={saving}>
              {submitLabel ?? t('ui.common.save')}
            </Button>
          </Flex>
        )}
      </Form>
    </div>
  );
}
