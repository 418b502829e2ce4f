/** Every real-name query starts with 'real-name'; the viewer keys it, so a new sign-in never sees another's data. */
export const realNameKeys = {
  all: ['real-name'] as const,
  own: (viewer: string) => [...realNameKeys.all, 'own', viewer] as const,
};
