import { useMutation, useQuery } from '@tanstack/react-query';
import {
  getOwnIdcardVerification,
  submitIdcardVerification,
  uploadIdcardBack,
  uploadIdcardFront,
} from '../../../api/generated/sdk.gen';
import type { OwnSubmissionData } from '../../../api/generated/types.gen';
import { unwrap } from '../../../lib/api';
import type { RealNameForm } from '../model';
import { realNameKeys } from './keys';

/** The member's own submission (status 0 and empty fields when there is none). */
export function useOwnVerification(viewer: string) {
  return useQuery({
    queryKey: realNameKeys.own(viewer),
    queryFn: ({ signal }): Promise<OwnSubmissionData> =>
      unwrap(getOwnIdcardVerification({ signal, throwOnError: true })),
    // An open form must not be reset under the member by a refetch; and a closed one keeps
    // nothing: the next visit asks afresh (the status may have moved) and the number does not
    // linger in memory.
    refetchOnWindowFocus: false,
    gcTime: 0,
  });
}

export type CardSide = 'front' | 'back';

/**
 * Sends one side of the card to its own endpoint (kept private, unlike /upload) and answers the
 * stored path. Through the generated client, so the token and error rules are lib/api.ts's.
 */
export async function uploadCardPhoto(side: CardSide, file: Blob, signal?: AbortSignal): Promise<string> {
  const upload = side === 'front' ? uploadIdcardFront : uploadIdcardBack;
  const data = await unwrap(upload({ body: { file }, signal, throwOnError: true }));
  return data.filename;
}

/** After a success the page leaves for /my; the submission is asked afresh on the next visit. */
export function useSubmitVerification() {
  return useMutation({
    mutationFn: async (form: RealNameForm): Promise<void> => {
      await unwrap(submitIdcardVerification({ body: form, throwOnError: true }));
    },
  });
}
