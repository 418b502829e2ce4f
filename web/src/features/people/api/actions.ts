import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addToBlacklist, likeMember, removeFromBlacklist, unlikeMember } from '../../../api/generated/sdk.gen';
import { unwrap } from '../../../lib/api';
import { momentKeys } from '../../moments/api/keys';
import { profileKeys } from '../../profile/api/keys';
import { peopleKeys } from './keys';

/** Spec 2 section 9: the like level sent is 1. */
const LIKE_LEVEL = 1;

/**
 * After a relation change every people list and count may be stale (who is liked, who is shown at
 * all), and so are public profiles and the moments feed: mutual likes are friends, who see each
 * other's protected photos and friends-only moments, and a blacklist hides members both ways. The
 * mutation stays pending until the lists on screen have reloaded, so a button never flips back
 * before its card does.
 */
function useRelationChanged() {
  const queryClient = useQueryClient();
  return async () => {
    void queryClient.invalidateQueries({ queryKey: momentKeys.all });
    void queryClient.invalidateQueries({ queryKey: profileKeys.members() });
    await queryClient.invalidateQueries({ queryKey: peopleKeys.all });
  };
}

export function useLikeMember() {
  const changed = useRelationChanged();
  return useMutation({
    mutationFn: (targetUuid: string) =>
      unwrap(likeMember({ body: { targetUuid, likeLevel: LIKE_LEVEL }, throwOnError: true })),
    onSuccess: changed,
  });
}

export function useUnlikeMember() {
  const changed = useRelationChanged();
  return useMutation({
    mutationFn: (targetUuid: string) => unwrap(unlikeMember({ body: { targetUuid }, throwOnError: true })),
    onSuccess: changed,
  });
}

export function useAddToBlacklist() {
  const changed = useRelationChanged();
  return useMutation({
    mutationFn: (targetUuid: string) => unwrap(addToBlacklist({ body: { targetUuid }, throwOnError: true })),
    onSuccess: changed,
  });
}

export function useRemoveFromBlacklist() {
  const changed = useRelationChanged();
  return useMutation({
    mutationFn: (targetUuid: string) => unwrap(removeFromBlacklist({ body: { targetUuid }, throwOnError: true })),
    onSuccess: changed,
  });
}
