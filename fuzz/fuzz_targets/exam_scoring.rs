//! The scoring engine over an accepted key and any choices a member can send: no total goes
//! past its dimension's maximum or below its minimum, only real choices are recorded, every
//! reading comes from a band that holds the total, and the help block follows its rules.
#![no_main]

use std::collections::HashMap;

use libfuzzer_sys::fuzz_target;
use serde::Deserialize;
use serde_json::Value;
use xinqiao_fuzz::questions::parse;
use xinqiao_fuzz::scoring::{
    Bands, CrisisRule, QuestionsType, ScoringKey, check_choices, check_key, max_scores, score,
};

/// An instrument as the editor saves it (the files in `crates/exams/instruments` read as
/// seeds) and the choices (qid, oid) a member sends.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Input {
    questions: Value,
    #[serde(default)]
    summarys: Value,
    #[serde(default)]
    crisis: Value,
    #[serde(default)]
    questions_type: String,
    #[serde(default)]
    choices: Vec<(i64, i64)>,
}

fuzz_target!(|text: &str| {
    let Ok(input) = serde_json::from_str::<Input>(text) else {
        return;
    };
    let Ok(questions) = parse(&input.questions.to_string()) else {
        return;
    };
    let bands: Bands = serde_json::from_value(input.summarys).unwrap_or_default();
    let crisis: Vec<CrisisRule> = serde_json::from_value(input.crisis).unwrap_or_default();
    if check_key(&questions, &bands, &crisis).is_err() {
        return;
    }
    let kind = QuestionsType::parse(&input.questions_type).unwrap_or_default();
    let key = ScoringKey {
        questions: &questions,
        bands: &bands,
        crisis: &crisis,
        kind,
    };
    let choices: HashMap<i64, i64> = input.choices.into_iter().collect();
    let scored = score(key, &choices);

    assert_eq!(scored.max_score, max_scores(&questions));
    let all_answered = questions.iter().all(|q| {
        choices
            .get(&q.qid)
            .is_some_and(|&oid| q.option(oid).is_some())
    });
    for (dimension, &total) in &scored.totals {
        let in_dimension = || questions.iter().filter(|q| q.key() == dimension);
        let chosen: i64 = in_dimension()
            .filter_map(|q| choices.get(&q.qid).and_then(|&oid| q.option(oid)))
            .map(|option| option.score)
            .sum();
        assert_eq!(total, chosen, "{dimension}");
        if all_answered {
            let lowest: i64 = in_dimension()
                .map(|q| q.options.iter().map(|o| o.score).min().unwrap_or(0))
                .sum();
            assert!((lowest..=scored.max_score[dimension]).contains(&total));
        }
    }
    let valid = questions
        .iter()
        .filter(|q| {
            choices
                .get(&q.qid)
                .is_some_and(|&oid| q.option(oid).is_some())
        })
        .count();
    assert_eq!(scored.records.len(), valid);
    if check_choices(&questions, &choices).is_ok() {
        assert_eq!(valid, choices.len());
    }
    for (dimension, reading) in &scored.summary {
        let total = scored.totals[dimension];
        assert!(
            bands[dimension].iter().any(|band| band.min <= total
                && total <= band.max
                && band.digest == reading.digest)
        );
    }
    let expected_crisis = crisis.iter().any(|rule| match rule {
        CrisisRule::Item { qid, at_least } => scored
            .records
            .iter()
            .find(|record| record.qid == *qid)
            .and_then(|record| {
                let question = questions.iter().find(|q| q.qid == *qid)?;
                question.option(record.oid).map(|o| o.score >= *at_least)
            })
            .unwrap_or(false),
        CrisisRule::Total { key, at_least } => {
            scored.totals.get(key).is_some_and(|t| t >= at_least)
        }
    });
    assert_eq!(scored.crisis, expected_crisis);
});
