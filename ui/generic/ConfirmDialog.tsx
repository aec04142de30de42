/**
 * A yes/no confirmation. {@link useConfirm} gives a promise-returning `confirm(text)` plus the
 * dialog element to render; the buttons are `confirm-yes` / `confirm-no`.
 *
 * @example
 *   const [confirm, dialog] = useConfirm();
 *   if (await confirm(t('ui.msg.confirmDelete'))) remove();
 */
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Button, Modal } from 'antd';
import { ExclamationCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  open: boolean;
  text: ReactNode;
  onAnswer: (yes: boolean) => void;
}

export function ConfirmDialog({ open, text, onAnswer }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={null}
      closable={false}
      width={380}
      onCancel={() => onAnswer(false)}
      footer={[
        <Button key="no" data-testid="confirm-no" onClick={() => onAnswer(false)}>
          {t('ui.common.no')}
        </Button>,
        <Button key="yes" data-testid="confirm-yes" type="primary" danger onClick={() => onAnswer(true)}>
          {t('ui.common.yes')}
        </Button>,
      ]}
    >
      <div data-testid="confirm-dialog" style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
        <ExclamationCircleOutlined style={{ color: '#faad14', fontSize: 22 }} />
        <span>{text}</span>
      </div>
    </Modal>
  );
}

export function useConfirm(): [(text: ReactNode) => Promise<boolean>, ReactNode] {
  const [state, setState] = useState<{ open: boolean; text: ReactNode }>({ open: false, text: null });
  const resolver = useRef<((yes: boolean) => void) | null>(null);

  const confirm = useCallback((text: ReactNode) => {
    resolver.current?.(false);
    setState({ open: true, text });
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const onAnswer = useCallback((yes: boolean) => {
    setState((s) => ({ ...s, open: false }));
    resolver.current?.(yes);
    resolver.current = null;
  }, []);

  return [confirm, <ConfirmDialog open={state.open} text={state.text} onAnswer={onAnswer} />];
}
