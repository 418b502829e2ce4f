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

/** Offers `text` to the member as a downloaded file called `fileName`. */
export function saveFile(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has handed the data to the browser; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
