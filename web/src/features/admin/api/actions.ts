import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import {
  adminApproveBlog,
  adminAuditIdcard,
  adminAuditPhoto,
  adminAuditProfile,
  adminDeleteBlog,
  adminDeleteUsers,
  adminHandleFeedback,
  adminUpdateBlog,
  adminUpdateUser,
  publishBlog,
  unpublishBlog,
} from '../../../api/generated/sdk.gen';
import type { AdminUpdateUserRequest, BlogStatus } from '../../../api/generated/types.gen';
import { unwrap } from '../../../lib/api';
import { blogKeys } from '../../blog/api/keys';
import { profileKeys } from '../../profile/api/keys';
import { ID_CARD_STATUS, PHOTO_STATUS } from '../model';
import { adminKeys } from './keys';

/**
 * An action changes the lists and counts of the back office, and often what members see
 * elsewhere (`alsoStale`: profiles, articles), so both refresh.
 */
function useAdminMutation<T, R>(call: (input: T) => Promise<R>, alsoStale?: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      if (alsoStale) void queryClient.invalidateQueries({ queryKey: alsoStale });
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}

/**
 * Spec 3 section 4: a profile audit passes with isAudited 1 and rejects with 0; a rejection's
 * remark (optional, at most 200 characters) is shown to the member.
 */
export const useAuditProfile = () =>
  useAdminMutation(
    ({ uuid, pass, remark }: { uuid: string; pass: boolean; remark?: string }) =>
      unwrap(adminAuditProfile({ body: { uuid, isAudited: pass ? 1 : 0, remark }, throwOnError: true })),
    profileKeys.members(),
  );

/** Spec 3 section 4: a pending photo passes with isAudited 1 and rejects with 2. */
export const useAuditPhoto = () =>
  useAdminMutation(
    ({ photoId, pass }: { photoId: number; pass: boolean }) =>
      unwrap(
        adminAuditPhoto({
          body: { photoId, isAudited: pass ? PHOTO_STATUS.passed : PHOTO_STATUS.rejected },
          throwOnError: true,
        }),
      ),
    profileKeys.members(),
  );

export type IdCardDecision = { id: number; pass: true } | { id: number; pass: false; reason: string };

/** Spec 3 section 4: a submission under review passes (2) or fails (3, with the reason). */
export const useAuditIdCard = () =>
  useAdminMutation(
    (decision: IdCardDecision) =>
      unwrap(
        adminAuditIdcard({
          body: decision.pass
            ? { id: decision.id, audit_status: ID_CARD_STATUS.passed, fail_reason: '' }
            : { id: decision.id, audit_status: ID_CARD_STATUS.rejected, fail_reason: decision.reason },
          throwOnError: true,
        }),
      ),
    // The verified tag on the member's profile and cards.
    profileKeys.all,
  );

/** Feedback marked handled (1) or open again (0). */
export const useHandleFeedback = () =>
  useAdminMutation(({ id, handled }: { id: number; handled: boolean }) =>
    unwrap(adminHandleFeedback({ body: { id, handled: handled ? 1 : 0 }, throwOnError: true })),
  );

/** The edit form's fields; `sysRole` only when the editor may change roles (a superadmin). */
export type UserEdit = Pick<AdminUpdateUserRequest, 'userId' | 'nickname' | 'email' | 'phone' | 'sysRole'>;

export const useUpdateUser = () =>
  useAdminMutation((edit: UserEdit) => unwrap(adminUpdateUser({ body: edit, throwOnError: true })), profileKeys.all);

export const useDeleteUsers = () =>
  useAdminMutation(
    (userIds: number[]) => unwrap(adminDeleteUsers({ body: { userIds }, throwOnError: true })),
    profileKeys.all,
  );

export interface BlogEdit {
  id: number;
  title: string;
  content: string;
  status: BlogStatus;
}

export const useUpdateBlog = () =>
  useAdminMutation((edit: BlogEdit) => unwrap(adminUpdateBlog({ body: edit, throwOnError: true })), blogKeys.all);

export const useSetBlogPublished = () =>
  useAdminMutation(
    ({ id, published }: { id: number; published: boolean }) =>
      unwrap((published ? publishBlog : unpublishBlog)({ body: { id }, throwOnError: true })),
    blogKeys.all,
  );

/** Approve and unapprove are one call that toggles; it answers the new state. */
export const useToggleBlogApproval = () =>
  useAdminMutation((id: number) => unwrap(adminApproveBlog({ body: { id }, throwOnError: true })), blogKeys.all);

export const useDeleteBlog = () =>
  useAdminMutation((id: number) => unwrap(adminDeleteBlog({ body: { id }, throwOnError: true })), blogKeys.all);
