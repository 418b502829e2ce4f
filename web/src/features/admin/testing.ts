import type {
  AdminBlogItem,
  AdminUserItem,
  AuditEntry,
  FeedbackItem,
  PhotoUnderAudit,
  ProfileUnderAudit,
  PublicProfile,
  ReviewRecord,
  Role,
} from '../../api/generated/types.gen';
import { startSession } from '../../lib/session';

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

const SHARED = {
  uuid: 'uuid-hao',
  username: 'ahao',
  nickname: '阿浩',
  avatar: 'uploads/avatar/hao.jpg',
  gender: 'male',
  birthday: 19930917,
  height: 180,
  weight: 75,
  country: '',
  province: '44',
  city: '4403',
  district: '440305',
  homeCountry: '',
  homeProvince: '36',
  homeCity: '3601',
  homeDistrict: '360102',
  location: '深圳市南山区',
  showLocation: 0,
  education: '本科',
  occupation: '软件工程师',
  income: 50,
  maritalStatus: '未婚',
  boyCount: 0,
  girlCount: 0,
  religion: '无宗教信仰',
  hobbies: ['run', 'music'],
  tags: ['logical'],
  introduction: '程序员，不秃。',
  photos: ['uploads/photo/1.jpg', 'uploads/photo/2.jpg'],
  photo: 'uploads/photo/1.jpg',
  isVerified: 0,
  vipLevel: 0,
  vip_level: 0,
  vip_expire_at: 0,
  auditRemark: '',
  auditRejectedAt: 0,
};

/** A member's profile with waiting changes, as the audit list answers it; tests override the changes. */
export function profileUnderAudit(overrides: Partial<ProfileUnderAudit> = {}): ProfileUnderAudit {
  return {
    ...SHARED,
    lat: 0,
    lng: 0,
    homeLat: 0,
    homeLng: 0,
    photoProtection: 0,
    invisibleBrowsing: 0,
    seekGender: '',
    seekAgeMin: 0,
    seekAgeMax: 0,
    underReview: [],
    sex: 'male',
    age: 32,
    updatedAt: 1_763_700_000,
    ...overrides,
  };
}

/** The same member's passed profile (POST /user/profile/get). */
export function passedProfile(overrides: Partial<PublicProfile> = {}): PublicProfile {
  return {
    ...SHARED,
    sex: 'male',
    age: 32,
    regionName: '广东省 深圳市 南山区',
    homeRegionName: '江西省 南昌市 东湖区',
    times: 3,
    locked: 0,
    ...overrides,
  };
}

export function photo(photoId: number, overrides: Partial<PhotoUnderAudit> = {}): PhotoUnderAudit {
  return {
    photoId,
    userId: 40 + photoId,
    uuid: `uuid-${photoId}`,
    photoUrl: `uploads/photo/${photoId}.jpg`,
    isAudited: 1,
    createdAt: 1_763_700_000,
    auditedAt: 1_763_703_600,
    ...overrides,
  };
}

export function feedbackItem(id: number, overrides: Partial<FeedbackItem> = {}): FeedbackItem {
  return {
    id,
    name: `访客 ${id}`,
    email: `guest${id}@example.com`,
    type: 'suggestion',
    message: `第 ${id} 条反馈`,
    createdAt: 1_763_700_000,
    userId: null,
    handled: 0,
    handledAt: 0,
    ...overrides,
  };
}

/** A real-name submission under review whose card was read and matches what the member typed. */
export function idCardRecord(id: number, overrides: Partial<ReviewRecord> = {}): ReviewRecord {
  return {
    id,
    user_id: 40 + id,
    username: 'linlin',
    nickname: '琳琳',
    req_name: '王琳',
    req_idcard_num: '440301198808083015',
    name: '王琳',
    idcard_num: '440301198808083015',
    number_clashes: [],
    image_front: `idcard/${id}/front.jpg`,
    image_back: `idcard/${id}/back.jpg`,
    audit_status: 1,
    fail_reason: '',
    created_at: 1_763_700_000,
    audited_at: 0,
    recognised: true,
    gender: 2,
    ethnicity: '汉',
    birthday: '1988-08-08',
    address: '广东省深圳市福田区',
    issuing_authority: '深圳市公安局福田分局',
    validity_period: '2018.01.01-2038.01.01',
    ...overrides,
  };
}

export function adminUser(userId: number, overrides: Partial<AdminUserItem> = {}): AdminUserItem {
  return {
    userId,
    username: `member${userId}`,
    nickname: `会员${userId}`,
    email: `member${userId}@example.com`,
    phone: '',
    sysRole: 'user',
    avatar: '',
    loginedAt: 1_763_703_600,
    uuid: `uuid-member${userId}`,
    createdAt: 1_763_000_000,
    ...overrides,
  };
}

export function adminBlog(id: number, overrides: Partial<AdminBlogItem> = {}): AdminBlogItem {
  return {
    id,
    title: `第 ${id} 篇文章`,
    author: '阿浩',
    content: '周末去深圳湾跑步，顺便聊聊恋爱观。',
    createdAt: 1_763_700_000,
    isPublished: 1,
    isApproved: 1,
    status: 'published',
    held: false,
    ...overrides,
  };
}

export function auditEntry(id: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    actorId: 1,
    actor: 'superadmin',
    action: 'blog.approve',
    objectKind: 'blog',
    objectId: '12',
    before: '{"isApproved":false}',
    after: '{"isApproved":true}',
    createdAt: 1_763_700_000,
    ...overrides,
  };
}
