import type { CSSProperties } from 'react';

/** The heading of each home section (the size antd gave them as level-2 titles). */
export const SECTION_TITLE_STYLE: CSSProperties = {
  margin: '0 0 16px',
  fontSize: 24,
  fontWeight: 600,
  lineHeight: 1.27,
  color: 'var(--xq-text)',
};
