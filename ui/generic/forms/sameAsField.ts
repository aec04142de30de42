/** What an antd form lends a field's rule: the other fields' values. */
interface FormValues {
  getFieldValue: (name: string) => unknown;
}

/**
 * The rule of a field that repeats another (a new password typed twice): an empty field or one equal to
 * `field` passes, any other value is refused with `message`. Give the repeating field
 * `dependencies={[field]}` so it is checked again when the first one changes.
 * @example
 * <Form.Item name="repeatNewPassword" dependencies={['newPassword']} rules={[required, sameAsField('newPassword', t('ui.msg.passwordMismatch'))]}>
 */
export const sameAsField = (field: string, message: string) => ({ getFieldValue }: FormValues) => ({
  validator: (_: unknown, value: unknown) => (!value || value === getFieldValue(field) ? Promise.resolve() : Promise.reject(new Error(message))),
});
