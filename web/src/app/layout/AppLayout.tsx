import { Layout } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '../../components/PageSpinner';
import { SessionKeeper } from '../../features/auth/components/SessionKeeper';
import { AppFooter } from './AppFooter';
import { AppHeader } from './AppHeader';

export function AppLayout() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SessionKeeper />
      <AppHeader />
      {/* At least a screen tall, so the footer starts below the fold and does not jump down
          when a lazily loaded page replaces the spinner (it was the home page's layout shift). */}
      <Layout.Content
        style={{ padding: '0 16px', width: '100%', maxWidth: 1200, margin: '0 auto', minHeight: '100vh' }}
      >
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
      <AppFooter />
    </Layout>
  );
}
