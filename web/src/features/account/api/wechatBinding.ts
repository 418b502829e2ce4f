import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { wechatBind, wechatBinding, wechatUnbind } from '../../../api/generated/sdk.gen';
import type { BindingStatus } from '../../../api/generated/types.gen';
import { unwrap } from '../../../lib/api';
import { accountKeys } from './keys';

export function useWeChatBinding() {
  return useQuery({
    queryKey: accountKeys.wechatBinding(),
    queryFn: ({ signal }): Promise<BindingStatus> => unwrap(wechatBinding({ signal, throwOnError: true })),
  });
}

/** Starts binding: the server answers WeChat's authorize address, where the browser goes next. */
export function useStartWeChatBinding() {
  return useMutation({
    mutationFn: async (redirectUri: string): Promise<string> => {
      const started = await unwrap(wechatBind({ body: { redirectUri }, throwOnError: true }));
      return started.authorizeUrl;
    },
  });
}

export function useUnbindWeChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => unwrap(wechatUnbind({ body: { password }, throwOnError: true })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.wechatBinding() }),
  });
}
