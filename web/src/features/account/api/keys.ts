import { wechatBindingQueryKey } from '../../../api/generated/@tanstack/react-query.gen';

export const accountKeys = {
  wechatBinding: () => wechatBindingQueryKey(),
};
