import type { MyProfile, PublicProfile } from '../../api/generated/types.gen';
import { startSession } from '../../lib/session';

export const ME = 'uuid-me';

/** Signs in as the member whose profile the tests edit. */
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

/** The own profile as the server answers it; tests override what they look at. */
export function myProfile(overrides: Partial<MyProfile> = {}): MyProfile {
  return {
    uuid: ME,
    username: 'mei',
    nickname: '小美',
    avatar: '',
    gender: 'female',
    birthday: 19950308,
    height: 165,
    weight: 0,
    country: '',
    province: '11',
    city: '1101',
    district: '110105',
    lat: 399092,
    lng: 1163974,
    homeCountry: '',
    homeProvince: '33',
    homeCity: '',
    homeDistrict: '',
    homeLat: 0,
    homeLng: 0,
    location: '望京',
    education: '本科',
    occupation: '设计师',
    income: 20,
    maritalStatus: '',
    boyCount: 0,
    girlCount: 1,
    religion: '无宗教信仰',
    hobbies: ['draw', 'run'],
    tags: ['gentle'],
    introduction: '喜欢画画和跑步',
    photos: [],
    photo: '',
    photoProtection: 0,
    invisibleBrowsing: 0,
    seekGender: '',
    seekAgeMin: 0,
    seekAgeMax: 0,
    isVerified: 0,
    vipLevel: 0,
    vip_level: 0,
    vip_expire_at: 0,
    underReview: [],
    auditRemark: '',
    auditRejectedAt: 0,
    ...overrides,
  };
}

/** Another member's profile as the server answers it. */
export function publicProfile(overrides: Partial<PublicProfile> = {}): PublicProfile {
  return {
    uuid: 'uuid-other',
    username: 'ahao',
    nickname: '阿浩',
    avatar: 'uploads/avatar/a.jpg',
    age: 29,
    sex: 'male',
    gender: 'male',
    birthday: 19970101,
    height: 180,
    weight: 70,
    country: '',
    province: '33',
    city: '3301',
    district: '330106',
    homeCountry: '',
    homeProvince: '11',
    homeCity: '',
    homeDistrict: '',
    regionName: '浙江省 杭州市 西湖区',
    homeRegionName: '北京市',
    location: '文三路',
    education: '硕士',
    occupation: '工程师',
    income: 30,
    maritalStatus: '未婚',
    boyCount: 0,
    girlCount: 0,
    religion: '无宗教信仰',
    hobbies: ['run', 'cook'],
    tags: ['humorous'],
    introduction: '爱运动，也爱做饭',
    photos: ['uploads/photo/p1.jpg'],
    photo: 'uploads/photo/p1.jpg',
    times: 12,
    locked: 0,
    isVerified: 1,
    vipLevel: 0,
    vip_level: 0,
    vip_expire_at: 0,
    ...overrides,
  };
}
