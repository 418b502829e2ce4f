/**
 * A full page load of `url`, replacing the current history entry. Used where nothing of the
 * running app may survive (signing out), so it is one place tests can replace.
 */
export function reloadAt(url: string): void {
  window.location.replace(url);
}

/** A full page load of `url` (another site, such as WeChat's authorize page), kept in history. */
export function goTo(url: string): void {
  window.location.assign(url);
}
