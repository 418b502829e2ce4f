import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorText } from '../../lib/apiError';
import { clearSession, currentToken } from '../../lib/session';
import { streamChat } from './api/chatStream';
import { fetchConversation, refreshConversations } from './api/conversations';
import { AI_CHAT_TEXT } from './texts';
import { historyFor, trimVisible, type ChatItem } from './thread';

/** What the page shows above the composer after a refused question. */
export type Notice =
  /** 503: the site has no model server; worded apart because retrying will not help. */
  | { kind: 'notConfigured' }
  /** Any other refusal or a failed request: 发送请求时出错，请重试 with the server's words. */
  | { kind: 'refused'; detail: string };

export interface Thread {
  /** The saved conversation on the screen; null until the first reply of a new one names it. */
  conversationId: number | null;
  /**
   * The model the server named for this conversation's latest reply, sent with the next
   * question (spec 3 section 7); null until a reply names it, when the server picks its default.
   * A saved conversation's own model is not reused: the server may no longer offer it.
   */
  model: string | null;
  items: ChatItem[];
  loading: boolean;
  loadError: string | null;
}

const NEW_THREAD: Thread = { conversationId: null, model: null, items: [], loading: false, loadError: null };

const HTTP_UNAUTHORIZED = 401;
const HTTP_NOT_FOUND = 404;
const HTTP_UNAVAILABLE = 503;

/**
 * The conversation on the screen and the one reply that may be streaming into it: sending,
 * stopping, opening a saved conversation and starting a new one.
 */
export function useChatThread(viewer: string) {
  const queryClient = useQueryClient();
  const [thread, setThread] = useState<Thread>(NEW_THREAD);
  const [streaming, setStreaming] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const latest = useRef(thread);
  latest.current = thread;
  const reply = useRef<AbortController | null>(null);
  /** Bumped whenever the screen turns to another conversation, so late answers for the old one are dropped. */
  const generation = useRef(0);
  const keys = useRef(0);
  const nextKey = () => `m${(keys.current += 1)}`;

  // Leaving the page ends the reply; the server then stops the model.
  useEffect(() => () => reply.current?.abort(), []);

  const leave = useCallback(() => {
    reply.current?.abort();
    reply.current = null;
    generation.current += 1;
    setStreaming(false);
    setNotice((shown) => (shown?.kind === 'refused' ? null : shown));
  }, []);

  const startNew = useCallback(() => {
    leave();
    setThread(NEW_THREAD);
  }, [leave]);

  const open = useCallback(
    async (id: number) => {
      leave();
      const mine = generation.current;
      setThread({ conversationId: id, model: null, items: [], loading: true, loadError: null });
      try {
        const detail = await fetchConversation(queryClient, viewer, id);
        if (generation.current !== mine) return;
        setThread({
          conversationId: id,
          model: null,
          items: detail.messages.map((saved) => ({
            key: nextKey(),
            role: saved.role === 'user' ? 'user' : 'assistant',
            content: saved.content,
            status: 'done',
            ...(saved.incomplete ? { incomplete: true } : {}),
          })),
          loading: false,
          loadError: null,
        });
      } catch (error) {
        if (generation.current !== mine) return;
        setThread({
          conversationId: id,
          model: null,
          items: [],
          loading: false,
          loadError: errorText(error, AI_CHAT_TEXT.loadFailed),
        });
        // Deleted elsewhere (another tab): the list should not offer it any longer.
        if (error instanceof ApiError && error.code === HTTP_NOT_FOUND) void refreshConversations(queryClient, viewer);
      }
    },
    [leave, queryClient, viewer],
  );

  /**
   * Asks `question` in the conversation on the screen. Resolves false when it was not asked: a
   * reply is still streaming, the conversation is not loaded, or the server refused it before
   * answering (nothing was saved, so the exchange leaves the screen); the page then gives the
   * question back to the composer.
   */
  const send = async (question: string): Promise<boolean> => {
    const text = trimVisible(question);
    const before = latest.current;
    if (text === '' || reply.current || before.loading || before.loadError) return false;
    const mine = generation.current;
    const userKey = nextKey();
    const replyKey = nextKey();
    const patchReply = (change: (item: ChatItem) => ChatItem) => {
      if (generation.current !== mine) return;
      setThread((shown) => ({
        ...shown,
        items: shown.items.map((item) => (item.key === replyKey ? change(item) : item)),
      }));
    };
    setThread((shown) => ({
      ...shown,
      items: [
        ...shown.items,
        { key: userKey, role: 'user', content: text, status: 'done' },
        { key: replyKey, role: 'assistant', content: '', status: 'streaming' },
      ],
    }));
    setNotice(null);
    const controller = new AbortController();
    reply.current = controller;
    setStreaming(true);
    try {
      const end = await streamChat({
        messages: historyFor(before.items, text),
        conversationId: before.conversationId,
        model: before.model,
        token: currentToken(),
        signal: controller.signal,
        onPiece: (piece) => patchReply((item) => ({ ...item, content: item.content + piece })),
        onConversation: (conversationId, model) => {
          if (generation.current === mine) setThread((shown) => ({ ...shown, conversationId, model }));
        },
        onCrisis: () => patchReply((item) => ({ ...item, crisis: true })),
      });
      if (generation.current !== mine) return true;
      switch (end.kind) {
        case 'done':
          patchReply((item) => ({ ...item, status: 'done', ...(end.note ? { note: end.note } : {}) }));
          break;
        case 'failed':
          patchReply((item) => ({ ...item, status: 'failed', error: end.message }));
          break;
        case 'stopped':
          patchReply((item) => ({ ...item, status: 'stopped' }));
          break;
        case 'interrupted':
          patchReply((item) => ({ ...item, status: 'failed', error: AI_CHAT_TEXT.interrupted }));
          break;
      }
      void refreshConversations(queryClient, viewer);
      return true;
    } catch (error) {
      if (generation.current !== mine) return true;
      setThread((shown) => ({
        ...shown,
        items: shown.items.filter((item) => item.key !== userKey && item.key !== replyKey),
      }));
      const code = error instanceof ApiError ? error.code : null;
      if (code === HTTP_UNAUTHORIZED) {
        // As every other call: a rejected token ends the session, and the page goes to /login.
        clearSession();
      } else if (code === HTTP_UNAVAILABLE) {
        setNotice({ kind: 'notConfigured' });
      } else {
        setNotice({ kind: 'refused', detail: errorText(error, '') });
        if (code === HTTP_NOT_FOUND) void refreshConversations(queryClient, viewer);
      }
      return false;
    } finally {
      if (reply.current === controller) {
        reply.current = null;
        setStreaming(false);
      }
    }
  };

  const stop = useCallback(() => reply.current?.abort(), []);

  return {
    thread,
    streaming,
    notice,
    dismissNotice: () => setNotice(null),
    send,
    stop,
    open,
    startNew,
    retryOpen: () => (thread.conversationId === null ? undefined : void open(thread.conversationId)),
  };
}
