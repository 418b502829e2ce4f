// The reference catalogues of the profile form, read from catalogues/ at the repository root:
// the server validates against the same files (crates/profile/src/catalogue.rs), so the form
// offers exactly what the server accepts.
import interestsJson from '../../../../catalogues/interests.json';
import personalityTagsJson from '../../../../catalogues/personality-tags.json';
import profileOptionsJson from '../../../../catalogues/profile-options.json';

export interface CatalogueEntry {
  code: string;
  name: string;
}

export interface InterestSubcategory extends CatalogueEntry {
  /** A member's hobbies are the codes of these items. */
  items: CatalogueEntry[];
}

export interface InterestCategory extends CatalogueEntry {
  subcategories: InterestSubcategory[];
}

export interface TagDimension extends CatalogueEntry {
  tags: CatalogueEntry[];
}

export interface LabelledOption<T> {
  code: T;
  label: string;
}

export interface ProfileOptions {
  genders: LabelledOption<string>[];
  education: string[];
  maritalStatus: string[];
  religions: string[];
  /** Monthly income ranges in CNY, by the code the profile stores. */
  incomes: LabelledOption<number>[];
  /** Shown for an income code outside the list. */
  unknownIncome: string;
}

/** Category → subcategory → item, in the form's order. */
export const interests: readonly InterestCategory[] = interestsJson;

/** Personality tags by dimension, in the form's order. */
export const personalityTags: readonly TagDimension[] = personalityTagsJson;

/** Genders, education levels, marital statuses, religions and income ranges of the form. */
export const profileOptions: ProfileOptions = profileOptionsJson;

const hobbyNames = new Map(
  interests.flatMap((category) =>
    category.subcategories.flatMap((subcategory) => subcategory.items.map((item) => [item.code, item.name] as const)),
  ),
);

const tagNames = new Map(
  personalityTags.flatMap((dimension) => dimension.tags.map((tag) => [tag.code, tag.name] as const)),
);

const incomeLabels = new Map(profileOptions.incomes.map((income) => [income.code, income.label]));

/** The Chinese name of a hobby code (`draw` → 绘画); undefined for a code not in the catalogue. */
export function hobbyName(code: string): string | undefined {
  return hobbyNames.get(code);
}

/** The Chinese name of a personality tag code (`introvert` → 内向). */
export function tagName(code: string): string | undefined {
  return tagNames.get(code);
}

/** The label of an income range code (`10` → 5千-1万); 未知 for any other code. */
export function incomeLabel(code: number): string {
  return incomeLabels.get(code) ?? profileOptions.unknownIncome;
}

/** A node of antd's TreeSelect `treeData`. */
export interface HobbyTreeNode {
  title: string;
  value: string;
  /** False on categories and subcategories: only items are chosen. */
  selectable?: boolean;
  children?: HobbyTreeNode[];
}

/**
 * The interest tree for a `multiple` TreeSelect (without `treeCheckable`, which would select a
 * whole group): categories and subcategories are headings, items are chosen by code. Heading
 * values carry a `/` so they can never be taken for an item code.
 */
export function hobbyTreeOptions(): HobbyTreeNode[] {
  return interests.map((category) => ({
    title: category.name,
    value: `${category.code}/`,
    selectable: false,
    children: category.subcategories.map((subcategory) => ({
      title: subcategory.name,
      value: `${category.code}/${subcategory.code}`,
      selectable: false,
      children: subcategory.items.map((item) => ({ title: item.name, value: item.code })),
    })),
  }));
}

/** A group of antd Select `options` (rendered as an OptGroup). */
export interface OptionGroup {
  label: string;
  title: string;
  options: { label: string; value: string }[];
}

/** Personality tags for a `multiple` Select, one group per dimension, valued by tag code. */
export function tagGroupOptions(): OptionGroup[] {
  return personalityTags.map((dimension) => ({
    label: dimension.name,
    title: dimension.name,
    options: dimension.tags.map((tag) => ({ label: tag.name, value: tag.code })),
  }));
}

/** An option of antd's Cascader. */
export interface CascaderOption {
  value: string;
  label: string;
  children?: CascaderOption[];
}

interface Region {
  code: string;
  name: string;
  children?: Region[];
}

const toCascaderOption = ({ code, name, children }: Region): CascaderOption =>
  children && children.length > 0
    ? { value: code, label: name, children: children.map(toCascaderOption) }
    : { value: code, label: name };

let regionOptions: Promise<CascaderOption[]> | undefined;

/**
 * Province → city → district (a few cities: their towns) for the region cascaders, valued by
 * code. The tree (about 140 KB) is its own chunk, fetched on the first call.
 */
export function loadRegionOptions(): Promise<CascaderOption[]> {
  regionOptions ??= import('../../../../catalogues/regions.json').then(
    ({ default: regions }) => (regions as Region[]).map(toCascaderOption),
    (error: unknown) => {
      // A failed chunk load (e.g. a deploy in between) is retried by the next call.
      regionOptions = undefined;
      throw error;
    },
  );
  return regionOptions;
}
