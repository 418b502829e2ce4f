import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render';
import { LoginRequired } from './LoginRequired';

function renderGuestAt(path: string) {
  return renderRoutes(
    [
      { path: '/blog/edit/:id', element: <LoginRequired detail="登录后才能编辑文章" /> },
      { path: '/login', element: <div>login page</div> },
    ],
    path,
  );
}

describe('LoginRequired', () => {
  it('says 请先登录 and why', () => {
    renderGuestAt('/blog/edit/7');
    expect(screen.getByText('请先登录')).toBeInTheDocument();
    expect(screen.getByText('登录后才能编辑文章')).toBeInTheDocument();
  });

  it('links to /login with the current page, query included, as the way back', () => {
    renderGuestAt('/blog/edit/7?from=list');
    expect(screen.getByRole('link', { name: /去登录/ })).toHaveAttribute(
      'href',
      '/login?href=%2Fblog%2Fedit%2F7%3Ffrom%3Dlist',
    );
  });

  it('goes to the login page when followed', async () => {
    const user = userEvent.setup();
    const { router } = renderGuestAt('/blog/edit/7');
    await user.click(screen.getByRole('link', { name: /去登录/ }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?href=%2Fblog%2Fedit%2F7');
  });
});
