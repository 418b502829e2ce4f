import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearRanges,
  DEFAULT_RANGES,
  emptyFilters,
  loadRanges,
  RANGES_STORAGE_KEY,
  RESET_RANGES,
  saveRanges,
  searchRequest,
} from './search';

beforeEach(() => localStorage.clear());

describe('slider ranges in browser storage', () => {
  it('start at the spec’s defaults: age 18-80, height 150-220, weight 40-120, boys and girls 1-10', () => {
    expect(loadRanges(localStorage)).toEqual({
      age: [18, 80],
      height: [150, 220],
      weight: [40, 120],
      boys: [1, 10],
      girls: [1, 10],
    });
  });

  it('reset puts boys and girls at 0-10 and keeps the rest', () => {
    expect(RESET_RANGES).toEqual({ ...DEFAULT_RANGES, boys: [0, 10], girls: [0, 10] });
  });

  it('come back as saved, and are gone once cleared', () => {
    const ranges = { ...DEFAULT_RANGES, age: [25, 35] as [number, number], girls: [0, 2] as [number, number] };
    saveRanges(localStorage, ranges);
    expect(loadRanges(localStorage)).toEqual(ranges);
    clearRanges(localStorage);
    expect(localStorage.getItem(RANGES_STORAGE_KEY)).toBeNull();
    expect(loadRanges(localStorage)).toEqual(DEFAULT_RANGES);
  });

  it('ignore a damaged entry, and any range outside its slider or upside down', () => {
    localStorage.setItem(RANGES_STORAGE_KEY, '{not json');
    expect(loadRanges(localStorage)).toEqual(DEFAULT_RANGES);
    localStorage.setItem(
      RANGES_STORAGE_KEY,
      JSON.stringify({ age: [10, 90], height: [200, 160], weight: [50, 60], boys: 'x' }),
    );
    expect(loadRanges(localStorage)).toEqual({ ...DEFAULT_RANGES, weight: [50, 60] });
  });
});

describe('searchRequest', () => {
  it('sends every field of the call; a slider at its full span sets no limit', () => {
    expect(searchRequest(emptyFilters(DEFAULT_RANGES), 1, 12)).toEqual({
      keyword: '',
      gender: '',
      ageMin: null,
      ageMax: null,
      heightMin: null,
      heightMax: null,
      weightMin: null,
      weightMax: null,
      educations: [],
      maritalStatus: [],
      maxBoys: 10,
      maxGirls: 10,
      hobbies: [],
      isVerified: 0,
      page: 1,
      pageSize: 12,
    });
  });

  it('sends narrowed ranges, only the upper end for children, and the choices as the server takes them', () => {
    const filters = {
      keyword: '  杭州 ',
      gender: 'female' as const,
      ranges: { age: [25, 35], height: [160, 220], weight: [40, 60], boys: [1, 2], girls: [0, 0] } as ReturnType<
        typeof loadRanges
      >,
      educations: ['本科', '硕士'],
      maritalStatus: ['未婚'],
      hobbies: ['photo', 'travel'],
      verified: true,
    };
    expect(searchRequest(filters, 3, 24)).toEqual({
      keyword: '杭州',
      gender: 'female',
      ageMin: 25,
      ageMax: 35,
      heightMin: 160,
      heightMax: 220,
      weightMin: 40,
      weightMax: 60,
      educations: ['本科', '硕士'],
      maritalStatus: ['未婚'],
      maxBoys: 2,
      maxGirls: 0,
      hobbies: ['photo', 'travel'],
      isVerified: 1,
      page: 3,
      pageSize: 24,
    });
  });
});
