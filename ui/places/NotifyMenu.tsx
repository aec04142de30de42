/**
 * The unit page's 'notify case' command (UNIT scope only): a menu of the six
 * diagnosis × classification variants — the suspects with NEWSUSP, the confirmed with NEWCASE —
 * each opening `/sys/case/new?diag=&cla=&id={unitId}`. Hidden without either permission.
 */
import { Button, Dropdown } from 'antd';
import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasPermission, useSession } from '../session/index.ts';

const VARIANTS = [
  { diag: 'SUSPECT', cla: 'TB', label: 'newnotif.suspectTb', perm: 'NEWSUSP' },
  { diag: 'SUSPECT', cla: 'DRTB', label: 'newnotif.suspectDrtb', perm: 'NEWSUSP' },
  { diag: 'SUSPECT', cla: 'NTM', label: 'newnotif.suspectNtm', perm: 'NEWSUSP' },
  { diag: 'CONFIRMED', cla: 'TB', label: 'newnotif.title', perm: 'NEWCASE' },
  { diag: 'CONFIRMED', cla: 'DRTB', label: 'newnotif.confirmedDrtb', perm: 'NEWCASE' },
  { diag: 'CONFIRMED', cla: 'NTM', label: 'newnotif.confirmedNtm', perm: 'NEWCASE' },
];

/** The link of a variant. */
export const notifyLink = (diag: string, cla: string, unitId: string) => `/sys/case/new?diag=${diag}&cla=${cla}&id=${encodeURIComponent(unitId)}`;

export function NotifyMenu({ unitId }: { unitId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const items = VARIANTS.filter((v) => hasPermission(session, v.perm)).map((v) => ({
    key: `${v.diag}:${v.cla}`,
    label: (
      <span data-testid={`notify-${v.diag}-${v.cla}`}>
        {t(v.label)}
      </span>
    ),
  }));
  if (!items.length) return null;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        onClick: ({ key }) => {
          const [diag, cla] = key.split(':');
          void navigate(notifyLink(diag, cla, unitId));
        },
      }}
    >
      <Button type="primary" icon={<PlusOutlined />} data-testid="notify-case">
        {t('ui.places.notify')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
