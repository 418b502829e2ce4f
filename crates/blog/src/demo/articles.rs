//! The demo blog: a dozen articles in Chinese across several tags and categories, two drafts.

pub struct DemoArticle {
    pub title: &'static str,
    pub summary: &'static str,
    pub tags: &'static [&'static str],
    pub categories: &'static [&'static str],
    pub published: bool,
}

const fn article(
    title: &'static str,
    summary: &'static str,
    tags: &'static [&'static str],
    categories: &'static [&'static str],
    published: bool,
) -> DemoArticle {
    DemoArticle {
        title,
        summary,
        tags,
        categories,
        published,
    }
}

pub const ARTICLES: &[DemoArticle] = &[
    article(
        "第一次约会，聊什么不尴尬",
        "从共同爱好到童年趣事，几个让对话自然流动的小话题。",
        &["约会", "沟通"],
        &["恋爱指南"],
        true,
    ),
    article(
        "如何写一份真诚的个人介绍",
        "别急着罗列优点，讲一个关于你的小故事更打动人。",
        &["个人资料", "写作"],
        &["平台指南"],
        true,
    ),
    article(
        "异地恋的三个小习惯",
        "固定的视频时间、共同的待办清单和一本交换日记。",
        &["异地恋", "沟通"],
        &["恋爱指南"],
        true,
    ),
    article(
        "周末去哪儿：城市里的约会地图",
        "博物馆、书店、夜市和江边步道，一份慢节奏的约会清单。",
        &["约会", "城市"],
        &["生活方式"],
        true,
    ),
    article(
        "心理测试能告诉我们什么",
        "测试是照见自己的镜子，而不是给自己贴上的标签。",
        &["心理", "自我认知"],
        &["心理成长"],
        true,
    ),
    article(
        "从朋友到恋人需要多久",
        "没有标准答案，但有一些值得留意的信号。",
        &["友情", "恋爱"],
        &["恋爱指南"],
        true,
    ),
    article(
        "保护隐私：交友时要注意的五件事",
        "见面前先视频，地点选在公共场所，个人信息慢慢分享。",
        &["安全", "隐私"],
        &["平台指南"],
        true,
    ),
    article(
        "学会倾听，是最好的浪漫",
        "倾听不是等待轮到自己说话，而是真正想知道对方在想什么。",
        &["沟通", "心理"],
        &["心理成长"],
        true,
    ),
    article(
        "一个人的周末也可以很精彩",
        "学一门手艺、读一本好书，好好生活的人自带光芒。",
        &["独处", "生活"],
        &["生活方式"],
        true,
    ),
    article(
        "分手之后，如何照顾好自己",
        "允许难过，也记得按时吃饭、好好睡觉、和朋友说说话。",
        &["情绪", "自我关怀"],
        &["心理成长"],
        true,
    ),
    article(
        "写给还没遇见的你",
        "草稿：还在想结尾怎么写。",
        &["随笔"],
        &["生活方式"],
        false,
    ),
    article(
        "心桥使用小技巧合集",
        "草稿：整理中，欢迎补充。",
        &["个人资料", "技巧"],
        &["平台指南"],
        false,
    ),
];

/// The body of demo article `index`: headings, a list, a table and a little code, so the
/// renderer's parts all show.
pub fn body(index: usize, title: &str, summary: &str) -> String {
    format!(
        "## 写在前面\n\n{summary}\n\n## 三个建议\n\n1. 先了解自己想要什么。\n2. 真诚地表达，也认真地倾听。\n\
         3. 给彼此一点时间。\n\n> 好的关系，是两个人一起慢慢长大。\n\n## 一张小表\n\n| 场景 | 建议 |\n|---|---|\n\
         | 第一次聊天 | 从共同兴趣开始 |\n| 第一次见面 | 选择公共场所 |\n\n## 附：本文编号\n\n```text\n\
         article-{index:02}: {title}\n```\n"
    )
}
