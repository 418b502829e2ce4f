/**
 * Characters that take no visible space but make two names differ or read otherwise: zero-width
 * spaces and joiners, direction marks, embeddings, overrides and isolates, the byte-order mark,
 * fillers, tag characters and control characters (the server's `text::hides_in_names`, without
 * the spaces, which show). Members may no longer save them in names; older texts may hold them.
 */
const HIDDEN =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u00AD\u034F\u061C\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF9-\uFFFB]|[\u{E0000}-\u{E007F}]/u;

/** A piece of text as a reviewer sees it: shown as it is, or a hidden character named by its code point. */
export type TextPiece = { kind: 'text'; text: string } | { kind: 'hidden'; code: string };

/** `U+200B` for a zero-width space. */
const codePoint = (character: string) =>
  `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/** The text cut where hidden characters sit, each named, so a reviewer sees 小[U+200B]美 rather than 小美. */
export function revealHidden(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let plain = '';
  for (const character of text) {
    if (HIDDEN.test(character)) {
      if (plain) pieces.push({ kind: 'text', text: plain });
      plain = '';
      pieces.push({ kind: 'hidden', code: codePoint(character) });
    } else {
      plain += character;
    }
  }
  if (plain) pieces.push({ kind: 'text', text: plain });
  return pieces;
}

export const hasHidden = (text: string) => [...text].some((character) => HIDDEN.test(character));
