import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Outlet, useMatches } from 'react-router';
import { PageSpinner } from '../../components/PageSpinner';
import { SessionKeeper } from '../../features/auth/components/SessionKeeper';
import { ChatSocketBridge } from '../../features/chat/components/ChatSocketBridge';
import type { PageHandle } from '../router';
import { AppFooter } from './AppFooter';
import { AppHeader } from './AppHeader';
import styles from './AppLayout.module.css';

const AntdProviders = lazy(() => import('../AntdProviders'));

/**
 * Wraps the page in antd's providers from the first page that is built with antd on. They then
 * stay, so a message shown just before a navigation outlives it; the home page, built without
 * antd, does not load them.
 */
function PageProviders({ children }: { children: ReactNode }) {
  const pageUsesAntd = useMatches().some((match) => (match.handle as PageHandle | undefined)?.usesAntd);
  const [antdLoaded, setAntdLoaded] = useState(pageUsesAntd);
  if (pageUsesAntd && !antdLoaded) setAntdLoaded(true);
  return antdLoaded ? <AntdProviders>{children}</AntdProviders> : children;
}

export function AppLayout() {
  return (
    <ChatSocketBridge>
      <div className={styles.layout}>
        <SessionKeeper />
        <AppHeader />
        <main className={styles.content}>
          <Suspense fallback={<PageSpinner />}>
            <PageProviders>
              <Outlet />
            </PageProviders>
          </Suspense>
        </main>
        <AppFooter />
      </div>
    </ChatSocketBridge>
  );
}
