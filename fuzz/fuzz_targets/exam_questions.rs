//! An editor's questions JSON: whatever is accepted keeps every rule the member's screen and
//! the scoring engine rely on, and reading it back gives the same questions.
#![no_main]

use std::collections::HashSet;

use libfuzzer_sys::fuzz_target;
use xinqiao_fuzz::questions::{MAX_OPTIONS, MAX_QUESTIONS, parse};

fuzz_target!(|text: &str| {
    let Ok(questions) = parse(text) else {
        return;
    };
    assert!((1..=MAX_QUESTIONS).contains(&questions.len()));
    let mut qids = HashSet::new();
    for question in &questions {
        assert!(question.qid >= 1 && qids.insert(question.qid));
        assert!(!question.question.is_empty());
        assert_eq!(question.question, question.question.trim());
        assert!((2..=MAX_OPTIONS).contains(&question.options.len()));
        let oids: HashSet<i64> = question.options.iter().map(|o| o.oid).collect();
        assert_eq!(oids.len(), question.options.len());
        for option in &question.options {
            assert!(!option.option.is_empty());
            assert!((-1000..=1000).contains(&option.score));
        }
        assert_eq!(question.view().options.len(), question.options.len());
    }
    let written = serde_json::to_string(&questions).expect("questions serialise");
    assert_eq!(parse(&written).as_ref(), Ok(&questions));
});
