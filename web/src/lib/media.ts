import imagePlaceholder from '../assets/image-placeholder.svg';

/** Spec 1 section 7: stored files are served under /api/v1/{relative path}. */
export function mediaUrl(path: string): string {
  return `/api/v1/${path.replace(/^\/+/, '')}`;
}

/** A blank path shows the bundled placeholder instead of a broken image. */
export function imageSrc(path: string | null | undefined): string {
  return path && path.trim() !== '' ? mediaUrl(path.trim()) : imagePlaceholder;
}

export { imagePlaceholder };
