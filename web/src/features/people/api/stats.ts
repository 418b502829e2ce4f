import { useQuery } from '@tanstack/react-query';
import { userStats } from '../../../api/generated/sdk.gen';
import type { UserStats } from '../../../api/generated/types.gen';
import { unwrap } from '../../../lib/api';
import { ApiError } from '../../../lib/apiError';
import { peopleKeys } from './keys';

const NOT_SIGNED_IN = 401;

const signedOut = (error: unknown): error is ApiError => error instanceof ApiError && error.code === NOT_SIGNED_IN;

/**
 * The member's numbers for the my page (spec 2 section 2.11). Spec 2 section 8: a 401 is told
 * (`onSignedOut`) right where it is answered, since the ended session takes the screen away
 * before any effect of it could run; it is not retried.
 */
export function useStats(viewer: string, onSignedOut: (error: ApiError) => void) {
  return useQuery({
    queryKey: peopleKeys.stats(viewer),
    queryFn: async ({ signal }): Promise<UserStats> => {
      try {
        return await unwrap(userStats({ signal, throwOnError: true }));
      } catch (error) {
        if (signedOut(error)) onSignedOut(error);
        throw error;
      }
    },
    retry: (failures, error) => !signedOut(error) && failures < 1,
    refetchOnMount: 'always',
  });
}
