import { wechatBindingQueryKey } from '../../../api/generated/@tanstack/react-query.gen';

export const accountKeys = {
  /** The member's own account (POST /user/account/get, so the key is spelled here). */
  account: () => ['account', 'own'] as const,
  wechatBinding: () => wechatBindingQueryKey(),
};
