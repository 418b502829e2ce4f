//! An assessment's questions: how an editor's JSON is read and checked, and the view of them a
//! member gets (no dimension keys, no scores).
//!
//! `fuzz/` compiles this file on its own (fuzz/src/lib.rs): it uses no other module of its
//! crate.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The most questions an assessment has (spec 2, section 9).
pub const MAX_QUESTIONS: usize = 100;
pub const MAX_OPTIONS: usize = 12;
const MAX_TEXT_CHARS: usize = 500;
const MAX_KEY_CHARS: usize = 30;
/// The dimension of a question that names none.
pub const DEFAULT_KEY: &str = "总分";

/// A question as an editor writes it and the server keeps it (spec 2, section 3, Question).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Question {
    /// The question's number, unique within the assessment.
    pub qid: i64,
    pub question: String,
    /// The dimension the chosen option's score adds to; a leading `__1_`-style prefix orders
    /// dimensions and is not shown. Empty means 总分.
    #[serde(default)]
    pub question_key: String,
    /// A short label shown with the question.
    #[serde(default)]
    pub question_tag: String,
    /// Kept as given; scores are per option.
    #[serde(default)]
    pub score: i64,
    pub options: Vec<QuestionOption>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct QuestionOption {
    /// The option's number, unique within its question.
    pub oid: i64,
    pub option: String,
    /// What choosing it adds to the question's dimension (reverse-keyed items list their
    /// options' scores reversed).
    pub score: i64,
}

/// A question as a member taking the assessment sees it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct QuestionView {
    pub qid: i64,
    pub question: String,
    pub question_tag: String,
    pub options: Vec<OptionView>,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct OptionView {
    pub oid: i64,
    pub option: String,
}

impl Question {
    /// The dimension this question scores into.
    pub fn key(&self) -> &str {
        if self.question_key.is_empty() {
            DEFAULT_KEY
        } else {
            &self.question_key
        }
    }

    pub fn option(&self, oid: i64) -> Option<&QuestionOption> {
        self.options.iter().find(|option| option.oid == oid)
    }

    pub fn view(&self) -> QuestionView {
        QuestionView {
            qid: self.qid,
            question: self.question.clone(),
            question_tag: self.question_tag.clone(),
            options: self
                .options
                .iter()
                .map(|option| OptionView {
                    oid: option.oid,
                    option: option.option.clone(),
                })
                .collect(),
        }
    }
}

#[derive(Deserialize)]
#[serde(untagged)]
enum QuestionsDocument {
    List(Vec<Question>),
    Wrapped { questions: Vec<Question> },
}

/// Reads an editor's questions (spec: an array, or an object with a `questions` array) and
/// checks every rule, naming the question that breaks one.
pub fn parse(text: &str) -> Result<Vec<Question>, String> {
    let document: QuestionsDocument = serde_json::from_str(text).map_err(|_| {
        "题目必须是 JSON 数组（或带 questions 数组的对象），每题含 qid、question 和 options（oid、option、score）"
            .to_owned()
    })?;
    let (QuestionsDocument::List(mut questions) | QuestionsDocument::Wrapped { mut questions }) =
        document;
    if questions.is_empty() || questions.len() > MAX_QUESTIONS {
        return Err(format!("题目数量必须在 1 到 {MAX_QUESTIONS} 之间"));
    }
    let mut qids = HashSet::new();
    for question in &mut questions {
        let qid = question.qid;
        if qid < 1 || !qids.insert(qid) {
            return Err(format!("题号 {qid} 无效或重复：题号须为不重复的正整数"));
        }
        question.question = question.question.trim().to_owned();
        question.question_key = question.question_key.trim().to_owned();
        question.question_tag = question.question_tag.trim().to_owned();
        if question.question.is_empty() || question.question.chars().count() > MAX_TEXT_CHARS {
            return Err(format!(
                "第 {qid} 题：题目内容须为 1 到 {MAX_TEXT_CHARS} 个字符"
            ));
        }
        if question.question_key.chars().count() > MAX_KEY_CHARS
            || question.question_tag.chars().count() > MAX_KEY_CHARS
        {
            return Err(format!(
                "第 {qid} 题：维度和标签不能超过 {MAX_KEY_CHARS} 个字符"
            ));
        }
        if question.options.len() < 2 || question.options.len() > MAX_OPTIONS {
            return Err(format!("第 {qid} 题：选项须为 2 到 {MAX_OPTIONS} 个"));
        }
        let mut oids = HashSet::new();
        for option in &mut question.options {
            option.option = option.option.trim().to_owned();
            if !oids.insert(option.oid) {
                return Err(format!("第 {qid} 题：选项编号 {} 重复", option.oid));
            }
            if option.option.is_empty() || option.option.chars().count() > MAX_TEXT_CHARS {
                return Err(format!(
                    "第 {qid} 题：选项内容须为 1 到 {MAX_TEXT_CHARS} 个字符"
                ));
            }
            if !(-1000..=1000).contains(&option.score) {
                return Err(format!("第 {qid} 题：选项分值须在 -1000 到 1000 之间"));
            }
        }
    }
    Ok(questions)
}

