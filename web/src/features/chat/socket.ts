import type { ChatCommand, ChatFrame } from '../../api/generated/types.gen';

/** Waits before reconnecting, in seconds; the last one repeats. */
export const RECONNECT_DELAYS = [1, 2, 4, 8, 15] as const;
/** The close code the server uses for a token it refuses: reconnecting would not help. */
export const POLICY_VIOLATION = 1008;
/** The ids remembered to drop a message that comes twice (catch-up and live). */
const REMEMBERED_IDS = 500;

export interface ChatSocketOptions {
  url: string;
  /** The access token for the first frame; null when signed out (nothing is opened). */
  token: () => string | null;
  onFrame: (frame: ChatFrame) => void;
  /** For tests: how a WebSocket is made. */
  open?: (url: string) => WebSocket;
}

export interface ChatSocket {
  sendTyping: (toUuid: string) => void;
  close: () => void;
}

/** Where the chat socket is on this site (same origin; the token never goes in the URL). */
export function chatSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/api/v1/chat/socket`;
}

/**
 * One tab's chat socket: signs in with the first frame, passes on each frame once (a message id
 * seen before is dropped), and after a drop reconnects with growing delays, asking for what came
 * after the newest message it saw.
 */
export function connectChatSocket({
  url,
  token,
  onFrame,
  open = (at) => new WebSocket(at),
}: ChatSocketOptions): ChatSocket {
  let socket: WebSocket | null = null;
  let attempt = 0;
  let lastId = 0;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const seen: number[] = [];

  const isNew = (id: number) => {
    if (seen.includes(id)) return false;
    seen.push(id);
    if (seen.length > REMEMBERED_IDS) seen.shift();
    return true;
  };

  const send = (command: ChatCommand) => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(command));
  };

  const connect = () => {
    const access = token();
    if (closed || !access) return;
    const current = open(url);
    socket = current;
    current.onopen = () => current.send(JSON.stringify({ type: 'auth', token: access, lastId } satisfies ChatCommand));
    current.onmessage = (event: MessageEvent) => {
      const frame = parse(event.data);
      if (!frame) return;
      if (frame.type === 'ready') attempt = 0;
      if (frame.type === 'message') {
        if (!isNew(frame.message.id)) return;
        lastId = Math.max(lastId, frame.message.id);
      }
      onFrame(frame);
    };
    current.onclose = (event: CloseEvent) => {
      if (socket !== current) return;
      socket = null;
      if (closed || event.code === POLICY_VIOLATION) return;
      const delay = RECONNECT_DELAYS[Math.min(attempt, RECONNECT_DELAYS.length - 1)];
      attempt += 1;
      retry = setTimeout(connect, delay * 1000);
    };
  };

  connect();
  return {
    sendTyping: (toUuid) => send({ type: 'typing', toUuid }),
    close: () => {
      closed = true;
      clearTimeout(retry);
      socket?.close();
      socket = null;
    },
  };
}

function parse(data: unknown): ChatFrame | null {
  if (typeof data !== 'string') return null;
  try {
    const frame = JSON.parse(data) as ChatFrame;
    return typeof frame === 'object' && frame !== null && 'type' in frame ? frame : null;
  } catch {
    return null;
  }
}
