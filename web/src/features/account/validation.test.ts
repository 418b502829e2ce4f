import { describe, expect, it } from 'vitest';
import {
  checkCode,
  checkConfirmation,
  checkCurrentPassword,
  checkEmail,
  checkNewPassword,
  checkPhone,
} from './validation';

describe('account form rules (spec 2 section 5)', () => {
  it('asks for the current password', () => {
    expect(checkCurrentPassword('')).toBe('请输入当前密码');
    expect(checkCurrentPassword('x')).toBeNull();
  });

  it('wants a new password of at least 6 characters', () => {
    expect(checkNewPassword('')).toBe('请输入密码');
    expect(checkNewPassword('12345')).toBe('密码长度不能小于6位');
    expect(checkNewPassword('123456')).toBeNull();
    expect(checkNewPassword('六个汉字密码')).toBeNull();
  });

  it('wants the confirmation to match', () => {
    expect(checkConfirmation('123456', '')).toBe('请再次输入密码');
    expect(checkConfirmation('123456', '123457')).toBe('两次输入密码不一致!');
    expect(checkConfirmation('123456', '123456')).toBeNull();
  });

  it('checks the email shape', () => {
    expect(checkEmail(' ')).toBe('请输入邮箱地址');
    for (const bad of ['mei', 'mei@example', 'mei@@example.com', 'm ei@example.com', 'mei@example..com']) {
      expect(checkEmail(bad)).toBe('请输入有效的邮箱地址');
    }
    expect(checkEmail(' mei@example.com ')).toBeNull();
  });

  it('takes mainland mobile numbers only', () => {
    expect(checkPhone('')).toBe('请输入手机号码');
    for (const bad of ['12800138000', '1380013800', '138001380001', '1380013800a', '+8613800138000']) {
      expect(checkPhone(bad)).toBe('请输入有效的手机号码');
    }
    expect(checkPhone('13800138000')).toBeNull();
    expect(checkPhone('19912345678')).toBeNull();
  });

  it('wants six digits for a code', () => {
    expect(checkCode('')).toBe('请输入验证码');
    expect(checkCode('12345')).toBe('验证码为 6 位数字');
    expect(checkCode('12345a')).toBe('验证码为 6 位数字');
    expect(checkCode('012345')).toBeNull();
  });
});
