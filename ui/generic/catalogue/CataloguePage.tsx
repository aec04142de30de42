/**
 * The generic catalogue screen, driven only by the table's schema (`POST /api/tbl/{table}/form`)
 * and its query (`POST /api/tbl/{table}/query`): cards, add, counter, paging, inline or modal form,
 * delete with confirmation, timed success messages. Without `<PERMISSION>_EDT` (and not
 * administrator) it is read-only.
 */
import { Suspense, useState } from 'react';
import { Alert, Button, Card, Flex, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Doc } from '../../api/index.ts';
import { canEdit, useSession } from '../../session/index.ts';
import { useConfirm } from '../ConfirmDialog.tsx';
import { PagedList } from '../PagedList.tsx';
import { TimedAlerts } from '../TimedAlerts.tsx';
import { useTimedAlerts } from '../useTimedAlerts.ts';
import { WaitIcon } from '../WaitIcon.tsx';
import { FormDialog } from '../forms/FormDialog.tsx';
import { SchemaForm } from '../forms/SchemaForm.tsx';
import { CatalogueCard } from './CatalogueCard.tsx';
import { formModeOf, listOf, permissionOf } from './catalogueModel.ts';
import { useCatalogue } from './useCatalogue.ts';
import { catalogueExtension } from './extensions.ts';
import { SectionTitle } from '../PageTitle.tsx';

export interface CataloguePageProps {
  table: string;
  /** Overrides the schema's `x-table.permission` for the edit check. */
  permission?: string;
  /** Called after a row was created, updated or deleted (a dependent screen refreshes). */
  onChanged?: () => void;
}

/** The table's own view when `ui/catalogues/` registered one, else the generic card list. */
export function CataloguePage(props: CataloguePageProps) {
  const View = catalogueExtension(props.table)?.view;
  if (!View) return <GenericCataloguePage {...props} />;
  return (
    <Suspense fallback={<WaitIcon />}>
      <View table={props.table} permission={props.permission} />
    </Suspense>
  );
}

function GenericCataloguePage({ table, permission, onChanged }: CataloguePageProps) {
  const { t } = useTranslation();
  const session = useSession();
  const c = useCatalogue(table);
  const alerts = useTimedAlerts();
  const [confirm, confirmDialog] = useConfirm();
  const [expanded, setExpanded] = useState<string | null>(null);

  if (!c.form) {
    return c.loadErrors.length ? <Alert type="error" showIcon title={c.loadErrors.map((e) => t(e.msg)).join('; ')} /> : <WaitIcon />;
  }

  const res = c.form.resources;
  const mayEdit = canEdit(session, permission ?? permissionOf(c.form));
  const editable = (res?.mayUpdate ?? !res?.readOnly) && mayEdit;
  const addable = (res?.mayCreate ?? !res?.readOnly) && mayEdit;
  const list = listOf(c.form);
  const properties = (c.form.schema.properties as Record<string, Record<string, unknown>>) ?? {};
  const mode = formModeOf(c.form);
  const title = typeof c.form.schema.title === 'string' ? t(c.form.schema.title) : table;

  const save = async (doc: Doc) => {
    const outcome = await c.save(doc);
    if (outcome) setExpanded(null);
    const createdMessage = catalogueExtension(table)?.createdMessage;
    if (outcome === 'created' && createdMessage) alerts.success(t(createdMessage, doc));
    else if (outcome) alerts.success(t(outcome === 'created' ? 'ui.msg.created' : 'ui.msg.updated'));
    if (outcome) onChanged?.();
  };

  const remove = async (id: string) => {
    if (!(await confirm(t('ui.msg.confirmDelete')))) return;
    const errors = await c.remove(id);
    if (errors.length) alerts.error(errors.map((e) => t(e.msg)).join('; '));
    else {
      alerts.success(t('ui.msg.deleted'));
      onChanged?.();
    }
  };

  const form = (doc: Doc) => (
    <SchemaForm
      key={c.editing?.id ?? 'new'}
      schema={c.form!.schema}
      uiSchema={c.form!.resources?.uiSchema}
      options={c.form!.resources?.options}
      formData={doc}
      serverErrors={c.editing?.errors}
      saving={c.editing?.saving}
      onSubmit={save}
      onCancel={c.close}
    />
  );

  const inlineForm = (heading: string, doc: Doc) => (
    <Card size="small" data-testid="catalogue-form" title={heading} style={{ marginBottom: 8 }}>
      {form(doc)}
    </Card>
  );

  const editingNew = c.editing && !c.editing.id;
  const CardActions = catalogueExtension(table)?.cardActions;
  const ListActions = catalogueExtension(table)?.listActions;

  return (
    <div data-testid="catalogue" data-table={table}>
      <Flex align="center" gap={8} style={{ marginBottom: 12 }}>
        <SectionTitle style={{ margin: 0 }} data-testid="catalogue-title">
          {title}
        </SectionTitle>
        {!editable ? <Tag data-testid="catalogue-readonly">{t('ui.catalogue.readOnly')}</Tag> : null}
      </Flex>
      <TimedAlerts alerts={[...c.loadErrors.map((e, i) => ({ id: -1 - i, type: 'error' as const, title: t(e.msg) })), ...alerts.alerts]} remove={alerts.remove} />
      <PagedList
        items={c.list.items}
        count={c.list.count}
        countCapped={c.list.countCapped}
        countEstimated={c.list.countEstimated}
        page={c.page}
        pageSize={c.pageSize}
        loading={c.loading}
        onPageChange={(p) => {
          // another page closes the open form (useCatalogue) and the expanded card
          setExpanded(null);
          c.changePage(p);
        }}
        extra={
          addable || ListActions ? (
            <Flex gap={8}>
              {ListActions ? <ListActions table={table} editable={editable} reload={c.reload} alerts={alerts} /> : null}
              {addable ? (
                <Button data-testid="catalogue-add" type="primary" icon={<PlusOutlined />} onClick={c.openNew} disabled={!!editingNew}>
                  {t('ui.common.add')}
                </Button>
              ) : null}
            </Flex>
          ) : null
        }
        header={editingNew && mode === 'inline' ? inlineForm(t('ui.catalogue.newItem'), c.editing!.doc) : undefined}
        renderItem={(item) =>
          mode === 'inline' && c.editing?.id && c.editing.id === item.id ? (
            <div key={String(item.id)}>{inlineForm(t('ui.catalogue.editItem'), c.editing.doc)}</div>
          ) : (
            <CatalogueCard
              key={String(item.id)}
              table={table}
              item={item}
              list={list}
              properties={properties}
              expanded={expanded === item.id}
              editable={editable}
              opening={c.opening === item.id}
              onToggle={() => setExpanded(expanded === item.id ? null : String(item.id))}
              onEdit={() => void c.openEdit(String(item.id))}
              onDelete={() => void remove(String(item.id))}
              actions={CardActions ? <CardActions table={table} item={item} editable={editable} refreshItem={c.refreshItem} alerts={alerts} /> : undefined}
            />
          )
        }
      />
      {mode === 'modal' && c.editing ? (
        <FormDialog
          open
          title={c.editing.id ? t('ui.catalogue.editItem') : t('ui.catalogue.newItem')}
          schema={c.form.schema}
          uiSchema={c.form.resources?.uiSchema}
          options={c.form.resources?.options}
          formData={c.editing.doc}
          serverErrors={c.editing.errors}
          saving={c.editing.saving}
          onSubmit={save}
          onCancel={c.close}
        />
      ) : null}
      {confirmDialog}
    </div>
  );
}
