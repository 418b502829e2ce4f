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

/// What one streamed line says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    Text(String),
    /// The reply is complete.
    Done,
    /// Nothing for the member (keep-alives, role headers, empty deltas).
    Nothing,
    /// The model server reported an error inside the stream.
    Failed(String),
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the model server sent a line that is not its protocol: {0}")]
pub struct Malformed(pub String);

/// The address and body of a streamed chat request.
pub fn request(protocol: Protocol, base: &Url, model: &str, turns: &[Turn]) -> (Url, Value) {
    let path = match protocol {
        Protocol::Ollama => "api/chat",
        Protocol::OpenAi => "v1/chat/completions",
    };
    let mut base = base.clone();
    if !base.path().ends_with('/') {
        base.set_path(&format!("{}/", base.path()));
    }
    let url = base.join(path).unwrap_or(base);
    (
        url,
        json!({"model": model, "messages": turns, "stream": true}),
    )
}

#[derive(Deserialize)]
struct OllamaLine {
    #[serde(default)]
    message: Option<OllamaMessage>,
    #[serde(default)]
    done: bool,
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
        return Ok(Piece::Nothing);
    }
    let malformed = || Malformed(line.chars().take(120).collect());
    match protocol {
        Protocol::Ollama => {
            let parsed: OllamaLine = serde_json::from_str(line).map_err(|_| malformed())?;
            if let Some(error) = parsed.error {
                return Ok(Piece::Failed(error));
            }
            let text = parsed.message.map(|m| m.content).unwrap_or_default();
            Ok(match (text.is_empty(), parsed.done) {
                (false, _) => Piece::Text(text),
                (true, true) => Piece::Done,
                (true, false) => Piece::Nothing,
            })
        }
        Protocol::OpenAi => {
            // Server-sent events: only `data:` lines carry anything; comments and other fields
            // (`event:`, `id:`) are skipped.
            let Some(data) = line.strip_prefix("data:") else {
                return if line.starts_with(':') || line.contains(':') {
                    Ok(Piece::Nothing)
                } else {
                    Err(malformed())
                };
            };
            let data = data.trim();
            if data == "[DONE]" {
                return Ok(Piece::Done);
            }
            let chunk: OpenAiChunk = serde_json::from_str(data).map_err(|_| malformed())?;
            if let Some(error) = chunk.error {
                let message = error["message"]
                    .as_str()
                    .map_or_else(|| error.to_string(), str::to_owned);
                return Ok(Piece::Failed(message));
            }
            let text = chunk
                .choices
                .into_iter()
                .filter_map(|c| c.delta.and_then(|d| d.content))
                .collect::<String>();
            Ok(if text.is_empty() {
                Piece::Nothing
            } else {
                Piece::Text(text)
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ollama_lines_carry_text_then_done() {
        let read = |line| read_line(Protocol::Ollama, line);
        assert_eq!(
            read(r#"{"message":{"role":"assistant","content":"你好"},"done":false}"#),
            Ok(Piece::Text("你好".into()))
        );
        assert_eq!(
            read(r#"{"message":{"role":"assistant","content":""},"done":true}"#),
            Ok(Piece::Done)
        );
        assert_eq!(
            read(r#"{"error":"model not found"}"#),
            Ok(Piece::Failed("model not found".into()))
        );
        assert_eq!(read(""), Ok(Piece::Nothing));
        assert!(read("not json").is_err());
    }

    #[test]
    fn openai_events_carry_deltas_then_done() {
        let read = |line| read_line(Protocol::OpenAi, line);
        assert_eq!(
            read(r#"data: {"choices":[{"delta":{"content":"好"}}]}"#),
            Ok(Piece::Text("好".into()))
        );
        assert_eq!(
            read(r#"data: {"choices":[{"delta":{"role":"assistant"}}]}"#),
            Ok(Piece::Nothing)
        );
        assert_eq!(read("data: [DONE]"), Ok(Piece::Done));
        assert_eq!(read(": keep-alive"), Ok(Piece::Nothing));
        assert_eq!(read("event: message"), Ok(Piece::Nothing));
        assert_eq!(
            read(r#"data: {"error":{"message":"overloaded"}}"#),
            Ok(Piece::Failed("overloaded".into()))
        );
        assert!(read("data: {broken").is_err());
        assert!(read("garbage").is_err());
    }

    #[test]
    fn requests_keep_the_base_path() {
        let base = Url::parse("http://127.0.0.1:8000/llm").unwrap();
        let (url, body) = request(Protocol::OpenAi, &base, "m", &[]);
        assert_eq!(
            url.as_str(),
            "http://127.0.0.1:8000/llm/v1/chat/completions"
        );
        assert_eq!(body["stream"], true);
        let (url, _) = request(
            Protocol::Ollama,
            &Url::parse("http://localhost:11434").unwrap(),
            "m",
            &[],
        );
        assert_eq!(url.as_str(), "http://localhost:11434/api/chat");
    }
}
