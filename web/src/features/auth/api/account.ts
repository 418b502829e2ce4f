import { useMutation } from '@tanstack/react-query';
import { keepLogin, loginUser, logoutUser, registerUser } from '../../../api/generated/sdk.gen';
import type { LoginUserData, RegisterUserData } from '../../../api/generated/types.gen';
import { unwrap } from '../../../lib/api';
import type { GrantedSession } from '../../../lib/session';

export type LoginRequest = LoginUserData['body'];
export type RegisterRequest = RegisterUserData['body'];

export function useLoginMutation() {
  return useMutation({
    mutationFn: (body: LoginRequest): Promise<GrantedSession> => unwrap(loginUser({ body, throwOnError: true })),
  });
}

export function useRegisterMutation() {
  return useMutation({
    mutationFn: (body: RegisterRequest): Promise<GrantedSession> => unwrap(registerUser({ body, throwOnError: true })),
  });
}

export function renewToken(): Promise<GrantedSession> {
  return unwrap(keepLogin({ body: {}, throwOnError: true }));
}

export function revokeTokens(): Promise<unknown> {
  return unwrap(logoutUser({ throwOnError: true }));
}
