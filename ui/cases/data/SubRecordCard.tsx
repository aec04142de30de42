/**
 * A case's sub-records of one table as a card of the case data tab (contacts, adverse effects,
 * previous treatments): the rows of `POST /api/tbl/<table>/query {caseId}` drawn by the generic
 * list card (title, subtitle from the schema's `x-list`; expanded: Edit and Delete, or the row
 * read-only), 'Добавить' and Edit open the schema's form in a dialog, Delete asks
 * 'Подтвердить удаление?'. Whether the user may change them comes from the form's `readOnly`
 * (the table's write permission, checked again by the server); the comments of `group` below.
 *
 * @example <SubRecordCard table="contact" caseId={caseId} group="CONTACTS" />
 */
import { useEffect, useState } from 'react';
import { Button, Card, Flex } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { errorsOf, tableApi, type Doc, type FieldError } from '../../api/index.ts';
import { EmptyListWarning, TimedAlerts, useConfirm, useTimedAlerts, WaitIcon } from '../../generic/index.ts';
import { CatalogueCard } from '../../generic/catalogue/index.ts';
import { FormDialog } from '../../generic/forms/index.ts';
import CaseComments, { type CaseCommentsProps } from '../talk/CaseComments.tsx';
import { useCaseReadOnly } from '../case/readOnly.ts';
import { useLatest } from '../../generic/data/useLatest.ts';
import { useData } from '../../generic/data/useData.ts';

export interface SubRecordCardProps {
  table: string;
  caseId: string;
  group: CaseCommentsProps['group'];
}

interface Editing {
  id?: string;
  doc: Doc;
  errors: FieldError[];
  saving: boolean;
}

export function SubRecordCard({ table, caseId, group }: SubRecordCardProps) {
  const { t } = useTranslation();
  const alerts = useTimedAlerts();
  const [confirm, confirmDialog] = useConfirm();
  const [expanded, setExpanded] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const askForm = useLatest();
  const [opening, setOpening] = useState<string | null>(null);

  const { data: form = null, error: formError } = useData((signal) => tableApi.form(table, undefined, false, signal), [table]);
  const { data: rows = null, error: rowsError, refetch: load } = useData(async (signal) => (await tableApi.query(table, { caseId }, signal)).list ?? [], [table, caseId]);
  useEffect(() => void (formError && alerts.error(formError)), [formError]);
  useEffect(() => void (rowsError && alerts.error(rowsError)), [rowsError]);

  const caseReadOnly = useCaseReadOnly();
  const editable = !!form && !form.resources?.readOnly && !caseReadOnly;
  const properties = ((form?.schema.properties ?? {}) as Record<string, Record<string, unknown>>);

  const edit = async (id: string) => {
    const req = askForm.begin(); // another row's Edit clicked before this answer: that one's form shows
    setOpening(id);
    try {
      const doc = await tableApi.editDoc(table, id, req.signal);
      if (req.isLatest()) setEditing({ id, doc, errors: [], saving: false });
    } catch (err) {
      if (req.isLatest()) alerts.error(errorsOf(err).map((e) => t(e.msg)).join('; '));
    } finally {
      if (req.isLatest()) setOpening(null);
    }
  };

  const save = async (doc: Doc) => {
    if (!editing) return;
    setEditing({ ...editing, doc, saving: true });
    try {
      if (editing.id) await tableApi.update(table, editing.id, doc);
      else await tableApi.create(table, { ...doc, caseId });
      alerts.success(t(editing.id ? 'ui.msg.updated' : 'ui.msg.created'));
      setEditing(null);
      await load();
    } catch (err) {
      setEditing({ ...editing, doc, errors: errorsOf(err), saving: false });
    }
  };

  const remove = async (id: string) => {
    if (!(await confirm(t('ui.msg.confirmDelete')))) return;
    try {
      await tableApi.remove(table, id);
      alerts.success(t('ui.msg.deleted'));
      setExpanded(null);
      await load();
    } catch (err) {
      alerts.error(errorsOf(err).map((e) => t(e.msg)).join('; '));
    }
  };

  const title = form ? t(String(form.schema.title ?? table)) : '';
  return (
    <Card
      data-testid={`case-${table}-card`}
      title={title}
      size="small"
      extra={
        editable ? (
          <Button data-testid={`case-${table}-add`} icon={<PlusOutlined />} onClick={() => setEditing({ doc: { caseId }, errors: [], saving: false })}>
            {t('ui.common.add')}
          </Button>
        ) : null
      }
    >
      <TimedAlerts {...alerts} />
      {rows === null || !form ? (
        <WaitIcon />
      ) : rows.length ? (
        <Flex vertical gap={6}>
          {rows.map((item) => (
            <CatalogueCard
              key={String(item.id)}
              table={table}
              item={item}
              list={form.resources?.list ?? {}}
              properties={properties}
              expanded={expanded === item.id}
              editable={editable}
              opening={opening === item.id}
              onToggle={() => setExpanded(expanded === item.id ? null : String(item.id))}
              onEdit={() => void edit(String(item.id))}
              onDelete={() => void remove(String(item.id))}
            />
          ))}
        </Flex>
      ) : (
        <EmptyListWarning />
      )}
      <CaseComments caseId={caseId} group={group} />
      {form ? (
        <FormDialog
          open={!!editing}
          title={`${title}: ${t(editing?.id ? 'ui.common.edit' : 'ui.common.add')}`}
          schema={form.schema}
          uiSchema={form.resources?.uiSchema}
          options={form.resources?.options}
          formData={editing?.doc}
          serverErrors={editing?.errors}
          saving={editing?.saving}
          onSubmit={(doc) => void save(doc)}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      {confirmDialog}
    </Card>
  );
}
