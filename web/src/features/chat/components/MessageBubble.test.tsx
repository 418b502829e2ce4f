import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../api/generated/types.gen';
import { startSession } from '../../../lib/session';
import { fakeApi, renderAt } from '../../../test/render';
import { MessageBubble } from './MessageBubble';

const message = (overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  id: 31,
  content: '周末有空吗？',
  image: '',
  createdAt: 1_763_700_000,
  senderUuid: 'uuid-hao',
  receiverUuid: 'uuid-mei',
  ...overrides,
});

describe('MessageBubble', () => {
  it('offers 举报 on the peer’s messages, and 已读 instead on the member’s own', () => {
    startSession({
      accessToken: 'token-mei',
      accessExpire: Math.floor(Date.now() / 1000) + 3600,
      uuid: 'uuid-mei',
      username: 'mei',
      nickname: '小美',
      sysRole: 'user',
    });
    fakeApi({});
    const { unmount } = renderAt('/chat/uuid-hao', <MessageBubble message={message()} mine={false} read={false} />);
    expect(screen.getByRole('button', { name: '举报这条消息' })).toBeInTheDocument();
    expect(screen.queryByText('已读')).not.toBeInTheDocument();
    unmount();

    renderAt(
      '/chat/uuid-hao',
      <MessageBubble message={message({ senderUuid: 'uuid-mei', receiverUuid: 'uuid-hao' })} mine read />,
    );
    expect(screen.getByText('已读')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /举报/ })).not.toBeInTheDocument();
  });
});
