import { describe, expect, it } from 'vitest';
import { emptyFormValues, formValuesOf, saveRequestOf } from './formModel';
import {
  crisisProblem,
  displayName,
  draftFromQuestions,
  draftFromText,
  feeBadge,
  formatCountdown,
  moveItem,
  needsPurchase,
  newQuestion,
  nextFromId,
  orderedKeys,
  parseId,
  questionsProblem,
  readingRows,
  resultView,
  stockPictureIndex,
  summarysProblem,
  type EditableQuestion,
} from './model';
import { examDetail, resultDetail } from './testing';

const question = (qid: number, overrides: Partial<EditableQuestion> = {}): EditableQuestion => ({
  qid,
  question: `问题 ${qid}`,
  question_key: '',
  question_tag: '',
  score: 0,
  options: [
    { oid: 1, option: '是', score: 1 },
    { oid: 2, option: '否', score: 0 },
  ],
  ...overrides,
});

describe('fee badge', () => {
  it('reads 免费, the price, or the price with 已购买', () => {
    expect(feeBadge({ fee: 0, isAcquired: 0 })).toEqual({ kind: 'free', text: '免费' });
    expect(feeBadge({ fee: 990, isAcquired: 0 })).toEqual({ kind: 'price', text: '¥9.90' });
    expect(feeBadge({ fee: 1990, isAcquired: 2 })).toEqual({ kind: 'acquired', text: '¥19.90 已购买' });
    // A free assessment never reads as bought.
    expect(feeBadge({ fee: 0, isAcquired: 1 }).text).toBe('免费');
  });

  it('asks to buy only when paid, not covered and not takeable', () => {
    expect(needsPurchase(examDetail(1, { fee: 990, isAcquired: 0, canTake: 0 }))).toBe(true);
    expect(needsPurchase(examDetail(1, { fee: 990, isAcquired: 1, canTake: 1 }))).toBe(false);
    expect(needsPurchase(examDetail(1, { fee: 990, isAcquired: 0, canTake: 1 }))).toBe(false);
    expect(needsPurchase(examDetail(1, { fee: 0, isAcquired: 0, canTake: 1 }))).toBe(false);
  });
});

describe('ids, paging and small formats', () => {
  it('takes only digits as an id', () => {
    expect(parseId('12')).toBe(12);
    expect(parseId('0')).toBeNull();
    expect(parseId('12abc')).toBeNull();
    expect(parseId('-3')).toBeNull();
    expect(parseId(undefined)).toBeNull();
  });

  it('pages from the smallest id seen and stops at an empty page', () => {
    expect(nextFromId([{ exams: [{ id: 30 }, { id: 12 }, { id: 25 }] }])).toBe(12);
    expect(nextFromId([{ exams: [{ id: 30 }] }, { exams: [{ id: 9 }] }])).toBe(9);
    expect(nextFromId([{ exams: [{ id: 30 }] }, { exams: [] }])).toBeUndefined();
  });

  it('picks the same stock picture for an id every time', () => {
    expect(stockPictureIndex(4)).toBe(0);
    expect(stockPictureIndex(7)).toBe(1);
    expect(stockPictureIndex(7)).toBe(stockPictureIndex(7));
  });

  it('counts down as mm:ss, with hours past an hour', () => {
    expect(formatCountdown(65)).toBe('01:05');
    expect(formatCountdown(3725)).toBe('1:02:05');
    expect(formatCountdown(-4)).toBe('00:00');
  });
});

