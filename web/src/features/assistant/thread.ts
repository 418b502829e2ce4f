import type { AiMessage } from '../../api/generated/types.gen';
import { MAX_MESSAGE_CHARS, MAX_MESSAGES } from './texts';

/** How a message on the screen stands. */
export type ItemStatus = 'done' | 'streaming' | 'stopped' | 'failed';

export interface ChatItem {
  key: string;
  role: 'user' | 'assistant';
  content: string;
  status: ItemStatus;
  /** Why a failed reply stopped, in the server's words when it gave any. */
  error?: string;
  /** Why a finished reply was cut short on purpose, in the server's words. */
  note?: string;
  /**
   * A saved reply the server marked as stopped before the model's own end (failed, stopped, or
   * cut): shown as 回复未完成 when the conversation is opened again.
   */
  incomplete?: boolean;
  /** The question spoke of self-harm: the reply shows the help block first. */
  crisis?: boolean;
}

/**
 * The server's rule for an empty question (platform::text::is_invisible): whitespace, zero-width
 * and formatting marks, variation selectors and the Hangul fillers count as nothing, so a
 * question made only of them is never sent (spec 3 section 5).
 */
const INVISIBLE =
  '\\s\\u00AD\\u034F\\u115F\\u1160\\u180E\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u206F\\u3164\\uFE00-\\uFE0F\\uFEFF\\uFFA0';
const AT_ENDS = new RegExp(`^[${INVISIBLE}]+|[${INVISIBLE}]+$`, 'g');

export function trimVisible(text: string): string {
  return text.replace(AT_ENDS, '');
}

/**
 * What a request carries: the conversation as the member sees it (a stopped reply's part too,
 * empty replies left out), the new question last, within the server's bounds: the newest 40
 * messages, each cut to 4000 characters, so a long conversation keeps going instead of being
 * refused.
 */
export function historyFor(items: readonly ChatItem[], question: string): AiMessage[] {
  const said = items
    .filter((item) => item.content.trim() !== '')
    .map((item) => ({ role: item.role, content: Array.from(item.content).slice(0, MAX_MESSAGE_CHARS).join('') }));
  return [...said, { role: 'user', content: question }].slice(-MAX_MESSAGES);
}
