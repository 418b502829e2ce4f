import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatFrame } from '../../api/generated/types.gen';
import { chatSocketUrl, connectChatSocket, POLICY_VIOLATION } from './socket';

/** A WebSocket the test drives: it records what the client sends and lets the test answer. */
class FakeSocket {
  static made: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(frame: ChatFrame) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const message = (id: number): ChatFrame => ({
  type: 'message',
  message: { id, senderUuid: 'a', receiverUuid: 'b', content: `m${id}`, image: '', createdAt: 1 },
});

function connect(token: string | null = 't1') {
  const frames: ChatFrame[] = [];
  const socket = connectChatSocket({
    url: 'ws://site/api/v1/chat/socket',
    token: () => token,
    onFrame: (frame) => frames.push(frame),
    open: (url) => new FakeSocket(url) as unknown as WebSocket,
  });
  return { socket, frames, latest: () => FakeSocket.made.at(-1)! };
}

describe('chat socket', () => {
  beforeEach(() => {
    FakeSocket.made = [];
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', { OPEN: 1 });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is on this origin and keeps the token out of the URL', () => {
    expect(chatSocketUrl({ protocol: 'https:', host: 'xinqiao.cn' })).toBe('wss://xinqiao.cn/api/v1/chat/socket');
    expect(chatSocketUrl({ protocol: 'http:', host: '127.0.0.1:8080' })).toBe('ws://127.0.0.1:8080/api/v1/chat/socket');
    connect();
    expect(FakeSocket.made[0].url).not.toContain('t1');
  });

  it('signs in with its first frame and passes each message on once', () => {
    const { frames, latest } = connect();
    latest().open();
    expect(latest().sent).toEqual([{ type: 'auth', token: 't1', lastId: 0 }]);
    latest().receive({ type: 'ready' });
    latest().receive(message(5));
    latest().receive(message(5));
    expect(frames.map((frame) => frame.type)).toEqual(['ready', 'message']);
  });

  it('reconnects after a drop with growing delays and asks for what came after the newest id', () => {
    const { latest } = connect();
    latest().open();
    latest().receive(message(7));
    latest().drop();
    vi.advanceTimersByTime(999);
    expect(FakeSocket.made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(2);
    latest().open();
    expect(latest().sent).toEqual([{ type: 'auth', token: 't1', lastId: 7 }]);
    latest().drop();
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.made).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(3);
    // A good connection starts the delays afresh.
    latest().open();
    latest().receive({ type: 'ready' });
    latest().drop();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.made).toHaveLength(4);
  });

  it('stops when the server refuses the token, and when closed', () => {
    const first = connect();
    first.latest().open();
    first.latest().drop(POLICY_VIOLATION);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(1);

    const second = connect();
    second.latest().open();
    second.socket.close();
    second.latest().drop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(2);
  });

  it('opens nothing while signed out, and sends typing only when open', () => {
    connect(null);
    expect(FakeSocket.made).toHaveLength(0);
    const { socket, latest } = connect();
    socket.sendTyping('peer');
    expect(latest().sent).toEqual([]);
    latest().open();
    socket.sendTyping('peer');
    expect(latest().sent.at(-1)).toEqual({ type: 'typing', toUuid: 'peer' });
  });
});
