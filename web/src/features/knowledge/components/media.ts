/**
 * How a resource's addresses are shown. The server accepts only http(s) addresses and site
 * paths; the same rule here keeps a stored `javascript:` (or a protocol-relative "//host")
 * from ever becoming a link, a player source or a frame.
 */
export function isSafeAddress(address: string): boolean {
  return /^https?:\/\//i.test(address) || /^\/(?![/\\])/.test(address);
}

/** The path of an address, without its query or fragment, lower-cased for extension checks. */
function pathOf(address: string): string {
  return address.split(/[?#]/, 1)[0].toLowerCase();
}

/** Spec 3: a url ending .m3u8 is a streaming (HLS) video. */
export function isHlsAddress(address: string): boolean {
  return pathOf(address).endsWith('.m3u8');
}

const VIDEO_EXTENSIONS = ['.mp4', '.webm', '.ogv', '.mov', '.m4v'];

/** A video file the browser plays by itself. */
export function isVideoFileAddress(address: string): boolean {
  const path = pathOf(address);
  return VIDEO_EXTENSIONS.some((extension) => path.endsWith(extension));
}

export type MediaKind = 'hls' | 'audio' | 'video' | 'link' | 'none';

/** What a resource's url shows as: a streaming video, an audio player, a video file, or a link. */
export function mediaKindOf(resource: { url: string; type: string }): MediaKind {
  const url = resource.url.trim();
  if (!url || !isSafeAddress(url)) return 'none';
  if (isHlsAddress(url)) return 'hls';
  if (resource.type === 'audio') return 'audio';
  if (isVideoFileAddress(url)) return 'video';
  return 'link';
}
