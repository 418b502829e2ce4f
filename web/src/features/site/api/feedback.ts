import { useMutation } from '@tanstack/react-query';
import { createFeedback } from '../../../api/generated/sdk.gen';
import type { FeedbackRequest } from '../../../api/generated/types.gen';
import { unwrap } from '../../../lib/api';

export type FeedbackType = 'suggestion' | 'bug' | 'feature' | 'other';

/** The form sends every field, and a type from its list. */
export type FeedbackMessage = Required<Omit<FeedbackRequest, 'type'>> & { type: FeedbackType };

/** POST /api/v1/feedback/create; a 400 or 429 rejects with the server's words (lib/api). */
export function useSendFeedback() {
  return useMutation({
    mutationFn: (body: FeedbackMessage) => unwrap(createFeedback({ body, throwOnError: true })),
  });
}
