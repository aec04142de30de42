/** Schema-driven forms: the rjsf form, its dialogs, the read-only card, and the helpers behind them. */
export { SchemaForm, type SchemaFormProps } from './SchemaForm.tsx';
export { FormDialog, type FormDialogProps } from './FormDialog.tsx';
export { RemoteFormDialog, type RemoteFormDialogProps } from './RemoteFormDialog.tsx';
export { ReadOnlyFormCard, type ReadOnlyFormCardProps } from './ReadOnlyFormCard.tsx';
export { translateSchema, type OptionSource, type PreparedForm } from './translateSchema.ts';
export { formatValue } from './formatValue.ts';
export { RefWidget } from './RefWidget.tsx';
