/**
 * Every text of the static pages (spec 1 sections 2, 5 and 8 fix the marked ones).
 * The FAQ and help texts are also what the /about search looks through (see search.ts).
 */

export interface FaqEntry {
  question: string;
  answer: string;
}

export interface HelpSection {
  heading: string;
  paragraphs: readonly string[];
  /** Numbered steps, shown after the paragraphs. */
  steps?: readonly string[];
}

export interface HelpTopic {
  path: string;
  /** The card's label on /help and the page's heading. */
  title: string;
  summary: string;
  sections: readonly HelpSection[];
}

export interface TeamMember {
  name: string;
  role: string;
  bio: string;
}

export const ABOUT_TEXT = {
  title: '关于心桥',
  subtitle: '让真诚的心相遇',
  paragraphs: [
    '心桥（Xinqiao）是一个面向单身朋友的中文交友社区。我们相信，好的关系始于真诚的自我介绍和彼此了解，而不是匆忙的配对。',
    '在这里，你可以完善个人资料、分享生活动态、写博客记录所思所想，也可以通过心理测试和知识课程更了解自己，再去认识同样认真生活的人。',
    '为了让每一次相遇都更安心：资料照片经过审核，会员可以提交身份证完成实名认证，由管理员人工核验；遇到不友善的行为，可以拉黑对方或通过意见反馈告诉我们。',
  ],
  searchTitle: '站内搜索',
  searchLabel: '搜索博客文章、常见问题和帮助',
  searchPlaceholder: '输入关键词，例如：实名认证',
  searchButton: '搜索',
  /** spec 1 §5 and §9; the server's words for the same rule */
  searchTooLong: '搜索内容不能超过 20 个字符',
  searchFailed: '博客搜索失败，请稍后再试',
  resultsFor: (keyword: string) => `“${keyword}”的搜索结果`,
  blogResults: '博客文章',
  pageResults: '常见问题与帮助',
  noBlogResults: '没有找到相关的博客文章',
  noPageResults: '没有找到相关的问答或帮助',
  searching: '正在搜索…',
} as const;

/** spec 1 §9 */
export const SEARCH_MAX_CHARS = 20;

export const TEAM_TEXT = {
  title: '团队介绍',
  subtitle: '一群相信“真诚值得被看见”的人',
  portraitAlt: (name: string) => `${name}的画像`,
  members: [
    {
      name: '林晓',
      role: '创始人 · 产品负责人',
      bio: '做过八年互联网产品，希望为认真交友的人做一个安静、可信的地方。心桥的整体方向和每一个页面的体验，都由她把关。',
    },
    {
      name: '许安然',
      role: '心理咨询顾问',
      bio: '中国心理学会注册心理师，从事婚恋与情绪咨询十年。心桥的每一份心理测评和课程都经她审阅：题目有依据，结果解读不吓人，也不夸大。',
    },
    {
      name: '陈默',
      role: '首席工程师',
      bio: '后端工程师出身，关心数据安全和系统稳定。密码只存哈希、身份证照片加密存放、导出和注销随时可用，都是他坚持的做法。',
    },
    {
      name: '周宁',
      role: '社区运营与安全',
      bio: '带领审核小组核验照片、资料和实名认证，处理每一条举报。做过三年反诈公益志愿者，最懂骗子的套路。',
    },
  ] satisfies TeamMember[],
} as const;

export const FAQ_TEXT = {
  title: '常见问题',
  subtitle: '找不到答案？欢迎通过意见反馈告诉我们。',
  entries: [
    {
      question: '怎样注册心桥账号？',
      answer:
        '点击页面右上角的“注册”，填写用户名、邮箱和密码（至少 6 位），再输入图片验证码即可完成注册。看不清验证码时点击图片可以换一张。注册后就能发布动态、写博客和参加心理测试。',
    },
    {
      question: '我的个人信息会被谁看到？',
      answer:
        '你的资料只用于在心桥内展示给其他会员，我们不会出售或向第三方提供你的个人信息。发布动态时可以选择公开、仅好友或仅自己可见；遇到不想联系的人可以将其加入黑名单。身份证照片只用于实名认证，仅审核管理员可以查看。',
    },
    {
      question: '实名认证怎么做？',
      answer:
        '登录后进入“实名认证”页面，填写真实姓名和身份证号，并上传身份证正反面照片。管理员会人工核验，结果显示在实名认证页面上：通过后你的主页会显示已认证标识，未通过时会写明原因，修改后可以重新提交。头像和资料照片同样会经过审核，审核期间会显示“待审核”。',
    },
    {
      question: '钱包怎么充值？付费测试如何收费？',
      answer:
        '在“充值”页面输入金额，使用微信支付扫码即可为钱包充值，余额以人民币元显示，精确到分。购买付费心理测试时从余额中扣除，余额不足时会提示先充值。充值记录和交易记录都可以在账户中查看。',
    },
    {
      question: '遇到问题或不友善的行为，怎样反馈？',
      answer:
        '请打开“意见反馈”页面，选择反馈类型（问题报告、功能建议等），写下发生了什么，我们会尽快处理。涉及他人的不当言行，请写明对方昵称和发生的页面，我们的运营同事会核实处理。',
    },
  ] satisfies FaqEntry[],
} as const;

