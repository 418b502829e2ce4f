import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  adminListAuditLog,
  adminListBlogs,
  adminListFeedback,
  adminListIdcardVerifications,
  adminListPhotoAudits,
  adminListProfileAudits,
  adminListUsers,
  adminOverview,
  getProfile,
} from '../../../api/generated/sdk.gen';
import type {
  AdminBlogListData,
  AdminUserListData,
  AuditLogData,
  FeedbackListData,
  OverviewData,
  PhotoAuditListData,
  ProfileAuditListData,
  PublicProfile,
  ReviewListData,
} from '../../../api/generated/types.gen';
import { unwrap } from '../../../lib/api';
import { profileKeys } from '../../profile/api/keys';
import { loadRegionOptions } from '../../profile/catalogue';
import { regionNamesOf, type RegionNames } from '../model';
import { adminKeys } from './keys';

/** One page of a list; the previous page stays on screen while the next one loads. */
const paged = { placeholderData: keepPreviousData } as const;

export function useProfileAudits(page: number, pageSize: number) {
  return useQuery({
    queryKey: adminKeys.profileAudits(page, pageSize),
    queryFn: ({ signal }): Promise<ProfileAuditListData> =>
      unwrap(adminListProfileAudits({ body: { page, pageSize }, signal, throwOnError: true })),
    ...paged,
  });
}

export function usePhotoAudits(page: number, pageSize: number) {
  return useQuery({
    queryKey: adminKeys.photoAudits(page, pageSize),
    queryFn: ({ signal }): Promise<PhotoAuditListData> =>
      unwrap(adminListPhotoAudits({ body: { page, pageSize }, signal, throwOnError: true })),
    ...paged,
  });
}

export function useFeedbackList(page: number, pageSize: number) {
  return useQuery({
    queryKey: adminKeys.feedback(page, pageSize),
    queryFn: ({ signal }): Promise<FeedbackListData> =>
      unwrap(adminListFeedback({ body: { page, pageSize }, signal, throwOnError: true })),
    ...paged,
  });
}

/** The dashboard's counts of waiting work. */
export function useOverview() {
  return useQuery({
    queryKey: adminKeys.overview(),
    queryFn: ({ signal }): Promise<OverviewData> => unwrap(adminOverview({ signal, throwOnError: true })),
  });
}

/** Real-name submissions, all (those under review first) or of one audit_status. */
export function useIdCardReviews(status: number | null, page: number, pageSize: number) {
  return useQuery({
    queryKey: adminKeys.idCards(status, page, pageSize),
    queryFn: ({ signal }): Promise<ReviewListData> =>
      unwrap(
        adminListIdcardVerifications({
          body: { page, page_size: pageSize, ...(status === null ? {} : { audit_status: status }) },
          signal,
          throwOnError: true,
        }),
      ),
    ...paged,
  });
}

/** Members whose username contains `username` (everyone when empty). */
export function useAdminUsers(username: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: adminKeys.users(username, page, pageSize),
    queryFn: ({ signal }): Promise<AdminUserListData> =>
      unwrap(adminListUsers({ body: { username, page, pageSize }, signal, throwOnError: true })),
    ...paged,
  });
}

/** Articles whose title contains `title` (every article when empty), newest first. */
export function useAdminBlogs(title: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: adminKeys.blogs(title, page, pageSize),
    queryFn: ({ signal }): Promise<AdminBlogListData> =>
      unwrap(adminListBlogs({ body: { title, page, pageSize }, signal, throwOnError: true })),
    ...paged,
  });
}

/** The audit log, newest first; the server answers 403 to anyone but a superadmin, so no retries. */
export function useAuditLog(page: number, pageSize: number) {
  return useQuery({
    queryKey: adminKeys.auditLog(page, pageSize),
    queryFn: ({ signal }): Promise<AuditLogData> =>
      unwrap(adminListAuditLog({ body: { page, pageSize }, signal, throwOnError: true })),
    retry: false,
    ...paged,
  });
}

/**
 * A member's passed profile (spec 3: POST /user/profile/get), under the profile feature's key so
 * an audit refreshes every screen showing it. An admin's look is not counted as a visit and sees
 * protected photos clear.
 */
export function useOriginalProfile(uuid: string, viewer: string) {
  return useQuery({
    queryKey: profileKeys.member(uuid, viewer),
    queryFn: ({ signal }): Promise<PublicProfile> => unwrap(getProfile({ body: { uuid }, signal, throwOnError: true })),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

const NO_NAMES: RegionNames = new Map();

/** Region names by code, from the profile's region tree (its own chunk, fetched once); codes until it is in. */
export function useRegionNames(): RegionNames {
  const tree = useQuery({
    queryKey: profileKeys.regions(),
    queryFn: loadRegionOptions,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return useMemo(() => (tree.data ? regionNamesOf(tree.data) : NO_NAMES), [tree.data]);
}
