/**
 * Every AI chat query starts with 'assistant'. The viewer is in each key: a new sign-in must never
 * reuse another member's conversations.
 */
export const assistantKeys = {
  all: ['assistant'] as const,
  conversations: (viewer: string) => [...assistantKeys.all, viewer, 'conversations'] as const,
  conversation: (viewer: string, id: number) => [...assistantKeys.all, viewer, 'conversation', id] as const,
};
