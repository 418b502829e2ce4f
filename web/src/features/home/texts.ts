export const HOME_TEXT = {
  headline: '心桥，让真诚的心相遇',
  intro: '一个认真交友的中文社区：分享生活动态，写下心里话，在测试和课程里更了解自己，也遇见懂你的人。',
  welcomeBack: (name: string) => `欢迎回来，${name}`,
  goMoments: '去看看动态',
  guestPrompt: '登录后即可发布动态、点赞评论，结识新朋友。',
  login: '登录',
  register: '注册新账号',
  buildingNote: '心桥正在建设中，动态、博客、心理测试等功能将陆续上线。',
} as const;
