export const HOME_TEXT = {
  headline: '心桥，让真诚的心相遇',
  intro: '一个认真交友的中文社区：分享生活动态，写下心里话，在测试和课程里更了解自己，也遇见懂你的人。',
  welcomeBack: (name: string) => `欢迎回来，${name}`,
  goMoments: '去看看动态',
  guestPrompt: '登录后即可发布动态、点赞评论，结识新朋友。',
  login: '登录',
  register: '注册新账号',
  buildingNote: '心桥正在建设中，心理测试、知识课程等功能将陆续上线。',
  newsTitle: '最新文章',
  newsMore: '更多文章',
  newsAuthor: '心桥编辑部',
  /** Spec 1 section 2: the three fixed blog cards, shown until the blog has articles of its own. */
  fixedNews: [
    {
      title: '心桥上线：让真诚的心相遇',
      summary: '我们希望每一位认真生活的人，都能在这里找到懂自己的那个人。',
      tags: ['公告'],
      date: '2025-01-01',
    },
    {
      title: '第一次线上聊天，说些什么好？',
      summary: '从共同的兴趣开始，真诚地介绍自己，是打开话题最好的方式。',
      tags: ['交友指南'],
      date: '2025-01-08',
    },
    {
      title: '写给认真交友的你：安全小贴士',
      summary: '保护好个人信息，初次见面选择公共场所，让每一次相遇都安心。',
      tags: ['安全'],
      date: '2025-01-15',
    },
  ],
} as const;
