import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useLoginPath } from '../../../components/LoginRequired';
import { isSessionLive, useSession } from '../../../lib/session';

/**
 * Spec 2 section 6: the people screens go to /login without a token (and come back after). The
 * route table leaves /people, /like and /my open (spec 3 section 2), so the screen checks itself;
 * a session that ends while the screen is open (a rejected token) leaves it the same way.
 */
export function MemberOnly({ children }: { children: (viewer: string) => ReactNode }) {
  const session = useSession();
  const loginPath = useLoginPath();
  if (!isSessionLive(session, Date.now())) return <Navigate to={loginPath} replace />;
  return children(session.user.uuid);
}
