import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../test/render';
import { AppProviders, createQueryClient } from '../providers';
import type { PageHandle } from '../router';
import { AppLayout } from './AppLayout';

function renderLayoutAt(path: string) {
  fakeApi({ '/api/v1/site/config': [ok({ filingNumber: '', wechatOpenLogin: false, wechatOfficialLogin: false })] });
  const withoutAntd: PageHandle = { usesAntd: false };
  const withAntd: PageHandle = { usesAntd: true };
  const router = createMemoryRouter(
    [
      {
        element: <AppLayout />,
        children: [
          { path: '/', handle: withoutAntd, element: <p>home page</p> },
          { path: '/blog', handle: withAntd, element: <p>blog page</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const antdApp = () => document.querySelector('.ant-app');

describe('AppLayout', () => {
  it('renders a page built without antd outside its providers', async () => {
    renderLayoutAt('/');
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(antdApp()).toBeNull();
  });

  it("loads antd's providers with the first page built with antd, and keeps them", async () => {
    const router = renderLayoutAt('/');
    await screen.findByText('home page');
    await router.navigate('/blog');
    expect(await screen.findByText('blog page')).toBeInTheDocument();
    expect(antdApp()).toContainElement(screen.getByText('blog page'));

    await router.navigate('/');
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(antdApp()).toContainElement(screen.getByText('home page'));
  });
});
