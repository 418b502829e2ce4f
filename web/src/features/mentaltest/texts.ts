import { HELP_TEXT } from '../../components/texts';
import type { Band } from './model';

export interface BandText {
  title: string;
  description: string;
  advice: readonly string[];
}

/** Every text of the mental-health mini test (spec 2 sections 2.3 and 5 fix the marked ones). */
export const MENTAL_TEXT = {
  title: '心理健康小测试',
  subtitle: '5 道题，约 1 分钟，了解你最近两周的情绪和睡眠状态。',
  privacy: '测试完全在你的浏览器中完成，姓名和答案都不会上传。',
  disclaimer: '本测试仅用于自我了解，不能代替医生或心理咨询师的专业评估。',
  steps: ['基本信息', '问卷', '结果'],
  name: '姓名',
  namePlaceholder: '可以填昵称',
  /** spec 2 §5 */
  nameRequired: '请输入姓名',
  age: '年龄',
  ageRequired: '请输入年龄',
  ageRange: '年龄需在 18 到 100 岁之间',
  gender: '性别',
  male: '男',
  female: '女',
  /** spec 2 §5 */
  genderRequired: '请选择性别',
  next: '下一步',
  back: '上一步',
  seeResult: '查看结果',
  questionsIntro: '在过去两周里，以下问题困扰你的频率如何？',
  /**
   * Validated screening items: PHQ-2 (interest, mood), GAD-2 (nervousness, worry) and the sleep
   * item of PHQ-9, in the wording of their Chinese versions.
   */
  questions: [
    '做事时提不起劲或没有兴趣',
    '感到心情低落、沮丧或绝望',
    '感觉紧张、焦虑或急切',
    '不能停止或控制担忧',
    '入睡困难、睡不安稳或睡眠过多',
  ],
  /** spec 2 §2.3: the answers 0-3, not at all / several days / more than half the time / nearly every day */
  options: ['完全没有', '有几天', '一半以上的时间', '几乎每天'],
  answerRequired: '请选择一个选项',
  questionLabel: (index: number) => `第 ${index + 1} 题`,
  averageScore: (average: string) => `平均分 ${average}（满分 3）`,
  adviceTitle: '给你的建议',
  bands: {
    good: {
      title: '你的状态不错',
      description: '过去两周你的情绪和睡眠总体平稳。继续保持这些好习惯：',
      advice: [
        '作息规律：尽量固定起床和入睡的时间，保证 7 到 8 小时睡眠。',
        '适量运动：每周 3 次以上、每次 30 分钟左右的快走、跑步或骑行。',
        '保持社交：常和家人朋友聊聊天，分享彼此的近况。',
        '培养爱好：留出时间做让自己投入和放松的事，比如阅读、音乐或手工。',
      ],
    },
    attention: {
      title: '需要多关注自己',
      description: '最近你可能有些情绪低落、焦虑或睡眠上的困扰，值得留意：',
      advice: [
        '给自己留出休息和放松的时间，尽量不要长期熬夜。',
        '把心里的感受告诉信任的家人或朋友，不要独自承受。',
        '每天活动一下身体，哪怕只是散步 20 分钟。',
        '如果这种状态持续两周以上，或已经影响到工作和生活，建议咨询心理咨询师或医生。',
      ],
    },
    seekHelp: {
      title: '建议寻求专业帮助',
      description: '这些困扰最近出现得比较频繁，可能已经影响到你的日常生活。建议尽快寻求专业帮助：',
      advice: [
        '尽快到医院的精神心理科或心理门诊就诊，或预约专业的心理咨询师。',
        '告诉一位信任的家人或朋友你现在的状况，请他们陪伴你。',
        '暂时减少压力来源，先保证基本的饮食和睡眠。',
        '如果出现伤害自己的想法，请立即拨打心理援助热线 12356，或前往最近的医院急诊。',
      ],
    },
  } satisfies Record<Band, BandText>,
  /** The help block's words, shared with assessment results (components/CrisisHelp). */
  hotlineLabel: HELP_TEXT.hotlineLabel,
  hotline: HELP_TEXT.hotline,
  emergencyLine: HELP_TEXT.emergencyLine,
  restart: '重新测试',
  download: '下载报告',
  preparingReport: '正在生成报告…',
  reportUnavailable: '当前浏览器无法生成报告图片',
  reportTitle: '心理健康小测试报告',
  reportDate: (date: string) => `测试日期：${date}`,
  reportName: (name: string) => `姓名：${name}`,
  reportAnswersTitle: '我的回答（过去两周）',
  reportAnswer: (index: number, question: string, option: string, value: number) =>
    `${index + 1}. ${question}：${option}（${value} 分）`,
  reportResultTitle: '结果',
  reportFileName: (date: string) => `心理健康小测试报告-${date}.png`,
} as const;
