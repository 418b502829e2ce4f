import type { PhotoUnderAudit, PublicProfile, ReviewRecord, Role } from '../../api/generated/types.gen';
import { ApiError } from '../../lib/apiError';
import { hobbyName, incomeLabel, profileOptions, tagName, type CascaderOption } from '../profile/catalogue';
import { ADMIN_TEXT, AUDIT_ACTION_LABEL, AUDIT_KIND_LABEL, DENY_REASON_MAX } from './texts';

/** A stored path under this folder waits for review (platform files: AWAITING_REVIEW). */
const AWAITING_REVIEW = /(^|\/)tobeaudit\//;

export function isAwaitingReview(path: string): boolean {
  return AWAITING_REVIEW.test(path);
}

/** Region names by code (province 2 digits, city 4, district 6), from the profile's region tree. */
export type RegionNames = ReadonlyMap<string, string>;

export function regionNamesOf(tree: readonly CascaderOption[]): RegionNames {
  const names = new Map<string, string>();
  const walk = (options: readonly CascaderOption[]) =>
    options.forEach((option) => {
      names.set(option.value, option.label);
      if (option.children) walk(option.children);
    });
  walk(tree);
  return names;
}

/** A municipality's middle level is named 市辖区 ("its districts"), which says nothing. */
const SAYS_NOTHING = new Set(['市辖区']);

/** Province, city and district in words, the way the server's regionName reads (the code when unknown). */
export function regionWords(names: RegionNames, codes: readonly string[]): string {
  return codes
    .filter((code) => code !== '')
    .map((code) => names.get(code) ?? code)
    .filter((name) => !SAYS_NOTHING.has(name))
    .join(' ');
}

/** The list's city column: the city's name, or the province's for a municipality (北京市 市辖区). */
export function cityName(names: RegionNames, province: string, city: string): string {
  const own = city ? names.get(city) : undefined;
  if (own && !SAYS_NOTHING.has(own)) return own;
  if (province) return names.get(province) ?? (city || province);
  return city;
}

/** male and female in words; the server says other (or nothing) for a member who did not say. */
export function sexLabel(sex: string): string {
  if (sex === 'male') return ADMIN_TEXT.sexMale;
  if (sex === 'female') return ADMIN_TEXT.sexFemale;
  return ADMIN_TEXT.notFilled;
}

/** The fields both the member's pending profile and the passed (public) one carry. */
export type ComparableProfile = Pick<
  PublicProfile,
  | 'nickname'
  | 'avatar'
  | 'gender'
  | 'birthday'
  | 'height'
  | 'weight'
  | 'province'
  | 'city'
  | 'district'
  | 'homeProvince'
  | 'homeCity'
  | 'homeDistrict'
  | 'location'
  | 'education'
  | 'occupation'
  | 'income'
  | 'maritalStatus'
  | 'boyCount'
  | 'girlCount'
  | 'religion'
  | 'hobbies'
  | 'tags'
  | 'introduction'
  | 'photos'
>;

export type FieldKind = 'text' | 'image';

interface FieldSpec {
  key: string;
  label: string;
  kind: FieldKind;
  /** What the dialog shows (a stored path for an image); '' when not filled. */
  read: (profile: ComparableProfile, names: RegionNames) => string;
}

const positive = (value: number, unit: string) => (value > 0 ? `${value} ${unit}` : '');

/** 19960618 → 1996-06-18. */
export function birthdayText(birthday: number): string {
  if (birthday <= 0) return '';
  const digits = String(birthday).padStart(8, '0');
  return `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, 8)}`;
}

const genderLabel = (gender: string) =>
  profileOptions.genders.find((option) => option.code === gender)?.label ?? gender;

