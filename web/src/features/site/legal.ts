/**
 * The version of the user agreement and privacy policy texts this app shows. The server keeps
 * the version members accept (`platform::site::TERMS_VERSION`), publishes it in `/site/config`
 * as `termsVersion` (which registration sends back) and stores which one a member accepted and
 * when; change both together when the texts change.
 */
export const LEGAL_VERSION = '2026-12-07';

export const LEGAL_PATHS = {
  agreement: '/agreement',
  privacy: '/privacy',
} as const;
