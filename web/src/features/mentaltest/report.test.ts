import { afterEach, describe, expect, it, vi } from 'vitest';
import { paintReport, reportLines, reportPng } from './report';

const DATE = new Date(2025, 2, 8, 10, 30);

const texts = (lines: { text: string }[]) => lines.map((line) => line.text);

describe('reportLines', () => {
  it('holds the date, the name, every answer with its label, the band and its advice', () => {
    const lines = reportLines({ date: DATE, name: ' 小雨 ', answers: [0, 1, 2, 3, 0] });
    const all = texts(lines);
    expect(all[0]).toBe('心理健康小测试报告');
    expect(all).toContain('测试日期：2025-03-08');
    expect(all).toContain('姓名：小雨');
    expect(all).toContain('1. 做事时提不起劲或没有兴趣：完全没有（0 分）');
    expect(all).toContain('2. 感到心情低落、沮丧或绝望：有几天（1 分）');
    expect(all).toContain('3. 感觉紧张、焦虑或急切：一半以上的时间（2 分）');
    expect(all).toContain('4. 不能停止或控制担忧：几乎每天（3 分）');
    expect(all).toContain('5. 入睡困难、睡不安稳或睡眠过多：完全没有（0 分）');
    expect(lines.find((line) => line.kind === 'band')?.text).toBe('需要多关注自己 · 平均分 1.2（满分 3）');
    expect(all.some((text) => text.includes('持续两周以上'))).toBe(true);
    expect(all.some((text) => text.includes('12356'))).toBe(false);
  });

  it('leaves the name out when none was typed', () => {
    const all = texts(reportLines({ date: DATE, name: '  ', answers: [0, 0, 0, 0, 0] }));
    expect(all.some((text) => text.startsWith('姓名'))).toBe(false);
    expect(all).toContain('你的状态不错 · 平均分 0（满分 3）');
  });

  it('gives the help numbers with the third band', () => {
    const lines = reportLines({ date: DATE, name: '', answers: [2, 2, 2, 2, 2] });
    expect(lines.filter((line) => line.kind === 'alert').map((line) => line.text)).toEqual([
      '全国心理援助热线：12356',
      '紧急情况请拨打 120（急救）或 110（报警）',
    ]);
  });
});

/** A 2D context that records what is written and measures every character 20 px wide. */
function recordingContext() {
  const written: string[] = [];
  const context = {
    font: '',
    fillStyle: '',
    textBaseline: '',
    scale: vi.fn(),
    fillRect: vi.fn(),
    fillText: (text: string) => written.push(text),
    measureText: (text: string) => ({ width: [...text].length * 20 }),
  };
  return { context, written };
}

describe('paintReport', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes every line, wrapping long ones inside the margins', () => {
    const { context, written } = recordingContext();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
    const lines = reportLines({ date: DATE, name: '', answers: [3, 3, 3, 3, 3] });
    const canvas = paintReport(lines, 'seekHelp');

    expect(canvas).not.toBeNull();
    expect(canvas!.width).toBe(1800);
    expect(written[0]).toBe('心桥 · 心理健康小测试报告');
    // 900 px wide with 56 px margins leaves 788 px: 39 characters of 20 px per piece.
    expect(Math.max(...written.map((piece) => [...piece].length))).toBeLessThanOrEqual(39);
    expect(written.join('')).toContain('全国心理援助热线：12356');
    expect(written.join('')).toContain(lines.find((line) => line.kind === 'band')!.text);
  });

  it('answers null where the browser has no 2D canvas', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    await expect(reportPng({ date: DATE, name: '', answers: [0, 0, 0, 0, 0] })).resolves.toBeNull();
  });
});