/** In the order of the member's profile form. */
const FIELDS: readonly FieldSpec[] = [
  { key: 'nickname', label: '昵称', kind: 'text', read: (p) => p.nickname },
  { key: 'avatar', label: '头像', kind: 'image', read: (p) => p.avatar },
  { key: 'gender', label: '性别', kind: 'text', read: (p) => genderLabel(p.gender) },
  { key: 'birthday', label: '生日', kind: 'text', read: (p) => birthdayText(p.birthday) },
  { key: 'height', label: '身高', kind: 'text', read: (p) => positive(p.height, 'cm') },
  { key: 'weight', label: '体重', kind: 'text', read: (p) => positive(p.weight, 'kg') },
  {
    key: 'region',
    label: '现居地',
    kind: 'text',
    read: (p, names) => regionWords(names, [p.province, p.city, p.district]),
  },
  { key: 'location', label: '详细地址', kind: 'text', read: (p) => p.location },
  {
    key: 'homeRegion',
    label: '家乡',
    kind: 'text',
    read: (p, names) => regionWords(names, [p.homeProvince, p.homeCity, p.homeDistrict]),
  },
  { key: 'education', label: '学历', kind: 'text', read: (p) => p.education },
  { key: 'occupation', label: '职业', kind: 'text', read: (p) => p.occupation },
  { key: 'income', label: '月收入', kind: 'text', read: (p) => incomeLabel(p.income) },
  { key: 'maritalStatus', label: '婚姻状况', kind: 'text', read: (p) => p.maritalStatus },
  { key: 'boyCount', label: '男孩数量', kind: 'text', read: (p) => String(p.boyCount) },
  { key: 'girlCount', label: '女孩数量', kind: 'text', read: (p) => String(p.girlCount) },
  { key: 'religion', label: '宗教信仰', kind: 'text', read: (p) => p.religion },
  {
    key: 'hobbies',
    label: '兴趣爱好',
    kind: 'text',
    read: (p) => p.hobbies.map((code) => hobbyName(code) ?? code).join('、'),
  },
  { key: 'tags', label: '个性标签', kind: 'text', read: (p) => p.tags.map((code) => tagName(code) ?? code).join('、') },
  { key: 'introduction', label: '个人介绍', kind: 'text', read: (p) => p.introduction },
];

export interface FieldChange {
  key: string;
  label: string;
  kind: FieldKind;
  /** null when the original profile could not be read (only the current value is known). */
  before: string | null;
  after: string;
}

/**
 * Spec 3 section 2: the fields whose value differs between the passed profile and the one waiting
 * for review. Without the original every field is listed with its current value.
 */
export function changedFields(
  original: ComparableProfile | null,
  current: ComparableProfile,
  names: RegionNames,
): FieldChange[] {
  return FIELDS.flatMap((field): FieldChange[] => {
    const after = field.read(current, names);
    if (original === null) return [{ key: field.key, label: field.label, kind: field.kind, before: null, after }];
    const before = field.read(original, names);
    return before === after ? [] : [{ key: field.key, label: field.label, kind: field.kind, before, after }];
  });
}

/** The photo walls differ in content or order. */
export function photosChanged(original: readonly string[], current: readonly string[]): boolean {
  return original.length !== current.length || original.some((path, index) => path !== current[index]);
}

/** The first `limit` photos and how many more there are (the "+N" tile). */
export function firstPhotos(paths: readonly string[], limit: number): { shown: string[]; more: number } {
  return { shown: paths.slice(0, limit), more: Math.max(0, paths.length - limit) };
}

/** Spec 3 section 4: a photo's isAudited. */
export const PHOTO_STATUS = { pending: 0, passed: 1, rejected: 2 } as const;

export function photoStatus(isAudited: number): { text: string; color: string } {
  switch (isAudited) {
    case PHOTO_STATUS.pending:
      return { text: ADMIN_TEXT.statusPending, color: 'gold' };
    case PHOTO_STATUS.passed:
      return { text: ADMIN_TEXT.statusPassed, color: 'success' };
    case PHOTO_STATUS.rejected:
      return { text: ADMIN_TEXT.statusRejected, color: 'error' };
    default:
      return { text: ADMIN_TEXT.statusUnknown, color: 'default' };
  }
}

export const isPendingPhoto = (photo: Pick<PhotoUnderAudit, 'isAudited'>) => photo.isAudited === PHOTO_STATUS.pending;

/** Spec 3 section 2: the action column shows only while a listed photo is pending. */
export function anyPending(photos: readonly Pick<PhotoUnderAudit, 'isAudited'>[]): boolean {
  return photos.some(isPendingPhoto);
}

