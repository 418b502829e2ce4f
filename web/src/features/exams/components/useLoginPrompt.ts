import { App } from 'antd';
import { useNavigate } from 'react-router';
import { loginPathFor } from '../../../lib/returnTarget';
import { EXAM_TEXT } from '../texts';

/**
 * Spec 2 section 6: a guest who opens an assessment or starts one is asked first
 * (去登录 / 取消); login then comes back to where they were going.
 */
export function useLoginPrompt() {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  return (question: string, returnTo: string) => {
    modal.confirm({
      title: EXAM_TEXT.loginPromptTitle,
      content: question,
      okText: EXAM_TEXT.goLogin,
      cancelText: EXAM_TEXT.cancel,
      onOk: () => {
        void navigate(loginPathFor(returnTo));
      },
    });
  };
}
