import { describe, expect, it } from 'vitest';
import {
  hobbyName,
  hobbyTreeOptions,
  incomeLabel,
  interests,
  loadRegionOptions,
  personalityTags,
  profileOptions,
  tagGroupOptions,
  tagName,
} from './catalogue';

const itemCodes = interests.flatMap((category) =>
  category.subcategories.flatMap((subcategory) => subcategory.items.map((item) => item.code)),
);

describe('catalogues', () => {
  it('has the eight interest categories in order', () => {
    expect(interests.map((category) => category.code)).toEqual([
      'art',
      'sports',
      'fun',
      'life',
      'learn',
      'social',
      'hobby',
      'business',
    ]);
    expect(new Set(itemCodes).size).toBe(itemCodes.length);
  });

  it('has seven tag dimensions with the spec counts', () => {
    expect(personalityTags.map((dimension) => [dimension.code, dimension.tags.length])).toEqual([
      ['personality', 10],
      ['social', 8],
      ['emotion', 6],
      ['thinking', 7],
      ['behavior', 7],
      ['values', 6],
      ['workstyle', 7],
    ]);
  });

  it('has 14 religions, one of them 无宗教信仰', () => {
    expect(profileOptions.religions).toHaveLength(14);
    expect(profileOptions.religions).toContain('无宗教信仰');
  });
});

describe('names and labels', () => {
  it('maps hobby and tag codes to their Chinese names', () => {
    expect(hobbyName('draw')).toBe('绘画');
    expect(hobbyName('travel')).toBe('旅游');
    expect(hobbyName('nope')).toBeUndefined();
    expect(tagName('introvert')).toBe('内向');
  });

  it.each([
    [0, '无收入'],
    [10, '5千-1万'],
    [1000, '50万以上'],
    [999, '未知'],
  ])('labels income code %i as %s', (code, label) => {
    expect(incomeLabel(code)).toBe(label);
  });
});

describe('option builders', () => {
  it('builds the hobby tree with only items selectable', () => {
    const tree = hobbyTreeOptions();
    expect(tree).toHaveLength(8);
    expect(tree[0]).toMatchObject({ title: '艺术与创作', selectable: false });
    expect(tree[0].children?.[0]).toMatchObject({ title: '视觉艺术', selectable: false });
    const leaves = tree
      .flatMap((category) => category.children ?? [])
      .flatMap((subcategory) => subcategory.children ?? []);
    expect(leaves.map((leaf) => leaf.value)).toEqual(itemCodes);
    expect(leaves.every((leaf) => leaf.selectable === undefined && leaf.children === undefined)).toBe(true);
    const headings = tree.flatMap((category) => [category, ...(category.children ?? [])]).map((node) => node.value);
    expect(headings.filter((value) => itemCodes.includes(value))).toEqual([]);
  });

  it('groups the tags by dimension', () => {
    const groups = tagGroupOptions();
    expect(groups.map((group) => group.label)).toEqual(personalityTags.map((dimension) => dimension.name));
    expect(groups[0].options).toContainEqual({ label: '内向', value: 'introvert' });
  });

  it('loads the region tree for the cascader', async () => {
    const provinces = await loadRegionOptions();
    expect(provinces).toHaveLength(31);
    const beijing = provinces.find((province) => province.label === '北京市');
    expect(beijing?.value).toBe('11');
    expect(beijing?.children?.[0]).toMatchObject({ value: '1101', label: '市辖区' });
    expect(beijing?.children?.[0].children).toContainEqual({ value: '110101', label: '东城区' });
    const dongguan = provinces.flatMap((province) => province.children ?? []).find((city) => city.label === '东莞市');
    expect(dongguan?.children?.[0].value).toMatch(/^4419\d{5}$/);
    expect(await loadRegionOptions()).toBe(provinces);
  });
});
