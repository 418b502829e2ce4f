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

export type MediaKind = 'hlsVideo' | 'hlsAudio' | 'audio' | 'video' | 'link' | 'none';

/**
 * What a resource's url shows as (spec 3 section 2): a streaming (.m3u8) playlist in a video
 * player, or in an audio player when the resource's type is audio; an audio file; a video file;
 * or a link.
 */
export function mediaKindOf(resource: { url: string; type: string }): MediaKind {
  const url = resource.url.trim();
  if (!url || !isSafeAddress(url)) return 'none';
  const isAudio = resource.type === 'audio';
  if (isHlsAddress(url)) return isAudio ? 'hlsAudio' : 'hlsVideo';
  if (isAudio) return 'audio';
  if (isVideoFileAddress(url)) return 'video';
  return 'link';
}

/** A page on an allowed outside host: its own scripts and storage (a video player needs both). */
const OUTSIDE_FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-presentation';
/**
 * A page of this site (under /media/): scripts, but in an opaque origin. With allow-same-origin
 * as well, a page from our own origin could reach into its parent and lift its own sandbox.
 */
const SITE_FRAME_SANDBOX = 'allow-scripts';

/** The sandbox of an embedded page at `address`, as seen from a page of `siteOrigin`. */
export function frameSandboxOf(address: string, siteOrigin: string): string {
  let origin: string;
  try {
    origin = new URL(address, siteOrigin).origin;
  } catch {
    return SITE_FRAME_SANDBOX;
  }
  return origin === siteOrigin ? SITE_FRAME_SANDBOX : OUTSIDE_FRAME_SANDBOX;
}
