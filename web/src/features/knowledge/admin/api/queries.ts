import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  listCourses,
  listPoints,
  listPrerequisites,
  listRelations,
  listResources,
} from '../../../../api/generated/sdk.gen';
import type {
  Course,
  KnowledgePoint,
  KnowledgePrerequisite,
  KnowledgeRelation,
  ResourceListData,
} from '../../../../api/generated/types.gen';
import { unwrap } from '../../../../lib/api';
import { useSession } from '../../../../lib/session';
import { knowledgeKeys } from '../../api/keys';

/** Spec 3 section 9: the back office loads whole lists of courses, points and links. */
export const WHOLE_LIST = 1000;
/** Spec 3 section 9: the resource list is paged by the server, 20 a page. */
export const RESOURCE_PAGE_SIZE = 20;

/**
 * The back office keeps its whole lists under the shared knowledge keys plus 'admin': an
 * invalidation of the catalogue's or the learner view's keys reaches these too, while the
 * other screens may keep a different shape of the same call under the exact key.
 */
const adminKey = <K extends readonly unknown[]>(key: K) => [...key, 'admin'] as const;

const viewerOf = (session: ReturnType<typeof useSession>) => session?.user.uuid ?? null;

export function useAdminCourses() {
  const viewer = viewerOf(useSession());
  return useQuery({
    queryKey: adminKey(knowledgeKeys.courses(viewer)),
    queryFn: async ({ signal }): Promise<Course[]> => {
      const data = await unwrap(listCourses({ body: { page: 1, pageSize: WHOLE_LIST }, signal, throwOnError: true }));
      return data?.list ?? [];
    },
  });
}

export function useAdminPoints() {
  const viewer = viewerOf(useSession());
  return useQuery({
    queryKey: adminKey(knowledgeKeys.points(viewer)),
    queryFn: async ({ signal }): Promise<KnowledgePoint[]> => {
      const data = await unwrap(listPoints({ body: { page: 1, pageSize: WHOLE_LIST }, signal, throwOnError: true }));
      return data?.list ?? [];
    },
  });
}

export function usePrerequisites() {
  return useQuery({
    queryKey: adminKey(knowledgeKeys.prerequisites()),
    queryFn: async ({ signal }): Promise<KnowledgePrerequisite[]> => {
      const data = await unwrap(
        listPrerequisites({ body: { page: 1, pageSize: WHOLE_LIST }, signal, throwOnError: true }),
      );
      return data?.list ?? [];
    },
  });
}

/** Every resource-to-point binding. Spec 3 section 8: a failure shows as no bindings, without a word. */
export function useRelations() {
  return useQuery({
    queryKey: adminKey(knowledgeKeys.relations()),
    queryFn: async ({ signal }): Promise<KnowledgeRelation[]> => {
      const data = await unwrap(listRelations({ body: { page: 1, pageSize: WHOLE_LIST }, signal, throwOnError: true }));
      return data?.list ?? [];
    },
  });
}

export interface ResourceFilter {
  /** 0 for every point. */
  kpId: number;
  keyword: string;
  page: number;
}

/** One page of resources; the last page stays on screen while the next loads. */
export function useAdminResources(filter: ResourceFilter) {
  return useQuery({
    queryKey: knowledgeKeys.resources(filter),
    queryFn: async ({ signal }): Promise<ResourceListData> => {
      const data = await unwrap(
        listResources({
          body: { kpId: filter.kpId, keyword: filter.keyword, page: filter.page, pageSize: RESOURCE_PAGE_SIZE },
          signal,
          throwOnError: true,
        }),
      );
      return data ?? { list: [], total: 0 };
    },
    placeholderData: keepPreviousData,
  });
}