describe('result keys', () => {
  it('strips the ordering prefix: leading __, then digits, then one _', () => {
    expect(displayName('__1_外向性')).toBe('外向性');
    expect(displayName('__12_开放性')).toBe('开放性');
    expect(displayName('__外向')).toBe('外向');
    expect(displayName('__3__双')).toBe('_双');
    expect(displayName('E')).toBe('E');
    expect(displayName('总分')).toBe('总分');
  });

  it("orders a bar result's readings by the pole pairs and names them as the bars do", () => {
    const rows = readingRows(
      {
        F: { digest: '情感（F）', description: 'f' },
        E: { digest: '外向（E）', description: 'e' },
        P: { digest: '感知（P）', description: 'p' },
        N: { digest: '直觉（N）', description: 'n' },
      },
      'bar',
    );
    expect(rows.map((row) => row.name)).toEqual(['E 外向', 'N 直觉', 'F 情感', 'P 感知']);
  });

  it('orders by the numeric prefix, __2_ before __10_', () => {
    expect(orderedKeys({ __10_十: 1, __2_二: 1, 其他: 1, __1_一: 1 })).toEqual(['__1_一', '__2_二', '__10_十', '其他']);
  });

  it('gives the dimension table display names in order', () => {
    const rows = readingRows({
      __2_宜人性: { digest: '高', description: '友善' },
      __1_外向性: { digest: '中', description: '动静皆宜' },
    });
    expect(rows.map((row) => [row.name, row.digest, row.description])).toEqual([
      ['外向性', '中', '动静皆宜'],
      ['宜人性', '高', '友善'],
    ]);
  });
});

describe('result view', () => {
  it('shows several option dimensions as a radar, with maxima from the result and 60 by default', () => {
    const view = resultView(
      resultDetail({
        examResult: { __2_宜人性: 40, __1_外向性: 30, __3_尽责性: 20 },
        maxScore: { __1_外向性: 50, __2_宜人性: 50 },
      }),
    );
    expect(view.kind).toBe('radar');
    if (view.kind !== 'radar') return;
    expect(view.dimensions.map((d) => [d.name, d.value, d.max])).toEqual([
      ['外向性', 30, 50],
      ['宜人性', 40, 50],
      ['尽责性', 20, 60],
    ]);
  });

  it('shows one option dimension as a single value over its maximum', () => {
    const view = resultView(resultDetail({ examResult: { __1_总分: 12 }, maxScore: { __1_总分: 27 } }));
    expect(view).toEqual({ kind: 'single', dimension: { key: '__1_总分', name: '总分', value: 12, max: 27 } });
  });

  it('shows a bar result as pole pairs in E-I, S-N, T-F, J-P order, the higher side winning', () => {
    const view = resultView(
      resultDetail({
        questionsType: 'bar',
        examResult: { J: 20, P: 12, I: 22, E: 14, S: 18, N: 18, F: 25, T: 9 },
        maxScore: { E: 30, I: 30, S: 30, N: 30, T: 30, F: 30, J: 30, P: 30 },
      }),
    );
    expect(view.kind).toBe('bars');
    if (view.kind !== 'bars') return;
    expect(view.bars.map((bar) => `${bar.left.label}|${bar.right.label}`)).toEqual([
      'E 外向|I 内向',
      'S 实感|N 直觉',
      'T 思考|F 情感',
      'J 判断|P 感知',
    ]);
    expect(view.bars.map((bar) => bar.winner)).toEqual(['right', 'left', 'right', 'left']);
    // A tie goes to the left pole, as the server reads it.
    expect(view.type).toBe('ISFJ');
    expect(view.bars[0].leftPercent).toBe(39);
  });

  it('shows only the pairs a bar result has', () => {
    const view = resultView(resultDetail({ questionsType: 'bar', examResult: { T: 3, F: 5 }, maxScore: {} }));
    expect(view.kind === 'bars' && view.bars.map((bar) => bar.left.letter)).toEqual(['T']);
  });

  it('has nothing to draw without scores', () => {
    expect(resultView(resultDetail({ examResult: {}, maxScore: {} })).kind).toBe('empty');
  });
});

