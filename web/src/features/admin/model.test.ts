import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/apiError';
import {
  anyPending,
  birthdayText,
  canDecide,
  changedFields,
  changedKeys,
  cityName,
  denyReasonError,
  failureText,
  idCardStatus,
  maskedIdNumber,
  readableJson,
  sameIdNumber,
  sameName,
  firstPhotos,
  photosChanged,
  photoStatus,
  regionNamesOf,
  regionWords,
} from './model';
import { passedProfile, profileUnderAudit } from './testing';

const NAMES = regionNamesOf([
  {
    value: '11',
    label: '北京市',
    children: [{ value: '1101', label: '市辖区', children: [{ value: '110105', label: '朝阳区' }] }],
  },
  {
    value: '44',
    label: '广东省',
    children: [{ value: '4403', label: '深圳市', children: [{ value: '440305', label: '南山区' }] }],
  },
  { value: '33', label: '浙江省', children: [{ value: '3301', label: '杭州市' }] },
]);

describe('changedFields', () => {
  it('lists only the fields whose value differs, in the form’s order, with both values', () => {
    const changes = changedFields(
      passedProfile(),
      profileUnderAudit({ nickname: '浩子', introduction: '新的介绍', avatar: 'uploads/avatar/tobeaudit/new.jpg' }),
      NAMES,
    );
    expect(changes.map((change) => change.label)).toEqual(['昵称', '头像', '个人介绍']);
    expect(changes[0]).toMatchObject({ before: '阿浩', after: '浩子', kind: 'text' });
    expect(changes[1]).toMatchObject({ kind: 'image', after: 'uploads/avatar/tobeaudit/new.jpg' });
  });

  it('reads codes as words, so a new region or hobby shows by name', () => {
    const changes = changedFields(
      passedProfile(),
      profileUnderAudit({ province: '33', city: '3301', district: '', hobbies: ['run', 'draw'] }),
      NAMES,
    );
    expect(changes.find((change) => change.key === 'region')).toMatchObject({
      before: '广东省 深圳市 南山区',
      after: '浙江省 杭州市',
    });
    expect(changes.find((change) => change.key === 'hobbies')).toMatchObject({
      before: '跑步、音乐',
      after: '跑步、绘画',
    });
  });

  it('finds nothing when the waiting profile reads the same', () => {
    expect(changedFields(passedProfile(), profileUnderAudit(), NAMES)).toEqual([]);
  });

  it('lists every field with its current value when the original is unknown', () => {
    const changes = changedFields(null, profileUnderAudit({ nickname: '浩子' }), NAMES);
    expect(changes.length).toBeGreaterThan(15);
    expect(changes.every((change) => change.before === null)).toBe(true);
    expect(changes.find((change) => change.key === 'nickname')?.after).toBe('浩子');
    expect(changes.find((change) => change.key === 'birthday')?.after).toBe('1993-09-17');
  });
});

describe('regions', () => {
  it('leaves out a municipality’s 市辖区 and keeps unknown codes as they are', () => {
    expect(regionWords(NAMES, ['11', '1101', '110105'])).toBe('北京市 朝阳区');
    expect(regionWords(NAMES, ['99', '', ''])).toBe('99');
  });

  it('names the city column by the city, or by the municipality', () => {
    expect(cityName(NAMES, '44', '4403')).toBe('深圳市');
    expect(cityName(NAMES, '11', '1101')).toBe('北京市');
    expect(cityName(NAMES, '', '')).toBe('');
  });
});

describe('photos', () => {
  it('shows the first photos and counts the rest', () => {
    const paths = Array.from({ length: 8 }, (_, index) => `p${index}.jpg`);
    expect(firstPhotos(paths, 6)).toEqual({ shown: paths.slice(0, 6), more: 2 });
    expect(firstPhotos(paths.slice(0, 2), 3)).toEqual({ shown: ['p0.jpg', 'p1.jpg'], more: 0 });
  });

  it('sees a new photo or a new order as a change', () => {
    expect(photosChanged(['a', 'b'], ['a', 'b'])).toBe(false);
    expect(photosChanged(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(photosChanged(['a'], ['a', 'tobeaudit/c'])).toBe(true);
  });

  it('names the three photo states and shows actions only while one is pending', () => {
    expect([0, 1, 2].map((state) => photoStatus(state).text)).toEqual(['待审核', '已通过', '已拒绝']);
    expect(anyPending([{ isAudited: 1 }, { isAudited: 2 }])).toBe(false);
    expect(anyPending([{ isAudited: 1 }, { isAudited: 0 }])).toBe(true);
    expect(anyPending([])).toBe(false);
  });
});

describe('texts', () => {
  it('adds the server’s reason to the spec’s failure text', () => {
    expect(failureText(new ApiError(409, '该照片已审核'), '审核图片失败')).toBe('审核图片失败：该照片已审核');
    expect(failureText(new ApiError(null, ''), '审核图片失败')).toBe('审核图片失败');
  });

  it('writes a birthday as a date', () => {
    expect(birthdayText(19960618)).toBe('1996-06-18');
    expect(birthdayText(0)).toBe('');
  });
});

describe('identity-card audit', () => {
  it('names the four audit states and allows a decision only under review', () => {
    expect([0, 1, 2, 3].map((status) => idCardStatus(status).text)).toEqual(['未上传', '审核中', '已通过', '已拒绝']);
    expect([0, 1, 2, 3].map((status) => canDecide({ audit_status: status }))).toEqual([false, true, false, false]);
  });

  it('compares names without spaces and numbers without spaces or the case of x', () => {
    expect(sameName('张 三', '张三')).toBe(true);
    expect(sameName('张三', '张山')).toBe(false);
    expect(sameIdNumber('11010519491231002x', '11010519491231002X')).toBe(true);
    expect(sameIdNumber('11010519491231002X', '110105194912310037')).toBe(false);
  });

  it('masks the birth date of a number in the list', () => {
    expect(maskedIdNumber('11010519491231002X')).toBe('1101**********002X');
    expect(maskedIdNumber('1101**********002X')).toBe('1101**********002X');
    expect(maskedIdNumber('')).toBe('');
  });

  it('requires a reason of at most 200 characters', () => {
    expect(denyReasonError('   ')).toBe('请填写拒绝原因');
    expect(denyReasonError('反光严重')).toBeNull();
    expect(denyReasonError('字'.repeat(200))).toBeNull();
    expect(denyReasonError('字'.repeat(201))).toBe('拒绝原因不能超过 200 个字符');
  });
});

describe('readableJson', () => {
  it('indents JSON, and keeps other text as it is', () => {
    expect(readableJson('{"isApproved":true}')).toBe('{\n  "isApproved": true\n}');
    expect(readableJson('not json')).toBe('not json');
    expect(readableJson('')).toBe('');
  });
});

describe('changedKeys', () => {
  it('names the fields whose value changed', () => {
    expect(
      changedKeys('{"nickname":"琳琳","phone":"","tags":["a"]}', '{"nickname":"琳琳酱","phone":"","tags":["a","b"]}'),
    ).toEqual(['nickname', 'tags']);
    expect(changedKeys('{"isPublished":false}', '{"isPublished":true,"title":"新"}')).toEqual(['isPublished', 'title']);
  });

  it('names nothing when either side is not an object', () => {
    expect(changedKeys('{"title":"旧文"}', '')).toEqual([]);
    expect(changedKeys('not json', '{}')).toEqual([]);
  });
});
