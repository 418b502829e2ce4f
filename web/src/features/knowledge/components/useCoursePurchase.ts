import { App } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import type { Course } from '../../../api/generated/types.gen';
import { ApiError } from '../../../lib/apiError';
import { formatYuan } from '../../../lib/money';
import { loginPathFor } from '../../../lib/returnTarget';
import { useBuyCourse, useFreshBalance } from '../api/actions';
import { checkBalance } from '../model';
import { KNOWLEDGE_PATHS } from '../paths';
import { KNOWLEDGE_TEXT } from '../texts';

export type PurchasedCourse = Pick<Course, 'kcId' | 'name' | 'fee'>;

/**
 * Spec 3 section 4, a paid course not bought yet: a confirmation, the balance checked on the
 * client (short: 余额不足，需要 ¥X，当前余额 ¥Y，请先充值 and on to /recharge), the purchase, then
 * the learner view. The server checks the balance again; its answers map as spec 3 section 8
 * says: 401 请先登录 (to /login), 402 余额不足，请先充值 (to /recharge), anything else 购买失败，请重试.
 */
export function useCoursePurchase() {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const buy = useBuyCourse();
  const freshBalance = useFreshBalance();

  const openCourse = (course: PurchasedCourse) => void navigate(KNOWLEDGE_PATHS.display(course.kcId));
  const toLogin = () => {
    message.error(KNOWLEDGE_TEXT.loginFirst);
    void navigate(loginPathFor(pathname + search));
  };
  const toRecharge = (text: string) => {
    message.error(text);
    void navigate(KNOWLEDGE_PATHS.recharge);
  };

  const buyNow = async (course: PurchasedCourse) => {
    let balance: number | null = null;
    try {
      balance = (await freshBalance()).cny;
    } catch (error) {
      if (error instanceof ApiError && error.code === 401) {
        toLogin();
        return;
      }
      // The balance could not be read: the server's own check still stands behind the purchase.
    }
    if (balance !== null) {
      const check = checkBalance(course.fee, balance);
      if (!check.enough) {
        toRecharge(check.message);
        return;
      }
    }
    try {
      await buy.mutateAsync(course.kcId);
      message.success(KNOWLEDGE_TEXT.bought);
      openCourse(course);
    } catch (error) {
      const code = error instanceof ApiError ? error.code : null;
      if (code === 401) toLogin();
      // Spec 3 section 8 gives 402 its own text, whatever the server's message says.
      else if (code === 402) toRecharge(KNOWLEDGE_TEXT.lowBalance);
      // 409: bought already (another tab); 400: free after all. Either way the course is open.
      else if (code === 409 || code === 400) openCourse(course);
      else message.error(KNOWLEDGE_TEXT.buyFailed);
    }
  };

  const purchase = (course: PurchasedCourse) => {
    modal.confirm({
      title: KNOWLEDGE_TEXT.buyTitle,
      content: KNOWLEDGE_TEXT.buyConfirm(course.name, formatYuan(course.fee)),
      okText: KNOWLEDGE_TEXT.buyOk,
      cancelText: KNOWLEDGE_TEXT.cancel,
      // The dialog's button spins until the purchase has an answer.
      onOk: () => buyNow(course),
    });
  };

  return { purchase, buying: buy.isPending };
}