/// The distinct dimensions of the questions, in key order (the `__` prefixes order them).
pub fn keys(questions: &[Question]) -> Vec<String> {
    let keys: std::collections::BTreeSet<&str> = questions.iter().map(Question::key).collect();
    keys.into_iter().map(str::to_owned).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_array_or_an_object_with_questions_is_read() {
        let list = r#"[{"qid":1,"question":" 我喜欢热闹 ","question_key":"E","options":[{"oid":1,"option":"是","score":1},{"oid":2,"option":"否","score":0}]}]"#;
        let parsed = parse(list).expect("valid");
        assert_eq!(parsed[0].question, "我喜欢热闹");
        assert_eq!(parsed[0].key(), "E");
        let wrapped = format!(r#"{{"questions":{list}}}"#);
        assert_eq!(parse(&wrapped).expect("valid"), parsed);
    }

    #[test]
    fn every_rule_names_its_question() {
        let option = r#"{"oid":1,"option":"是","score":1}"#;
        let cases = [
            ("[]".to_owned(), "题目数量必须在 1 到 100 之间"),
            ("{}".to_owned(), "题目必须是 JSON 数组"),
            (
                format!(
                    r#"[{{"qid":3,"question":"","options":[{option},{{"oid":2,"option":"否","score":0}}]}}]"#
                ),
                "第 3 题：题目内容",
            ),
            (
                format!(r#"[{{"qid":4,"question":"问","options":[{option}]}}]"#),
                "第 4 题：选项须为 2 到 12 个",
            ),
            (
                format!(r#"[{{"qid":5,"question":"问","options":[{option},{option}]}}]"#),
                "第 5 题：选项编号 1 重复",
            ),
            (
                format!(
                    r#"[{{"qid":1,"question":"问","options":[{option},{{"oid":2,"option":"否","score":0}}]}},{{"qid":1,"question":"问","options":[{option},{{"oid":2,"option":"否","score":0}}]}}]"#
                ),
                "题号 1 无效或重复",
            ),
        ];
        for (text, expected) in cases {
            let error = parse(&text).expect_err(&text);
            assert!(error.starts_with(expected), "{text}: {error}");
        }
    }

    #[test]
    fn a_member_sees_neither_keys_nor_scores() {
        let parsed = parse(r#"[{"qid":1,"question":"问","question_key":"__1_外向性","question_tag":"性格","options":[{"oid":1,"option":"是","score":5},{"oid":2,"option":"否","score":1}]}]"#).expect("valid");
        let view = serde_json::to_value(parsed[0].view()).expect("json");
        assert_eq!(
            view,
            serde_json::json!({"qid":1,"question":"问","question_tag":"性格","options":[{"oid":1,"option":"是"},{"oid":2,"option":"否"}]})
        );
    }
}
