import type { AdvancedSearchRequest } from '../../api/generated/types.gen';

/** The advanced search's sliders (spec 2 sections 2.8, 5 and 9). */
export type RangeName = 'age' | 'height' | 'weight' | 'boys' | 'girls';
export type Range = [number, number];
export type SliderRanges = Record<RangeName, Range>;

/** Spec 2 section 9: what each slider spans. */
export const RANGE_BOUNDS: SliderRanges = {
  age: [18, 80],
  height: [150, 220],
  weight: [40, 120],
  boys: [0, 10],
  girls: [0, 10],
};

/** Spec 2 section 5: the sliders at load, before any are stored. */
export const DEFAULT_RANGES: SliderRanges = {
  age: [18, 80],
  height: [150, 220],
  weight: [40, 120],
  boys: [1, 10],
  girls: [1, 10],
};

/** Spec 2 section 5: reset puts boys and girls at 0-10. */
export const RESET_RANGES: SliderRanges = { ...DEFAULT_RANGES, boys: [0, 10], girls: [0, 10] };

/** Spec 2 section 3: the slider ranges are kept in browser storage under this key. */
export const RANGES_STORAGE_KEY = 'advsearch_ranges';

/** Spec 2 section 9: the search's page sizes. */
export const SEARCH_PAGE_SIZES = [12, 24, 36, 48];

/** Spec 2 section 2.8: education and marital status as the server takes them. */
export const EDUCATIONS = ['高中', '本科', '硕士', '博士'];
export const MARITAL_STATUSES = ['未婚', '离异', '丧偶', '再婚', '分居', '其他'];

/** Spec 2 section 2.8: the hobbies offered, sent as the interest catalogue's codes. */
export const SEARCH_HOBBIES = [
  { value: 'travel', label: '旅游' },
  { value: 'food', label: '美食' },
  { value: 'sport', label: '运动' },
  { value: 'music', label: '音乐' },
  { value: 'movie', label: '电影' },
  { value: 'read', label: '阅读' },
  { value: 'photo', label: '摄影' },
  { value: 'draw', label: '绘画' },
];

export type Gender = '' | 'male' | 'female';

export interface SearchFilters {
  keyword: string;
  gender: Gender;
  ranges: SliderRanges;
  educations: string[];
  maritalStatus: string[];
  hobbies: string[];
  verified: boolean;
}

export function emptyFilters(ranges: SliderRanges): SearchFilters {
  return { keyword: '', gender: '', ranges, educations: [], maritalStatus: [], hobbies: [], verified: false };
}

const RANGE_NAMES = Object.keys(RANGE_BOUNDS) as RangeName[];

function isRangeWithin(value: unknown, [low, high]: Range): value is Range {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    value.every((end) => Number.isInteger(end) && end >= low && end <= high) &&
    value[0] <= value[1]
  );
}

/** The stored ranges; a missing, damaged or out-of-bounds one is the default. */
export function loadRanges(storage: Storage): SliderRanges {
  let stored: Partial<Record<RangeName, unknown>> = {};
  try {
    const parsed: unknown = JSON.parse(storage.getItem(RANGES_STORAGE_KEY) ?? '{}');
    if (typeof parsed === 'object' && parsed !== null) stored = parsed;
  } catch {
    // A damaged entry counts as none.
  }
  const ranges = { ...DEFAULT_RANGES };
  for (const name of RANGE_NAMES) {
    const value = stored[name];
    if (isRangeWithin(value, RANGE_BOUNDS[name])) ranges[name] = [value[0], value[1]];
  }
  return ranges;
}

export function saveRanges(storage: Storage, ranges: SliderRanges): void {
  storage.setItem(RANGES_STORAGE_KEY, JSON.stringify(ranges));
}

export function clearRanges(storage: Storage): void {
  storage.removeItem(RANGES_STORAGE_KEY);
}

/**
 * A slider left at its full span asks for no limit (null): at 150-220 cm the search would
 * otherwise drop every member who has not given a height. Boys and girls send only their upper
 * end (spec 2 section 5).
 */
function limits(ranges: SliderRanges, name: 'age' | 'height' | 'weight'): [number | null, number | null] {
  const [low, high] = ranges[name];
  const [min, max] = RANGE_BOUNDS[name];
  return low === min && high === max ? [null, null] : [low, high];
}

/** The advanced search call (spec 2 section 7) for the filters and the page. */
export function searchRequest(filters: SearchFilters, page: number, pageSize: number): AdvancedSearchRequest {
  const [ageMin, ageMax] = limits(filters.ranges, 'age');
  const [heightMin, heightMax] = limits(filters.ranges, 'height');
  const [weightMin, weightMax] = limits(filters.ranges, 'weight');
  return {
    keyword: filters.keyword.trim(),
    gender: filters.gender,
    ageMin,
    ageMax,
    heightMin,
    heightMax,
    weightMin,
    weightMax,
    educations: filters.educations,
    maritalStatus: filters.maritalStatus,
    maxBoys: filters.ranges.boys[1],
    maxGirls: filters.ranges.girls[1],
    hobbies: filters.hobbies,
    isVerified: filters.verified ? 1 : 0,
    page,
    pageSize,
  };
}
