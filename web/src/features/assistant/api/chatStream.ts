import { client } from '../../../api/generated/client.gen';
import type { AiMessage, ChatChunk } from '../../../api/generated/types.gen';
import { ApiError } from '../../../lib/apiError';
import { AI_CHAT_TEXT } from '../texts';

export const CHAT_PATH = '/api/v1/ai/chat';

/**
 * Cuts a byte stream into its lines. A network chunk may end in the middle of a line, and in the
 * middle of a Chinese character's bytes, so both the text decoder and the unfinished line carry
 * over to the next chunk.
 */
export function createLineSplitter() {
  const decoder = new TextDecoder();
  let pending = '';
  return {
    /** The lines this chunk completes; the unfinished tail waits for the next chunk. */
    push(chunk: Uint8Array): string[] {
      pending += decoder.decode(chunk, { stream: true });
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      return lines;
    },
    /** At the end of the body: a last line sent without its line break. */
    flush(): string[] {
      pending += decoder.decode();
      const rest = pending;
      pending = '';
      return rest.trim() === '' ? [] : [rest];
    },
  };
}

/** How a reply that started streaming ended. */
export type ChatStreamEnd =
  /**
   * The server's done line: the reply is saved in the conversation it names. `note` says why
   * it was cut short on purpose (the longest reply, the day's budget, the longest time).
   */
  | { kind: 'done'; conversationId: number | null; note?: string }
  /** The done line carried an error (the model server failed or timed out); what came is saved. */
  | { kind: 'failed'; message: string; conversationId: number | null }
  /** The member pressed 停止 (the signal aborted). */
  | { kind: 'stopped' }
  /** The body ended or broke without its done line. */
  | { kind: 'interrupted' };

export interface ChatStreamRequest {
  /** The conversation so far, the new question last. */
  messages: AiMessage[];
  /** The saved conversation to continue; null starts a new one. */
  conversationId: number | null;
  /** The model the conversation uses; null lets the server use its default. */
  model: string | null;
  /** The member's bearer token (spec 3 sends none; this server requires it). */
  token: string | null;
  signal: AbortSignal;
  /** Each piece of the reply's text, as it arrives. */
  onPiece: (text: string) => void;
  /** The saved conversation and its model, named by the first line (so a stopped reply knows them too). */
  onConversation: (conversationId: number, model: string) => void;
  /**
   * The question spoke of self-harm: the line marked `crisis` carries the help block as text,
   * which is not passed to onPiece; the page shows its own help block instead.
   */
  onCrisis: () => void;
}

function isAbort(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted || (error instanceof Error && error.name === 'AbortError');
}

async function refusal(response: Response): Promise<ApiError> {
  let envelope: { code?: number; message?: string } = {};
  try {
    envelope = (await response.json()) as typeof envelope;
  } catch {
    // A body that is not JSON (a proxy's error page) is reported by its status alone.
  }
  return new ApiError(envelope.code ?? response.status, envelope.message ?? '');
}

/**
 * POST /api/v1/ai/chat and read its newline-delimited JSON as it arrives. fetch is used directly
 * rather than the generated client, which would wait for the whole body before answering.
 *
 * Throws an ApiError when the server refuses before the reply starts (400, 401, 404, 429, 503;
 * code null when it cannot be reached); otherwise resolves with how the reply ended.
 */
export async function streamChat({
  messages,
  conversationId,
  model,
  token,
  signal,
  onPiece,
  onConversation,
  onCrisis,
}: ChatStreamRequest): Promise<ChatStreamEnd> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/x-ndjson' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${client.getConfig().baseUrl ?? ''}${CHAT_PATH}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        ...(model === null ? {} : { model }),
        messages,
        stream: true,
        ...(conversationId === null ? {} : { conversationId }),
      }),
      signal,
    });
  } catch (error) {
    if (isAbort(error, signal)) return { kind: 'stopped' };
    throw new ApiError(null, '');
  }
  if (!response.ok) throw await refusal(response);
  if (!response.body) return { kind: 'interrupted' };

  const reader = response.body.getReader();
  const splitter = createLineSplitter();
  let named = false;
  /** Reads one line; an end when it is the last. Blank lines are the server's keep-alives. */
  const read = (line: string): ChatStreamEnd | null => {
    if (line.trim() === '') return null;
    let chunk: ChatChunk;
    try {
      chunk = JSON.parse(line) as ChatChunk;
    } catch {
      return { kind: 'failed', message: AI_CHAT_TEXT.unreadable, conversationId: null };
    }
    if (!named && typeof chunk.conversationId === 'number') {
      named = true;
      onConversation(chunk.conversationId, chunk.model);
    }
    if (chunk.done) {
      const id = chunk.conversationId ?? null;
      if (chunk.error) return { kind: 'failed', message: chunk.error, conversationId: id };
      return chunk.note ? { kind: 'done', conversationId: id, note: chunk.note } : { kind: 'done', conversationId: id };
    }
    if (chunk.crisis) onCrisis();
    else if (chunk.message?.content) onPiece(chunk.message.content);
    return null;
  };

  try {
    for (;;) {
      const { done, value } = await reader.read();
      const lines = done ? splitter.flush() : splitter.push(value);
      for (const line of lines) {
        const end = read(line);
        if (end) {
          // Nothing follows the done line; releasing the body lets the connection go at once.
          void reader.cancel().catch(() => {});
          return end;
        }
      }
      if (done) return { kind: 'interrupted' };
    }
  } catch (error) {
    if (isAbort(error, signal)) return { kind: 'stopped' };
    return { kind: 'interrupted' };
  }
}
