import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ChatMessage, MessagesPage } from '../../../api/generated/types.gen';
import { addMessage, messagesOf, notePeerRead, type MessagePages } from './chat';
import { chatKeys } from './keys';

const ME = 'me';
const PEER = 'peer';
const msg = (id: number, from = ME): ChatMessage => ({
  id,
  senderUuid: from,
  receiverUuid: from === ME ? PEER : ME,
  content: `m${id}`,
  image: '',
  createdAt: id,
});
const page = (messages: ChatMessage[], extra: Partial<MessagesPage> = {}): MessagesPage => ({
  peer: { uuid: PEER, username: 'peer', nickname: '', avatar: '', city: '' },
  messages,
  hasMore: 0,
  peerReadId: 0,
  remainingBeforeReply: 2,
  ...extra,
});

function cacheWith(pages: MessagesPage[]) {
  const client = new QueryClient();
  client.setQueryData<MessagePages>(chatKeys.messages(ME, PEER), { pages, pageParams: pages.map(() => 0) });
  return client;
}
const cached = (client: QueryClient) => client.getQueryData<MessagePages>(chatKeys.messages(ME, PEER));

describe('the conversation cache', () => {
  it('reads pages newest-first into one list oldest-first', () => {
    const pages = { pages: [page([msg(3), msg(4)]), page([msg(1), msg(2)])], pageParams: [0, 3] };
    expect(messagesOf(pages).map((m) => m.id)).toEqual([1, 2, 3, 4]);
  });

  it('adds a message once, whichever of the send and the socket brings it first', () => {
    const client = cacheWith([page([msg(1)])]);
    addMessage(client, ME, msg(2));
    addMessage(client, ME, msg(2));
    expect(messagesOf(cached(client)).map((m) => m.id)).toEqual([1, 2]);
    expect(cached(client)?.pages[0].remainingBeforeReply).toBe(1);
  });

  it('lifts the stranger limit when the peer replies, and keeps read marks moving forward', () => {
    const client = cacheWith([page([msg(1)])]);
    addMessage(client, ME, msg(2, PEER));
    expect(cached(client)?.pages[0].remainingBeforeReply).toBe(-1);
    notePeerRead(client, ME, PEER, 1);
    notePeerRead(client, ME, PEER, 0);
    expect(cached(client)?.pages[0].peerReadId).toBe(1);
  });
});
