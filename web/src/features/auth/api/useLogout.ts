import { useQueryClient } from '@tanstack/react-query';
import { reloadAt } from '../../../lib/browser';
import { clearSession } from '../../../lib/session';
import { revokeTokens } from './account';

export function useLogout() {
  const queryClient = useQueryClient();
  return async () => {
    try {
      await revokeTokens();
    } catch {
      // Signing out on this device must not depend on the server: the local session ends regardless.
    } finally {
      clearSession();
      queryClient.clear();
      // A fresh load of /login: nothing the member saw stays in memory for the next person on
      // this device, and the guarded page being left cannot redirect to /login?href=… first.
      reloadAt('/login');
    }
  };
}
