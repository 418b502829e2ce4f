/** Every profile query starts with 'profile', so a save or an unlock refreshes every screen that shows one. */
export const profileKeys = {
  all: ['profile'] as const,
  mine: (uuid: string) => [...profileKeys.all, 'mine', uuid] as const,
  /** Every other member's profile: what a like or a blacklist change may alter. */
  members: () => [...profileKeys.all, 'member'] as const,
  /** What `viewer` sees of `uuid` differs by viewer (locked photos), so both are in the key. */
  member: (uuid: string, viewer: string) => [...profileKeys.members(), uuid, viewer] as const,
  mapConfig: () => [...profileKeys.all, 'map-config'] as const,
  regions: () => [...profileKeys.all, 'regions'] as const,
};
