import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { clearSession, renewSession, useSession } from '../../../lib/session';
import { startSessionKeeper } from '../../../lib/sessionKeeper';
import { renewToken } from '../api/account';

/** Runs the keeplogin timer for as long as someone is signed in. */
export function SessionKeeper() {
  const uuid = useSession()?.user.uuid;
  const navigate = useNavigate();
  useEffect(() => {
    if (!uuid) return undefined;
    return startSessionKeeper({
      refresh: renewToken,
      onRenewed: renewSession,
      onRejected: async () => {
        // Leave first, as logout does, so the page's guard does not add an href.
        await navigate('/login');
        clearSession();
      },
    });
  }, [uuid, navigate]);
  return null;
}
