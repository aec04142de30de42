/** Second login step when the user belongs to several workspaces: pick one. */
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkspaceItem } from '../../api/index.ts';

export interface WorkspaceChoiceProps {
  workspaces: WorkspaceItem[];
  busy: boolean;
  onChoose: (ws: WorkspaceItem) => void;
  onBack: () => void;
}

export function WorkspaceChoice({ workspaces, busy, onChoose, onBack }: WorkspaceChoiceProps) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8} data-testid="login-workspaces">
      <Typography.Text strong>{t('ui.login.chooseWorkspace')}</Typography.Text>
      <Flex vertical gap={8} style={{ maxHeight: '50vh', overflowY: 'auto' }}>
        {workspaces.map((ws) => (
          <Button key={ws.id} block disabled={busy} data-testid="login-workspace-option" data-id={ws.id} onClick={() => onChoose(ws)}>
            {ws.name}
          </Button>
        ))}
      </Flex>
      <Button type="link" onClick={onBack} disabled={busy} data-testid="login-back">
        {t('ui.login.back')}
      </Button>
    </Flex>
  );
}
