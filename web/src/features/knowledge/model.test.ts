import { describe, expect, it } from 'vitest';
import {
  ancestorKeys,
  bannerIndex,
  categoriesOf,
  checkBalance,
  countNodes,
  courseAction,
  courseIdOf,
  courseMinutes,
  filterCourses,
  filterTree,
  firstPointKey,
  keyOfPoint,
  keyTree,
  pageOf,
  parseKpTree,
  prerequisiteIdsOf,
  resourcesOf,
} from './model';
import { course, kp } from './testing';

const TREE = [
  kp(1, '1', '依恋理论基础', [kp(2, '1.1', '安全型依恋'), kp(3, '1.2', '焦虑型依恋', [kp(4, '1.2.1', '抗议行为')])]),
  kp(5, '2', '沟通的基本功'),
];

describe('parseKpTree', () => {
  it('reads a list of roots, a single root, and the older kpId spelling', () => {
    expect(parseKpTree(JSON.stringify(TREE))).toEqual(TREE);
    expect(parseKpTree(JSON.stringify(TREE[1]))).toEqual([TREE[1]]);
    expect(parseKpTree('[{"kpId": 7, "name": "倾听"}]')).toEqual([kp(7, '', '倾听')]);
  });

  it('treats empty or broken text as a course without structure', () => {
    expect(parseKpTree('')).toEqual([]);
    expect(parseKpTree('   ')).toEqual([]);
    expect(parseKpTree('{not json')).toEqual([]);
    expect(parseKpTree('42')).toEqual([]);
  });
});

describe('course duration (spec 3 section 9)', () => {
  it('counts every node, all levels down', () => {
    expect(countNodes(TREE)).toBe(5);
  });

  it('is 15 minutes a point, at least 30', () => {
    expect(courseMinutes(JSON.stringify(TREE))).toBe(75);
    expect(courseMinutes(JSON.stringify([kp(1, '1', 'a')]))).toBe(30);
    expect(courseMinutes(JSON.stringify([kp(1, '1', 'a'), kp(2, '2', 'b')]))).toBe(30);
    expect(courseMinutes(JSON.stringify([kp(1, '1', 'a', [kp(2, '1.1', 'b'), kp(3, '1.2', 'c')])]))).toBe(45);
    expect(courseMinutes('')).toBe(30);
  });
});

describe('the tree and its search', () => {
  const keyed = keyTree(TREE);

  it('keys every node by its position', () => {
    expect(keyed[0].key).toBe('0');
    expect(keyed[0].children[1].children[0].key).toBe('0-1-0');
    expect(keyed[1].key).toBe('1');
  });

  it('keeps a match with the path down to it, and opens that path', () => {
    const { nodes, expandedKeys } = filterTree(keyed, '抗议');
    expect(nodes).toHaveLength(1);
    expect(nodes[0].name).toBe('依恋理论基础');
    expect(nodes[0].children.map((node) => node.name)).toEqual(['焦虑型依恋']);
    expect(nodes[0].children[0].children[0].key).toBe('0-1-0');
    expect(expandedKeys.sort()).toEqual(['0', '0-1']);
  });

  it('matches the sequence number too, ignores case, and keeps everything for an empty search', () => {
    expect(filterTree(keyed, '1.1').nodes[0].children.map((node) => node.name)).toEqual(['安全型依恋']);
    expect(filterTree(keyTree([kp(9, '1', 'NVC 非暴力沟通')]), 'nvc').nodes).toHaveLength(1);
    expect(filterTree(keyed, '  ').nodes).toEqual(keyed);
    expect(filterTree(keyed, '不存在的词').nodes).toEqual([]);
  });

  it('opens on the first node that names a point, and finds a point by id', () => {
    expect(firstPointKey(keyTree([kp(0, '1', '导读', [kp(8, '1.1', '开始')])]))).toBe('0-0');
    expect(firstPointKey(keyTree([]))).toBeNull();
    expect(keyOfPoint(keyed, 4)).toBe('0-1-0');
    expect(keyOfPoint(keyed, 99)).toBeNull();
    expect(ancestorKeys('0-1-0')).toEqual(['0', '0-1']);
    expect(ancestorKeys('2')).toEqual([]);
  });
});

