//! The scoring engine: a member's choices and an assessment's key become dimension totals,
//! each dimension's maximum, the summary chosen by score band, and whether the help block
//! must show. Pure, so every instrument's key can be checked against hand-computed totals.
//!
//! `fuzz/` compiles this file on its own (fuzz/src/lib.rs): it uses no other module of its
//! crate but `questions`.

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::questions::Question;

/// The pole pairs a bar result compares, in the order they are shown (spec 2, section 9).
pub const POLE_PAIRS: [(&str, &str); 4] = [("E", "I"), ("S", "N"), ("T", "F"), ("J", "P")];

/// How a result is read: `bar` compares pole pairs, `options` shows one total (a single
/// value) or several (a radar).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema, Default)]
#[serde(rename_all = "lowercase")]
pub enum QuestionsType {
    Bar,
    #[default]
    Options,
}

impl QuestionsType {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Bar => "bar",
            Self::Options => "options",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "bar" => Some(Self::Bar),
            "options" => Some(Self::Options),
            _ => None,
        }
    }
}

/// One score band of a dimension: a total from `min` to `max` (inclusive) reads as `digest`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Band {
    pub min: i64,
    pub max: i64,
    pub digest: String,
    pub description: String,
}

/// What a dimension's total means: its short digest and the longer description.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Reading {
    pub digest: String,
    pub description: String,
}

/// Per dimension key, its bands (the exam's `summarys`).
pub type Bands = BTreeMap<String, Vec<Band>>;

/// A condition that shows the help block above a result (PHQ-9: item 9 above 0, or a total of
/// 20 or more). `{"qid", "atLeast"}` reads one item's score, `{"key", "atLeast"}` a total.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum CrisisRule {
    #[serde(rename_all = "camelCase")]
    Item { qid: i64, at_least: i64 },
    #[serde(rename_all = "camelCase")]
    Total { key: String, at_least: i64 },
}

/// The key an assessment is scored with.
#[derive(Debug, Clone, Copy)]
pub struct ScoringKey<'a> {
    pub questions: &'a [Question],
    pub bands: &'a Bands,
    pub crisis: &'a [CrisisRule],
    pub kind: QuestionsType,
}

/// A choice as the member made it, rebuilt from the assessment's own text (spec 2, section 3,
/// Answer record).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct AnswerRecord {
    pub qid: i64,
    /// The question's text.
    pub quest: String,
    pub oid: i64,
    /// The chosen option's text.
    pub option: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Scored {
    /// Total per dimension key (keys keep their `__` prefixes, so they stay in order).
    pub totals: BTreeMap<String, i64>,
    /// The highest total each dimension can reach.
    pub max_score: BTreeMap<String, i64>,
    pub summary: BTreeMap<String, Reading>,
    /// The help block must show above the result.
    pub crisis: bool,
    /// The choices that count, in question order.
    pub records: Vec<AnswerRecord>,
}

/// Why a set of choices cannot be scored.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChoiceError {
    #[error("第 {0} 题不存在")]
    UnknownQuestion(i64),
    #[error("第 {0} 题的选项无效")]
    UnknownOption(i64),
    #[error("第 {0} 题尚未作答")]
    Unanswered(i64),
}

/// Choices (qid → oid) checked against the questions: every one must name a question and one
/// of its options.
pub fn check_choices(
    questions: &[Question],
    choices: &HashMap<i64, i64>,
) -> Result<(), ChoiceError> {
    for (&qid, &oid) in choices {
        let question = questions
            .iter()
            .find(|q| q.qid == qid)
            .ok_or(ChoiceError::UnknownQuestion(qid))?;
        question
            .option(oid)
            .ok_or(ChoiceError::UnknownOption(qid))?;
    }
    Ok(())
}

/// The first question without a choice, if any.
pub fn first_unanswered(questions: &[Question], choices: &HashMap<i64, i64>) -> Option<i64> {
    questions
        .iter()
        .map(|q| q.qid)
        .find(|qid| !choices.contains_key(qid))
}

