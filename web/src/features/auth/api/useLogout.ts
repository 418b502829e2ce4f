import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { clearSession } from '../../../lib/session';
import { revokeTokens } from './account';

export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    try {
      await revokeTokens();
    } catch {
      // Signing out on this device must not depend on the server: the local session ends regardless.
    } finally {
      // Leave first: clearing while still on a guarded page would make its guard send us to /login?href=…
      await navigate('/login');
      clearSession();
      // Nothing the member saw may remain for the next person on this device.
      queryClient.clear();
    }
  };
}
