import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  changePassword,
  deleteMyAccount,
  exportMyData,
  getAccount,
  sendEmailCode,
  updatePhone,
  verifyEmail,
} from '../../../api/generated/sdk.gen';
import type { AccountDetails, ChangePasswordRequest, MemberExport } from '../../../api/generated/types.gen';
import { unwrap } from '../../../lib/api';
import { saveFile } from '../../../lib/browser';
import { clearSession } from '../../../lib/session';
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

/** The file name of an export: the member and the day, so several downloads stay apart. */
export function exportFileName(username: string, exportedAt: number): string {
  const day = new Date(exportedAt * 1000).toISOString().slice(0, 10);
  return `xinqiao-${username}-${day}.json`;
}

/** Fetches everything the site keeps about the member and saves it as a JSON file. */
export function useExportData(username: string) {
  return useMutation({
    mutationFn: async (): Promise<MemberExport> => {
      const exported = await unwrap(exportMyData({ body: {}, throwOnError: true }));
      saveFile(exportFileName(username, exported.exportedAt), JSON.stringify(exported, null, 2), 'application/json');
      return exported;
    },
  });
}

/**
 * Deletes the account. Every session has ended on the server, so this device forgets its
 * session and everything it had loaded at once, and leaves the members-only page for the home
 * page. `onDeleted` runs first, since the page it was called from is gone right after.
 */
export function useDeleteAccount(onDeleted: () => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (password: string): Promise<void> => {
      await unwrap(deleteMyAccount({ body: { password }, throwOnError: true }));
    },
    onSuccess: () => {
      onDeleted();
      clearSession();
      queryClient.clear();
      void navigate('/', { replace: true });
    },
  });
}
