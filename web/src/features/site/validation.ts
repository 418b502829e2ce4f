/**
 * The address shape the server's feedback check accepts (crates/admin feedback.rs): something
 * before one @, a dotted domain without empty parts, and no whitespace anywhere.
 */
export function isEmailAddress(value: string): boolean {
  const email = value.trim();
  if (/\s/.test(email)) return false;
  const at = email.indexOf('@');
  if (at <= 0 || email.indexOf('@', at + 1) !== -1) return false;
  const parts = email.slice(at + 1).split('.');
  return parts.length >= 2 && parts.every((part) => part !== '');
}
