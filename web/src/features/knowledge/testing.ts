import type { Course, CourseDetail, KnowledgePoint, KnowledgeResource, Role } from '../../api/generated/types.gen';
import { startSession } from '../../lib/session';
import type { KpNode } from './model';

/** Signs in as `username` with a role; the uuid is `uuid-<username>`. */
export function signInAs(username: string, sysRole: Role = 'user') {
  startSession({
    accessToken: `token-${username}`,
    accessExpire: Math.floor(Date.now() / 1000) + 3600,
    uuid: `uuid-${username}`,
    username,
    nickname: username,
    sysRole,
  });
}

/** A tree node as the server writes it into kpTree. */
export function kp(kpID: number, seqname: string, name: string, children: KpNode[] = []): KpNode {
  return { kpID, seqname, name, children };
}

/** A course of the catalogue, as the server answers it; tests override what they look at. */
export function course(kcId: number, overrides: Partial<Course> = {}): Course {
  return {
    kcId,
    name: `课程 ${kcId}`,
    description: `第 ${kcId} 门课程的简介`,
    category: '心理学',
    level: 1,
    fee: 0,
    banner: '',
    kpTree: JSON.stringify([kp(1, '1', '依恋理论基础')]),
    pointCount: 1,
    isAcquired: 0,
    createdAt: 1_750_000_000,
    updatedAt: 1_750_000_000,
    ...overrides,
  };
}

export function point(kpId: number, overrides: Partial<KnowledgePoint> = {}): KnowledgePoint {
  return {
    kpId,
    name: `知识点 ${kpId}`,
    category: '心理学',
    level: 1,
    description: `知识点 ${kpId} 的简介`,
    content: `<p>知识点 ${kpId} 的正文</p>`,
    examples: [],
    references: [],
    locked: false,
    createdAt: 1_750_000_000,
    updatedAt: 1_750_000_000,
    ...overrides,
  };
}

export function resource(krId: number, overrides: Partial<KnowledgeResource> = {}): KnowledgeResource {
  return {
    krId,
    name: `资源 ${krId}`,
    content: '',
    url: '',
    iframe: '',
    type: 'text',
    difficulty: 1,
    locked: false,
    questionCount: 0,
    createdAt: 1_750_000_000,
    updatedAt: 1_750_000_000,
    ...overrides,
  };
}

export function courseDetail(overrides: Partial<CourseDetail> = {}): CourseDetail {
  return {
    course: course(1),
    readable: true,
    learning: { opened: [], mastered: [], next: null },
    points: [point(1)],
    prerequisites: [],
    relations: [],
    resources: [],
    ...overrides,
  };
}
