/**
 * The extra menu of a user's card, drawn from the row's declared actions
 * (`GET /api/tbl/userws/<id>/actions`): send a new password by e-mail (after a confirmation), change the password in a
 * modal dialog, block or unblock. An action the server says may not run now is shown disabled with
 * its reason; block and unblock show only the one that applies. The list is read each time the menu
 * opens, so it follows the row.
 */
import { useState, type ReactNode } from 'react';
import { Button, Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import { KeyOutlined, LockOutlined, MailOutlined, MoreOutlined, UnlockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { errorsOf } from '../../api/index.ts';
import type { CardActionsProps } from '../../generic/catalogue/index.ts';
import { useConfirm } from '../../generic/ConfirmDialog.tsx';
import { ChangeUserPasswordDialog } from './ChangeUserPasswordDialog.tsx';
import { listActions, runAction, type RowActionState } from './userApi.ts';

/** How each known action shows: its menu key (test id), icon and label key. */
const looks: Record<string, { key: string; icon: ReactNode; label: string }> = {
  resetpwd: { key: 'resetpwd', icon: <MailOutlined />, label: 'userws.sendNewPassword' },
  updatepwd: { key: 'changepwd', icon: <KeyOutlined />, label: 'userws.changePassword' },
  block: { key: 'block', icon: <LockOutlined />, label: 'userws.block' },
  unblock: { key: 'unblock', icon: <UnlockOutlined />, label: 'userws.unblock' },
};

export function UserActions({ item, editable, refreshItem, alerts }: CardActionsProps) {
  const { t } = useTranslation();
  const [changing, setChanging] = useState(false);
  const [busy, setBusy] = useState(false);
  const [actions, setActions] = useState<RowActionState[] | null>(null);
  const [confirm, confirmDialog] = useConfirm();
  const id = String(item.id);
  const name = String(item.name ?? item.login ?? '');
  const blocked = item.active === false;
  if (!editable) return null;

  const load = async () => {
    setActions(null);
    try {
      setActions(await listActions(id));
    } catch (err) {
      setActions([]);
      alerts.error(errorsOf(err).map((e) => t(e.msg)).join('; '));
    }
  };

  const run = async (action: () => Promise<unknown>, success: string) => {
    setBusy(true);
    try {
      await action();
      alerts.success(success);
    } catch (err) {
      alerts.error(errorsOf(err).map((e) => t(e.msg)).join('; '));
    } finally {
      setBusy(false);
    }
  };

  // block and unblock: only the one that applies to the row as the list shows it
  const shown = (actions ?? []).filter((a) => (a.name === 'block' ? !blocked : a.name === 'unblock' ? blocked : true));
  const items: MenuProps['items'] = actions
    ? shown.map((a) => {
        const look = looks[a.name] ?? { key: a.name, icon: null, label: `cmdAction.${a.name}` };
        return {
          key: a.name,
          icon: look.icon,
          disabled: !a.enabled,
          title: a.reason,
          label: <span data-testid={`user-action-${look.key}`} title={a.reason}>{t(look.label)}</span>,
        };
      })
    : [{ key: 'loading', disabled: true, label: t('ui.common.loading') }];

  const onClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    domEvent.stopPropagation();
    if (key === 'updatepwd') setChanging(true);
    else if (key === 'resetpwd') {
      // the old password stops working: asked first
      void confirm(t('ui.users.confirmNewPassword', { name })).then((yes) => {
        if (yes) void run(() => runAction(id, 'resetpwd'), t('userws.newPasswordSent', { name }));
      });
    }
    else if (key !== 'loading') {
      void run(async () => {
        await runAction(id, key);
        await refreshItem(id);
      }, t('ui.msg.updated'));
    }
  };

  return (
    <span onClick={(e) => e.stopPropagation()}>
      <Dropdown trigger={['click']} menu={{ items, onClick }} onOpenChange={(open) => void (open && load())}>
        <Button data-testid="user-actions" icon={<MoreOutlined />} loading={busy}>
          {t('ui.users.more')}
        </Button>
      </Dropdown>
      {confirmDialog}
      <ChangeUserPasswordDialog
        open={changing}
        userWsId={id}
        userName={name}
        onClose={() => setChanging(false)}
        onChanged={() => {
          setChanging(false);
          alerts.success(t('userws.passwordChanged'));
        }}
      />
    </span>
  );
}
