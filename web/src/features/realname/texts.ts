/**
 * Every text of the real-name screen. The ones marked "spec" are fixed by spec 3 (sections 2, 5
 * and 8); keep them exactly.
 */
export const REAL_NAME_TEXT = {
  subtitle: '完成实名认证后，你的资料和卡片会显示「已实名」标识，更容易获得对方的信任。',

  /** spec 3 §3 fields */
  name: '真实姓名',
  namePlaceholder: '与身份证上的姓名一致',
  number: '身份证号码',
  numberPlaceholder: '18 位身份证号码',
  front: '身份证正面照片',
  frontSide: '人像面',
  back: '身份证背面照片',
  backSide: '国徽面',
  photosLabel: '身份证照片',
  pickPhoto: (side: string) => `点击上传${side}`,
  photoHint: '请拍摄完整、清晰、无反光的原件，图片不超过 5MB',
  replacePhoto: '重新上传',
  uploading: '正在上传…',
  photoAlt: (label: string) => `已上传的${label}`,

  /** spec 3 §5 */
  nameRequired: '请输入真实姓名',
  numberRequired: '请输入身份证号码',
  frontRequired: '请上传身份证正面照片',
  backRequired: '请上传身份证背面照片',
  notAnImage: '只能上传图片文件!',
  tooLarge: '图片大小不能超过 5MB!',
  /** A hint only: the server's check decides. */
  numberLength: '身份证号码应为 18 位',
  numberFormat: '身份证号码由数字组成，只有最后一位可以是 X',
  numberCheckDigit: '身份证号码校验位不正确，请核对后再提交',

  /** spec 3 §8 */
  uploadFailed: '上传失败，请重试',
  submitFailed: '认证提交失败',
  submitRetry: '提交失败，请重试',
  submitted: '实名认证提交成功，请等待审核',
  prefilled: '检测到您已有实名认证数据，已自动填入',

  submit: '提交认证',
  stillMissing: '提交前还需：',
  cancel: '取消',
  goBack: '返回',
  backToMy: '返回我的',
  loadFailed: '获取实名认证信息失败',
  retry: '重试',

  /** spec 3 §4 audit_status */
  underReview: '审核中',
  underReviewDetail: '你的实名认证资料已提交，正在等待审核人员核对。审核期间资料不能修改，结果会显示在这个页面。',
  passed: '已通过实名认证',
  passedDetail: '你的资料和卡片已显示「已实名」标识。',
  rejected: (reason: string) => `未通过：${reason}`,
  rejectedDetail: '请根据原因修改信息或重新上传照片，然后再次提交。',
  rejectedNoReason: '未通过审核',
  /** A rejected submission's number is never refilled in full: the member types it again. */
  previousNumber: (masked: string) => `上次提交的号码为 ${masked}，请重新输入完整的身份证号码`,

  privacyTitle: '你的信息只用于实名审核',
  privacyPhotos: '身份证照片只有你本人和审核人员在审核期间可以查看，不会展示给其他会员。',
  privacyNumber: '身份证号码加密保存，只有审核人员在审核期间能看到完整号码，其他地方只显示前 4 位和后 4 位。',
  privacyTag: '其他会员只会看到「已实名」标识。',
} as const;
