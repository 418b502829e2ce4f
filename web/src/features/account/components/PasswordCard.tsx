import { App, Button, Card, Form, Input, Skeleton, Typography } from 'antd';
import { errorText } from '../../../lib/apiError';
import { useAccount, useChangePassword } from '../api/account';
import { ACCOUNT_TEXT } from '../texts';
import { checkConfirmation, checkCurrentPassword, checkNewPassword, rule } from '../validation';

interface PasswordFields {
  currentPassword?: string;
  newPassword: string;
  confirmPassword: string;
}

/** 修改密码: the current password (unless the account has none yet), the new one twice. */
export function PasswordCard() {
  const { message } = App.useApp();
  const account = useAccount();
  const change = useChangePassword();
  const [form] = Form.useForm<PasswordFields>();
  const hasPassword = account.data?.hasPassword ?? true;

  const onFinish = (fields: PasswordFields) => {
    change.mutate(
      {
        currentPassword: hasPassword ? fields.currentPassword : undefined,
        newPassword: fields.newPassword,
        confirmPassword: fields.confirmPassword,
      },
      {
        onSuccess: () => {
          message.success(ACCOUNT_TEXT.passwordChanged);
          form.resetFields();
        },
        onError: (error) => message.error(errorText(error, ACCOUNT_TEXT.saveFailed)),
      },
    );
  };

  return (
    <Card title={ACCOUNT_TEXT.passwordTitle}>
      {account.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <Form<PasswordFields>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
          onFinishFailed={() => message.error(ACCOUNT_TEXT.formInvalid)}
        >
          {hasPassword ? (
            <Form.Item name="currentPassword" label={ACCOUNT_TEXT.currentPassword} rules={[rule(checkCurrentPassword)]}>
              <Input.Password autoComplete="current-password" placeholder={ACCOUNT_TEXT.currentPasswordPlaceholder} />
            </Form.Item>
          ) : (
            <Typography.Paragraph type="secondary">{ACCOUNT_TEXT.noPasswordYet}</Typography.Paragraph>
          )}
          <Form.Item name="newPassword" label={ACCOUNT_TEXT.newPassword} rules={[rule(checkNewPassword)]}>
            <Input.Password autoComplete="new-password" placeholder={ACCOUNT_TEXT.newPasswordPlaceholder} />
          </Form.Item>
          <Form.Item
            name="confirmPassword"
            label={ACCOUNT_TEXT.confirmPassword}
            dependencies={['newPassword']}
            rules={[
              ({ getFieldValue }) => rule((value) => checkConfirmation(getFieldValue('newPassword') ?? '', value)),
            ]}
          >
            <Input.Password autoComplete="new-password" placeholder={ACCOUNT_TEXT.confirmPasswordPlaceholder} />
          </Form.Item>
          <Typography.Paragraph type="secondary">{ACCOUNT_TEXT.passwordChangedHint}</Typography.Paragraph>
          <Button type="primary" htmlType="submit" loading={change.isPending}>
            {hasPassword ? ACCOUNT_TEXT.changePassword : ACCOUNT_TEXT.setPassword}
          </Button>
        </Form>
      )}
    </Card>
  );
}
