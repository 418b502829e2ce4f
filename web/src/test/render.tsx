import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import AntdProviders from '../app/AntdProviders';
import { AppProviders, createQueryClient } from '../app/providers';

/**
 * Renders routes as the app does (providers, router) starting at one path; returns the router to
 * inspect. Inside antd's providers, as the layout puts every page but the home page.
 */
export function renderRoutes(routes: RouteObject[], initialPath: string) {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <AntdProviders>
        <RouterProvider router={router} />
      </AntdProviders>
    </AppProviders>,
  );
  return { router, queryClient, ...view };
}

export function renderAt(path: string, element: ReactElement, extraRoutes: RouteObject[] = []) {
  return renderRoutes([{ path, element }, ...extraRoutes], path);
}

interface FakeAnswer {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Holds the answer back until this settles: a request still in flight while the test acts. */
  heldUntil?: Promise<void>;
}

/** Replaces fetch; each API path answers from a queue (the last answer repeats). Returns the calls made. */
export function fakeApi(answers: Record<string, FakeAnswer[] | 'network-failure'>) {
  const calls: { path: string; body: unknown; authorization: string | null }[] = [];
  const fetchMock = async (input: RequestInfo | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    const path = new URL(request.url).pathname;
    const text = await request.text();
    calls.push({
      path,
      body: text ? JSON.parse(text) : undefined,
      authorization: request.headers.get('Authorization'),
    });
    const queue = answers[path];
    if (queue === 'network-failure') throw new TypeError('Failed to fetch');
    if (!queue || queue.length === 0) throw new Error(`no fake answer for ${path}`);
    const answer = queue.length > 1 ? queue.shift()! : queue[0];
    await answer.heldUntil;
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  };
  globalThis.fetch = fetchMock as typeof fetch;
  return calls;
}

export const ok = <T,>(data: T) => ({ body: { code: 200, message: 'ok', data } });
export const fail = (status: number, code: number, message: string) => ({
  status,
  body: { code, message, data: null },
});
