import { ACCOUNT_TEXT } from './texts';

export const PASSWORD_MIN = 6;
/** Spec 2 section 5: 11 digits, 1 then 3 to 9. */
const PHONE_PATTERN = /^1[3-9]\d{9}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const CODE_PATTERN = /^\d{6}$/;

/** Each check answers the text to show, or null when the value is acceptable. */
export function checkCurrentPassword(value: string): string | null {
  return value ? null : ACCOUNT_TEXT.currentPasswordRequired;
}

export function checkNewPassword(value: string): string | null {
  if (!value) return ACCOUNT_TEXT.newPasswordRequired;
  return [...value].length < PASSWORD_MIN ? ACCOUNT_TEXT.newPasswordTooShort : null;
}

export function checkConfirmation(password: string, confirmation: string): string | null {
  if (!confirmation) return ACCOUNT_TEXT.confirmRequired;
  return confirmation === password ? null : ACCOUNT_TEXT.confirmMismatch;
}

export function checkEmail(value: string): string | null {
  const email = value.trim();
  if (!email) return ACCOUNT_TEXT.emailRequired;
  return EMAIL_PATTERN.test(email) ? null : ACCOUNT_TEXT.emailInvalid;
}

export function checkPhone(value: string): string | null {
  const phone = value.trim();
  if (!phone) return ACCOUNT_TEXT.phoneRequired;
  return PHONE_PATTERN.test(phone) ? null : ACCOUNT_TEXT.phoneInvalid;
}

export function checkCode(value: string): string | null {
  const code = value.trim();
  if (!code) return ACCOUNT_TEXT.codeRequired;
  return CODE_PATTERN.test(code) ? null : ACCOUNT_TEXT.codeMalformed;
}

/** Adapts a check (text or null) to an antd form rule. */
export const rule = (check: (value: string) => string | null) => ({
  validator: (_: unknown, value: string | undefined) => {
    const problem = check(value ?? '');
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
});