/** The spec's failure text, with the server's reason after it when it gave one (该照片已审核). */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? `${fallback}：${error.message}` : fallback;
}

/** Spec 3 section 4: a real-name submission's audit_status. */
export const ID_CARD_STATUS = { notUploaded: 0, reviewing: 1, passed: 2, rejected: 3 } as const;

export function idCardStatus(status: number): { text: string; color: string } {
  switch (status) {
    case ID_CARD_STATUS.notUploaded:
      return { text: ADMIN_TEXT.idStatusNotUploaded, color: 'default' };
    case ID_CARD_STATUS.reviewing:
      return { text: ADMIN_TEXT.idStatusReviewing, color: 'gold' };
    case ID_CARD_STATUS.passed:
      return { text: ADMIN_TEXT.idStatusPassed, color: 'success' };
    case ID_CARD_STATUS.rejected:
      return { text: ADMIN_TEXT.idStatusRejected, color: 'error' };
    default:
      return { text: ADMIN_TEXT.statusUnknown, color: 'default' };
  }
}

/** Spec 3 sections 2 and 4: pass and reject only while the submission is under review. */
export const canDecide = (record: Pick<ReviewRecord, 'audit_status'>) =>
  record.audit_status === ID_CARD_STATUS.reviewing;

/** Names compare without surrounding or inner spaces (张 三 is 张三). */
export const sameName = (typed: string, read: string) => typed.replace(/\s+/g, '') === read.replace(/\s+/g, '');

/** Numbers compare without spaces, the check character x in either case. */
export const sameIdNumber = (typed: string, read: string) =>
  typed.replace(/\s+/g, '').toUpperCase() === read.replace(/\s+/g, '').toUpperCase();

/** 110105194912310021 → 110105********0021: the table shows the region and the check, not the birthday. */
export function maskedIdNumber(number: string): string {
  if (number.length <= 8) return number;
  return `${number.slice(0, 4)}${'*'.repeat(number.length - 8)}${number.slice(-4)}`;
}

/** Other members' submissions of the same number, as `@name（status）`, for the reviewer. */
export function clashHolders(record: ReviewRecord): string {
  return record.number_clashes
    .map((clash) => `@${clash.username}（${idCardStatus(clash.audit_status).text}）`)
    .join('、');
}

/** The recognised gender: 1 male, 2 female, 0 not read. */
export function cardGender(gender: number): string {
  if (gender === 1) return ADMIN_TEXT.genderMale;
  if (gender === 2) return ADMIN_TEXT.genderFemale;
  return '';
}

/** Spec 3 section 5: a reason is required, at most 200 characters; null when it is fine. */
export function denyReasonError(reason: string): string | null {
  const trimmed = reason.trim();
  if (trimmed === '') return ADMIN_TEXT.denyReasonRequired;
  if ([...trimmed].length > DENY_REASON_MAX) return ADMIN_TEXT.denyReasonTooLong;
  return null;
}

/** Spec 3 section 6: the roles in the back office's words. */
export function roleLabel(role: Role | string): string {
  if (role === 'superadmin') return ADMIN_TEXT.roleSuperadmin;
  if (role === 'admin') return ADMIN_TEXT.roleAdmin;
  return ADMIN_TEXT.roleUser;
}

export const ROLE_COLOR: Record<string, string> = { superadmin: 'magenta', admin: 'purple', user: 'default' };

export const auditActionLabel = (action: string) => AUDIT_ACTION_LABEL[action] ?? action;

export const auditKindLabel = (kind: string) => AUDIT_KIND_LABEL[kind] ?? kind;

function parsedObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The top-level fields whose value differs between an audit entry's before and after; [] unless both are objects. */
export function changedKeys(before: string, after: string): string[] {
  const old = parsedObject(before);
  const now = parsedObject(after);
  if (old === null || now === null) return [];
  const keys = [...new Set([...Object.keys(old), ...Object.keys(now)])];
  return keys.filter((key) => JSON.stringify(old[key]) !== JSON.stringify(now[key]));
}

/** An audit entry's before or after (JSON text) indented for reading; the text as stored when it is not JSON. */
export function readableJson(text: string): string {
  if (text.trim() === '') return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
