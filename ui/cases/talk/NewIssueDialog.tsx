import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

export interface NewIssueDialogProps {
  open: boolean;
  /** Gets the trimmed title and description; the dialog closes at once (the issue shows as saving). */
  onSubmit: (issue: { title: string; description: string }) => void;
  onCancel: () => void;
}

/**
 * The new review issue dialog: title (required, at most 200 characters) and description (required),
 * as the server checks them (schemas/tables/issue.json).
 * @example <NewIssueDialog open={adding} onSubmit={add} onCancel={() => setAdding(false)} />
 */
export function NewIssueDialog({ open, onSubmit, onCancel }: NewIssueDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ title: string; description: string }>();
  const required = { required: true, whitespace: true, message: t('ui.msg.required') };
  const save = async () => {
    const v = await form.validateFields();
    onSubmit({ title: v.title.trim(), description: v.description.trim() });
    form.resetFields();
  };
  return (
    <Modal
      open={open}
      title={t('ui.talk.newIssue')}
      okText={t('global.save')}
      cancelText={t('global.cancel')}
      okButtonProps={{ 'data-testid': 'issue-save' }}
      cancelButtonProps={{ 'data-testid': 'issue-cancel' }}
      onOk={() => void save().catch(() => undefined)}
      onCancel={() => {
        form.resetFields();
        onCancel();
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="issue-dialog">
        <Form.Item name="title" label={t('issue.titleField')} rules={[required, { max: 200 }]}>
          <Input data-testid="issue-form-title" maxLength={200} showCount />
        </Form.Item>
        <Form.Item name="description" label={t('issue.description')} rules={[required]}>
          <Input.TextArea data-testid="issue-form-description" autoSize={{ minRows: 3, maxRows: 10 }} maxLength={4000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
