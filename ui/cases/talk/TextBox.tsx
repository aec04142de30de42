import { useState } from 'react';
import { Button, Input, Space } from 'antd';

export interface TextBoxProps {
  /** The button's label ('Добавить', 'Ответить'). */
  label: string;
  placeholder?: string;
  /** Gets the trimmed text; the box is cleared at once (the item shows as saving in the list). */
  onSubmit: (text: string) => void;
  /** `data-testid` prefix: `<id>-input`, `<id>-add`. */
  testId: string;
}

/**
 * A text area with its button, disabled while the text is blank after trimming (the Add
 * buttons of a comment and of an answer).
 * @example <TextBox label={t('global.add')} testId="comment" onSubmit={(text) => add(text)} />
 */
export function TextBox({ label, placeholder, onSubmit, testId }: TextBoxProps) {
  const [text, setText] = useState('');
  const blank = text.trim() === '';
  const submit = () => {
    if (blank) return;
    onSubmit(text.trim());
    setText('');
  };
  return (
    <Space.Compact style={{ width: '100%', marginTop: 8 }}>
      <Input.TextArea
        data-testid={`${testId}-input`}
        value={text}
        placeholder={placeholder}
        autoSize={{ minRows: 1, maxRows: 6 }}
        maxLength={4000}
        onChange={(e) => setText(e.target.value)}
      />
      <Button data-testid={`${testId}-add`} type="primary" disabled={blank} onClick={submit}>
        {label}
      </Button>
    </Space.Compact>
  );
}
