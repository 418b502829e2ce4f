/**
 * Every text of the profile screens; the marked ones are fixed by spec 1 (sections 2, 4, 8) and
 * spec 2 (sections 2.1, 2.10, 5, 8), or are the server's own rule texts, repeated so the form
 * answers before sending.
 */
export const PROFILE_TEXT = {
  loginRequiredDetail: '登录后才能查看和编辑个人资料',
  memberLoginRequiredDetail: '登录后才能查看会员主页',
  /** spec 2 §8 */
  loadFailed: '获取用户信息失败',
  retry: '重试',
  /** spec 1 §4 */
  underReview: '待审核',
  underReviewHint: '修改已提交，审核通过后对他人可见',
  /** spec 3: a rejection, with the admin's remark when there is one. */
  auditRejected: (remark: string) => (remark ? `资料修改未通过审核：${remark}` : '资料修改未通过审核'),

  viewMyPage: '查看我的主页',
  formTitle: '基本资料',
  edit: '编辑',
  save: '保存',
  cancel: '取消',
  /** spec 2 §8 */
  saved: '保存成功',
  /** spec 2 §8 */
  saveFailed: '保存失败',

  sectionBasic: '基本信息',
  sectionPlace: '所在地与家乡',
  sectionInterests: '兴趣与个性',
  sectionAbout: '关于我',
  nickname: '昵称',
  nicknamePlaceholder: '给自己起个好听的名字',
  /** spec 2 §5 */
  nicknameRequired: '请输入昵称',
  gender: '性别',
  genderPlaceholder: '请选择性别',
  birthday: '生日',
  birthdayPlaceholder: '请选择出生日期',
  height: '身高',
  /** spec 2 §5 */
  heightInvalid: '请输入有效的身高',
  weight: '体重',
  /** spec 2 §5 */
  weightInvalid: '请输入有效的体重',
  cm: 'cm',
  kg: 'kg',
  education: '学历',
  educationPlaceholder: '请选择学历',
  occupation: '职业',
  occupationPlaceholder: '如：软件工程师',
  income: '月收入',
  incomePlaceholder: '请选择收入范围',
  maritalStatus: '婚姻状况',
  maritalStatusPlaceholder: '请选择婚姻状况',
  boyCount: '男孩数量',
  girlCount: '女孩数量',
  religion: '宗教信仰',
  religionPlaceholder: '请选择宗教信仰',
  region: '现居地',
  homeRegion: '家乡',
  regionPlaceholder: '请选择省 / 市 / 区',
  location: '详细地址',
  locationPlaceholder: '如：朝阳区望京街道',
  showLocation: '向其他会员显示详细地址',
  locationPrivate: '详细地址只有你自己能看到，其他会员只看到城市和区县。',
  locationPublic: '其他会员会在你的资料页看到这条详细地址。',
  hobbies: '兴趣爱好',
  hobbiesPlaceholder: '搜索或选择你的兴趣爱好',
  tags: '个性标签',
  tagsPlaceholder: '选择最像你的个性标签',
  introduction: '个人介绍',
  introductionPlaceholder: '介绍一下你自己：性格、生活方式、期待遇见怎样的人……',
  notFilled: '未填写',
  coordinates: (lng: string, lat: string) => `坐标 ${lng}, ${lat}`,

  /** spec 1 §2: the city picker on the maps service. */
  mapPick: '地图选点',
  mapTitle: '地图选点',
  mapSearchPlaceholder: '搜索地点、小区或写字楼',
  mapSearch: '搜索',
  mapHint: '搜索地点，或直接在地图上点击选择位置',
  mapNoResults: '没有找到相关地点',
  mapChosen: '已选位置',
  mapConfirm: '确定',
  /** spec 1 §8 */
  mapLoadFailed: '地图加载失败，请刷新页面重试',
  /** spec 1 §8 */
  mapInitFailed: '地图初始化失败，请刷新页面重试',
  /** spec 1 §8 */
  geocodeFailed: (reason: string) => `获取位置信息失败：${reason}`,

  avatarChange: '更换头像',
  avatarAlt: (name: string) => `${name}的头像`,
  /** spec 2 §5 */
  avatarWrongType: '上传头像图片只能是 JPG/PNG/WEBP 格式!',
  /** spec 2 §5 */
  avatarTooLarge: '上传头像图片大小不能超过 2MB!',
  /** spec 2 §8 */
  avatarUploaded: '头像上传成功',
  /** spec 2 §8 */
  avatarFailed: '头像上传失败',

  photosTitle: '我的相册',
  photosCount: (count: number, max: number) => `${count}/${max}`,
  photosHint: '最多 9 张，每张不超过 5MB；新照片审核通过后对他人可见',
  photosEmpty: '上传几张生活照，让大家更好地认识你',
  addPhoto: '上传照片',
  photoAlt: (n: number) => `照片 ${n}`,
  coverBadge: '封面',
  /** spec 2 §5 */
  photoNotImage: '只能上传图片文件!',
  /** spec 2 §5 */
  photoTooLarge: '上传图片大小不能超过 5MB!',
  /** Server rule text. */
  tooManyPhotos: '最多上传9张照片',
  /** spec 2 §8 */
  photoUploaded: '照片上传成功',
  /** spec 2 §8 */
  photoFailed: '照片上传失败',
  /** spec 2 §2.1 */
  moveFirst: '设为首位',
  /** spec 2 §8 */
  movedFirst: '照片已移至首位',
  deletePhoto: '删除',
  deletePhotoTitle: '删除照片',
  deletePhotoConfirm: '确定要删除这张照片吗？',
  /** spec 2 §8 */
  deleted: '删除成功',
  /** spec 2 §8 */
  deleteFailed: '删除失败',
  /** spec 2 §8 */
  operationFailed: '操作失败',

  securityTitle: '账户安全',
  securityDetail: '修改密码、绑定微信',

  /** spec 2 §2.10 */
  notFound: '用户资料不存在',
  backHome: '返回首页',
  editProfile: '编辑资料',
  /** spec 2 §2.10: start chat */
  startChat: '开始聊天',
  age: (years: number) => `${years}岁`,
  male: '男',
  female: '女',
  heightCm: (cm: number) => `${cm}cm`,
  weightKg: (kg: number) => `${kg}kg`,
  visits: (times: number) => `${times} 次访问`,
  basicInfo: '基本信息',
  children: '子女',
  childrenCount: (boys: number, girls: number) => `男孩 ${boys} / 女孩 ${girls}`,
  realName: '实名认证',
  verified: '已认证',
  /** Beside the name of a member who passed real-name verification. */
  verifiedBadge: '已实名',
  notVerified: '未认证',
  vipLevel: '会员等级',
  vip: (level: number) => `VIP ${level}`,
  /** spec 2 §2.10 */
  ordinaryUser: '普通用户',
  aboutTitle: '关于我',
  noIntroduction: 'TA 还没有写个人介绍',
  albumTitle: '相册',
  noPhotos: 'TA 还没有上传照片',
  placeTitle: '所在地',
  noTags: '暂未选择',
  /** spec 2 §2.6 and §2.10: the 10-point confirmation. */
  unlockTitle: '查看照片',
  unlockConfirm: '您之前未访问过该用户，查看需要消耗10积分，是否继续？',
  unlockOk: '确定',
  unlockCancel: '取消',
  unlockButton: '解锁照片（10积分）',
  lockedHint: 'TA 开启了照片保护，解锁后即可查看清晰照片',
  unlocked: '解锁成功',
  recharge: '去充值',
} as const;
