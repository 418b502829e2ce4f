import { useMutation } from '@tanstack/react-query';
import { createFeedback } from '../../../api/generated/sdk.gen';
import { unwrap } from '../../../lib/api';

export type FeedbackType = 'suggestion' | 'bug' | 'feature' | 'other';

export interface FeedbackMessage {
  name: string;
  email: string;
  type: FeedbackType;
  message: string;
}

/** POST /api/v1/feedback/create; a 400 or 429 rejects with the server's words (lib/api). */
export function useSendFeedback() {
  return useMutation({
    mutationFn: (body: FeedbackMessage) => unwrap(createFeedback({ body, throwOnError: true })),
  });
}
