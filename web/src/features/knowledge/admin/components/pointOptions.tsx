import { Tag } from 'antd';
import type { KnowledgePoint } from '../../../../api/generated/types.gen';
import { matchesWords } from '../model';
import styles from './pointOptions.module.css';

/** A point in a select: found by its name or its category. */
export interface PointOption {
  value: number;
  label: string;
  category: string;
}

export function pointOptions(points: readonly KnowledgePoint[]): PointOption[] {
  return points.map((point) => ({ value: point.kpId, label: point.name, category: point.category }));
}

/** antd Select's showSearch for point options. */
export const POINT_SEARCH = {
  filterOption: (input: string, option?: PointOption) =>
    matchesWords(input, option?.label ?? '', option?.category ?? ''),
};

/** An option shows its category beside the name: courses reuse names like 概述 across subjects. */
export function renderPointOption(option: { data: PointOption }) {
  return (
    <span className={styles.option}>
      <span className={styles.name}>{option.data.label}</span>
      {option.data.category && <Tag className={styles.category}>{option.data.category}</Tag>}
    </span>
  );
}
