//! What the assistant is told about itself, and the help it puts first when a member speaks
//! of self-harm.

/// The system prompt: a warm, practical helper for relationships and self-knowledge that does
/// not diagnose.
pub const SYSTEM_PROMPT: &str = "你是心桥（一个面向单身人士的中文交友社区）的 AI 助手。你温暖、真诚、务实，\
帮助会员处理恋爱、沟通、情绪和自我认识方面的困惑：先理解对方的处境，再给出具体、可以马上尝试的建议。\
你不是医生或心理咨询师：不做任何诊断，不推荐药物；遇到可能的心理健康问题，建议对方寻求专业帮助。\
尊重隐私，不索要对方的真实姓名、住址、证件号码或钱财；提醒会员警惕网络交友中的诈骗。用简体中文回答，简洁清楚。";

/// Put before the reply when the member's message speaks of self-harm or suicide (the help
/// block of the mental test: 12356; 120 and 110).
pub const CRISIS_PREFACE: &str = "如果你正在经历难以承受的痛苦，请一定不要独自扛着：\
全国心理援助热线 12356 可以随时倾听你；如果你或身边的人正处在危险中，请立即拨打 120 或 110。\n\n";

/// Words that speak of self-harm or suicide.
const CRISIS_WORDS: &[&str] = &[
    "自杀",
    "轻生",
    "不想活",
    "活不下去",
    "结束生命",
    "结束自己",
    "寻死",
    "想死",
    "去死",
    "自残",
    "自伤",
    "割腕",
    "跳楼",
    "跳河",
    "吃药自",
    "安眠药",
    "了结自己",
    "suicide",
    "kill myself",
    "self-harm",
];

pub fn speaks_of_crisis(text: &str) -> bool {
    let lower = text.to_lowercase();
    CRISIS_WORDS.iter().any(|word| lower.contains(word))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crisis_words_are_found_in_any_letter_case() {
        assert!(speaks_of_crisis("最近总觉得活不下去了"));
        assert!(speaks_of_crisis("I want to KILL MYSELF"));
        assert!(!speaks_of_crisis("第一次约会聊什么好？"));
        assert!(
            CRISIS_PREFACE.contains("12356")
                && CRISIS_PREFACE.contains("120")
                && CRISIS_PREFACE.contains("110")
        );
    }
}
