//! The validated instruments the demo publishes (`instruments/`, with their sources and
//! licences in `instruments/SOURCES.md`), read into the same save request an editor sends.

use serde::Deserialize;

use crate::dto::SaveExamRequest;

/// One instrument file.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Instrument {
    pub instrument: String,
    pub exam_name: String,
    pub profile: String,
    pub description: String,
    #[serde(default)]
    pub feedbacks: String,
    #[serde(default)]
    pub stops: String,
    #[serde(default)]
    pub time_limit: i64,
    #[serde(default)]
    pub questions_type: Option<String>,
    pub questions: serde_json::Value,
    #[serde(default)]
    pub summarys: serde_json::Value,
    #[serde(default)]
    pub crisis: serde_json::Value,
}

/// How the site offers an instrument.
#[derive(Debug, Clone, Copy)]
pub struct Offer {
    pub file: &'static str,
    pub text: &'static str,
    /// In fen; 0 is free.
    pub fee: i64,
    pub one_free: bool,
    /// A mental-health screening: results for their member only.
    pub health_screening: bool,
}

/// The demo's assessments, oldest first (the list shows the newest first).
pub const OFFERS: &[Offer] = &[
    Offer {
        file: "who-5",
        text: include_str!("../instruments/who-5.json"),
        fee: 0,
        one_free: false,
        health_screening: true,
    },
    Offer {
        file: "gad-7",
        text: include_str!("../instruments/gad-7.json"),
        fee: 0,
        one_free: false,
        health_screening: true,
    },
    Offer {
        file: "phq-9",
        text: include_str!("../instruments/phq-9.json"),
        fee: 0,
        one_free: false,
        health_screening: true,
    },
    Offer {
        file: "rosenberg",
        text: include_str!("../instruments/rosenberg.json"),
        fee: 0,
        one_free: false,
        health_screening: false,
    },
    Offer {
        file: "four-poles",
        text: include_str!("../instruments/four-poles.json"),
        fee: 990,
        one_free: false,
        health_screening: false,
    },
    Offer {
        file: "big-five",
        text: include_str!("../instruments/big-five.json"),
        fee: 1990,
        one_free: true,
        health_screening: false,
    },
];

fn json_text(value: &serde_json::Value) -> String {
    if value.is_null() {
        String::new()
    } else {
        value.to_string()
    }
}

impl Offer {
    pub fn instrument(&self) -> Result<Instrument, serde_json::Error> {
        serde_json::from_str(self.text)
    }

    /// The save request an editor would send for this offer.
    pub(crate) fn request(&self) -> Result<SaveExamRequest, serde_json::Error> {
        let instrument = self.instrument()?;
        let question_count = instrument.questions.as_array().map_or(0, Vec::len) as i64;
        let flag = |on: bool| serde_json::json!(i64::from(on));
        serde_json::from_value(serde_json::json!({
            "examName": instrument.exam_name,
            "profile": instrument.profile,
            "description": instrument.description,
            "feedbacks": instrument.feedbacks,
            "stops": instrument.stops,
            "timeLimit": instrument.time_limit,
            "questionCount": question_count,
            "questionsType": instrument.questions_type,
            "questions": json_text(&instrument.questions),
            "summarys": json_text(&instrument.summarys),
            "crisis": json_text(&instrument.crisis),
            "fee": self.fee as f64 / 100.0,
            "free": flag(self.fee == 0),
            "oneFree": flag(self.one_free),
            "healthScreening": flag(self.health_screening),
            "auditStatus": 1,
        }))
    }
}
