import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createComment,
  createMoment,
  deleteComment,
  deleteMoment,
  likeMoment,
  unlikeMoment,
} from '../../../api/generated/sdk.gen';
import type { CreateCommentRequest, CreateMomentRequest } from '../../../api/generated/types.gen';
import { unwrap } from '../../../lib/api';
import { parseComments } from '../model';
import { updateMomentInFeeds } from './feed';
import { momentKeys } from './keys';

/** Spec 1 section 8: failures other than 401 (which ends the session in lib/api) are only logged. */
const logFailure = (action: string) => (error: unknown) => console.error(`moment ${action} failed`, error);

/** Like or unlike; the returned count and likers replace the local ones (spec 1 section 4). */
export function useToggleLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ momentId, liked }: { momentId: number; liked: boolean }) => {
      const options = { body: { momentId }, throwOnError: true } as const;
      return unwrap(liked ? unlikeMoment(options) : likeMoment(options));
    },
    onSuccess: (data, { momentId, liked }) =>
      updateMomentInFeeds(queryClient, momentId, (moment) => ({
        ...moment,
        isLiked: !liked,
        likeCount: data.likeCount,
        likes: data.likes,
      })),
    onError: logFailure('like'),
  });
}

export function useDeleteMoment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (momentId: number) => unwrap(deleteMoment({ body: { momentId }, throwOnError: true })),
    onSuccess: (_data, momentId) => updateMomentInFeeds(queryClient, momentId, () => null),
    onError: logFailure('delete'),
  });
}

export function useCreateComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Required<CreateCommentRequest>) => unwrap(createComment({ body, throwOnError: true })),
    onSuccess: (data, { momentId }) =>
      updateMomentInFeeds(queryClient, momentId, (moment) => ({
        ...moment,
        comments: data.comments,
        commentCount: Math.max(moment.commentCount + 1, parseComments(data.comments).length),
      })),
    onError: logFailure('comment'),
  });
}

export function useDeleteComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId }: { commentId: number; momentId: number }) =>
      unwrap(deleteComment({ body: { commentId }, throwOnError: true })),
    onSuccess: (data, { momentId }) =>
      updateMomentInFeeds(queryClient, momentId, (moment) => ({
        ...moment,
        comments: data.comments,
        commentCount: data.count,
      })),
    onError: logFailure('comment delete'),
  });
}

export function useCreateMoment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateMomentRequest) => unwrap(createMoment({ body, throwOnError: true })),
    // The new post belongs at the top of every feed. Refetching the loaded pages with their old fromIds
    // would drop the post pushed off page one, so the feeds start again from the newest.
    onSuccess: () => queryClient.resetQueries({ queryKey: momentKeys.all }),
  });
}
