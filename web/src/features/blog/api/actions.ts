import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  acceptAuthorInvitation,
  createBlog,
  declineAuthorInvitation,
  deleteBlog,
  publishBlog,
  unpublishBlog,
  updateBlog,
} from '../../../api/generated/sdk.gen';
import type { SaveBlogRequest, UpdateBlogRequest } from '../../../api/generated/types.gen';
import { unwrap } from '../../../lib/api';
import { blogKeys } from './keys';

/** Every change reloads the lists and the article (spec 1 section 4: the list is reloaded afterwards). */
function useBlogMutation<T, R>(call: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // Not awaited: the caller moves on (e.g. away from a deleted article) while the lists refetch.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: blogKeys.all });
    },
  });
}

export const useCreateBlog = () =>
  useBlogMutation((body: SaveBlogRequest) => unwrap(createBlog({ body, throwOnError: true })));

export const useUpdateBlog = () =>
  useBlogMutation((body: UpdateBlogRequest) => unwrap(updateBlog({ body, throwOnError: true })));

export const useDeleteBlog = () =>
  useBlogMutation((id: number) => unwrap(deleteBlog({ body: { id }, throwOnError: true })));

export const useSetPublished = () =>
  useBlogMutation(({ id, published }: { id: number; published: boolean }) => {
    const options = { body: { id }, throwOnError: true } as const;
    return unwrap(published ? publishBlog(options) : unpublishBlog(options));
  });

/** Accepts (the member becomes a co-author) or declines an invitation to write article `id`. */
export const useAnswerInvitation = () =>
  useBlogMutation(({ id, accept }: { id: number; accept: boolean }) => {
    const options = { body: { id }, throwOnError: true } as const;
    return unwrap(accept ? acceptAuthorInvitation(options) : declineAuthorInvitation(options));
  });
