import type { KpNode } from '../model';

/** Spec 3 section 9, progress colours by percent: at least 80 green, at least 60 amber, at least 40 red, else grey. */
export const PROGRESS_COLOURS = {
  green: '#389e0d',
  amber: '#d48806',
  red: '#cf1322',
  grey: '#8c8c8c',
} as const;

export function progressColour(percent: number): string {
  if (percent >= 80) return PROGRESS_COLOURS.green;
  if (percent >= 60) return PROGRESS_COLOURS.amber;
  if (percent >= 40) return PROGRESS_COLOURS.red;
  return PROGRESS_COLOURS.grey;
}

/** Study time in hours with one decimal (5400 s → "1.5"); never negative. */
export function formatHours(seconds: number): string {
  const hours = Math.max(0, seconds) / 3600;
  return (Math.round(hours * 10) / 10).toFixed(1);
}

/** A course the member started: 开始学习 until a point of it was opened, 继续学习 after. */
export function courseStep(openedPoints: number): 'start' | 'continue' {
  return openedPoints > 0 ? 'continue' : 'start';
}

/** The recommendation preview's structure: the top level and its children, nothing deeper. */
export function twoLevels(nodes: readonly KpNode[]): KpNode[] {
  return nodes.map((node) => ({ ...node, children: node.children.map((child) => ({ ...child, children: [] })) }));
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * When a reviewed point comes back: a time today (a forgotten point returns within minutes),
 * otherwise its date.
 */
export function whenDue(dueAt: number, nowMs = Date.now()): string {
  const due = new Date(dueAt * 1000);
  const now = new Date(nowMs);
  const sameDay =
    due.getFullYear() === now.getFullYear() && due.getMonth() === now.getMonth() && due.getDate() === now.getDate();
  if (sameDay) return `今天 ${pad(due.getHours())}:${pad(due.getMinutes())}`;
  return `${due.getFullYear()}-${pad(due.getMonth() + 1)}-${pad(due.getDate())}`;
}
