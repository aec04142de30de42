/**
 * The extra menu of a user's card (spec 000 §2.9): send a new password by e-mail, change the
 * password in a modal dialog, block or unblock (the badge flips once the row is read again).
 */
import { useState } from 'react';
import { Button, Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import { KeyOutlined, LockOutlined, MailOutlined, MoreOutlined, UnlockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { errorsOf } from '../../api/index.ts';
import type { CardActionsProps } from '../../generic/catalogue/index.ts';
import { ChangeUserPasswordDialog } from './ChangeUserPasswordDialog.tsx';
import { resetPassword, setActive } from './userApi.ts';

export function UserActions({ item, editable, refreshItem, alerts }: CardActionsProps) {
  const { t } = useTranslation();
  const [changing, setChanging] = useState(false);
  const [busy, setBusy] = useState(false);
  const id = String(item.id);
  const name = String(item.name ?? item.login ?? '');
  const blocked = item.active === false;
  if (!editable) return null;

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

  const items: MenuProps['items'] = [
    { key: 'resetpwd', icon: <MailOutlined />, label: <span data-testid="user-action-resetpwd">{t('userws.sendNewPassword')}</span> },
    { key: 'changepwd', icon: <KeyOutlined />, label: <span data-testid="user-action-changepwd">{t('userws.changePassword')}</span> },
    blocked
      ? { key: 'unblock', icon: <UnlockOutlined />, label: <span data-testid="user-action-unblock">{t('userws.unblock')}</span> }
      : { key: 'block', icon: <LockOutlined />, label: <span data-testid="user-action-block">{t('userws.block')}</span> },
  ];

  const onClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    domEvent.stopPropagation();
    if (key === 'resetpwd') void run(() => resetPassword(id), t('userws.newPasswordSent', { name }));
    else if (key === 'changepwd') setChanging(true);
    else if (key === 'block' || key === 'unblock') {
      void run(async () => {
        await setActive(id, key === 'unblock');
        await refreshItem(id);
      }, t('ui.msg.updated'));
    }
  };

  return (
    <span onClick={(e) => e.stopPropagation()}>
      <Dropdown trigger={['click']} menu={{ items, onClick }}>
        <Button data-testid="user-actions" icon={<MoreOutlined />} loading={busy}>
          {t('ui.users.more')}
        </Button>
      </Dropdown>
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
