//! The demo blog: a dozen articles in Chinese on dating, communication and self-knowledge, across
//! several tags and categories, two of them drafts. Each text is a markdown file in `articles/`.

pub struct DemoArticle {
    pub title: &'static str,
    pub summary: &'static str,
    pub body: &'static str,
    pub tags: &'static [&'static str],
    pub categories: &'static [&'static str],
    pub published: bool,
}

pub const ARTICLES: &[DemoArticle] = &[
    DemoArticle {
        title: "第一次约会，聊什么不尴尬",
        summary: "从最近的小开心到童年趣事，几个让对话自然流动的话题，和几个先不急着聊的。",
        body: include_str!("articles/first-date.md"),
        tags: &["约会", "沟通"],
        categories: &["恋爱指南"],
        published: true,
    },
    DemoArticle {
        title: "如何写一份真诚的个人简介",
        summary: "别急着罗列优点，讲一个关于你的小故事更打动人。",
        body: include_str!("articles/honest-profile.md"),
        tags: &["个人资料", "写作"],
        categories: &["平台指南"],
        published: true,
    },
    DemoArticle {
        title: "依恋类型与亲密关系",
        summary: "安全型、焦虑型、回避型：了解依恋风格，看懂关系里反复出现的模式。",
        body: include_str!("articles/attachment-styles.md"),
        tags: &["心理", "亲密关系"],
        categories: &["心理成长"],
        published: true,
    },
    DemoArticle {
        title: "吵架之后，如何好好修复",
        summary: "争吵并不可怕，可怕的是冷战。先降温，再修复的四个步骤。",
        body: include_str!("articles/repair-after-a-fight.md"),
        tags: &["沟通", "冲突"],
        categories: &["恋爱指南"],
        published: true,
    },
    DemoArticle {
        title: "异地恋的沟通节奏",
        summary: "固定的视频时间、日常的碎片和一份共同的清单，找到两个人都舒服的节奏。",
        body: include_str!("articles/long-distance-rhythm.md"),
        tags: &["异地恋", "沟通"],
        categories: &["恋爱指南"],
        published: true,
    },
    DemoArticle {
        title: "认识自己的情绪",
        summary: "给情绪起个名字，听见它背后的需要，是照顾好自己的第一步。",
        body: include_str!("articles/knowing-your-emotions.md"),
        tags: &["情绪", "自我关怀"],
        categories: &["心理成长"],
        published: true,
    },
    DemoArticle {
        title: "相亲中的边界感",
        summary: "哪些问题可以晚点问，哪些要求可以直接拒绝：尊重对方，也守住自己。",
        body: include_str!("articles/boundaries-in-matchmaking.md"),
        tags: &["相亲", "边界"],
        categories: &["生活方式"],
        published: true,
    },
    DemoArticle {
        title: "从 MBTI 到真实的自己",
        summary: "测试是照见自己的镜子，而不是给自己贴上的标签。",
        body: include_str!("articles/beyond-mbti.md"),
        tags: &["心理", "自我认知"],
        categories: &["心理成长"],
        published: true,
    },
    DemoArticle {
        title: "如何识别婚恋诈骗",
        summary: "见面前先视频，一谈钱就警惕：婚恋诈骗的五个危险信号和应对办法。",
        body: include_str!("articles/romance-scams.md"),
        tags: &["安全", "防骗"],
        categories: &["平台指南"],
        published: true,
    },
    DemoArticle {
        title: "慢慢喜欢一个人",
        summary: "没有一见钟情也没关系，有些喜欢是在一次次相处里慢慢长出来的。",
        body: include_str!("articles/slowly-falling.md"),
        tags: &["恋爱", "随笔"],
        categories: &["生活方式"],
        published: true,
    },
    DemoArticle {
        title: "写给还没遇见的你",
        summary: "草稿：还在想结尾怎么写。",
        body: include_str!("articles/letter-to-you.md"),
        tags: &["随笔"],
        categories: &["生活方式"],
        published: false,
    },
    DemoArticle {
        title: "心桥使用小技巧合集",
        summary: "草稿：整理中，欢迎补充。",
        body: include_str!("articles/xinqiao-tips.md"),
        tags: &["个人资料", "技巧"],
        categories: &["平台指南"],
        published: false,
    },
];

#[cfg(test)]
mod tests {
    use super::ARTICLES;

    fn han_chars(text: &str) -> usize {
        text.chars()
            .filter(|c| ('\u{4E00}'..='\u{9FFF}').contains(c))
            .count()
    }

    #[test]
    fn every_article_has_its_own_text_of_readable_length() {
        for article in ARTICLES {
            let han = han_chars(article.body);
            assert!(
                (400..=900).contains(&han),
                "{}: {han} Chinese characters",
                article.title
            );
            assert!(article.body.starts_with("## "), "{}", article.title);
            assert!(!article.body.contains("```"), "{}", article.title);
        }
        let mut bodies: Vec<&str> = ARTICLES.iter().map(|article| article.body).collect();
        bodies.sort_unstable();
        bodies.dedup();
        assert_eq!(bodies.len(), ARTICLES.len());
    }
}
