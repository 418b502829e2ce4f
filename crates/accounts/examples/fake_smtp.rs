//! The fake SMTP server as a process, for the browser journeys: `fake-smtp [<bind>]` prints one
//! JSON line with the variables that point xinqiao's mail at it, then one JSON line per
//! accepted message (`{"to": [...], "subject": ..., "text": ..., "code": ...}`), until killed.

use std::io::Write;

use accounts::testkit::fake_smtp::{FAKE_SMTP_FROM, FakeSmtp, Mail};

fn main() -> std::io::Result<()> {
    let bind = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "127.0.0.1:0".into())
        .parse()
        .map_err(std::io::Error::other)?;
    let print = |mail: &Mail| {
        let line = serde_json::json!({
            "to": mail.to,
            "subject": mail.header("Subject"),
            "text": mail.text(),
            "code": mail.code(),
        });
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    };
    let fake = FakeSmtp::start_with(bind, None, Some(Box::new(print)))?;
    let description = serde_json::json!({
        "XINQIAO_SMTP_HOST": "127.0.0.1",
        "XINQIAO_SMTP_PORT": fake.port.to_string(),
        "XINQIAO_SMTP_TLS": "none",
        "XINQIAO_SMTP_FROM": FAKE_SMTP_FROM,
    });
    {
        let mut out = std::io::stdout().lock();
        writeln!(out, "{description}")?;
        out.flush()?;
    }
    loop {
        std::thread::park();
    }
}
