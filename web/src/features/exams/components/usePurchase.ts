import { App } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/apiError';
import { loginPathFor } from '../../../lib/returnTarget';
import { useBuyExam } from '../api/actions';
import { EXAM_TEXT } from '../texts';
import { EXAM_PATHS } from './paths';

/**
 * Spec 2 sections 4 and 8, 购买并开始: buy, then take. 402 shows the server's words (余额不足，需要
 * ¥x，当前余额 ¥y，请先充值) and opens /recharge; 401 asks to sign in; 409 means purchases still
 * cover an attempt, so it simply starts; anything else is 购买失败，请重试.
 */
export function usePurchase(examId: number, onStart?: () => void) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const buy = useBuyExam();

  const start = () => {
    if (onStart) onStart();
    else void navigate(EXAM_PATHS.take(examId));
  };

  const purchase = () =>
    buy.mutate(examId, {
      onSuccess: () => {
        message.success(EXAM_TEXT.bought);
        start();
      },
      onError: (error) => {
        const code = error instanceof ApiError ? error.code : null;
        if (code === 402) {
          message.error(error.message || EXAM_TEXT.lowBalance);
          void navigate(EXAM_PATHS.recharge);
        } else if (code === 401) {
          message.error(EXAM_TEXT.loginFirst);
          void navigate(loginPathFor(pathname + search));
        } else if (code === 409) {
          start();
        } else {
          message.error(EXAM_TEXT.buyFailed);
        }
      },
    });

  return { purchase, buying: buy.isPending };
}
