//! A fake SMTP server on loopback, for API tests and the browser journeys: it speaks enough of
//! the protocol for lettre without TLS (EHLO/HELO, AUTH PLAIN and LOGIN when it was given
//! credentials, MAIL FROM, RCPT TO, DATA, RSET, NOOP, QUIT) and keeps every accepted message
//! so a test can read the code it carries. `refuse_mail(true)` makes it refuse the next
//! messages (a mail server that is down for delivery).

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use base64::Engine as _;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};

use crate::mail::settings::{MailSettings, SmtpSettings, SmtpTls};

pub const FAKE_SMTP_USERNAME: &str = "mailer";
pub const FAKE_SMTP_PASSWORD: &str = "mailer-password-of-the-fake";
pub const FAKE_SMTP_FROM: &str = "心桥 <no-reply@xinqiao.test>";

/// One accepted message.
#[derive(Debug, Clone)]
pub struct Mail {
    pub from: String,
    pub to: Vec<String>,
    /// Headers and body as sent (dot-unstuffed, CRLF line ends).
    pub data: String,
}

impl Mail {
    /// A header's raw value (first occurrence, unfolded).
    pub fn header(&self, name: &str) -> Option<String> {
        let (head, _) = self.data.split_once("\r\n\r\n")?;
        let unfolded = head.replace("\r\n ", " ").replace("\r\n\t", " ");
        unfolded.lines().find_map(|line| {
            let (key, value) = line.split_once(':')?;
            key.eq_ignore_ascii_case(name)
                .then(|| value.trim().to_owned())
        })
    }

    /// The body as text, decoded from base64 or quoted-printable when so labelled.
    pub fn text(&self) -> String {
        let body = self
            .data
            .split_once("\r\n\r\n")
            .map_or("", |(_, body)| body);
        let encoding = self
            .header("Content-Transfer-Encoding")
            .unwrap_or_default()
            .to_ascii_lowercase();
        match encoding.as_str() {
            "base64" => {
                let compact: String = body.split_whitespace().collect();
                base64::engine::general_purpose::STANDARD
                    .decode(compact)
                    .ok()
                    .and_then(|bytes| String::from_utf8(bytes).ok())
                    .unwrap_or_default()
            }
            _ => body.to_owned(),
        }
    }

    /// The first run of exactly six digits in the text: the code.
    pub fn code(&self) -> Option<String> {
        let text = self.text();
        let chars: Vec<char> = text.chars().collect();
        let mut start = 0;
        while start < chars.len() {
            if chars[start].is_ascii_digit() {
                let end = (start..chars.len())
                    .find(|&i| !chars[i].is_ascii_digit())
                    .unwrap_or(chars.len());
                if end - start == 6 {
                    return Some(chars[start..end].iter().collect());
                }
                start = end;
            } else {
                start += 1;
            }
        }
        None
    }
}

/// Called with each accepted message (the binary prints it).
pub type OnMail = Box<dyn Fn(&Mail) + Send + Sync>;

struct Inner {
    credentials: Option<(String, String)>,
    mails: Mutex<Vec<Mail>>,
    refusing: AtomicBool,
    on_mail: Option<OnMail>,
}

/// A running fake; cheap to clone.
#[derive(Clone)]
pub struct FakeSmtp {
    pub port: u16,
    inner: Arc<Inner>,
}

fn registry() -> &'static Mutex<HashMap<u16, FakeSmtp>> {
    static REGISTRY: OnceLock<Mutex<HashMap<u16, FakeSmtp>>> = OnceLock::new();
    REGISTRY.get_or_init(Default::default)
}

impl FakeSmtp {
    /// Starts a fake on its own thread; with `credentials` it requires AUTH before MAIL FROM.
    pub fn start(credentials: Option<(&str, &str)>) -> std::io::Result<Self> {
        Self::start_with(
            "127.0.0.1:0".parse().map_err(std::io::Error::other)?,
            credentials,
            None,
        )
    }

