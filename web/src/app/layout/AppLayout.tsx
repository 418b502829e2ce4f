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
      <Layout.Content style={{ padding: '0 16px', width: '100%', maxWidth: 1200, margin: '0 auto' }}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
      <AppFooter />
    </Layout>
  );
}
