import { App, Popconfirm } from 'antd';
import type { ReactElement } from 'react';
import { SHARED_TEXT } from './texts';

export interface DeleteConfirmation {
  title: string;
  content?: string;
  /** Runs only after 确定; while its promise is pending the dialog shows the button busy. */
  onConfirm: () => Promise<unknown> | void;
}

/**
 * Every delete asks first (spec 1 section 8): a dialog with 确定 and 取消, in the warning style,
 * the 确定 button red. A cancelled confirmation does nothing.
 */
export function useDeleteConfirmation() {
  const { modal } = App.useApp();
  return ({ title, content, onConfirm }: DeleteConfirmation) => {
    modal.confirm({
      title,
      content,
      okText: SHARED_TEXT.confirm,
      cancelText: SHARED_TEXT.cancel,
      okButtonProps: { danger: true },
      onOk: onConfirm,
    });
  };
}

/** The same question as a small bubble beside `children`, for a delete link inside a line of text (a comment). */
export function DeleteConfirmationPopover({
  title,
  onConfirm,
  children,
}: Omit<DeleteConfirmation, 'content'> & { children: ReactElement }) {
  return (
    <Popconfirm title={title} okText={SHARED_TEXT.confirm} cancelText={SHARED_TEXT.cancel} onConfirm={onConfirm}>
      {children}
    </Popconfirm>
  );
}
