/** Texts of the home page's carousel, testimonials and feature grid (spec 1 sections 1, 2 and 9). */

export interface Slide {
  image: string;
  alt: string;
  title: string;
  subtitle: string;
}

export interface Testimonial {
  name: string;
  detail: string;
  quote: string;
}

export interface Feature {
  path: string;
  title: string;
  description: string;
}

export const CAROUSEL_TEXT = {
  label: '心桥精选',
  previous: '上一张',
  next: '下一张',
  pause: '暂停轮播',
  play: '继续轮播',
  goTo: (n: number) => `第 ${n} 张`,
  slideLabel: (n: number, total: number) => `${n} / ${total}`,
  slides: [
    {
      image: '/images/carousel-meet.svg',
      alt: '插画：夕阳下两个人相向而立，中间升起一颗爱心',
      title: '遇见真诚的另一半',
      subtitle: '认真交友的人，都在心桥',
    },
    {
      image: '/images/carousel-share.svg',
      alt: '插画：三个朋友围坐聊天，头顶飘着对话气泡和爱心',
      title: '分享生活，遇见同频的人',
      subtitle: '发布动态、写博客，让懂你的人看见你',
    },
    {
      image: '/images/carousel-grow.svg',
      alt: '插画：一个人捧着一颗发光的心，身旁是一摞书和一株新芽',
      title: '先了解自己，再遇见对方',
      subtitle: '心理测试与知识课程，陪你一起成长',
    },
  ] satisfies Slide[],
} as const;

export const TESTIMONIALS_TEXT = {
  title: '会员心声',
  listLabel: '会员评价',
  items: [
    {
      name: '晓雯',
      detail: '28 岁 · 杭州',
      quote: '以前总觉得线上交友不靠谱。心桥的资料都很用心，实名认证也让人放心，我在这里认识了现在的男朋友。',
    },
    {
      name: '志强',
      detail: '31 岁 · 成都',
      quote: '我不太会聊天，就在动态里分享周末爬山的照片，没想到遇到了同样喜欢户外的她。',
    },
    {
      name: '佳怡',
      detail: '26 岁 · 广州',
      quote: '心理测试帮我看清了自己在感情里想要什么，写博客记录心情也让我慢慢变得更从容。',
    },
    {
      name: '浩然',
      detail: '33 岁 · 北京',
      quote: '工作很忙，没时间参加线下活动。在心桥慢慢聊、慢慢了解，反而更踏实。',
    },
  ] satisfies Testimonial[],
} as const;

export const FEATURES_TEXT = {
  title: '在心桥，你可以',
  listLabel: '功能导航',
  items: [
    { path: '/moment', title: '动态', description: '记录生活点滴，点赞评论' },
    { path: '/blog', title: '博客', description: '写下心里话，分享经验' },
    { path: '/testlist', title: '心理测试', description: '专业测评，更懂自己' },
    { path: '/knowledge/courses', title: '知识课程', description: '情感与成长课程' },
    { path: '/people', title: '推荐', description: '遇见合适的人' },
    { path: '/ai-chat', title: 'AI 聊天', description: '随时陪你聊聊' },
  ] satisfies Feature[],
} as const;

/** Below the six features: the mini test, which no other entry of the home page reaches (issue 12). */
export const MINI_TEST_TEXT = {
  path: '/mentaltest',
  title: '心理健康小测试',
  description: '5 道题，约 1 分钟，看看你最近两周的情绪和睡眠状态。测试在浏览器里完成，答案不会上传。',
  action: '开始测试',
} as const;