export const HELP_TOPICS = {
  gettingStarted: {
    path: '/help/getting-started',
    title: '新手入门',
    summary: '注册登录、完善资料、发布动态、写博客、参加测试',
    sections: [
      {
        heading: '注册与登录',
        paragraphs: [
          '注册只需要用户名、邮箱和密码。用户名可以使用中文、字母、数字和下划线，长度 3 到 32 个字符；密码至少 6 位。',
          '登录时输入用户名、密码和图片验证码，按回车即可在输入框之间切换，在验证码框按回车直接登录。在微信里打开心桥时，也可以使用微信登录。',
        ],
        steps: ['点击右上角“注册”', '填写用户名、邮箱、密码，并输入验证码', '注册成功后会自动登录并回到首页'],
      },
      {
        heading: '完善个人资料',
        paragraphs: [
          '在右上角头像菜单中打开“个人资料”，点击编辑后可以修改昵称、头像、生日、身高、所在城市、学历、职业、兴趣爱好和自我介绍，完成后点击保存。',
          '头像和照片上传后需要审核，审核通过前会显示“待审核”。真实、清晰的照片和用心的自我介绍，更容易遇到合适的人。',
        ],
      },
      {
        heading: '发布动态',
        paragraphs: [
          '在“动态”页面点击“发布动态”，写下文字（最多 2000 字），最多添加 9 张图片，还可以添加位置并选择谁可以看：公开、仅好友或仅自己。',
          '你可以给别人的动态点赞、评论，或回复某一条评论；自己的动态和评论可以随时删除。',
        ],
      },
      {
        heading: '写博客',
        paragraphs: [
          '在“博客”页面点击“写博客”，用 Markdown 编写正文，标题 3 到 100 个字符，正文至少 10 个字符，还可以添加标签、分类和封面图片（图片不超过 2MB）。',
          '关闭“发布”开关即保存为草稿，只有你自己能在“我的文章”中看到；准备好后再发布。',
        ],
      },
      {
        heading: '参加心理测试',
        paragraphs: [
          '在“心理测试”页面浏览测评，免费的可以直接开始，付费的从钱包余额中扣除。答题过程中会自动保存，提交后可以查看结果和历史记录。',
          '也可以先做一个只在浏览器中完成的心理健康小测试，结果不会上传。',
        ],
      },
    ],
  },
  account: {
    path: '/help/account',
    title: '账户设置',
    summary: '修改密码、退出登录、隐私与安全',
    sections: [
      {
        heading: '修改密码',
        paragraphs: [
          '登录后在右上角菜单中打开“账户安全”，输入新密码并再次确认即可修改。建议使用至少 8 位、包含字母和数字、且不在其他网站使用过的密码。',
        ],
      },
      {
        heading: '退出登录',
        paragraphs: [
          '点击菜单中的“退出登录”，会同时让你在所有设备上的登录失效，适合在公共电脑上使用后，或怀疑密码泄露时使用。退出后需要重新输入用户名、密码和验证码登录。',
          '为了安全，登录状态会定期自动续期；长时间未使用时需要重新登录。',
        ],
      },
      {
        heading: '隐私设置',
        paragraphs: [
          '每条动态都可以选择公开、仅好友或仅自己可见。不想被某个人打扰时，可以在对方的卡片上选择“拉黑”，之后可以在黑名单中解除。',
          '实名认证的身份证照片只用于核验身份，仅审核管理员可以查看，不会展示给其他会员。',
        ],
      },
      {
        heading: '钱包：余额与积分',
        paragraphs: [
          '钱包里有两种资产：余额（人民币，以元显示）和积分。余额通过“充值”页面扫描微信支付二维码充入，用于购买付费测评和课程；每一笔充值、消费和赠送都会记入“交易明细”，可以按类型、订单号和日期查询。',
          '积分从哪里来：注册后第一次打开钱包时，心桥会赠送新会员欢迎积分（默认 100 分）；之后管理员也可能在活动中赠送积分。积分不能用钱购买，也不能提现，可用于查看其他会员受保护的资料（每次 10 积分）。',
          '若站点尚未开通微信支付，充值页面会标明“沙箱支付（不会扣款）”：这是测试用的支付方式，扫码后在页面上确认即可，不会产生真实扣款。',
        ],
      },
      {
        heading: '账户安全提醒',
        paragraphs: [
          '心桥的工作人员不会向你索要密码或验证码。请不要向刚认识的人转账，初次见面选择公共场所。发现可疑账号，请通过意见反馈告诉我们。',
        ],
      },
    ],
  },
  docs: {
    path: '/help/docs',
    title: '使用文档',
    summary: '功能概览与开放接口文档',
    sections: [
      {
        heading: '功能概览',
        paragraphs: [
          '交友：个人资料、推荐、喜欢与互相喜欢、访客记录、搜索和黑名单，实名认证让彼此更放心。',
          '社交：动态广场支持图片、点赞、评论和回复；博客支持 Markdown、草稿、标签和分类。',
          '成长：心理测试提供多种测评和结果解读，知识课程可以按进度学习，AI 聊天随时陪你聊聊。',
          '钱包：通过微信支付充值，余额以元显示，可用于购买付费测评，并可查看充值和交易记录。',
        ],
      },
      {
        heading: '接口文档',
        paragraphs: [
          '心桥的所有功能都通过 /api/v1 下的 JSON 接口提供，每个响应都包含 code、message 和 data 三个字段，code 为 200 表示成功。需要登录的接口在请求头中携带 Bearer 令牌。',
          '完整的接口说明（OpenAPI 文档）可以在 /api/docs 在线浏览。',
        ],
      },
    ],
  },
} as const satisfies Record<string, HelpTopic>;

