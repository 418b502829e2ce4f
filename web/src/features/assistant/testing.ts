import type { ChatChunk, ConversationSummary } from '../../api/generated/types.gen';
import { startSession } from '../../lib/session';
import { CHAT_PATH } from './api/chatStream';

/** Signs in as a member; the uuid is `uuid-<username>`, the token `token-<username>`. */
export function signInAs(username: string) {
  startSession({
    accessToken: `token-${username}`,
    accessExpire: Math.floor(Date.now() / 1000) + 3600,
    uuid: `uuid-${username}`,
    username,
    nickname: username,
    sysRole: 'user',
  });
}

/** One line of the reply stream as the server sends it; tests give what they look at. */
export function line(chunk: Partial<ChatChunk>): string {
  return `${JSON.stringify({ model: 'qwen2.5:0.5b', done: false, ...chunk })}\n`;
}

/** A piece of the reply's text. */
export const piece = (content: string) => line({ message: { role: 'assistant', content } });

/** A conversation in the list; tests override what they look at. */
export function conversation(id: number, overrides: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    id,
    title: `对话 ${id}`,
    model: 'qwen2.5:0.5b',
    createdAt: 1_750_000_000,
    updatedAt: 1_750_000_000,
    ...overrides,
  };
}

interface Refusal {
  status: number;
  code: number;
  message: string;
}

/** What one chat request gets instead of a stream the test writes. */
interface ChatAnswerPlan {
  refuse?: Refusal;
  networkFailure?: boolean;
  /** No answer at all until the request is aborted. */
  holdResponse?: boolean;
}

interface ChatCall {
  path: string;
  body: { model?: string; messages: { role: string; content: string }[]; stream: boolean; conversationId?: number };
  authorization: string | null;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Answers POST /api/v1/ai/chat with a stream the test writes line by line (or with `plan`), and
 * hands every other call to the fetch installed before (fakeApi's). Aborting a request errors its
 * stream as a browser does.
 */
export function fakeChatServer(plan: ChatAnswerPlan = {}) {
  const before = globalThis.fetch;
  const calls: ChatCall[] = [];
  const plans: ChatAnswerPlan[] = [];
  let stream: ReadableStreamDefaultController<Uint8Array> | null = null;
  let abortedLast = false;

  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (new URL(url).pathname !== CHAT_PATH) return before(input, init);
    const headers = new Headers(init?.headers);
    calls.push({
      path: CHAT_PATH,
      body: JSON.parse(String(init?.body)) as ChatCall['body'],
      authorization: headers.get('Authorization'),
    });
    const signal = init?.signal;
    const answer = plans.shift() ?? plan;
    if (answer.networkFailure) throw new TypeError('Failed to fetch');
    if (answer.holdResponse) {
      return new Promise<Response>((_, reject) =>
        signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    }
    if (answer.refuse) {
      const { status, code, message } = answer.refuse;
      return new Response(JSON.stringify({ code, message, data: null }), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    abortedLast = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        stream = controller;
        signal?.addEventListener('abort', () => {
          abortedLast = true;
          controller.error(new DOMException('aborted', 'AbortError'));
        });
      },
    });
    return new Response(body, { status: 200, headers: { 'Content-Type': 'application/x-ndjson' } });
  }) as typeof fetch;

  return {
    calls,
    /** The next request gets this instead of the default plan. */
    answerNext(next: ChatAnswerPlan) {
      plans.push(next);
    },
    /** Writes text to the newest request's body, then lets the reader take it. */
    async send(text: string) {
      await settle();
      if (!stream) throw new Error('no chat request is streaming');
      stream.enqueue(new TextEncoder().encode(text));
      await settle();
    },
    /** Ends the newest body as it is. */
    close() {
      stream?.close();
    },
    /** Whether the newest streamed request was aborted. */
    aborted: () => abortedLast,
  };
}