describe('questions editor model', () => {
  it('keeps the JSON text in step with structured edits', () => {
    const draft = draftFromQuestions([question(1)]);
    expect(JSON.parse(draft.text)).toEqual([question(1)]);
    expect(draft.error).toBeNull();
  });

  it('takes the questions from JSON text that parses, as an array or as {questions}', () => {
    const start = draftFromQuestions([question(1)]);
    const text = JSON.stringify({ questions: [question(5, { question: '新问题' })] });
    const next = draftFromText(text, start);
    expect(next.error).toBeNull();
    expect(next.text).toBe(text);
    expect(next.questions.map((q) => [q.qid, q.question])).toEqual([[5, '新问题']]);
  });

  it('keeps the last good questions and says why while the text does not parse', () => {
    const start = draftFromQuestions([question(1)]);
    const broken = draftFromText('[{"qid": 1,', start);
    expect(broken.text).toBe('[{"qid": 1,');
    expect(broken.error).toMatch(/^题目 JSON 格式错误：/);
    expect(broken.questions).toEqual(start.questions);
    expect(draftFromText('{"a": 1}', start).error).toBe('题目 JSON 格式错误：应为数组，或带 questions 数组的对象');
  });

  it('checks the rules the server checks, naming the question', () => {
    expect(questionsProblem([])).toBe('题目数量须在 1 到 100 之间');
    expect(questionsProblem([question(1), question(1)])).toBe('题号 1 无效或重复：题号须为不重复的正整数');
    expect(questionsProblem([question(2, { question: ' ' })])).toBe('第 2 题：请填写题目内容');
    expect(questionsProblem([question(3, { options: [{ oid: 1, option: '是', score: 1 }] })])).toBe(
      '第 3 题：选项须为 2 到 12 个',
    );
    expect(
      questionsProblem([
        question(4, {
          options: [
            { oid: 1, option: '是', score: 1 },
            { oid: 1, option: '否', score: 0 },
          ],
        }),
      ]),
    ).toBe('第 4 题：选项编号 1 重复');
    expect(questionsProblem([question(1), question(2)])).toBeNull();
  });

  it('adds a question after the others with the next qid and the last options, and reorders', () => {
    const added = newQuestion([question(1), question(4, { question_key: 'E', question_tag: '性格' })]);
    expect(added).toMatchObject({ qid: 5, question: '', question_key: 'E', question_tag: '性格' });
    expect(added.options).toHaveLength(2);
    expect(moveItem([1, 2, 3], 2, 0)).toEqual([3, 1, 2]);
    expect(moveItem([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
  });

  it('checks the readings and help rules against the questions', () => {
    const keys = ['总分'];
    expect(summarysProblem('', keys)).toBeNull();
    expect(summarysProblem('{"总分": [{"min": 0, "max": 4, "digest": "低", "description": "说明"}]}', keys)).toBeNull();
    expect(summarysProblem('{"外向": []}', keys)).toBe('结果解读中的维度「外向」没有对应的题目');
    expect(summarysProblem('{"总分": [{"min": 5, "max": 1, "digest": "x", "description": "y"}]}', keys)).toBe(
      '维度「总分」的分数段 5–1 无效',
    );
    expect(summarysProblem('{', keys)).toMatch(/^结果解读 JSON 格式错误/);
    expect(crisisProblem('[{"qid": 9, "atLeast": 1}]', [9], keys)).toBeNull();
    expect(crisisProblem('[{"qid": 10, "atLeast": 1}]', [9], keys)).toBe('求助提示规则中的第 10 题不存在');
    expect(crisisProblem('[{"key": "总分", "atLeast": 20}]', [9], keys)).toBeNull();
    expect(crisisProblem('{}', [9], keys)).toBe('求助提示规则应为数组');
  });
});

describe('form values', () => {
  it('starts with the spec defaults: one question, no time limit, free', () => {
    expect(emptyFormValues()).toMatchObject({ questionCount: 1, timeLimit: 0, fee: 0, free: true });
  });

  it('reads the fee in fen as yuan, and sends yuan with flags as 0/1 and the questions as text', () => {
    const exam = examDetail(3, {
      fee: 1990,
      free: 0,
      oneFree: 1,
      questions: JSON.stringify([question(1), question(2)]),
      questionCount: 2,
    });
    const values = formValuesOf(exam);
    expect(values.fee).toBe(19.9);
    expect(values.free).toBe(false);
    expect(values.oneFree).toBe(true);
    expect(values.questions.questions).toHaveLength(2);
    const request = saveRequestOf({ ...values, evaluatorUserIds: ' 1, 2 ' });
    expect(request).toMatchObject({
      fee: 19.9,
      free: 0,
      oneFree: 1,
      isHot: 0,
      questionCount: 2,
      evaluatorUserIds: '1,2',
    });
    expect(JSON.parse(request.questions)).toHaveLength(2);
  });
});
