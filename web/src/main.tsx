import 'antd/dist/reset.css';
import './app/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders, createQueryClient } from './app/providers';
import { createAppRouter } from './app/router';
import { configureApiClient } from './lib/api';
import { loginPathFor } from './lib/returnTarget';
import { clearSession, currentToken, restoreSession } from './lib/session';

restoreSession();

const router = createAppRouter();
const queryClient = createQueryClient();

configureApiClient({
  currentToken: () => currentToken(),
  onTokenRejected: () => {
    clearSession();
    const { pathname, search } = router.state.location;
    if (pathname !== '/login') void router.navigate(loginPathFor(pathname + search));
  },
});

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

const root = createRoot(rootElement);
// As a transition, the first render yields to the browser every few milliseconds instead of
// blocking a slow phone's main thread in one long task (issue 5: total blocking time).
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