    /// As [`FakeSmtp::start`], on `bind`, calling `on_mail` with each accepted message.
    pub fn start_with(
        bind: std::net::SocketAddr,
        credentials: Option<(&str, &str)>,
        on_mail: Option<OnMail>,
    ) -> std::io::Result<Self> {
        let listener = std::net::TcpListener::bind(bind)?;
        listener.set_nonblocking(true)?;
        let port = listener.local_addr()?.port();
        let inner = Arc::new(Inner {
            credentials: credentials.map(|(user, pass)| (user.to_owned(), pass.to_owned())),
            mails: Mutex::new(Vec::new()),
            refusing: AtomicBool::new(false),
            on_mail,
        });
        let serving = inner.clone();
        std::thread::Builder::new()
            .name("fake-smtp".into())
            .spawn(move || {
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build();
                let Ok(runtime) = runtime else { return };
                runtime.block_on(async move {
                    let Ok(listener) = TcpListener::from_std(listener) else {
                        return;
                    };
                    while let Ok((stream, _)) = listener.accept().await {
                        tokio::spawn(session(stream, serving.clone()));
                    }
                });
            })?;
        let fake = Self { port, inner };
        registry()
            .lock()
            .map_err(|_| std::io::Error::other("registry"))?
            .insert(port, fake.clone());
        Ok(fake)
    }

    /// The fake listening on `port` in this process.
    pub fn on_port(port: u16) -> Option<Self> {
        registry().lock().ok()?.get(&port).cloned()
    }

    /// Mail settings that send through this fake (TLS none, its credentials).
    pub fn settings(&self) -> MailSettings {
        MailSettings {
            smtp: Some(SmtpSettings {
                host: "127.0.0.1".into(),
                port: self.port,
                tls: SmtpTls::None,
                credentials: self.inner.credentials.as_ref().map(|(user, pass)| {
                    (user.clone(), platform::config::Secret::new(pass.clone()))
                }),
                from: FAKE_SMTP_FROM.parse().expect("the fake's sender"),
            }),
        }
    }

    /// Every message accepted so far, oldest first.
    pub fn mails(&self) -> Vec<Mail> {
        self.inner
            .mails
            .lock()
            .map(|m| m.clone())
            .unwrap_or_default()
    }

    /// The messages sent to `address` (compared without letter case).
    pub fn mails_to(&self, address: &str) -> Vec<Mail> {
        self.mails()
            .into_iter()
            .filter(|mail| mail.to.iter().any(|to| to.eq_ignore_ascii_case(address)))
            .collect()
    }

