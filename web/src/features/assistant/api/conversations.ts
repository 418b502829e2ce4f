import { useInfiniteQuery, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  deleteAiConversation,
  getAiConversation,
  listAiConversations,
  renameAiConversation,
} from '../../../api/generated/sdk.gen';
import type { ConversationDetail, ConversationListData } from '../../../api/generated/types.gen';
import { unwrap } from '../../../lib/api';
import { assistantKeys } from './keys';

/** Conversations a page of the list shows (the server allows up to 100). */
export const CONVERSATIONS_PAGE_SIZE = 30;

/** One page of the member's conversations, most recently used first. */
export function listConversations(page: number): Promise<ConversationListData> {
  return unwrap(listAiConversations({ body: { page, pageSize: CONVERSATIONS_PAGE_SIZE }, throwOnError: true }));
}

/** The member's conversations, a page at a time (加载更多 asks for the next). */
export function useConversations(viewer: string) {
  return useInfiniteQuery({
    queryKey: assistantKeys.conversations(viewer),
    queryFn: ({ pageParam }) => listConversations(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((count, page) => count + page.list.length, 0) < last.total && last.list.length > 0
        ? pages.length + 1
        : undefined,
  });
}

/** A saved conversation with its messages, always asked afresh (another tab may have continued it). */
export function fetchConversation(queryClient: QueryClient, viewer: string, id: number): Promise<ConversationDetail> {
  return queryClient.fetchQuery({
    queryKey: assistantKeys.conversation(viewer, id),
    queryFn: () => unwrap(getAiConversation({ body: { id }, throwOnError: true })),
    staleTime: 0,
    retry: false,
  });
}

export function refreshConversations(queryClient: QueryClient, viewer: string) {
  return queryClient.invalidateQueries({ queryKey: assistantKeys.conversations(viewer) });
}

export function useRenameConversation(viewer: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: { id: number; title: string }) =>
      unwrap(renameAiConversation({ body: variables, throwOnError: true })),
    onSuccess: () => refreshConversations(queryClient, viewer),
  });
}

export function useDeleteConversation(viewer: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(deleteAiConversation({ body: { id }, throwOnError: true })),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: assistantKeys.conversation(viewer, id) });
      return refreshConversations(queryClient, viewer);
    },
  });
}
