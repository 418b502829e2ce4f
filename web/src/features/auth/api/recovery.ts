import { useMutation } from '@tanstack/react-query';
import { forgotPassword, resetPassword } from '../../../api/generated/sdk.gen';
import type { ResetPasswordRequest } from '../../../api/generated/types.gen';
import { unwrap } from '../../../lib/api';

/** Asks for a recovery code; the answer is the same whether or not the address is known. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => unwrap(forgotPassword({ body: { email }, throwOnError: true })),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordRequest) => unwrap(resetPassword({ body, throwOnError: true })),
  });
}
