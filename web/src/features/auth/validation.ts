import { AUTH_TEXT } from './texts';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const PASSWORD_MIN = 6;

/** Letters, digits, underscore or Chinese characters, as the server accepts. */
const USERNAME_PATTERN = /^[A-Za-z0-9_\p{Script=Han}]+$/u;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Each check answers with the text to show, or null when the value is acceptable. */
export function checkUsername(value: string): string | null {
  const name = value.trim();
  if (!name) return AUTH_TEXT.usernameRequired;
  const length = [...name].length;
  if (length < USERNAME_MIN || length > USERNAME_MAX || !USERNAME_PATTERN.test(name)) return AUTH_TEXT.usernameRule;
  return null;
}

export function checkEmail(value: string): string | null {
  const email = value.trim();
  if (!email) return AUTH_TEXT.emailRequired;
  return EMAIL_PATTERN.test(email) ? null : AUTH_TEXT.emailInvalid;
}

export function checkPassword(value: string): string | null {
  if (!value) return AUTH_TEXT.passwordRequired;
  return value.length < PASSWORD_MIN ? AUTH_TEXT.passwordTooShort : null;
}

export function checkConfirmation(password: string, confirmation: string): string | null {
  if (!confirmation) return AUTH_TEXT.confirmRequired;
  return confirmation === password ? null : AUTH_TEXT.confirmMismatch;
}

/** The recovery form follows the account form (spec 2 section 5). */
export function checkRecoveryEmail(value: string): string | null {
  const email = value.trim();
  if (!email) return AUTH_TEXT.forgotEmailRequired;
  return EMAIL_PATTERN.test(email) ? null : AUTH_TEXT.forgotEmailInvalid;
}

export function checkCode(value: string): string | null {
  const code = value.trim();
  if (!code) return AUTH_TEXT.codeRequired;
  return /^\d{6}$/.test(code) ? null : AUTH_TEXT.codeMalformed;
}

export function checkNewPassword(value: string): string | null {
  if (!value) return AUTH_TEXT.passwordRequired;
  return [...value].length < PASSWORD_MIN ? AUTH_TEXT.newPasswordTooShort : null;
}

export function checkCaptcha(value: string): string | null {
  return value.trim() ? null : AUTH_TEXT.captchaRequired;
}

export interface LoginFields {
  username: string;
  password: string;
  captcha: string;
}

/** Spec 1 section 5: all three are required, with one message for any that is missing. */
export function isLoginComplete({ username, password, captcha }: LoginFields): boolean {
  return username.trim() !== '' && password !== '' && captcha.trim() !== '';
}
