import type { PersonCard, VisitCard } from '../../api/generated/types.gen';
import { startSession } from '../../lib/session';

export const ME = 'uuid-me';

/** Signs in as the member whose lists the tests open. */
export function signIn(uuid = ME) {
  startSession({
    accessToken: 'token-1',
    accessExpire: Math.floor(Date.now() / 1000) + 3600,
    uuid,
    username: 'mei',
    nickname: '小美',
    sysRole: 'user',
  });
}

/** A person as the lists answer them; tests override what they look at. */
export function person(overrides: Partial<PersonCard> = {}): PersonCard {
  return {
    uuid: 'uuid-hao',
    username: 'ahao',
    nickname: '阿浩',
    avatar: 'uploads/avatar/a.jpg',
    photo: 'uploads/photo/p1.jpg',
    age: 29,
    sex: 'male',
    location: '浙江省 杭州市 西湖区',
    city: '杭州市',
    height: 180,
    occupation: '工程师',
    education: '硕士',
    maritalStatus: '未婚',
    boyCount: 0,
    girlCount: 0,
    hobbies: ['photo', 'travel'],
    introduction: '爱运动，也爱做饭',
    locked: 0,
    isLiked: 0,
    isVerified: 0,
    ...overrides,
  };
}

export function visit(overrides: Partial<VisitCard> = {}): VisitCard {
  return { ...person(), times: 3, lastVisitedAt: Math.floor(Date.now() / 1000) - 7200, ...overrides };
}

/** The calls made to one path, and their bodies. */
export const bodiesOf = (calls: { path: string; body: unknown }[], path: string) =>
  calls.filter((call) => call.path === path).map((call) => call.body);
