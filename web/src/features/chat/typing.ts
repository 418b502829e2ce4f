import { useSyncExternalStore } from 'react';

/** How long "typing" shows after the last typing frame. */
export const TYPING_SHOWN_MS = 4000;

/** Who is typing to this member: peer uuid → when the last typing frame came (ms). */
let typingSince = new Map<string, number>();
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

export function noteTyping(peer: string, now = Date.now()) {
  typingSince = new Map(typingSince).set(peer, now);
  changed();
  setTimeout(changed, TYPING_SHOWN_MS + 50);
}

/** A message from the peer ends their typing. */
export function clearTyping(peer: string) {
  if (!typingSince.has(peer)) return;
  typingSince = new Map(typingSince);
  typingSince.delete(peer);
  changed();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether `peer` is typing to the member right now. */
export function useIsTyping(peer: string): boolean {
  const since = useSyncExternalStore(subscribe, () => typingSince.get(peer));
  return since !== undefined && Date.now() - since < TYPING_SHOWN_MS;
}
