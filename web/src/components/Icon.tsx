import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import { createElement, type ReactNode } from 'react';
import { cx } from '../lib/classNames';
import styles from './Icon.module.css';

/** The definitions use SVG's attribute names (fill-rule); React wants its own (fillRule). */
function reactProps(attrs: AbstractNode['attrs']): Record<string, string> {
  return Object.fromEntries(
    Object.entries(attrs).map(([name, value]) => [
      name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase()),
      value,
    ]),
  );
}

function draw(node: AbstractNode, key?: number): ReactNode {
  return createElement(node.tag, { ...reactProps(node.attrs), key }, node.children?.map(draw));
}

/**
 * One of antd's icons, drawn from its SVG definition without the @ant-design/icons runtime (colour
 * palettes, style injection), so screens built without antd keep the same icons and stay light.
 * Decorative: the text beside it carries the meaning.
 */
export function Icon({ icon, className }: { icon: IconDefinition; className?: string }) {
  if (typeof icon.icon === 'function') throw new Error(`two-tone icon ${icon.name} is not supported`);
  const svg = icon.icon;
  return (
    <span aria-hidden className={cx(styles.icon, className)}>
      {createElement(
        svg.tag,
        { ...reactProps(svg.attrs), width: '1em', height: '1em', fill: 'currentColor' },
        svg.children?.map(draw),
      )}
    </span>
  );
}