describe('courseAction (spec 3 section 2)', () => {
  it('offers 继续学习, 开始学习, 购买学习 and 登录后学习', () => {
    expect(courseAction({ fee: 1990, isAcquired: 1 }, true)).toBe('continue');
    expect(courseAction({ fee: 0, isAcquired: 0 }, true)).toBe('start');
    expect(courseAction({ fee: 1990, isAcquired: 0 }, true)).toBe('buy');
    expect(courseAction({ fee: 1990, isAcquired: 0 }, false)).toBe('login');
  });

  it('asks a guest to sign in first, even for a free course (spec 3 section 4)', () => {
    expect(courseAction({ fee: 0, isAcquired: 0 }, false)).toBe('login');
  });
});

describe('checkBalance (spec 3 sections 4 and 5)', () => {
  it('passes a balance that covers the fee, exactly or more', () => {
    expect(checkBalance(1990, 1990)).toEqual({ enough: true });
    expect(checkBalance(1990, 5000)).toEqual({ enough: true });
  });

  it('names what is needed and what there is when short', () => {
    expect(checkBalance(1990, 500)).toEqual({
      enough: false,
      message: '余额不足，需要 ¥19.90，当前余额 ¥5.00，请先充值',
    });
  });
});

describe('bannerIndex', () => {
  it('is the course id modulo 5', () => {
    expect([5, 6, 7, 8, 9, 10].map(bannerIndex)).toEqual([0, 1, 2, 3, 4, 0]);
    expect(bannerIndex(-3)).toBe(2);
  });
});

describe('the catalogue filters', () => {
  const courses = [
    course(1, { name: '恋爱心理学入门', description: '依恋与吸引', category: '心理学', level: 1 }),
    course(2, { name: '沟通与倾听', description: '非暴力沟通', category: '沟通', level: 1 }),
    course(3, { name: '情绪管理', description: '认识并调节情绪', category: '情绪', level: 2 }),
    course(4, { name: '认识自己：大五人格', description: '人格的五个维度', category: '自我认知', level: 2 }),
  ];

  it('searches name or description', () => {
    expect(filterCourses(courses, { keyword: '沟通', category: '', level: 0 }).map((c) => c.kcId)).toEqual([2]);
    expect(filterCourses(courses, { keyword: '维度', category: '', level: 0 }).map((c) => c.kcId)).toEqual([4]);
  });

  it('filters by category and level, together with the search', () => {
    expect(filterCourses(courses, { keyword: '', category: '情绪', level: 0 }).map((c) => c.kcId)).toEqual([3]);
    expect(filterCourses(courses, { keyword: '', category: '', level: 2 }).map((c) => c.kcId)).toEqual([3, 4]);
    expect(filterCourses(courses, { keyword: '情绪', category: '', level: 1 })).toEqual([]);
  });

  it('lists each category once, in first-seen order, skipping blanks', () => {
    expect(categoriesOf([...courses, course(5, { category: '沟通' }), course(6, { category: ' ' })])).toEqual([
      '心理学',
      '沟通',
      '情绪',
      '自我认知',
    ]);
  });

  it('pages on the client', () => {
    const items = Array.from({ length: 13 }, (_, index) => index + 1);
    expect(pageOf(items, 1, 12)).toHaveLength(12);
    expect(pageOf(items, 2, 12)).toEqual([13]);
  });
});

describe('the learner view', () => {
  it('finds a point’s prerequisites, each once', () => {
    const links = [
      { parentKpId: 1, childKpId: 3 },
      { parentKpId: 2, childKpId: 3 },
      { parentKpId: 1, childKpId: 3 },
      { parentKpId: 3, childKpId: 4 },
    ];
    expect(prerequisiteIdsOf(3, links)).toEqual([1, 2]);
    expect(prerequisiteIdsOf(1, links)).toEqual([]);
  });

  it('finds the resources bound to a point', () => {
    const resources = [{ krId: 10 }, { krId: 11 }, { krId: 12 }];
    const relations = [
      { kpId: 1, krId: 12 },
      { kpId: 1, krId: 10 },
      { kpId: 2, krId: 11 },
    ];
    expect(resourcesOf(1, relations, resources)).toEqual([{ krId: 10 }, { krId: 12 }]);
    expect(resourcesOf(3, relations, resources)).toEqual([]);
  });

  it('accepts only a positive whole number as a course id', () => {
    expect(courseIdOf('12')).toBe(12);
    expect(courseIdOf('0')).toBeNull();
    expect(courseIdOf('abc')).toBeNull();
    expect(courseIdOf('1.5')).toBeNull();
    expect(courseIdOf(undefined)).toBeNull();
  });
});
