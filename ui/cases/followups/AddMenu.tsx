/**
 * The tab's add menu: one entry per follow-up type the user may change on this case (from the
 * server's types list, itself read from the schemas' `x-table.followup`), none hard-coded here.
 *
 * @example <AddMenu types={types} onPick={(type) => openNew(type)} />
 */
import { Button, Dropdown } from 'antd';
import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FollowupType } from './api.ts';

export function AddMenu({ types, onPick }: { types: FollowupType[]; onPick: (type: FollowupType) => void }) {
  const { t } = useTranslation();
  const changeable = types.filter((x) => x.canChange);
  if (!changeable.length) return null;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: changeable.map((x) => ({ key: x.table, label: <span data-testid={`followup-add-${x.table}`}>{x.name}</span> })),
        onClick: ({ key }) => onPick(changeable.find((x) => x.table === key)!),
      }}
    >
      <Button type="primary" icon={<PlusOutlined />} data-testid="followup-add">
        {t('ui.common.add')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
