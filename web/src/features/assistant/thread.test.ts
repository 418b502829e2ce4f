import { describe, expect, it } from 'vitest';
import { historyFor, trimVisible, type ChatItem } from './thread';

const item = (role: ChatItem['role'], content: string, status: ChatItem['status'] = 'done'): ChatItem => ({
  key: `${role}-${content}`,
  role,
  content,
  status,
});

describe('trimVisible', () => {
  it('trims whitespace and zero-width marks at both ends, as the server does', () => {
    expect(trimVisible('\u200B \n你好\u200D世界 \uFEFF')).toBe('你好\u200D世界');
    expect(trimVisible('\u200B\u3164 \u2060')).toBe('');
  });
});

describe('historyFor', () => {
  it('sends the conversation with the question last, a stopped part included and empty replies left out', () => {
    const items = [
      item('user', '在吗'),
      item('assistant', '在的，', 'stopped'),
      item('user', '还有吗'),
      item('assistant', '', 'failed'),
    ];
    expect(historyFor(items, '继续')).toEqual([
      { role: 'user', content: '在吗' },
      { role: 'assistant', content: '在的，' },
      { role: 'user', content: '还有吗' },
      { role: 'user', content: '继续' },
    ]);
  });

  it('keeps the newest 40 messages and cuts each to 4000 characters', () => {
    const items = Array.from({ length: 50 }, (_, n) => item(n % 2 === 0 ? 'user' : 'assistant', `消息${n}`));
    items[49] = item('assistant', '长'.repeat(5000));
    const sent = historyFor(items, '最后的问题');
    expect(sent).toHaveLength(40);
    expect(sent[0]).toEqual({ role: 'assistant', content: '消息11' });
    expect(sent[38].content).toHaveLength(4000);
    expect(sent[39]).toEqual({ role: 'user', content: '最后的问题' });
  });
});