    /// Waits (up to five seconds) until `count` messages have reached `address`; answers the
    /// newest. For mail sent in the background after the answer.
    pub async fn wait_for_mails_to(&self, address: &str, count: usize) -> Option<Mail> {
        for _ in 0..250 {
            let mails = self.mails_to(address);
            if mails.len() >= count {
                return mails.last().cloned();
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        None
    }

    /// While on, the next messages are refused at MAIL FROM (451).
    pub fn refuse_mail(&self, refusing: bool) {
        self.inner.refusing.store(refusing, Ordering::SeqCst);
    }
}

fn angle_address(argument: &str) -> String {
    let argument = argument.trim();
    let inner = argument
        .split_once('<')
        .and_then(|(_, rest)| rest.split_once('>'))
        .map_or(argument, |(address, _)| address);
    inner.trim().to_owned()
}

fn decode(text: &str) -> String {
    base64::engine::general_purpose::STANDARD
        .decode(text.trim())
        .ok()
        .and_then(|bytes| String::from_utf8(bytes).ok())
        .unwrap_or_default()
}

/// Writes one answer; false when the client is gone.
async fn reply(write: &mut tokio::net::tcp::OwnedWriteHalf, text: &str) -> bool {
    write.write_all(text.as_bytes()).await.is_ok()
}

async fn session(stream: TcpStream, fake: Arc<Inner>) {
    let (read, mut write) = stream.into_split();
    let mut lines = BufReader::new(read);
    if !reply(&mut write, "220 fake-smtp ESMTP ready\r\n").await {
        return;
    }
    let mut authenticated = fake.credentials.is_none();
    let mut from: Option<String> = None;
    let mut to: Vec<String> = Vec::new();
    let mut line = String::new();
    loop {
        line.clear();
        match lines.read_line(&mut line).await {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let command = line.trim_end_matches(['\r', '\n']).to_owned();
        let (verb, argument) = command
            .split_once(' ')
            .map_or((command.as_str(), ""), |(verb, rest)| (verb, rest));
        let verb = verb.to_ascii_uppercase();
        let answer = match verb.as_str() {
            "EHLO" => {
                if fake.credentials.is_some() {
                    "250-fake-smtp\r\n250-8BITMIME\r\n250 AUTH PLAIN LOGIN\r\n".to_owned()
                } else {
                    "250-fake-smtp\r\n250 8BITMIME\r\n".to_owned()
                }
            }
            "HELO" => "250 fake-smtp\r\n".to_owned(),
            "AUTH" => {
                let (mechanism, initial) = argument
                    .split_once(' ')
                    .map_or((argument, ""), |(m, rest)| (m, rest));
                let given = match mechanism.to_ascii_uppercase().as_str() {
                    "PLAIN" => {
                        let payload = if initial.is_empty() {
                            if !reply(&mut write, "334 \r\n").await {
                                return;
                            }
                            let mut next = String::new();
                            if lines.read_line(&mut next).await.unwrap_or(0) == 0 {
                                return;
                            }
                            next
                        } else {
                            initial.to_owned()
                        };
                        let decoded = decode(&payload);
                        let mut parts = decoded.split('\0').skip(1);
                        match (parts.next(), parts.next()) {
                            (Some(user), Some(pass)) => Some((user.to_owned(), pass.to_owned())),
                            _ => None,
                        }
                    }
                    "LOGIN" => {
                        let mut answers = Vec::new();
                        for prompt in ["334 VXNlcm5hbWU6\r\n", "334 UGFzc3dvcmQ6\r\n"] {
                            if !reply(&mut write, prompt).await {
                                return;
                            }
                            let mut next = String::new();
                            if lines.read_line(&mut next).await.unwrap_or(0) == 0 {
                                return;
                            }
                            answers.push(decode(&next));
                        }
                        Some((answers[0].clone(), answers[1].clone()))
                    }
                    _ => None,
                };
                if given.is_some() && given == fake.credentials {
                    authenticated = true;
                    "235 2.7.0 Authentication successful\r\n".to_owned()
                } else {
                    "535 5.7.8 Authentication credentials invalid\r\n".to_owned()
                }
            }
            "MAIL" if !authenticated => "530 5.7.0 Authentication required\r\n".to_owned(),
            "MAIL" if fake.refusing.load(Ordering::SeqCst) => {
                "451 4.3.0 Mail delivery is paused\r\n".to_owned()
            }
            "MAIL" => {
                from = Some(angle_address(
                    argument
                        .trim_start_matches(|c| c != ':')
                        .trim_start_matches(':'),
                ));
                to.clear();
                "250 2.1.0 Ok\r\n".to_owned()
            }
            "RCPT" if from.is_none() => "503 5.5.1 MAIL first\r\n".to_owned(),
            "RCPT" => {
                to.push(angle_address(
                    argument
                        .trim_start_matches(|c| c != ':')
                        .trim_start_matches(':'),
                ));
                "250 2.1.5 Ok\r\n".to_owned()
            }
            "DATA" if to.is_empty() => "503 5.5.1 RCPT first\r\n".to_owned(),
            "DATA" => {
                if !reply(&mut write, "354 End data with <CR><LF>.<CR><LF>\r\n").await {
                    return;
                }
                let mut data = String::new();
                loop {
                    let mut next = String::new();
                    if lines.read_line(&mut next).await.unwrap_or(0) == 0 {
                        return;
                    }
                    let content = next.trim_end_matches(['\r', '\n']);
                    if content == "." {
                        break;
                    }
                    data.push_str(content.strip_prefix('.').unwrap_or(content));
                    data.push_str("\r\n");
                }
                let mail = Mail {
                    from: from.take().unwrap_or_default(),
                    to: std::mem::take(&mut to),
                    data,
                };
                if let Some(on_mail) = &fake.on_mail {
                    on_mail(&mail);
                }
                if let Ok(mut mails) = fake.mails.lock() {
                    mails.push(mail);
                }
                "250 2.0.0 Ok: queued\r\n".to_owned()
            }
            "RSET" => {
                from = None;
                to.clear();
                "250 2.0.0 Ok\r\n".to_owned()
            }
            "NOOP" => "250 2.0.0 Ok\r\n".to_owned(),
            "QUIT" => {
                let _ = reply(&mut write, "221 2.0.0 Bye\r\n").await;
                return;
            }
            _ => "502 5.5.2 Command not recognized\r\n".to_owned(),
        };
        if !reply(&mut write, &answer).await {
            return;
        }
    }
}
