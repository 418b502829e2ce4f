/**
 * The names spec 3 gives codes (section 2 "Knowledge resource admin", section 9): the learner
 * view and the back office both read them from here, so a label is spelled once.
 */

/** Resource types; `iframe` is the one the learner view knows besides the back office's six. */
export const RESOURCE_TYPE_LABELS: Readonly<Record<string, string>> = {
  audio: '音频',
  lecture: '讲义',
  exercise: '习题',
  text: '文本',
  video: '视频',
  document: '文档',
  iframe: '嵌入页面',
};

/** The types in the order a form offers them. */
export const RESOURCE_TYPES = Object.keys(RESOURCE_TYPE_LABELS);

/** A type the server may one day add still shows something readable: its code. */
export function resourceTypeLabel(type: string): string {
  return RESOURCE_TYPE_LABELS[type] ?? type;
}

/** Levels and difficulties share the three steps 1 初级, 2 中级, 3 高级. */
export const LEVEL_LABELS: Readonly<Record<number, string>> = { 1: '初级', 2: '中级', 3: '高级' };

/** The levels in the order a filter or form offers them. */
export const LEVELS = [1, 2, 3] as const;

const UNKNOWN = '未知';

/** Spec 3: any value other than 1, 2 or 3 shows 未知. */
export function difficultyLabel(difficulty: number): string {
  return LEVEL_LABELS[difficulty] ?? UNKNOWN;
}

export function levelLabel(level: number): string {
  return LEVEL_LABELS[level] ?? UNKNOWN;
}
