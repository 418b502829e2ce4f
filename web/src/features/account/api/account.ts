import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { changePassword, getAccount, sendEmailCode, updatePhone, verifyEmail } from '../../../api/generated/sdk.gen';
import type { AccountDetails, ChangePasswordRequest } from '../../../api/generated/types.gen';
import { unwrap } from '../../../lib/api';
import { renewSession } from '../../../lib/session';
import { accountKeys } from './keys';

export function useAccount() {
  return useQuery({
    queryKey: accountKeys.account(),
    queryFn: ({ signal }): Promise<AccountDetails> => unwrap(getAccount({ body: {}, signal, throwOnError: true })),
  });
}

/**
 * The server signs out every other session and answers a fresh token for this one, which
 * replaces the stored one at once: the old token no longer works.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => unwrap(changePassword({ body, throwOnError: true })),
    onSuccess: (granted) => {
      renewSession(granted);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.account() }),
        queryClient.invalidateQueries({ queryKey: accountKeys.wechatBinding() }),
      ]);
    },
  });
}

export function useSendEmailCode() {
  return useMutation({
    mutationFn: (email: string) => unwrap(sendEmailCode({ body: { email }, throwOnError: true })),
  });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; code: string }): Promise<AccountDetails> =>
      unwrap(verifyEmail({ body, throwOnError: true })),
    onSuccess: (account) => queryClient.setQueryData(accountKeys.account(), account),
  });
}

export function useUpdatePhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (phone: string): Promise<AccountDetails> =>
      unwrap(updatePhone({ body: { phone }, throwOnError: true })),
    onSuccess: (account) => queryClient.setQueryData(accountKeys.account(), account),
  });
}
