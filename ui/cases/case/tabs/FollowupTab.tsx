/**
 * The case's follow-up exams tab 'Последуюшие мероприятия': an add menu with one
 * entry per exam type the user may change, a multi-select type filter, each exam a read-only card
 * with its month of treatment, Edit and Delete ('Подтвердить удаление?'), a success alert for 4 s,
 * 'No result found' when nothing is listed. Every exam type comes from the server (the schemas'
 * `x-table.followup`): its form is the table's remote form, its card the server's view of the row —
 * nothing here knows a particular exam.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorsOf, tableApi, type Doc } from '../../../api/index.ts';
import { TimedAlerts, useConfirm, useTimedAlerts, WaitIcon } from '../../../generic/index.ts';
import { RemoteFormDialog } from '../../../generic/forms/index.ts';
import { AddMenu } from '../../followups/AddMenu.tsx';
import { FollowupCard } from '../../followups/FollowupCard.tsx';
import { TypeFilter } from '../../followups/TypeFilter.tsx';
import { followupsApi, type FollowupItem, type FollowupType } from '../../followups/api.ts';
import { useData } from '../../../generic/data/useData.ts';
import type { CaseTabProps } from '../types.ts';

/** The exam being added (no id) or edited. */
interface Editing {
  type: FollowupType;
  id?: string;
}

export default function FollowupTab({ caseId, reload }: CaseTabProps) {
  const { t } = useTranslation();
  const alerts = useTimedAlerts();
  const [confirm, confirmDialog] = useConfirm();
  const [chosen, setChosen] = useState<string[]>([]);
  const [editing, setEditing] = useState<Editing | null>(null);

  const { data, error, refetch: load } = useData(async (signal) => {
    const [list, kinds] = await Promise.all([followupsApi.list(caseId, signal), followupsApi.types(caseId, signal)]);
    return { list, kinds };
  }, [caseId]);
  const items = data?.list ?? (error ? [] : null);
  const types = useMemo(() => data?.kinds ?? [], [data]);
  useEffect(() => void (error && alerts.error(error)), [error]);

  const byType = useMemo(() => new Map(types.map((x) => [x.type, x])), [types]);
  const shown = (items ?? []).filter((i) => !chosen.length || chosen.includes(i.type));
  const several = new Set((items ?? []).map((i) => i.type).filter((type, n, all) => all.indexOf(type) !== n));

  /** After a write: the list again, and the case (its header shows the latest results). */
  const changed = (message: string) => {
    alerts.success(message);
    void load();
    reload();
  };

  const remove = async (item: FollowupItem) => {
    if (!(await confirm(t('ui.msg.confirmDelete')))) return;
    try {
      await tableApi.remove(item.table, item.data.id);
      changed(t('ui.msg.deleted'));
    } catch (err) {
      alerts.error(errorsOf(err).map((e) => e.msg).join('; ') || t('ui.common.error'));
    }
  };

  /** The form of a new exam of the type: the table's remote form, its document naming this case. */
  const newForm = async (table: string) => {
    const form = await tableApi.form(table);
    return { ...form, doc: { ...form.doc, caseId } };
  };

  const save = (doc: Doc) => {
    const { type, id } = editing!;
    return id ? tableApi.update(type.table, id, doc) : tableApi.create(type.table, { ...doc, caseId });
  };

  return (
    <div data-testid="followup-tab">
      <TimedAlerts {...alerts} />
      <Flex gap={12} align="center" wrap style={{ marginBottom: 12 }}>
        <AddMenu types={types} onPick={(type) => setEditing({ type })} />
        <TypeFilter types={types} value={chosen} onChange={setChosen} />
      </Flex>
      {items === null ? (
        <WaitIcon />
      ) : shown.length === 0 ? (
        <Alert data-testid="followup-empty" type="warning" showIcon title={t('followup.noResult')} />
      ) : (
        <Flex vertical gap={8} data-testid="followup-list">
          {[...shown].reverse().map((item) => (
            <FollowupCard
              key={item.data.id}
              item={item}
              canChange={byType.get(item.type)?.canChange === true}
              showLatest={several.has(item.type)}
              onEdit={() => setEditing({ type: byType.get(item.type)!, id: item.data.id })}
              onDelete={() => void remove(item)}
            />
          ))}
        </Flex>
      )}
      <RemoteFormDialog
        open={!!editing}
        title={editing?.type.name}
        table={editing?.type.table}
        id={editing?.id}
        load={editing && !editing.id ? () => newForm(editing.type.table) : undefined}
        save={save}
        onSaved={() => {
          const wasNew = !editing?.id;
          setEditing(null);
          changed(t(wasNew ? 'ui.msg.created' : 'ui.msg.updated'));
        }}
        onClose={() => setEditing(null)}
      />
      {confirmDialog}
    </div>
  );
}
