import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { client } from '../api/generated/client.gen';
import { configureApiClient } from '../lib/api';
import { clearSession, currentToken } from '../lib/session';

// antd forms render slowly under jsdom on a busy 2-core machine; the default 1 s wait for
// findBy/waitFor made tests fail there while the page was still correct.
configure({ asyncUtilTimeout: 5000 });

// jsdom has neither; antd's responsive grid and overflow menus need both.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

// jsdom's <dialog> cannot open as a modal; opening it is enough for these tests (the phone menu).
HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
  this.open = false;
  this.dispatchEvent(new Event('close'));
};

afterEach(() => {
  cleanup();
  clearSession();
});

// Node's Request needs absolute URLs; in the browser the same relative paths resolve against the page.
configureApiClient({ currentToken: () => currentToken(), onTokenRejected: clearSession });
client.setConfig({ baseUrl: 'http://localhost:3000' });
