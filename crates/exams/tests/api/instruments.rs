//! The seeded instruments score as their published keys say: each check in
//! `instruments/checks.json` was computed by hand from the key, not from the files' scores.

use std::collections::HashMap;

use exams::instruments::OFFERS;

use crate::*;

#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct Check {
    instrument: String,
    name: String,
    answers: HashMap<String, i64>,
    expected: HashMap<String, i64>,
    #[serde(default)]
    crisis: Option<bool>,
    #[serde(default)]
    summary_digests: HashMap<String, String>,
}

/// The create body an editor would send for an instrument file.
fn instrument_body(text: &str) -> Value {
    let file: Value = serde_json::from_str(text).unwrap();
    let text_of = |value: &Value| {
        if value.is_null() {
            String::new()
        } else {
            value.to_string()
        }
    };
    json!({
        "examName": file["examName"],
        "profile": file["profile"],
        "description": file["description"],
        "feedbacks": file["feedbacks"],
        "stops": file["stops"],
        "timeLimit": file["timeLimit"],
        "questionCount": file["questions"].as_array().unwrap().len(),
        "questionsType": file["questionsType"],
        "questions": text_of(&file["questions"]),
        "summarys": text_of(&file["summarys"]),
        "crisis": text_of(&file["crisis"]),
    })
}

platform::engine_tests! { crate::spawn_app;

async fn every_instrument_scores_its_hand_computed_checks(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let member = signed_in_user(&app, "member1", Role::User).await;
    let checks: Vec<Check> = serde_json::from_str(include_str!("../../instruments/checks.json")).unwrap();
    let mut published = HashMap::new();
    for offer in OFFERS {
        published.insert(offer.file, publish(&app, &admin, instrument_body(offer.text)).await);
    }
    for offer in OFFERS {
        assert!(checks.iter().filter(|c| c.instrument == offer.file).count() >= 3, "{} has too few checks", offer.file);
    }
    for check in &checks {
        let exam_id = published[check.instrument.as_str()];
        let answers: Vec<Value> = check.answers.iter().map(|(qid, oid)| json!({"qid": qid.parse::<i64>().unwrap(), "oid": oid})).collect();
        let done = submit(&app, &member, exam_id, Value::Array(answers)).await;
        assert_eq!(done.status, 200, "{} {}: {}", check.instrument, check.name, done.json);
        let scored = result(&app, &member, done.data()["resultId"].as_i64().unwrap()).await;
        let data = scored.data();
        let totals: HashMap<String, i64> = serde_json::from_value(data["examResult"].clone()).unwrap();
        assert_eq!(totals, check.expected, "{} {}", check.instrument, check.name);
        if let Some(crisis) = check.crisis {
            assert_eq!(data["crisis"].as_i64(), Some(i64::from(crisis)), "{} {}", check.instrument, check.name);
        }
        let digests: HashMap<String, String> = data["summary"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(key, reading)| (key.clone(), reading["digest"].as_str().unwrap().to_owned()))
            .collect();
        assert_eq!(digests, check.summary_digests, "{} {}", check.instrument, check.name);
    }
}

}
