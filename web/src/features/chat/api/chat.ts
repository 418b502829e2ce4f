import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  countUnreadMessages,
  listConversations,
  listMessages,
  readConversation,
  sendMessage,
} from '../../../api/generated/sdk.gen';
import type { ChatMessage, MessagesPage } from '../../../api/generated/types.gen';
import { unwrap } from '../../../lib/api';
import { chatKeys } from './keys';

const MESSAGES_PAGE_SIZE = 30;

export type MessagePages = InfiniteData<MessagesPage, unknown>;

export function useConversations(viewer: string) {
  return useQuery({
    queryKey: chatKeys.conversations(viewer),
    queryFn: () => unwrap(listConversations({ body: { pageSize: 100 }, throwOnError: true })),
  });
}

export function useUnreadCount(viewer: string | undefined) {
  return useQuery({
    queryKey: chatKeys.unread(viewer ?? ''),
    queryFn: () => unwrap(countUnreadMessages({ throwOnError: true })),
    enabled: viewer !== undefined,
    select: (data) => data.count,
  });
}

/** The conversation with `peer`: the newest page first, older pages as the member scrolls up. */
export function useMessages(viewer: string, peer: string) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(viewer, peer),
    queryFn: ({ pageParam }) =>
      unwrap(
        listMessages({
          body: { peerUuid: peer, beforeId: pageParam, pageSize: MESSAGES_PAGE_SIZE },
          throwOnError: true,
        }),
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.hasMore === 1 && last.messages.length > 0 ? last.messages[0].id : undefined),
    retry: false,
  });
}

/** The conversation's messages, oldest first, over every page loaded. */
export function messagesOf(pages: MessagePages | undefined): ChatMessage[] {
  return pages ? [...pages.pages].reverse().flatMap((page) => page.messages) : [];
}

/** Adds a message to its open conversation's newest page, once (the socket and the send both bring it). */
export function addMessage(queryClient: QueryClient, viewer: string, message: ChatMessage) {
  const peer = message.senderUuid === viewer ? message.receiverUuid : message.senderUuid;
  queryClient.setQueryData<MessagePages>(chatKeys.messages(viewer, peer), (pages) => {
    if (!pages || pages.pages.length === 0) return pages;
    if (pages.pages.some((page) => page.messages.some((known) => known.id === message.id))) return pages;
    const [newest, ...older] = pages.pages;
    const peerReplied = message.senderUuid === peer;
    const updated: MessagesPage = {
      ...newest,
      messages: [...newest.messages, message],
      remainingBeforeReply: peerReplied
        ? -1
        : newest.remainingBeforeReply > 0
          ? newest.remainingBeforeReply - 1
          : newest.remainingBeforeReply,
    };
    return { ...pages, pages: [updated, ...older] };
  });
}

/** The peer read the member's messages up to `lastReadId`. */
export function notePeerRead(queryClient: QueryClient, viewer: string, peer: string, lastReadId: number) {
  queryClient.setQueryData<MessagePages>(chatKeys.messages(viewer, peer), (pages) => {
    if (!pages || pages.pages.length === 0) return pages;
    const [newest, ...older] = pages.pages;
    if (newest.peerReadId >= lastReadId) return pages;
    return { ...pages, pages: [{ ...newest, peerReadId: lastReadId }, ...older] };
  });
}

export function useSendMessage(viewer: string, peer: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: { content: string; image?: string }) =>
      unwrap(
        sendMessage({ body: { peerUuid: peer, content: draft.content, image: draft.image ?? '' }, throwOnError: true }),
      ),
    onSuccess: (message) => {
      addMessage(queryClient, viewer, message);
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations(viewer) });
    },
  });
}

/** Marks the conversation read up to `lastId`; the list and the badge follow. */
export async function markRead(queryClient: QueryClient, viewer: string, peer: string, lastId: number) {
  await unwrap(readConversation({ body: { peerUuid: peer, lastId }, throwOnError: true }));
  void queryClient.invalidateQueries({ queryKey: chatKeys.unread(viewer) });
  void queryClient.invalidateQueries({ queryKey: chatKeys.conversations(viewer) });
}
