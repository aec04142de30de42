/**
 * `/sys/workspace/general/settings` — the session workspace's settings:
 * a read-only card with an Edit button; Edit fetches the edit copy and opens the form (limits and
 * required fields come from the `workspace` schema), Save returns to read-only with the updated
 * copy, Cancel returns unchanged. Editing needs WORKSPACES_EDT.
 */
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { tableApi, type Doc } from '../../api/index.ts';
import { useData } from '../../generic/data/useData.ts';
import { TimedAlerts } from '../../generic/TimedAlerts.tsx';
import { useTimedAlerts } from '../../generic/useTimedAlerts.ts';
import { WaitIcon } from '../../generic/WaitIcon.tsx';
import { ReadOnlyFormCard } from '../../generic/forms/ReadOnlyFormCard.tsx';
import { canEdit, useSession, useSessionContext } from '../../session/index.ts';

const TABLE = 'workspace';

export function WorkspaceSettings() {
  const { t } = useTranslation();
  const session = useSession();
  const { refresh } = useSessionContext();
  const alerts = useTimedAlerts();
  const id = session.workspaceId;
  const { data: form, error } = useData((signal) => tableApi.form(TABLE, id, false, signal), [id]);

  if (error) return <Alert data-testid="alert-error" type="error" showIcon title={error} />;
  if (!form) return <WaitIcon />;

  const save = async (doc: Doc) => {
    await tableApi.update(TABLE, id, doc);
    const saved = await tableApi.read(TABLE, id);
    alerts.success(t('ui.msg.updated'));
    // the toolbar and the title show the workspace name
    if (saved.name !== session.workspaceName) void refresh().catch(() => {});
    return saved;
  };

  return (
    <div data-testid="workspace-settings">
      <TimedAlerts alerts={alerts.alerts} remove={alerts.remove} />
      <ReadOnlyFormCard
        title={t('ui.workspace.entries.settings')}
        schema={form.schema}
        uiSchema={form.resources?.uiSchema}
        doc={form.doc}
        canEdit={!form.resources?.readOnly && canEdit(session, form.resources?.table?.permission ?? 'WORKSPACES')}
        loadEdit={() => tableApi.editDoc(TABLE, id)}
        save={save}
      />
    </div>
  );
}
