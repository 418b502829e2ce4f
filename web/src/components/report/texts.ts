import type { ReportSubject } from './reason';

/** Texts of the report button and dialog; the marked ones are the server's (POST /report). */
export const REPORT_TEXT = {
  report: '举报',
  dialogTitle: '举报',
  reasonLabel: '举报原因',
  detailsLabel: '补充说明',
  detailsOptional: '（选填）',
  detailsPlaceholder: '可以补充具体情况，帮助我们更快核实',
  otherPlaceholder: '请描述具体情况，帮助我们核实',
  anonymous: '对方不会知道是你举报的。我们会尽快核实并处理。',
  submit: '提交',
  cancel: '取消',
  chooseReason: '请选择举报原因',
  /** server */
  reasonRequired: '请填写举报原因',
  /** server (200) */
  submitted: '举报已提交，我们会尽快处理',
  /** server (409) */
  alreadyReported: '你已经举报过该内容',
  failed: '举报失败，请稍后再试',
} as const;

/** What the dialog asks about, and the button's accessible name, per subject. */
export const REPORT_SUBJECT_TEXT: Record<ReportSubject, { question: string; label: string }> = {
  profile: { question: '这位会员有什么问题？', label: '举报该会员' },
  moment: { question: '这条动态有什么问题？', label: '举报这条动态' },
  comment: { question: '这条评论有什么问题？', label: '举报这条评论' },
  article: { question: '这篇文章有什么问题？', label: '举报这篇文章' },
  message: { question: '这条消息有什么问题？', label: '举报这条消息' },
};

/** The preset reasons, in the order the dialog lists them; the last asks for a description. */
export const REPORT_REASONS = ['虚假资料', '骚扰或辱骂', '色情低俗', '广告推销', '诈骗或索要钱财', '其他'] as const;
