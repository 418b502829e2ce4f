import { describe, expect, it } from 'vitest';
import {
  checkCharacter,
  isComplete,
  missingParts,
  normaliseNumber,
  numberCheckHint,
  numberShapeHint,
  photoFileProblem,
} from './model';

describe('real-name model', () => {
  it('computes the GB 11643 check character', () => {
    expect(checkCharacter('11010519491231002')).toBe('X');
    expect(checkCharacter('31011519950505204')).toBe('6');
    expect(checkCharacter('44030119880808301')).toBe('5');
  });

  it('hints at a wrong check character only once all 18 are there', () => {
    expect(numberCheckHint('11010519491231002X')).toBeNull();
    expect(numberCheckHint('11010519491231002x')).toBeNull();
    expect(numberCheckHint('110105194912310021')).toBe('身份证号码校验位不正确，请核对后再提交');
    expect(numberCheckHint('1101051949')).toBeNull();
  });

  it('hints at the shape: digits, 18 of them, X only last', () => {
    expect(numberShapeHint('')).toBeNull();
    expect(numberShapeHint('1101051949')).toBe('身份证号码应为 18 位');
    expect(numberShapeHint('11010A19491231002X')).toBe('身份证号码由数字组成，只有最后一位可以是 X');
    expect(numberShapeHint('11010519491231002X')).toBeNull();
  });

  it('keeps the number without spaces and with a capital X', () => {
    expect(normaliseNumber(' 110105 19491231 002x ')).toBe('11010519491231002X');
  });

  it('accepts images of at most 5 MB only', () => {
    expect(photoFileProblem({ type: 'image/png', size: 5 * 1024 * 1024 })).toBeNull();
    expect(photoFileProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe('图片大小不能超过 5MB!');
    expect(photoFileProblem({ type: 'application/pdf', size: 10 })).toBe('只能上传图片文件!');
  });

  it('is complete only with all four, and names what is missing in the spec words', () => {
    const all = { name: '张三', idcard: '11010519491231002X', idcard_front: 'a.png', idcard_back: 'b.png' };
    expect(isComplete(all)).toBe(true);
    expect(missingParts(all)).toEqual([]);
    expect(isComplete({ ...all, name: '  ' })).toBe(false);
    expect(missingParts({ name: '张三' })).toEqual([
      '请输入身份证号码',
      '请上传身份证正面照片',
      '请上传身份证背面照片',
    ]);
  });
});
