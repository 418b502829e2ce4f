import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getMapConfig, getMyProfile, getProfile, unlockProfile, updateProfile } from '../../../api/generated/sdk.gen';
import type {
  MapConfig,
  MyProfile,
  PublicProfile,
  UnlockData,
  UpdateProfileRequest,
} from '../../../api/generated/types.gen';
import { unwrap } from '../../../lib/api';
import { walletKeys } from '../../wallet/api/keys';
import { loadRegionOptions } from '../catalogue';
import { profileKeys } from './keys';

/** The signed-in member's own profile, changes under review included. */
export function useMyProfile(uuid: string) {
  return useQuery({
    queryKey: profileKeys.mine(uuid),
    queryFn: ({ signal }): Promise<MyProfile> => unwrap(getMyProfile({ body: { uuid }, signal, throwOnError: true })),
    // An open form must not be reset under the member by a refetch on focus.
    refetchOnWindowFocus: false,
  });
}

/** Saves the sent fields (left out = unchanged) and reloads the own profile. */
export function useUpdateProfile(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateProfileRequest): Promise<void> => {
      await unwrap(updateProfile({ body, throwOnError: true }));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.mine(uuid) }),
  });
}

/** Another member's profile as the viewer may see it; a 404 is an answer, not worth retrying. */
export function usePublicProfile(uuid: string, viewer: string) {
  return useQuery({
    queryKey: profileKeys.member(uuid, viewer),
    queryFn: ({ signal }): Promise<PublicProfile> => unwrap(getProfile({ body: { uuid }, signal, throwOnError: true })),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** Spends 10 points on a protected member's photos; the points balance changes with it. */
export function useUnlockProfile(uuid: string, viewer: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<UnlockData> => unwrap(unlockProfile({ body: { uuid }, throwOnError: true })),
    onSuccess: async () => {
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      await queryClient.invalidateQueries({ queryKey: profileKeys.member(uuid, viewer) });
    },
  });
}

const NO_MAP: MapConfig = { amapKey: '', amapSecurityCode: '' };

/** The maps service's key; without one (or when the call fails) the city picker stays hidden. */
export function useMapConfig() {
  return useQuery({
    queryKey: profileKeys.mapConfig(),
    queryFn: async ({ signal }): Promise<MapConfig> => {
      try {
        return (await unwrap(getMapConfig({ signal, throwOnError: true }))) ?? NO_MAP;
      } catch {
        return NO_MAP;
      }
    },
    staleTime: Infinity,
  });
}

/** The region tree of the cascaders, fetched once as its own chunk. */
export function useRegionOptions() {
  return useQuery({
    queryKey: profileKeys.regions(),
    queryFn: loadRegionOptions,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
