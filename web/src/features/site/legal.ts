/**
 * The user agreement and privacy policy members accept at registration. The server keeps the
 * same version (accounts' `TERMS_VERSION`) and stores which one a member accepted and when;
 * change both together when the texts change.
 */
export const LEGAL_VERSION = '2026-12-07';

export const LEGAL_PATHS = {
  agreement: '/agreement',
  privacy: '/privacy',
} as const;
