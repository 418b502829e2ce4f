import { describe, expect, it } from 'vitest';
import { difficultyLabel, levelLabel, RESOURCE_TYPE_LABELS, resourceTypeLabel } from './labels';

describe('labels (spec 3)', () => {
  it('names the resource types, the learner view’s iframe included', () => {
    expect(RESOURCE_TYPE_LABELS).toEqual({
      audio: '音频',
      lecture: '讲义',
      exercise: '习题',
      text: '文本',
      video: '视频',
      document: '文档',
      iframe: '嵌入页面',
    });
    expect(resourceTypeLabel('podcast')).toBe('podcast');
  });

  it('names difficulties and levels 1 to 3, anything else 未知', () => {
    expect([1, 2, 3, 0, 4].map(difficultyLabel)).toEqual(['初级', '中级', '高级', '未知', '未知']);
    expect([1, 2, 3, -1].map(levelLabel)).toEqual(['初级', '中级', '高级', '未知']);
  });
});
