/**
 * Every chat query starts with 'chat'. The viewer is in each key: a new sign-in must never reuse
 * another member's conversations.
 */
export const chatKeys = {
  all: ['chat'] as const,
  conversations: (viewer: string) => [...chatKeys.all, viewer, 'conversations'] as const,
  messages: (viewer: string, peer: string) => [...chatKeys.all, viewer, 'messages', peer] as const,
  unread: (viewer: string) => [...chatKeys.all, viewer, 'unread'] as const,
};
