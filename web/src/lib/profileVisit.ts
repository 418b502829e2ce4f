/** A member's public profile (spec 2 section 2.10). */
export function profilePath(uuid: string): string {
  return `/profile/${encodeURIComponent(uuid)}`;
}

/** A one-to-one conversation with a member (spec 2 section 2). */
export function chatPath(uuid: string): string {
  return `/chat/${encodeURIComponent(uuid)}`;
}

/**
 * Router state of a visit to a protected profile whose 10-point unlock the member already agreed
 * to where they clicked (a people list). The profile page then unlocks without asking a second
 * time. Router state, not a query parameter: a shared or bookmarked link must never spend points.
 */
export interface ProfileVisitState {
  unlockConfirmed: true;
}

export const UNLOCK_CONFIRMED: ProfileVisitState = { unlockConfirmed: true };

export function isUnlockConfirmed(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as Partial<ProfileVisitState>).unlockConfirmed === true;
}