export const HELP_TEXT = {
  title: '帮助中心',
  subtitle: '第一次来心桥？从这里开始。',
  cardsLabel: '帮助主题',
  read: '查看详情',
  backToHelp: '返回帮助中心',
  apiDocsLink: '打开接口文档',
  apiDocsPath: '/api/docs',
  stillNeedHelp: '还有问题？',
  faqLink: '常见问题',
  contactLink: '联系我们',
  feedbackLink: '意见反馈',
} as const;

export const CONTACT_TEXT = {
  title: '联系我们',
  subtitle: '合作、媒体或任何想对我们说的话，都欢迎来信。',
  detailsTitle: '联系方式',
  addressLabel: '地址',
  phoneLabel: '电话',
  emailLabel: '邮箱',
  /** Instead of the block when the deployment configures no address, phone or email. */
  formOnly: '请通过下方表单给我们留言。',
  formTitle: '给我们留言',
  name: '称呼',
  emailField: '邮箱',
  subject: '主题',
  message: '留言',
  messagePlaceholder: '想对我们说些什么？',
  submit: '发送留言',
  /** spec 1 §5 */
  nameRequired: '请输入你的称呼',
  emailRequired: '请输入你的邮箱',
  emailInvalid: '请输入正确的邮箱',
  subjectRequired: '请输入主题',
  messageRequired: '请输入你的留言',
  /** spec 1 §8 */
  thanks: 'Thank you for your message!',
  thanksDetail: '我们会尽快通过邮件回复你。',
  sendAnother: '再写一条',
} as const;

export const FEEDBACK_TEXT = {
  title: '意见反馈',
  subtitle: '你的每一条建议和问题报告，我们都会认真阅读。',
  name: '称呼',
  email: '邮箱',
  type: '反馈类型',
  typePlaceholder: '请选择',
  message: '反馈内容',
  messagePlaceholder: '请尽量写清楚发生了什么、在哪个页面，以及你期望的结果。',
  submit: '提交反馈',
  types: [
    { value: 'suggestion', label: '建议' },
    { value: 'bug', label: '问题报告' },
    { value: 'feature', label: '功能需求' },
    { value: 'other', label: '其他' },
  ],
  /** spec 1 §5 */
  nameRequired: 'Please enter your name',
  emailRequired: 'Please enter your email',
  emailInvalid: 'Please enter a valid email',
  typeRequired: 'Please select feedback type',
  messageRequired: 'Please enter your feedback message',
  /** spec 1 §8 */
  thanks: 'Thank you for your feedback!',
  failed: '提交失败，请稍后再试',
} as const;

/** The server's limits for a feedback message (crates/admin feedback.rs). */
export const FEEDBACK_LIMITS = { nameChars: 50, emailChars: 254, messageChars: 2000 } as const;