/// Scores the choices with the key. Choices naming a question or option the key no longer has
/// (a recalculation after an edit) count nothing.
pub fn score(key: ScoringKey<'_>, choices: &HashMap<i64, i64>) -> Scored {
    let mut totals = BTreeMap::new();
    let mut records = Vec::new();
    let mut item_scores = HashMap::new();
    for question in key.questions {
        let total = totals.entry(question.key().to_owned()).or_insert(0);
        let chosen = choices
            .get(&question.qid)
            .and_then(|&oid| question.option(oid));
        if let Some(option) = chosen {
            *total += option.score;
            item_scores.insert(question.qid, option.score);
            records.push(AnswerRecord {
                qid: question.qid,
                quest: question.question.clone(),
                oid: option.oid,
                option: option.option.clone(),
            });
        }
    }
    let summary = readings(key, &totals);
    let crisis = key.crisis.iter().any(|rule| match rule {
        CrisisRule::Item { qid, at_least } => item_scores.get(qid).is_some_and(|s| s >= at_least),
        CrisisRule::Total { key, at_least } => totals.get(key).is_some_and(|t| t >= at_least),
    });
    Scored {
        totals,
        max_score: max_scores(key.questions),
        summary,
        crisis,
        records,
    }
}

/// The highest total each dimension can reach: the sum of its questions' best options.
pub fn max_scores(questions: &[Question]) -> BTreeMap<String, i64> {
    let mut max_score = BTreeMap::new();
    for question in questions {
        let highest = question.options.iter().map(|o| o.score).max().unwrap_or(0);
        *max_score.entry(question.key().to_owned()).or_insert(0) += highest;
    }
    max_score
}

/// Each dimension's reading from its band. In a bar result a pole pair is read as one: only
/// the pole with the higher total (the left one on a tie) gets its reading.
fn readings(key: ScoringKey<'_>, totals: &BTreeMap<String, i64>) -> BTreeMap<String, Reading> {
    let losing_poles: Vec<&str> = if key.kind == QuestionsType::Bar {
        POLE_PAIRS
            .iter()
            .filter(|(left, right)| totals.contains_key(*left) || totals.contains_key(*right))
            .map(|(left, right)| {
                let of = |pole: &str| totals.get(pole).copied().unwrap_or(0);
                if of(left) >= of(right) { *right } else { *left }
            })
            .collect()
    } else {
        Vec::new()
    };
    totals
        .iter()
        .filter(|(dimension, _)| !losing_poles.contains(&dimension.as_str()))
        .filter_map(|(dimension, &total)| {
            let band = key
                .bands
                .get(dimension)?
                .iter()
                .find(|band| (band.min..=band.max).contains(&total))?;
            Some((
                dimension.clone(),
                Reading {
                    digest: band.digest.clone(),
                    description: band.description.clone(),
                },
            ))
        })
        .collect()
}

/// A dimension key as members read it: `__3_尽责性` → `尽责性` (the prefix only orders).
pub fn display_name(key: &str) -> &str {
    let Some(rest) = key.strip_prefix("__") else {
        return key;
    };
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
    rest.strip_prefix('_').unwrap_or(rest)
}

