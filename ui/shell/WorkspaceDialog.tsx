/**
 * Lists the user's workspaces (`POST /api/sys/workspaces`); the current one is disabled, choosing
 * another changes the workspace, Cancel closes. The list is at most 70% of the window high.
 */
import { Alert, Button, Flex, Modal } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { sysApi, type WorkspaceItem } from '../api/index.ts';
import { useData } from '../generic/data/useData.ts';
import { WaitIcon } from '../generic/WaitIcon.tsx';

export interface WorkspaceDialogProps {
  open: boolean;
  currentId?: string;
  onChoose: (ws: WorkspaceItem) => void;
  onClose: () => void;
}

export function WorkspaceDialog({ open, currentId, onChoose, onClose }: WorkspaceDialogProps) {
  const { t } = useTranslation();
  // read again at each opening; the list of the opening before is not shown meanwhile
  const read = useData((signal) => sysApi.fetchWorkspaces(signal), [open], { enabled: open });
  const error = read.loading ? null : read.error;
  const list: WorkspaceItem[] | null = read.loading || !read.data ? null : Array.isArray(read.data) ? read.data : [];

  return (
    <Modal
      open={open}
      title={t('ui.ws.title')}
      onCancel={onClose}
      width={420}
      footer={
        <Button data-testid="workspace-cancel" onClick={onClose}>
          {t('ui.common.cancel')}
        </Button>
      }
    >
      <div data-testid="workspace-dialog">
        {error ? <Alert type="error" showIcon title={error} /> : null}
        {!list && !error ? <WaitIcon /> : null}
        {list ? (
          <Flex vertical gap={8} data-testid="workspace-list" style={{ maxHeight: '70vh', overflowY: 'auto' }}>
            {list.map((ws) => {
              const current = ws.id === currentId;
              return (
                <Button
                  key={ws.id}
                  block
                  disabled={current}
                  icon={current ? <CheckOutlined /> : undefined}
                  data-testid="workspace-option"
                  data-id={ws.id}
                  data-current={current}
                  onClick={() => onChoose(ws)}
                >
                  {ws.name}
                </Button>
              );
            })}
          </Flex>
        ) : null}
      </div>
    </Modal>
  );
}
