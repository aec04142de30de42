/**
 * Invitations to other workspaces waiting for the signed-in user's consent (an administrator there
 * added this login): each with Accept — the workspace is then offered in the workspace dialog — and
 * Decline. Shown above the main area; nothing when there are none.
 */
import { useState } from 'react';
import { Alert, Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { api, errorsOf } from '../../api/index.ts';
import { useData } from '../../generic/data/useData.ts';

interface Invitation {
  id: string;
  workspaceId: string;
  workspaceName: string;
}

export function Invitations() {
  const { t } = useTranslation();
  const { data, setData: setList } = useData((signal) => api.post<Invitation[]>('/api/sys/invitations', {}, signal), []);
  const list = data ?? [];
  const [message, setMessage] = useState<{ type: 'success' | 'error'; text: string } | null>(null);

  const answer = async (inv: Invitation, how: 'accept' | 'decline') => {
    try {
      await api.post<unknown>(`/api/sys/invitations/${encodeURIComponent(inv.id)}/${how}`);
      setList((l) => l?.filter((i) => i.id !== inv.id));
      setMessage(how === 'accept' ? { type: 'success', text: t('userws.invitationAccepted', { name: inv.workspaceName }) } : null);
    } catch (err) {
      setMessage({ type: 'error', text: errorsOf(err).map((e) => t(e.msg)).join('; ') });
    }
  };

  return (
    <div data-testid="invitations">
      {message ? <Alert type={message.type} showIcon closable title={message.text} onClose={() => setMessage(null)} style={{ marginBottom: 12 }} /> : null}
      {list.map((inv) => (
        <Alert
          key={inv.id}
          data-testid="invitation"
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('userws.invitationText', { name: inv.workspaceName })}
          action={
            <Flex gap={8}>
              <Button size="small" type="primary" data-testid="invitation-accept" onClick={() => void answer(inv, 'accept')}>
                {t('userws.acceptInvitation')}
              </Button>
              <Button size="small" data-testid="invitation-decline" onClick={() => void answer(inv, 'decline')}>
                {t('userws.declineInvitation')}
              </Button>
            </Flex>
          }
        />
      ))}
    </div>
  );
}
