//! What the assistant is told about itself, and the help it puts first when a member speaks
//! of self-harm.

/// The system prompt: a warm, practical helper for relationships and self-knowledge that does
/// not diagnose.
pub const SYSTEM_PROMPT: &str = "你是心桥（一个面向单身人士的中文交友社区）的 AI 助手。你温暖、真诚、务实，\
帮助会员处理恋爱、沟通、情绪和自我认识方面的困惑：先理解对方的处境，再给出具体、可以马上尝试的建议。\
你不是医生或心理咨询师：不做任何诊断，不推荐药物；遇到可能的心理健康问题，建议对方寻求专业帮助。\
尊重隐私，不索要对方的真实姓名、住址、证件号码或钱财；提醒会员警惕网络交友中的诈骗。用简体中文回答，简洁清楚。";

/// Put before the reply when the member's message speaks of self-harm or suicide: the words
/// of the mental test's help block (web `components/texts.ts`, `HELP_TEXT`), as plain text, so
/// a saved reply reads the same; the stream marks its line `crisis` and the page shows the
/// help block itself, with dialling links.
pub const CRISIS_PREFACE: &str = "现在就可以获得帮助\n\n全国心理援助热线：12356\n\n\
紧急情况请拨打 120（急救）或 110（报警）\n\n";

/// Words that speak of self-harm or suicide, as [`normalised`] text reads them.
const CRISIS_WORDS: &[&str] = &[
    "自杀",
    "自殺",
    "轻生",
    "輕生",
    "不想活",
    "活不下去",
    "活着没意思",
    "活着没意义",
    "活著沒意思",
    "活著沒意義",
    "结束生命",
    "結束生命",
    "结束自己",
    "结束我的生命",
    "寻死",
    "尋死",
    "想死",
    "去死",
    "死了算了",
    "自残",
    "自殘",
    "自伤",
    "自傷",
    "伤害自己",
    "傷害自己",
    "割腕",
    "跳楼",
    "跳樓",
    "跳河",
    "上吊",
    "烧炭",
    "燒炭",
    "吃药自",
    "安眠药",
    "了结自己",
    "自我了断",
    "自我了斷",
    "一了百了",
    "想消失",
    "suicid",
    "killmyself",
    "wanttodie",
    "endmylife",
    "selfharm",
    "hurtmyself",
];

/// Everyday phrases that contain a crisis word without meaning it (想死你了 is "I miss you so
/// much", 跳楼价 a rock-bottom price); they are taken out before the words are looked for, so
/// the rest of the message still counts.
const NOT_CRISIS: &[&str] = &[
    "想死你",
    "想死我了",
    "想死他",
    "想死她",
    "想死你们",
    "跳楼价",
    "跳樓價",
    "跳楼甩卖",
    "跳楼大甩卖",
    "跳楼大减价",
];

/// The text as the word lists read it: lower case, letters and digits only, so spaces,
/// zero-width characters and punctuation inside a word do not hide it.
fn normalised(text: &str) -> String {
    text.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

pub fn speaks_of_crisis(text: &str) -> bool {
    let mut text = normalised(text);
    for phrase in NOT_CRISIS {
        text = text.replace(phrase, "/");
    }
    CRISIS_WORDS.iter().any(|word| text.contains(word))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crisis_words_are_found_in_any_letter_case() {
        assert!(speaks_of_crisis("最近总觉得活不下去了"));
        assert!(speaks_of_crisis("I want to KILL MYSELF"));
        assert!(!speaks_of_crisis("第一次约会聊什么好？"));
    }

    #[test]
    fn every_way_of_saying_it_is_heard() {
        for said in [
            "我想上吊",
            "想烧炭",
            "不如自我了断",
            "一了百了吧",
            "活着没意思",
            "感觉活着没意义",
            "死了算了",
            "我会伤害自己",
            "好想消失",
            "我想自殺",
            "有輕生的念頭",
            "又自殘了",
            "I want to die",
            "I'm going to end my life",
            "thinking about self harm",
            "I hurt myself again",
            "feeling suicidal",
        ] {
            assert!(speaks_of_crisis(said), "{said}");
        }
    }

    #[test]
    fn spaces_and_invisible_characters_inside_a_word_do_not_hide_it() {
        for said in [
            "我想自 杀",
            "我想自\u{200b}杀",
            "不想\u{2060}活了",
            "k i l l  myself",
            "自-杀",
        ] {
            assert!(speaks_of_crisis(said), "{said:?}");
        }
    }

    #[test]
    fn everyday_phrases_are_not_crises() {
        for said in [
            "好久不见，想死你了！",
            "我想死你们了",
            "双十一跳楼价",
            "跳楼大甩卖",
            "笑死我了",
        ] {
            assert!(!speaks_of_crisis(said), "{said}");
        }
        // …but they do not hide a real one in the same message.
        assert!(speaks_of_crisis("想死你了。可是我真的想死"));
    }

    #[test]
    fn the_preface_has_the_words_of_the_web_help_block() {
        let texts = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../web/src/components/texts.ts"
        ))
        .expect("the web's shared texts");
        for words in [
            "现在就可以获得帮助",
            "全国心理援助热线",
            "12356",
            "紧急情况请拨打 120（急救）或 110（报警）",
        ] {
            assert!(
                texts.contains(&format!("'{words}'")),
                "HELP_TEXT has {words}"
            );
            assert!(CRISIS_PREFACE.contains(words), "the preface has {words}");
        }
        assert!(CRISIS_PREFACE.contains("全国心理援助热线：12356"));
    }
}
