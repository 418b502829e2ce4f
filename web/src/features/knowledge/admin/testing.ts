import type {
  Course,
  KnowledgePoint,
  KnowledgePrerequisite,
  KnowledgeRelation,
  KnowledgeResource,
  Role,
} from '../../../api/generated/types.gen';
import { startSession } from '../../../lib/session';

/** Signs in as `username` with the role (admin by default). */
export function signInAs(username = 'zhou', sysRole: Role = 'admin') {
  startSession({
    accessToken: `token-${username}`,
    accessExpire: Math.floor(Date.now() / 1000) + 3600,
    uuid: `uuid-${username}`,
    username,
    nickname: username,
    sysRole,
  });
}

/** A course as list_courses answers it; tests override what they look at. */
export function course(kcId: number, overrides: Partial<Course> = {}): Course {
  return {
    kcId,
    name: `课程 ${kcId}`,
    description: `第 ${kcId} 门课程的介绍`,
    category: '心理学',
    level: 1,
    fee: 0,
    banner: '',
    kpTree: '[]',
    isAcquired: 0,
    pointCount: 0,
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
    description: '',
    content: '',
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

export const prerequisite = (id: number, parentKpId: number, childKpId: number): KnowledgePrerequisite => ({
  id,
  parentKpId,
  childKpId,
});

export const relation = (id: number, kpId: number, krId: number): KnowledgeRelation => ({ id, kpId, krId });
