import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { incomeLabel } from './catalogue';
import {
  avatarFileError,
  birthdayFromDate,
  dateFromBirthday,
  fromStoredCoordinate,
  isAwaitingReview,
  movedToFront,
  photoFileError,
  regionCodes,
  regionPathOf,
  toFormValues,
  toStoredCoordinate,
  toUpdateRequest,
} from './model';
import { myProfile } from './testing';

describe('birthday', () => {
  it('turns a date into yyyymmdd', () => {
    expect(birthdayFromDate(new Date(1995, 2, 8))).toBe(19950308);
    expect(birthdayFromDate(new Date(2000, 11, 31))).toBe(20001231);
  });

  it('turns yyyymmdd back into the same local date', () => {
    const date = dateFromBirthday(19950308);
    expect(date && [date.getFullYear(), date.getMonth() + 1, date.getDate()]).toEqual([1995, 3, 8]);
    expect(birthdayFromDate(dateFromBirthday(20000229)!)).toBe(20000229);
  });

  it('reads 0 and numbers that are no real date as no birthday', () => {
    expect(dateFromBirthday(0)).toBeNull();
    expect(dateFromBirthday(19990229)).toBeNull();
    expect(dateFromBirthday(20001301)).toBeNull();
    expect(dateFromBirthday(-1)).toBeNull();
  });
});

describe('coordinates', () => {
  it('stores degrees as integers of degrees × 10000', () => {
    expect(toStoredCoordinate(116.397428)).toBe(1163974);
    expect(toStoredCoordinate(39.90923)).toBe(399092);
    expect(toStoredCoordinate(-0.00005)).toBe(-0);
    expect(toStoredCoordinate(121.47375)).toBe(1214738);
  });

  it('reads the stored integers back as degrees', () => {
    expect(fromStoredCoordinate(1163974)).toBeCloseTo(116.3974, 6);
    expect(fromStoredCoordinate(-338688)).toBeCloseTo(-33.8688, 6);
    expect(fromStoredCoordinate(0)).toBe(0);
  });
});

describe('review marks', () => {
  it('marks paths under tobeaudit as waiting for review', () => {
    expect(isAwaitingReview('uploads/photo/tobeaudit/2026/11/a.jpg')).toBe(true);
    expect(isAwaitingReview('uploads/avatar/tobeaudit/b.png')).toBe(true);
    expect(isAwaitingReview('uploads/photo/2026/11/a.jpg')).toBe(false);
  });
});

describe('regions', () => {
  const tree = [
    {
      value: '11',
      label: '北京市',
      children: [{ value: '1101', label: '市辖区', children: [{ value: '110105', label: '朝阳区' }] }],
    },
    {
      value: '44',
      label: '广东省',
      children: [{ value: '4419', label: '东莞市', children: [{ value: '441900003', label: '东城街道' }] }],
    },
  ];

  it('keeps the chosen levels, without an empty tail', () => {
    expect(regionCodes('11', '1101', '110105')).toEqual(['11', '1101', '110105']);
    expect(regionCodes('33', '', '')).toEqual(['33']);
    expect(regionCodes('', '', '')).toEqual([]);
  });

  it('finds the cascader path to a district code the maps service answers', () => {
    expect(regionPathOf(tree, '110105')).toEqual(['11', '1101', '110105']);
    expect(regionPathOf(tree, '441900003')).toEqual(['44', '4419', '441900003']);
    expect(regionPathOf(tree, '310101')).toEqual([]);
  });
});

describe('the form and the request', () => {
  it('shows a stored profile in the form', () => {
    const values = toFormValues(myProfile());
    expect(values.birthday?.format('YYYY-MM-DD')).toBe('1995-03-08');
    expect(values.region).toEqual(['11', '1101', '110105']);
    expect(values.homeRegion).toEqual(['33']);
    expect(values.weight).toBeNull();
    expect(values.maritalStatus).toBeUndefined();
  });

  it('sends every form field, trimmed, with the empty choices as the server spells them', () => {
    const values = {
      ...toFormValues(myProfile()),
      nickname: '  小美 ',
      birthday: dayjs('1990-12-01'),
      homeRegion: [],
      weight: null,
      gender: undefined,
    };
    const request = toUpdateRequest(values);
    expect(request).toMatchObject({
      nickname: '小美',
      birthday: 19901201,
      gender: '',
      weight: 0,
      height: 165,
      province: '11',
      city: '1101',
      district: '110105',
      homeProvince: '',
      homeCity: '',
      homeDistrict: '',
      lat: 399092,
      lng: 1163974,
      income: 20,
      hobbies: ['draw', 'run'],
    });
    expect(request).not.toHaveProperty('avatar');
    expect(request).not.toHaveProperty('photos');
  });

  it('keeps the street address private unless the member switches it on', () => {
    const values = toFormValues(myProfile());
    expect(values.showLocation).toBe(false);
    expect(toUpdateRequest(values).showLocation).toBe(0);
    expect(toUpdateRequest({ ...values, showLocation: true }).showLocation).toBe(1);
    expect(toFormValues({ ...myProfile(), showLocation: 1 }).showLocation).toBe(true);
  });
});

describe('files', () => {
  it('takes JPG, PNG and WEBP avatars up to 2 MB', () => {
    expect(avatarFileError({ type: 'image/png', size: 1000 })).toBeNull();
    expect(avatarFileError({ type: 'image/gif', size: 1000 })).toBe('上传头像图片只能是 JPG/PNG/WEBP 格式!');
    expect(avatarFileError({ type: 'image/jpeg', size: 2 * 1024 * 1024 + 1 })).toBe('上传头像图片大小不能超过 2MB!');
  });

  it('takes images up to 5 MB as photos', () => {
    expect(photoFileError({ type: 'image/gif', size: 1000 })).toBeNull();
    expect(photoFileError({ type: 'application/pdf', size: 1000 })).toBe('只能上传图片文件!');
    expect(photoFileError({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe('上传图片大小不能超过 5MB!');
  });

  it('moves a photo to the front and keeps the others in order', () => {
    expect(movedToFront(['a', 'b', 'c'], 'c')).toEqual(['c', 'a', 'b']);
  });
});

describe('income', () => {
  it('labels the known codes and says 未知 for any other', () => {
    expect(incomeLabel(0)).toBe('无收入');
    expect(incomeLabel(10)).toBe('5千-1万');
    expect(incomeLabel(1000)).toBe('50万以上');
    expect(incomeLabel(7)).toBe('未知');
  });
});
