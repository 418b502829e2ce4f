import { App } from 'antd';
import { ADMIN_TEXT } from '../texts';

export interface AdminConfirmation {
  title: string;
  content?: string;
  okText?: string;
  /** A destructive action (reject, delete): the confirm button turns red. */
  danger?: boolean;
  /**
   * Runs only after 确定; while its promise is pending the button shows busy. It reports its own
   * outcome (a message), so the dialog closes either way.
   */
  onConfirm: () => Promise<unknown> | void;
}

/**
 * Spec 3 section 5: every admin approve, reject, audit and delete asks first; a cancelled
 * confirmation does nothing.
 */
export function useAdminConfirm() {
  const { modal } = App.useApp();
  return ({ title, content, okText = ADMIN_TEXT.confirm, danger = false, onConfirm }: AdminConfirmation) => {
    modal.confirm({
      title,
      content,
      okText,
      cancelText: ADMIN_TEXT.cancel,
      okButtonProps: { danger },
      onOk: async () => {
        await onConfirm();
      },
    });
  };
}
