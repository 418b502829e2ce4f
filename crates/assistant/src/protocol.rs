//! The two streaming protocols a model server may speak: what to send, and how each line it
//! streams back reads.

use serde::Deserialize;
use serde_json::{Value, json};
use url::Url;

use crate::settings::Protocol;

/// A chat turn as both protocols take it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Turn {
    pub role: &'static str,
    pub content: String,
}

/// What one streamed line says: text for the member, and whether the reply ends there.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Piece {
    pub text: String,
    pub end: Option<End>,
}

/// How a line ends the reply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum End {
    /// The reply is complete; `cut` when the model stopped at the token limit it was sent.
    Done { cut: bool },
    /// The model finished its choice (OpenAI's `finish_reason`): what may follow is `[DONE]`
    /// or the end of the body, and either means done. Some servers never send `[DONE]`.
    Finished { cut: bool },
    /// The model server reported an error inside the stream.
    Failed(String),
}

impl Piece {
    fn ending(end: End) -> Self {
        Self {
            text: String::new(),
            end: Some(end),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the model server sent a line that is not its protocol: {0}")]
pub struct Malformed(pub String);

/// The address and body of a streamed chat request; `max_tokens` bounds the reply on the model
/// server's side too (Ollama's `options.num_predict`, OpenAI's `max_tokens`).
pub fn request(
    protocol: Protocol,
    base: &Url,
    model: &str,
    turns: &[Turn],
    max_tokens: i64,
) -> (Url, Value) {
    let path = match protocol {
        Protocol::Ollama => "api/chat",
        Protocol::OpenAi => "v1/chat/completions",
    };
    let mut base = base.clone();
    if !base.path().ends_with('/') {
        base.set_path(&format!("{}/", base.path()));
    }
    let url = base.join(path).unwrap_or(base);
    let body = match protocol {
        Protocol::Ollama => json!({
            "model": model,
            "messages": turns,
            "stream": true,
            "options": {"num_predict": max_tokens},
        }),
        Protocol::OpenAi => json!({
            "model": model,
            "messages": turns,
            "stream": true,
            "max_tokens": max_tokens,
        }),
    };
    (url, body)
}

/// Whether a response of this content type is the protocol's stream. Anything else (an HTML
/// error page from a proxy, an OpenAI server answering one JSON object) is not read as lines.
pub fn streams(protocol: Protocol, content_type: Option<&str>) -> bool {
    let essence = content_type
        .and_then(|t| t.split(';').next())
        .map(|t| t.trim().to_ascii_lowercase());
    match (protocol, essence.as_deref()) {
        // Ollama answers application/x-ndjson; older versions and proxies say JSON or nothing.
        (Protocol::Ollama, None | Some("application/x-ndjson" | "application/json")) => true,
        (Protocol::OpenAi, Some("text/event-stream")) => true,
        _ => false,
    }
}

/// The message of a JSON error body (`{"error": "…"}` or `{"error": {"message": "…"}}`).
pub fn error_message(body: &str) -> Option<String> {
    let value: Value = serde_json::from_str(body.trim()).ok()?;
    let error = value.get("error")?;
    Some(
        error
            .get("message")
            .and_then(Value::as_str)
            .or_else(|| error.as_str())
            .map_or_else(|| error.to_string(), str::to_owned),
    )
}

#[derive(Deserialize)]
struct OllamaLine {
    #[serde(default)]
    message: Option<OllamaMessage>,
    #[serde(default)]
    done: bool,
    #[serde(default)]
    done_reason: Option<String>,
    #[serde(default)]
    error: Option<String>,
}

#[derive(Deserialize)]
struct OllamaMessage {
    #[serde(default)]
    content: String,
}

#[derive(Deserialize)]
struct OpenAiChunk {
    #[serde(default)]
    choices: Vec<OpenAiChoice>,
    #[serde(default)]
    error: Option<Value>,
}

#[derive(Deserialize)]
struct OpenAiChoice {
    #[serde(default)]
    delta: Option<OpenAiDelta>,
    #[serde(default)]
    finish_reason: Option<String>,
}

#[derive(Deserialize)]
struct OpenAiDelta {
    #[serde(default)]
    content: Option<String>,
}

/// Reads one line (without its line break) of the model server's stream.
pub fn read_line(protocol: Protocol, line: &str) -> Result<Piece, Malformed> {
    let line = line.trim_end_matches('\r');
    if line.trim().is_empty() {
        return Ok(Piece::default());
    }
    let malformed = || Malformed(line.chars().take(120).collect());
    match protocol {
        Protocol::Ollama => {
            let parsed: OllamaLine = serde_json::from_str(line).map_err(|_| malformed())?;
            if let Some(error) = parsed.error {
                return Ok(Piece::ending(End::Failed(error)));
            }
            // The last line may carry the last text as well as `done`.
            let text = parsed.message.map(|m| m.content).unwrap_or_default();
            let end = parsed.done.then(|| End::Done {
                cut: parsed.done_reason.as_deref() == Some("length"),
            });
            Ok(Piece { text, end })
        }
        Protocol::OpenAi => {
            // Server-sent events: `data:` lines carry everything; comments and the other
            // fields (`event:`, `id:`, `retry:`) are skipped. Anything else (a JSON error body
            // sent as if it were the stream) is not this protocol.
            let Some(data) = line.strip_prefix("data:") else {
                let field = line.split(':').next().unwrap_or_default();
                return if line.starts_with(':') || matches!(field, "event" | "id" | "retry") {
                    Ok(Piece::default())
                } else {
                    Err(malformed())
                };
            };
            let data = data.trim();
            if data == "[DONE]" {
                return Ok(Piece::ending(End::Done { cut: false }));
            }
            let chunk: OpenAiChunk = serde_json::from_str(data).map_err(|_| malformed())?;
            if let Some(error) = chunk.error {
                let message = error["message"]
                    .as_str()
                    .map_or_else(|| error.to_string(), str::to_owned);
                return Ok(Piece::ending(End::Failed(message)));
            }
            let mut text = String::new();
            let mut finish: Option<String> = None;
            for choice in chunk.choices {
                if let Some(content) = choice.delta.and_then(|d| d.content) {
                    text.push_str(&content);
                }
                finish = finish.or(choice.finish_reason);
            }
            let end = finish.map(|reason| End::Finished {
                cut: reason == "length",
            });
            Ok(Piece { text, end })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(text: &str) -> Piece {
        Piece {
            text: text.to_owned(),
            end: None,
        }
    }

    #[test]
    fn ollama_lines_carry_text_then_done() {
        let read = |line| read_line(Protocol::Ollama, line);
        assert_eq!(
            read(r#"{"message":{"role":"assistant","content":"你好"},"done":false}"#),
            Ok(text("你好"))
        );
        assert_eq!(
            read(r#"{"message":{"role":"assistant","content":""},"done":true}"#),
            Ok(Piece::ending(End::Done { cut: false }))
        );
        assert_eq!(
            read(r#"{"error":"model not found"}"#),
            Ok(Piece::ending(End::Failed("model not found".into())))
        );
        assert_eq!(read(""), Ok(Piece::default()));
        assert!(read("not json").is_err());
    }

    #[test]
    fn an_ollama_last_line_may_carry_text_and_done_together() {
        let read = |line| read_line(Protocol::Ollama, line);
        assert_eq!(
            read(r#"{"message":{"role":"assistant","content":"再见"},"done":true}"#),
            Ok(Piece {
                text: "再见".into(),
                end: Some(End::Done { cut: false })
            })
        );
        assert_eq!(
            read(r#"{"message":{"content":""},"done":true,"done_reason":"length"}"#),
            Ok(Piece::ending(End::Done { cut: true }))
        );
    }

    #[test]
    fn openai_events_carry_deltas_then_done() {
        let read = |line| read_line(Protocol::OpenAi, line);
        assert_eq!(
            read(r#"data: {"choices":[{"delta":{"content":"好"}}]}"#),
            Ok(text("好"))
        );
        assert_eq!(
            read(r#"data: {"choices":[{"delta":{"role":"assistant"}}]}"#),
            Ok(Piece::default())
        );
        assert_eq!(
            read("data: [DONE]"),
            Ok(Piece::ending(End::Done { cut: false }))
        );
        assert_eq!(read(": keep-alive"), Ok(Piece::default()));
        assert_eq!(read("event: message"), Ok(Piece::default()));
        assert_eq!(read("id: 7"), Ok(Piece::default()));
        assert_eq!(
            read(r#"data: {"error":{"message":"overloaded"}}"#),
            Ok(Piece::ending(End::Failed("overloaded".into())))
        );
        assert!(read("data: {broken").is_err());
        assert!(read("garbage").is_err());
    }

    #[test]
    fn an_openai_finish_reason_ends_the_choice_with_or_without_text() {
        let read = |line| read_line(Protocol::OpenAi, line);
        assert_eq!(
            read(r#"data: {"choices":[{"delta":{"content":"。"},"finish_reason":"stop"}]}"#),
            Ok(Piece {
                text: "。".into(),
                end: Some(End::Finished { cut: false })
            })
        );
        assert_eq!(
            read(r#"data: {"choices":[{"delta":{},"finish_reason":"length"}]}"#),
            Ok(Piece::ending(End::Finished { cut: true }))
        );
    }

    #[test]
    fn a_plain_json_error_body_is_not_skipped_as_an_event_field() {
        assert!(read_line(Protocol::OpenAi, r#"{"error":{"message":"bad key"}}"#).is_err());
        assert_eq!(
            error_message(r#"{"error":{"message":"bad key","type":"auth"}}"#),
            Some("bad key".into())
        );
        assert_eq!(
            error_message(r#"{"error":"model not found"}"#),
            Some("model not found".into())
        );
        assert_eq!(error_message("<html>502</html>"), None);
    }

    #[test]
    fn only_the_protocols_stream_types_are_read_as_lines() {
        assert!(streams(
            Protocol::OpenAi,
            Some("text/event-stream; charset=utf-8")
        ));
        assert!(!streams(Protocol::OpenAi, Some("application/json")));
        assert!(streams(Protocol::Ollama, Some("application/x-ndjson")));
        assert!(streams(Protocol::Ollama, None));
        assert!(!streams(Protocol::Ollama, Some("text/html")));
    }

    #[test]
    fn requests_keep_the_base_path_and_bound_the_reply() {
        let base = Url::parse("http://127.0.0.1:8000/llm").unwrap();
        let (url, body) = request(Protocol::OpenAi, &base, "m", &[], 800);
        assert_eq!(
            url.as_str(),
            "http://127.0.0.1:8000/llm/v1/chat/completions"
        );
        assert_eq!(
            (&body["stream"], &body["max_tokens"]),
            (&json!(true), &json!(800))
        );
        let (url, body) = request(
            Protocol::Ollama,
            &Url::parse("http://localhost:11434").unwrap(),
            "m",
            &[],
            800,
        );
        assert_eq!(url.as_str(), "http://localhost:11434/api/chat");
        assert_eq!(body["options"]["num_predict"], 800);
    }
}
