import { Alert, App, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import type { AdminUserItem, Role } from '../../../api/generated/types.gen';
import { useUpdateUser, type UserEdit } from '../api/actions';
import { failureText, roleLabel } from '../model';
import { ADMIN_TEXT } from '../texts';
import styles from './EditDialog.module.css';

const ROLES: Role[] = ['user', 'admin', 'superadmin'];

/** The server's rule (accounts): 11 digits, 1 then 3 to 9. */
const PHONE = /^1[3-9]\d{9}$/;

interface UserForm {
  nickname: string;
  email: string;
  phone: string;
  sysRole: Role;
}

interface UserEditDialogProps {
  user: AdminUserItem;
  /** Spec 3 section 6: only a superadmin (by the stored user record) sets roles. */
  canChangeRole: boolean;
  onClose: () => void;
}

/**
 * Spec 3 section 2: nickname, email, phone and role of one member. The server refuses what the
 * editor may not do (403) and addresses or numbers another member has (409); its reason stays in
 * the dialog until the next try.
 */
export function UserEditDialog({ user, canChangeRole, onClose }: UserEditDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<UserForm>();
  const update = useUpdateUser();
  const [failure, setFailure] = useState<string | null>(null);
  const role = Form.useWatch('sysRole', form);

  const submit = async (values: UserForm) => {
    setFailure(null);
    const edit: UserEdit = {
      userId: user.userId,
      nickname: values.nickname.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
      ...(canChangeRole ? { sysRole: values.sysRole } : {}),
    };
    try {
      await update.mutateAsync(edit);
      message.success(ADMIN_TEXT.userUpdated);
      onClose();
    } catch (error) {
      setFailure(failureText(error, ADMIN_TEXT.userUpdateFailed));
    }
  };

  return (
    <Modal
      open
      centered
      title={ADMIN_TEXT.editUserTitle(user.nickname || user.username)}
      okText={ADMIN_TEXT.save}
      cancelText={ADMIN_TEXT.cancel}
      okButtonProps={{ htmlType: 'submit', loading: update.isPending }}
      onCancel={onClose}
      destroyOnHidden
      modalRender={(dialog) => (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ nickname: user.nickname, email: user.email, phone: user.phone, sysRole: user.sysRole }}
          onFinish={submit}
          clearOnDestroy
        >
          {dialog}
        </Form>
      )}
    >
      <p className={styles.account}>
        @{user.username} · ID {user.userId}
      </p>
      {failure && <Alert type="error" showIcon className={styles.failure} title={failure} />}
      <Form.Item
        name="nickname"
        label={ADMIN_TEXT.fieldNickname}
        rules={[
          { required: true, whitespace: true, message: ADMIN_TEXT.nicknameRequired },
          { max: 32, message: ADMIN_TEXT.nicknameTooLong },
        ]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="email"
        label={ADMIN_TEXT.fieldEmail}
        rules={[{ type: 'email', message: ADMIN_TEXT.emailInvalid }]}
      >
        <Input type="email" autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="phone"
        label={ADMIN_TEXT.fieldPhone}
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              const phone = (value ?? '').trim();
              if (phone !== '' && !PHONE.test(phone)) throw new Error(ADMIN_TEXT.phoneInvalid);
            },
          },
        ]}
      >
        <Input inputMode="numeric" autoComplete="off" maxLength={11} />
      </Form.Item>
      <Form.Item
        name="sysRole"
        label={ADMIN_TEXT.fieldRole}
        extra={
          !canChangeRole
            ? ADMIN_TEXT.roleOnlySuperadmin
            : role !== user.sysRole
              ? ADMIN_TEXT.roleChangeSignsOut
              : undefined
        }
      >
        <Select
          aria-label={ADMIN_TEXT.fieldRole}
          disabled={!canChangeRole}
          options={ROLES.map((value) => ({ value, label: roleLabel(value) }))}
        />
      </Form.Item>
    </Modal>
  );
}
