import dayjs, { type Dayjs } from 'dayjs';
import type { MyProfile, UpdateProfileRequest } from '../../api/generated/types.gen';
import type { CascaderOption } from './catalogue';
import { PROFILE_TEXT } from './texts';

/** Spec 1 sections 3 and 9, spec 2 section 5, and the server's limits. */
export const PROFILE_LIMITS = {
  heightCm: 300,
  weightKg: 500,
  children: 10,
  nicknameChars: 20,
  introductionChars: 1000,
  occupationChars: 30,
  locationChars: 100,
  photos: 9,
  avatarBytes: 2 * 1024 * 1024,
  photoBytes: 5 * 1024 * 1024,
  adultYears: 18,
} as const;

/** A member's public page. */
export const memberPath = (uuid: string) => `/profile/${encodeURIComponent(uuid)}`;

/** The folder segment of an image waiting for review (spec 1 section 4). */
const AWAITING_REVIEW = 'tobeaudit';

/** Whether an avatar or photo path still waits for review: it then shows 待审核. */
export function isAwaitingReview(path: string): boolean {
  return path.includes(AWAITING_REVIEW);
}

/** A calendar date as the profile stores it: yyyymmdd, e.g. 1995-03-08 → 19950308. */
export function birthdayFromDate(date: Date): number {
  return date.getFullYear() * 10_000 + (date.getMonth() + 1) * 100 + date.getDate();
}

/** The stored yyyymmdd as a local date; null for 0 (not given) or a number that is no real date. */
export function dateFromBirthday(birthday: number): Date | null {
  if (!Number.isInteger(birthday) || birthday <= 0) return null;
  const year = Math.floor(birthday / 10_000);
  const month = Math.floor(birthday / 100) % 100;
  const day = birthday % 100;
  const date = new Date(year, month - 1, day);
  const real = date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
  return real ? date : null;
}

/** Degrees become the stored integers of degrees × 10000 (spec 2 section 9). */
export function toStoredCoordinate(degrees: number): number {
  return Math.round(degrees * 10_000);
}

/** The stored integer back in degrees. */
export function fromStoredCoordinate(stored: number): number {
  return stored / 10_000;
}

/** The codes of a region choice, in cascader order, without the empty tail. */
export function regionCodes(province: string, city: string, district: string): string[] {
  const codes = [province, city, district];
  const end = codes.findIndex((code) => !code);
  return end < 0 ? codes : codes.slice(0, end);
}

/**
 * The cascader path to a region code (the maps service answers a district's adcode, e.g.
 * 110105 → ['11', '1101', '110105']); empty when the tree does not hold it.
 */
export function regionPathOf(options: readonly CascaderOption[], code: string): string[] {
  for (const option of options) {
    if (option.value === code) return [option.value];
    if (option.children && code.startsWith(option.value)) {
      const below = regionPathOf(option.children, code);
      if (below.length > 0) return [option.value, ...below];
    }
  }
  return [];
}

/** The profile form's fields; empty choices are undefined so the placeholders show. */
export interface ProfileFormValues {
  nickname: string;
  gender?: string;
  birthday: Dayjs | null;
  height: number | null;
  weight: number | null;
  region: string[];
  homeRegion: string[];
  lat: number;
  lng: number;
  homeLat: number;
  homeLng: number;
  location: string;
  /** Whether other members see the street-level address (off: they see the city and district). */
  showLocation: boolean;
  education?: string;
  occupation: string;
  income?: number;
  maritalStatus?: string;
  boyCount: number | null;
  girlCount: number | null;
  religion?: string;
  hobbies: string[];
  tags: string[];
  introduction: string;
}

const chosen = (value: string): string | undefined => (value ? value : undefined);
/** 0 is what the server keeps for a height or weight never given. */
const measured = (value: number): number | null => (value > 0 ? value : null);

export function toFormValues(profile: MyProfile): ProfileFormValues {
  const birthday = dateFromBirthday(profile.birthday);
  return {
    nickname: profile.nickname,
    gender: chosen(profile.gender),
    birthday: birthday ? dayjs(birthday) : null,
    height: measured(profile.height),
    weight: measured(profile.weight),
    region: regionCodes(profile.province, profile.city, profile.district),
    homeRegion: regionCodes(profile.homeProvince, profile.homeCity, profile.homeDistrict),
    lat: profile.lat,
    lng: profile.lng,
    homeLat: profile.homeLat,
    homeLng: profile.homeLng,
    location: profile.location,
    showLocation: profile.showLocation === 1,
    education: chosen(profile.education),
    occupation: profile.occupation,
    income: profile.income,
    maritalStatus: chosen(profile.maritalStatus),
    boyCount: profile.boyCount,
    girlCount: profile.girlCount,
    religion: chosen(profile.religion),
    hobbies: profile.hobbies,
    tags: profile.tags,
    introduction: profile.introduction,
  };
}

/**
 * What 保存 sends: every field of the form (spec 2 section 7), never the avatar or the photos,
 * which are saved on their own as soon as they change.
 */
export function toUpdateRequest(values: ProfileFormValues): UpdateProfileRequest {
  const [province = '', city = '', district = ''] = values.region ?? [];
  const [homeProvince = '', homeCity = '', homeDistrict = ''] = values.homeRegion ?? [];
  return {
    nickname: values.nickname.trim(),
    gender: values.gender ?? '',
    birthday: values.birthday ? birthdayFromDate(values.birthday.toDate()) : 0,
    height: values.height ?? 0,
    weight: values.weight ?? 0,
    province,
    city,
    district,
    homeProvince,
    homeCity,
    homeDistrict,
    lat: values.lat ?? 0,
    lng: values.lng ?? 0,
    homeLat: values.homeLat ?? 0,
    homeLng: values.homeLng ?? 0,
    location: (values.location ?? '').trim(),
    showLocation: values.showLocation ? 1 : 0,
    education: values.education ?? '',
    occupation: (values.occupation ?? '').trim(),
    income: values.income ?? 0,
    maritalStatus: values.maritalStatus ?? '',
    boyCount: values.boyCount ?? 0,
    girlCount: values.girlCount ?? 0,
    religion: values.religion ?? '',
    hobbies: values.hobbies ?? [],
    tags: values.tags ?? [],
    introduction: values.introduction ?? '',
  };
}

const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** Spec 2 section 5: an avatar is a JPG, PNG or WEBP of at most 2 MB; null when it may be sent. */
export function avatarFileError(file: { type: string; size: number }): string | null {
  if (!AVATAR_TYPES.includes(file.type)) return PROFILE_TEXT.avatarWrongType;
  if (file.size > PROFILE_LIMITS.avatarBytes) return PROFILE_TEXT.avatarTooLarge;
  return null;
}

/** Spec 2 section 5: a profile photo is an image of at most 5 MB. */
export function photoFileError(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return PROFILE_TEXT.photoNotImage;
  if (file.size > PROFILE_LIMITS.photoBytes) return PROFILE_TEXT.photoTooLarge;
  return null;
}

/** The wall after moving one photo to the front. */
export function movedToFront(photos: readonly string[], path: string): string[] {
  return [path, ...photos.filter((photo) => photo !== path)];
}