/// Checks an editor's bands and help rules against the questions: bands name dimensions that
/// exist and have `min <= max`; rules name questions or dimensions that exist.
pub fn check_key(
    questions: &[Question],
    bands: &Bands,
    crisis: &[CrisisRule],
) -> Result<(), String> {
    let keys = crate::questions::keys(questions);
    for (dimension, dimension_bands) in bands {
        if !keys.contains(dimension) {
            return Err(format!("结果解读中的维度「{dimension}」没有对应的题目"));
        }
        if let Some(band) = dimension_bands.iter().find(|band| band.min > band.max) {
            return Err(format!(
                "维度「{dimension}」的分数段 {}–{} 无效",
                band.min, band.max
            ));
        }
    }
    for rule in crisis {
        match rule {
            CrisisRule::Item { qid, .. } if !questions.iter().any(|q| q.qid == *qid) => {
                return Err(format!("求助提示规则中的第 {qid} 题不存在"));
            }
            CrisisRule::Total { key, .. } if !keys.contains(key) => {
                return Err(format!("求助提示规则中的维度「{key}」不存在"));
            }
            _ => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::questions::parse;

    fn likert(qid: i64, key: &str, reversed: bool) -> String {
        let scores: Vec<i64> = if reversed {
            vec![5, 4, 3, 2, 1]
        } else {
            vec![1, 2, 3, 4, 5]
        };
        let options: Vec<String> = scores
            .iter()
            .enumerate()
            .map(|(i, s)| {
                format!(
                    r#"{{"oid":{},"option":"选项{}","score":{s}}}"#,
                    i + 1,
                    i + 1
                )
            })
            .collect();
        format!(
            r#"{{"qid":{qid},"question":"第{qid}题","question_key":"{key}","options":[{}]}}"#,
            options.join(",")
        )
    }

    fn questions(items: &[(i64, &str, bool)]) -> Vec<Question> {
        let list: Vec<String> = items.iter().map(|(q, k, r)| likert(*q, k, *r)).collect();
        parse(&format!("[{}]", list.join(","))).expect("valid")
    }

    fn choices(pairs: &[(i64, i64)]) -> HashMap<i64, i64> {
        pairs.iter().copied().collect()
    }

    fn band(min: i64, max: i64, digest: &str) -> Band {
        Band {
            min,
            max,
            digest: digest.into(),
            description: format!("{digest}的说明"),
        }
    }

    #[test]
    fn dimensions_sum_with_reverse_keyed_items_and_know_their_maximum() {
        let qs = questions(&[
            (1, "__1_外向性", false),
            (2, "__1_外向性", true),
            (3, "__2_宜人性", false),
        ]);
        let bands = Bands::new();
        let key = ScoringKey {
            questions: &qs,
            bands: &bands,
            crisis: &[],
            kind: QuestionsType::Options,
        };
        // Option 5 of a + item scores 5; option 5 of a − item scores 1.
        let scored = score(key, &choices(&[(1, 5), (2, 5), (3, 2)]));
        assert_eq!(
            scored.totals,
            BTreeMap::from([("__1_外向性".into(), 6), ("__2_宜人性".into(), 2)])
        );
        assert_eq!(
            scored.max_score,
            BTreeMap::from([("__1_外向性".into(), 10), ("__2_宜人性".into(), 5)])
        );
        assert_eq!(scored.records.len(), 3);
        assert_eq!(scored.records[1].option, "选项5");
        // The map's order is the prefixes' order.
        assert_eq!(
            scored
                .totals
                .keys()
                .map(|k| display_name(k))
                .collect::<Vec<_>>(),
            vec!["外向性", "宜人性"]
        );
    }

    #[test]
    fn a_single_value_is_read_by_its_band() {
        let qs = questions(&[(1, "", false), (2, "", false)]);
        let bands = Bands::from([("总分".into(), vec![band(2, 5, "低"), band(6, 10, "高")])]);
        let key = ScoringKey {
            questions: &qs,
            bands: &bands,
            crisis: &[],
            kind: QuestionsType::Options,
        };
        let scored = score(key, &choices(&[(1, 3), (2, 3)]));
        assert_eq!(scored.totals["总分"], 6);
        assert_eq!(scored.summary["总分"].digest, "高");
        let low = score(key, &choices(&[(1, 1), (2, 4)]));
        assert_eq!(low.summary["总分"].digest, "低");
    }

    #[test]
    fn pole_pairs_are_compared_per_pair_and_only_the_winner_is_read() {
        let qs = questions(&[
            (1, "E", false),
            (2, "I", false),
            (3, "S", false),
            (4, "N", false),
        ]);
        let bands: Bands = ["E", "I", "S", "N"]
            .iter()
            .map(|pole| ((*pole).to_owned(), vec![band(0, 30, &format!("{pole}型"))]))
            .collect();
        let key = ScoringKey {
            questions: &qs,
            bands: &bands,
            crisis: &[],
            kind: QuestionsType::Bar,
        };
        let scored = score(key, &choices(&[(1, 2), (2, 4), (3, 3), (4, 3)]));
        // I beats E; S and N tie, so the left pole S is read.
        assert_eq!(scored.summary.keys().collect::<Vec<_>>(), vec!["I", "S"]);
        // Read as options, every dimension gets its reading.
        let all = score(
            ScoringKey {
                kind: QuestionsType::Options,
                ..key
            },
            &choices(&[(1, 2), (2, 4), (3, 3), (4, 3)]),
        );
        assert_eq!(all.summary.len(), 4);
    }

    #[test]
    fn the_help_block_shows_for_an_item_or_a_total_rule() {
        let qs = questions(&[(1, "", false), (2, "", false)]);
        let bands = Bands::new();
        let crisis = [
            CrisisRule::Item {
                qid: 2,
                at_least: 4,
            },
            CrisisRule::Total {
                key: "总分".into(),
                at_least: 8,
            },
        ];
        let key = ScoringKey {
            questions: &qs,
            bands: &bands,
            crisis: &crisis,
            kind: QuestionsType::Options,
        };
        assert!(!score(key, &choices(&[(1, 1), (2, 3)])).crisis);
        assert!(score(key, &choices(&[(1, 1), (2, 4)])).crisis);
        assert!(score(key, &choices(&[(1, 5), (2, 3)])).crisis);
        let rules: Vec<CrisisRule> =
            serde_json::from_str(r#"[{"qid":9,"atLeast":1},{"key":"总分","atLeast":20}]"#)
                .expect("rules");
        assert_eq!(
            rules[0],
            CrisisRule::Item {
                qid: 9,
                at_least: 1
            }
        );
    }

    #[test]
    fn choices_are_checked_and_a_recalculation_skips_what_the_key_lost() {
        let qs = questions(&[(1, "", false), (2, "", false)]);
        assert_eq!(
            check_choices(&qs, &choices(&[(3, 1)])),
            Err(ChoiceError::UnknownQuestion(3))
        );
        assert_eq!(
            check_choices(&qs, &choices(&[(1, 9)])),
            Err(ChoiceError::UnknownOption(1))
        );
        assert_eq!(first_unanswered(&qs, &choices(&[(1, 1)])), Some(2));
        let bands = Bands::new();
        let key = ScoringKey {
            questions: &qs[..1],
            bands: &bands,
            crisis: &[],
            kind: QuestionsType::Options,
        };
        let scored = score(key, &choices(&[(1, 2), (2, 5)]));
        assert_eq!(scored.totals["总分"], 2);
        assert_eq!(scored.records.len(), 1);
    }

    #[test]
    fn prefixes_are_dropped_for_display_only() {
        assert_eq!(display_name("__1_外向性"), "外向性");
        assert_eq!(display_name("__12_开放性"), "开放性");
        assert_eq!(display_name("__外向"), "外向");
        assert_eq!(display_name("E"), "E");
    }

    #[test]
    fn a_key_names_only_what_exists() {
        let qs = questions(&[(1, "A", false)]);
        let stray = Bands::from([("B".into(), vec![band(0, 5, "x")])]);
        assert!(check_key(&qs, &stray, &[]).is_err());
        let inverted = Bands::from([("A".into(), vec![band(5, 1, "x")])]);
        assert!(check_key(&qs, &inverted, &[]).is_err());
        assert!(
            check_key(
                &qs,
                &Bands::new(),
                &[CrisisRule::Item {
                    qid: 7,
                    at_least: 1
                }]
            )
            .is_err()
        );
        assert!(
            check_key(
                &qs,
                &Bands::new(),
                &[CrisisRule::Total {
                    key: "A".into(),
                    at_least: 1
                }]
            )
            .is_ok()
        );
    }
}
