import { describe, expect, it } from 'vitest';
import {
  checkCode,
  checkConfirmation,
  checkEmail,
  checkNewPassword,
  checkPassword,
  checkRecoveryEmail,
  checkUsername,
  isLoginComplete,
} from './validation';

describe('registration rules', () => {
  it.each(['mei', 'mei_2025', '小美美', 'a'.repeat(32), '心桥用户_01'])('accepts the username %s', (name) => {
    expect(checkUsername(name)).toBeNull();
  });

  it('asks for a username when empty', () => {
    expect(checkUsername('   ')).toBe('请输入用户名');
  });

  it.each(['ab', '小美', 'a'.repeat(33), 'mei mei', 'mei-2025', 'mei@x', 'мэй'])('refuses the username %s', (name) => {
    expect(checkUsername(name)).toBe('用户名为 3-32 位字母、数字、下划线或中文');
  });

  it('checks the email shape', () => {
    expect(checkEmail('')).toBe('请输入你的邮箱');
    expect(checkEmail('mei@example')).toBe('请输入正确的邮箱');
    expect(checkEmail('mei@example.com')).toBeNull();
  });

  it('wants a password of at least 6 characters', () => {
    expect(checkPassword('')).toBe('请输入密码');
    expect(checkPassword('12345')).toBe('密码至少 6 位');
    expect(checkPassword('123456')).toBeNull();
  });

  it('wants the confirmation to match', () => {
    expect(checkConfirmation('123456', '')).toBe('请再次输入密码');
    expect(checkConfirmation('123456', '123457')).toBe('两次输入密码不一致!');
    expect(checkConfirmation('123456', '123456')).toBeNull();
  });
});

describe('isLoginComplete', () => {
  it('needs username, password and captcha', () => {
    expect(isLoginComplete({ username: 'mei', password: 'x', captcha: 'ab' })).toBe(true);
    expect(isLoginComplete({ username: ' ', password: 'x', captcha: 'ab' })).toBe(false);
    expect(isLoginComplete({ username: 'mei', password: '', captcha: 'ab' })).toBe(false);
    expect(isLoginComplete({ username: 'mei', password: 'x', captcha: '  ' })).toBe(false);
  });
});

describe('password recovery rules (the account form, spec 2 section 5)', () => {
  it('checks the address', () => {
    expect(checkRecoveryEmail(' ')).toBe('请输入邮箱地址');
    expect(checkRecoveryEmail('mei@example')).toBe('请输入有效的邮箱地址');
    expect(checkRecoveryEmail('mei@example.com')).toBeNull();
  });

  it('wants six digits for the code', () => {
    expect(checkCode('')).toBe('请输入验证码');
    expect(checkCode('12345')).toBe('验证码为 6 位数字');
    expect(checkCode(' 123456 ')).toBeNull();
  });

  it('wants a new password of at least 6 characters, twice', () => {
    expect(checkNewPassword('')).toBe('请输入密码');
    expect(checkNewPassword('12345')).toBe('密码长度不能小于6位');
    expect(checkNewPassword('123456')).toBeNull();
    expect(checkConfirmation('123456', '')).toBe('请再次输入密码');
    expect(checkConfirmation('123456', '1234567')).toBe('两次输入密码不一致!');
    expect(checkConfirmation('123456', '123456')).toBeNull();
  });
});
