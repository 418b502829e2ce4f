import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  bindResource,
  createCourse,
  createPoint,
  createResource,
  deleteCourse,
  deletePoint,
  deleteResource,
  updateCourse,
  updatePoint,
  updateResource,
} from '../../../../api/generated/sdk.gen';
import type {
  BindResourceRequest,
  SaveCourseRequest,
  SavePointRequest,
  SaveResourceRequest,
} from '../../../../api/generated/types.gen';
import { unwrap } from '../../../../lib/api';
import { knowledgeKeys } from '../../api/keys';

/**
 * Every change refreshes every knowledge screen: a renamed point shows in the course trees, a
 * binding in the learner view, a new price on the catalogue.
 */
function useKnowledgeMutation<T, R>(call: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: knowledgeKeys.all }),
  });
}

/** A course with its id saves it, one without creates it. */
export type CourseSave = SaveCourseRequest & { kcId?: number };

export const useSaveCourse = () =>
  useKnowledgeMutation(({ kcId, ...body }: CourseSave) =>
    kcId
      ? unwrap(updateCourse({ body: { ...body, kcId }, throwOnError: true })).then(() => kcId)
      : unwrap(createCourse({ body, throwOnError: true })).then((saved) => saved.kcId),
  );

export const useDeleteCourse = () =>
  useKnowledgeMutation((kcId: number) => unwrap(deleteCourse({ body: { kcId }, throwOnError: true })));

/** `id` updates; the prerequisites travel with the point and are replaced in one transaction. */
export const useSavePoint = () =>
  useKnowledgeMutation((body: SavePointRequest) =>
    unwrap(body.id ? updatePoint({ body, throwOnError: true }) : createPoint({ body, throwOnError: true })),
  );

export const useDeletePoint = () =>
  useKnowledgeMutation((kpId: number) => unwrap(deletePoint({ body: { kpId }, throwOnError: true })));

export type ResourceSave = SaveResourceRequest & { krId?: number };

export const useSaveResource = () =>
  useKnowledgeMutation(({ krId, ...body }: ResourceSave) =>
    krId
      ? unwrap(updateResource({ body: { ...body, krId }, throwOnError: true })).then(() => krId)
      : unwrap(createResource({ body, throwOnError: true })).then((saved) => saved.krId),
  );

export const useDeleteResource = () =>
  useKnowledgeMutation((krId: number) => unwrap(deleteResource({ body: { krId }, throwOnError: true })));

/** Spec 3 section 4: the resource's bindings become exactly these points, in one call. */
export const useBindResource = () =>
  useKnowledgeMutation((body: BindResourceRequest) => unwrap(bindResource({ body, throwOnError: true })));
