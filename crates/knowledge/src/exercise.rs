//! Exercise questions: what an editor writes (each with its answer), what a learner sees
//! (without), and the score of a submission.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The score (out of 100) that passes an exercise and masters its points.
pub const PASS_SCORE: i64 = 80;
const MAX_QUESTIONS: usize = 30;
const OPTIONS: std::ops::RangeInclusive<usize> = 2..=6;

/// A question as the editor writes it: `answer` is the index of the right option.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ExerciseQuestion {
    pub question: String,
    pub options: Vec<String>,
    pub answer: i64,
}

/// A question as the learner sees it before answering.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ExerciseQuestionView {
    pub question: String,
    pub options: Vec<String>,
}

/// The questions trimmed and checked: 1 to 30, each with 2 to 6 options and an answer among
/// them.
pub fn checked(questions: &[ExerciseQuestion]) -> Result<Vec<ExerciseQuestion>, String> {
    if questions.len() > MAX_QUESTIONS {
        return Err(format!("习题最多 {MAX_QUESTIONS} 道"));
    }
    questions
        .iter()
        .enumerate()
        .map(|(index, q)| {
            let number = index + 1;
            let question = q.question.trim().to_owned();
            let options: Vec<String> = q.options.iter().map(|o| o.trim().to_owned()).collect();
            if question.is_empty() || question.chars().count() > 500 {
                return Err(format!("第 {number} 题的题目须为 1 到 500 个字"));
            }
            if !OPTIONS.contains(&options.len())
                || options
                    .iter()
                    .any(|o| o.is_empty() || o.chars().count() > 200)
            {
                return Err(format!(
                    "第 {number} 题须有 2 到 6 个选项，每个 1 到 200 个字"
                ));
            }
            if usize::try_from(q.answer).map_or(true, |a| a >= options.len()) {
                return Err(format!("第 {number} 题的答案须是它的一个选项"));
            }
            Ok(ExerciseQuestion {
                question,
                options,
                answer: q.answer,
            })
        })
        .collect()
}

pub fn views(questions: &[ExerciseQuestion]) -> Vec<ExerciseQuestionView> {
    questions
        .iter()
        .map(|q| ExerciseQuestionView {
            question: q.question.clone(),
            options: q.options.clone(),
        })
        .collect()
}

/// The score out of 100 (rounded) of `answers`, one option index per question.
pub fn score(questions: &[ExerciseQuestion], answers: &[i64]) -> Result<i64, String> {
    if questions.is_empty() {
        return Err("这个资源没有习题".to_owned());
    }
    if answers.len() != questions.len() {
        return Err(format!("请回答全部 {} 道题", questions.len()));
    }
    let right = questions
        .iter()
        .zip(answers)
        .filter(|(q, a)| q.answer == **a)
        .count();
    let total = questions.len();
    let score = (right * 100 + total / 2) / total;
    Ok(i64::try_from(score).unwrap_or(0))
}

/// Whether each answer is its question's right option (an answer left out is not).
pub fn marks(questions: &[ExerciseQuestion], answers: &[i64]) -> Vec<bool> {
    questions
        .iter()
        .enumerate()
        .map(|(index, q)| answers.get(index) == Some(&q.answer))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn question(answer: i64) -> ExerciseQuestion {
        ExerciseQuestion {
            question: " 哪一种是安全型依恋的表现？ ".to_owned(),
            options: vec![
                "回避亲近".to_owned(),
                " 信任对方 ".to_owned(),
                "反复确认".to_owned(),
            ],
            answer,
        }
    }

    #[test]
    fn questions_need_options_and_an_answer_among_them() {
        let kept = checked(&[question(1)]).unwrap();
        assert_eq!(kept[0].question, "哪一种是安全型依恋的表现？");
        assert_eq!(kept[0].options[1], "信任对方");
        assert!(checked(&[question(3)]).is_err());
        assert!(checked(&[question(-1)]).is_err());
        let mut lonely = question(0);
        lonely.options.truncate(1);
        assert!(checked(&[lonely]).is_err());
    }

    #[test]
    fn the_score_is_the_share_of_right_answers() {
        let five: Vec<_> = (0..5).map(|_| question(1)).collect();
        assert_eq!(score(&five, &[1, 1, 1, 1, 0]), Ok(80));
        assert_eq!(score(&five, &[1, 1, 1, 0, 0]), Ok(60));
        let three: Vec<_> = (0..3).map(|_| question(2)).collect();
        assert_eq!(score(&three, &[2, 2, 0]), Ok(67));
        assert!(score(&three, &[2, 2]).is_err());
        assert_eq!(marks(&three, &[2, 0, 2]), vec![true, false, true]);
        assert!(score(&[], &[]).is_err());
    }

    #[test]
    fn learners_see_no_answers() {
        let shown = serde_json::to_string(&views(&[question(1)])).unwrap();
        assert!(!shown.contains("answer"));
    }
}
