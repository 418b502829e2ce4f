import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '../components/PageSpinner';
import { accessOf } from '../lib/access';
import { useSession } from '../lib/session';
import { useSiteConfig } from '../lib/siteConfig';
import { isWeChatBrowser } from '../lib/wechat';
import { decideGuard } from './guard';
import type { Access } from './routeTable';

// Lazy: it is built with antd, and the guard is part of the light entry chunk.
const AdminRequired = lazy(() => import('../components/AdminRequired'));

interface RouteGuardProps {
  access: Access;
  title: string;
  /** What a signed-in member without admin rights sees on this admin route; AdminRequired by default. */
  forbidden?: ComponentType;
  children: ReactNode;
}

export function RouteGuard({ access, title, forbidden: Forbidden = AdminRequired, children }: RouteGuardProps) {
  const session = useSession();
  const location = useLocation();
  const siteConfig = useSiteConfig();
  const decision = decideGuard({
    access,
    flags: accessOf(session, Date.now()),
    currentPath: location.pathname + location.search,
    isWeChat: isWeChatBrowser(navigator.userAgent),
    // Without the site configuration we cannot know WeChat login is on, so fall back to /login.
    wechatOfficialLogin: siteConfig.isError ? false : siteConfig.data?.wechatOfficialLogin,
  });

  useEffect(() => {
    document.title = `${title} · 心桥`;
  }, [title]);

  const leaveFor = decision.kind === 'leave' ? decision.url : null;
  useEffect(() => {
    if (leaveFor) window.location.assign(leaveFor);
  }, [leaveFor]);

  switch (decision.kind) {
    case 'enter':
      return children;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'forbidden':
      return (
        <Suspense fallback={<PageSpinner />}>
          <Forbidden />
        </Suspense>
      );
    case 'wait':
    case 'leave':
      return <PageSpinner />;
  }
}
