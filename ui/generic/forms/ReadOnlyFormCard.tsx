/**
 * A document shown read-only in a card with an Edit button; Edit fetches the edit copy
 * (`loadEdit`), opens the form in place, Save returns to read-only with the saved copy, Cancel
 * returns unchanged (the workspace settings card).
 *
 * Read-only, it shows the fields the schema's `x-visible` conditions show (`engine/visibility.ts`)
 * by their labels, enum texts and Да/Нет. Given `viewOf`, it shows the server's view of the row
 * instead (`GET /api/tbl/<table>/view/<id>`: references by their names too, named as the command
 * history names them), read again after each save.
 *
 * @example <ReadOnlyFormCard title="Настройки" schema={form.schema} doc={form.doc} viewOf={{ table: 'workspace', id }} save={save} />
 */
import { useState, type ReactNode } from 'react';
import { Button, Card, Descriptions } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { api, errorsOf, type Doc, type FieldError } from '../../api/index.ts';
import { visibleFields } from '../../../engine/visibility.ts';
import { WaitIcon } from '../WaitIcon.tsx';
import { useData } from '../data/useData.ts';
import { SchemaForm } from './SchemaForm.tsx';
import { formatValue } from './formatValue.ts';

type Phase = 'view' | 'loading' | 'edit';

export interface ReadOnlyFormCardProps {
  title: ReactNode;
  schema: Record<string, unknown>;
  uiSchema?: Record<string, unknown>;
  doc: Doc;
  canEdit?: boolean;
  /** The copy to edit (defaults to `doc`). */
  loadEdit?: () => Promise<Doc>;
  /** Saves; resolves to the new displayed copy (defaults to what was saved). */
  save: (doc: Doc) => Promise<Doc | void>;
  onSaved?: (doc: Doc) => void;
  /** Show the server's view of this row (reference names included) instead of formatting `doc`. */
  viewOf?: { table: string; id: string };
}

/** What `GET /api/tbl/<table>/view/<id>` answers. */
interface RowView {
  items: { title: string; value: unknown }[];
}
const viewUrl = (v: { table: string; id: string }) => `/api/tbl/${encodeURIComponent(v.table)}/view/${encodeURIComponent(v.id)}`;

function fieldOrder(schema: Record<string, unknown>, uiSchema?: Record<string, unknown>): string[] {
  const props = Object.keys((schema.properties as Record<string, unknown>) ?? {});
  const order = (uiSchema?.['ui:order'] ?? (schema['x-layout'] as Record<string, unknown> | undefined)?.['ui:order']) as string[] | undefined;
  if (!order) return props;
  const listed = order.filter((k) => props.includes(k));
  return [...listed, ...props.filter((k) => !listed.includes(k))];
}

export function ReadOnlyFormCard({ title, schema, uiSchema, doc, canEdit = true, loadEdit, save, onSaved, viewOf }: ReadOnlyFormCardProps) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>('view');
  const [shown, setShown] = useState<Doc>(doc);
  const [editDoc, setEditDoc] = useState<Doc>(doc);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [saving, setSaving] = useState(false);
  const props = (schema.properties as Record<string, Record<string, unknown>>) ?? {};
  const hidden = visibleFields(schema, shown).hidden;

  // the server's view, read again after each save (the copy shown changed)
  const { data: view } = useData((signal) => api.get<RowView>(viewUrl(viewOf!), signal), [viewOf?.table, viewOf?.id, phase, shown], {
    enabled: !!viewOf && phase === 'view',
  });

  const edit = async () => {
    setErrors([]);
    setPhase('loading');
    try {
      setEditDoc(loadEdit ? await loadEdit() : shown);
      setPhase('edit');
    } catch (err) {
      setErrors(errorsOf(err));
      setPhase('view');
    }
  };

  const submit = async (next: Doc) => {
    setSaving(true);
    try {
      const saved = (await save(next)) || next;
      setShown(saved);
      setPhase('view');
      onSaved?.(saved);
    } catch (err) {
      setErrors(errorsOf(err));
    } finally {
      setSaving(false);
    }
  };

  const editButton =
    canEdit && phase === 'view' ? (
      <Button data-testid="card-edit" icon={<EditOutlined />} onClick={edit}>
        {t('ui.common.edit')}
      </Button>
    ) : null;

  return (
    <Card data-testid="readonly-form-card" title={title} extra={editButton}>
      {phase === 'loading' ? <WaitIcon /> : null}
      {phase === 'edit' ? (
        <SchemaForm schema={schema} uiSchema={uiSchema} formData={editDoc} serverErrors={errors} saving={saving} onSubmit={submit} onCancel={() => setPhase('view')} />
      ) : null}
      {phase === 'view' && viewOf ? (
        view ? (
          <Descriptions column={1} bordered size="small">
            {view.items.map((item, i) => (
              <Descriptions.Item key={i} label={item.title}>
                {item.value === null || item.value === undefined ? '' : String(item.value)}
              </Descriptions.Item>
            ))}
          </Descriptions>
        ) : (
          <WaitIcon />
        )
      ) : null}
      {phase === 'view' && !viewOf ? (
        <Descriptions column={1} bordered size="small">
          {fieldOrder(schema, uiSchema)
            .filter((k) => !props[k]?.['x-hidden'] && !hidden.includes(k))
            .map((k) => (
              <Descriptions.Item key={k} label={t(String(props[k]?.title ?? k))}>
                {formatValue(shown[k], props[k], (key) => t(key))}
              </Descriptions.Item>
            ))}
        </Descriptions>
      ) : null}
    </Card>
  );
}
