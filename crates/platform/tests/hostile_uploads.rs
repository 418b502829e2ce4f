//! Hostile uploads: every file of `corpus/uploads/` (made by `make_corpus.py` there) goes to
//! every upload purpose, through every way an image enters the site, and each must be either
//! refused with a clear 4xx that writes nothing, or — when it is a genuinely valid image under
//! a misleading name — stored re-encoded under a name and type the server chose. Memory stays
//! bounded throughout, and no answer takes long.

// Unwrapping is how a test says "this must hold"; the lint guards production code.
#![allow(clippy::unwrap_used)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use actix_web::test::TestRequest;
use actix_web::{HttpRequest, web};
use diesel_async::RunQueryDsl;
use platform::files::http::receive_image;
use platform::files::{NOT_AN_IMAGE, Purpose, StoredPath, TOO_MUCH_MEMORY};
use platform::testkit::{Engine, EveryIdIsAMember, TestApp, TestResponse, with_token};
use platform::{ApiResult, AppState, CurrentUser, Identity, Module, Role, UserId};

/// The purposes the domain crates register, copied here because the platform's tests cannot
/// depend on the crates built on it. What changes an upload's handling is the size limit,
/// GIFs refused, a blurred copy, review, and the private store: between them, these cover
/// every combination the site uses.
mod purposes {
    use platform::files::Purpose;

    const MB: usize = 1024 * 1024;

    /// `profile::AVATAR`
    pub const AVATAR: Purpose = Purpose::new("avatar", 2 * MB, "上传头像图片大小不能超过 2MB!")
        .still_images_only("上传头像图片只能是 JPG/PNG/WEBP 格式!")
        .with_blurred_variant()
        .awaiting_review();
    /// `profile::PHOTO`
    pub const PHOTO: Purpose = Purpose::new("photo", 5 * MB, "上传图片大小不能超过 5MB!")
        .with_blurred_variant()
        .awaiting_review();
    /// `blog::BANNER`
    pub const BANNER: Purpose = Purpose::new("banner", 2 * MB, "图片大小不能超过 2MB!");
    /// `knowledge::COURSE_BANNER`
    pub const COURSE_BANNER: Purpose =
        Purpose::new("course_banner", 2 * MB, "图片大小不能超过 2MB!");
    /// `moments::MOMENT_IMAGE`
    pub const MOMENT: Purpose = Purpose::new("moment", 5 * MB, "图片大小不能超过 5MB!");
    /// `chat::CHAT_IMAGE`
    pub const CHAT: Purpose = Purpose::new("chat", 5 * MB, "图片大小不能超过 5MB!");
    /// `exams::EXAM_IMAGE`
    pub const EXAM: Purpose = Purpose::new("exam", 2 * MB, "图片大小不能超过 2MB!");
    /// `accounts::identity::CARD_PHOTO`
    pub const CARD_PHOTO: Purpose = Purpose::new("idcard", 5 * MB, "图片大小不能超过 5MB!")
        .kept_private()
        .still_images_only("只能上传图片文件!");
    /// `accounts::AVATAR`: fetched from WeChat by the server, never posted by a member.
    pub const WECHAT_AVATAR: Purpose =
        Purpose::new("wechat-avatar", 2 * MB, "图片大小不能超过 2MB!");

    pub const ALL: &[Purpose] = &[
        AVATAR,
        PHOTO,
        BANNER,
        COURSE_BANNER,
        MOMENT,
        CHAT,
        EXAM,
        CARD_PHOTO,
        WECHAT_AVATAR,
    ];
}

use purposes::{CARD_PHOTO, WECHAT_AVATAR};

/// What a file must get.
#[derive(Debug, Clone, Copy)]
enum Expect {
    /// A valid image: stored, re-encoded, under a server-chosen name.
    Stored,
    /// Refused with this status and message.
    Refused(u16, &'static str),
    /// Refused with 415 and the purpose's own text for a file it does not take.
    NotAnImage,
    /// Empty: a form without a file (400), or, fetched by the server, no image (415).
    Nothing,
}

const DAMAGED: &str = "图片已损坏，无法读取";
const TOO_MANY_PIXELS: &str = "图片尺寸过大，请上传 4000 万像素以内的图片";
const NO_FILE: &str = "请选择要上传的图片";
const BAD_FILE_NAME: &str = "文件名不合法";

use Expect::{NotAnImage, Nothing, Refused, Stored};

/// Every corpus file and what every purpose must answer. `true` marks a GIF: a purpose that
/// takes still images only refuses it with 415 before looking any further.
const CORPUS: &[(&str, bool, Expect)] = &[
    ("valid.png", false, Stored),
    ("valid.jpg", false, Stored),
    ("valid.gif", true, Stored),
    ("valid.webp", false, Stored),
    // The name lies; the bytes decide.
    ("png-named.jpg", false, Stored),
    ("jpeg-named.png", false, Stored),
    ("webp-named.gif", false, Stored),
    ("gif-named.png", true, Stored),
    // Re-encoding keeps the picture and drops the HTML, the archive and the script.
    ("polyglot-jpeg-html.jpg", false, Stored),
    ("polyglot-png-zip.png", false, Stored),
    ("polyglot-gif-js.gif", true, Stored),
    // Only the first frame is ever decoded, so a thousand frames cost what one does.
    ("gif-1000-frames.gif", true, Stored),
    // Refused from the header, before any pixel is decoded.
    (
        "png-claims-50000x50000.png",
        false,
        Refused(413, TOO_MANY_PIXELS),
    ),
    (
        "png-deflate-bomb-30000x30000.png",
        false,
        Refused(413, TOO_MANY_PIXELS),
    ),
    (
        "jpeg-claims-65000x65000.jpg",
        false,
        Refused(413, TOO_MANY_PIXELS),
    ),
    (
        "gif-claims-65535x65535.gif",
        true,
        Refused(413, TOO_MANY_PIXELS),
    ),
    (
        "webp-claims-16000x16000.webp",
        false,
        Refused(413, TOO_MANY_PIXELS),
    ),
    // A 1x1 screen with a 65535x65535 frame: the frame's buffer is over the decode allowance.
    (
        "gif-frame-outside-screen.gif",
        true,
        Refused(413, TOO_MUCH_MEMORY),
    ),
    // A 16x16 picture with 300 MB of colour profile, or of image data past its last row: what
    // is not needed for the picture must not be inflated.
    ("png-iccp-bomb.png", false, Stored),
    ("png-idat-overflow.png", false, Stored),
    ("script.svg", false, NotAnImage),
    ("script-svg-named.png", false, NotAnImage),
    ("html-named.png", false, NotAnImage),
    ("text-content.png", false, NotAnImage),
    ("bitmap.bmp", false, NotAnImage),
    ("empty.png", false, Nothing),
    ("truncated.png", false, Refused(400, DAMAGED)),
    ("truncated.jpg", false, Refused(400, DAMAGED)),
    ("truncated.gif", true, Refused(400, DAMAGED)),
    ("truncated.webp", false, Refused(400, DAMAGED)),
];

/// File names a client may send with a valid PNG (`valid.png`), as the part's whole
/// `filename` parameter: the name is never used, and one that tries to leave the folder is
/// refused outright.
fn file_names() -> Vec<(&'static str, Vec<u8>, Expect)> {
    let named = |name: &str| format!("filename=\"{name}\"").into_bytes();
    vec![
        (
            "parent-directory traversal",
            named("../../etc/passwd.png"),
            Refused(400, BAD_FILE_NAME),
        ),
        (
            "absolute path",
            named("/etc/passwd.png"),
            Refused(400, BAD_FILE_NAME),
        ),
        (
            "Windows traversal",
            named("..\\\\..\\\\windows\\\\win.ini.png"),
            Refused(400, BAD_FILE_NAME),
        ),
        (
            "traversal in the encoded form of RFC 5987",
            b"filename*=UTF-8''..%2F..%2Fetc%2Fpasswd.png".to_vec(),
            Refused(400, BAD_FILE_NAME),
        ),
        (
            "NUL byte",
            named("avatar.php\0.png"),
            Refused(400, "请使用 multipart/form-data 上传文件"),
        ),
        (
            "a name of 4000 characters",
            named(&format!("{}.png", "a".repeat(4000))),
            Stored,
        ),
        ("a Chinese name", named("我的头像.png"), Stored),
    ]
}

/// The test process's peak resident memory may not pass this. The whole run needs about
/// 20 MB (an application, a database pool, images of a few dozen pixels); decoding any bomb of
/// the corpus would need far more: the 50000x50000 PNG 7.5 GB, the 30000x30000 one 900 MB,
/// the 16000x16000 WebP 1 GB, the inflated colour profile or image data 300 MB.
const PEAK_MEMORY_BOUND_MB: u64 = 128;

/// A guard against hangs, not a speed target: every corpus file is answered in milliseconds.
const ANSWER_WITHIN: Duration = Duration::from_secs(20);

/// `accounts::identity::http::upload_front`: the identity card's own route, which receives
/// the image as `POST /upload` does.
async fn upload_card_front(
    state: web::Data<AppState>,
    user: CurrentUser,
    request: HttpRequest,
    payload: web::Payload,
) -> ApiResult<serde_json::Value> {
    let stored = receive_image(&state, &user, CARD_PHOTO, &request, payload).await?;
    platform::ok_with_message(
        stored.path.clone(),
        serde_json::json!({ "filename": stored.path }),
    )
}

fn card_routes(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    cfg.route("/upload/idcard/front", web::post().to(upload_card_front));
}

const MODULES: &[Module] = &[
    platform::module::UPLOADS,
    Module::new("site purposes", card_routes).with_uploads(purposes::ALL),
];

async fn spawn_app(engine: Engine) -> Option<TestApp> {
    TestApp::spawn(engine, MODULES, |_| Arc::new(EveryIdIsAMember), |_, _| {}).await
}

/// How an image reaches the pipeline.
#[derive(Debug, Clone, Copy)]
enum Way {
    /// `POST /upload?purpose=…`
    Upload,
    /// `POST /upload/idcard/front`
    CardRoute,
    /// The server fetched the bytes itself (the WeChat avatar): no form, no file name.
    ServerFetched,
}

fn ways_for(purpose: Purpose) -> &'static [Way] {
    if purpose == CARD_PHOTO {
        &[Way::Upload, Way::CardRoute]
    } else if purpose == WECHAT_AVATAR {
        &[Way::ServerFetched]
    } else {
        &[Way::Upload]
    }
}

fn corpus_file(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/corpus/uploads")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// What a browser would send as the part's type, judged by the name (as browsers do).
fn content_type_by_name(name: &str) -> &'static str {
    match name.rsplit_once('.').map(|(_, extension)| extension) {
        Some("png") => "image/png",
        Some("jpg") => "image/jpeg",
        Some("gif") => "image/gif",
        Some("webp") => "image/webp",
        Some("svg") => "image/svg+xml",
        Some("bmp") => "image/bmp",
        _ => "application/octet-stream",
    }
}

/// A multipart body whose one `file` part carries `file_name_parameter` verbatim.
fn form(file_name_parameter: &[u8], content_type: &str, bytes: &[u8]) -> (String, Vec<u8>) {
    let boundary = "----xinqiao-hostile-boundary";
    let mut body =
        format!("--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; ").into_bytes();
    body.extend_from_slice(file_name_parameter);
    body.extend_from_slice(format!("\r\nContent-Type: {content_type}\r\n\r\n").as_bytes());
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

/// The answer's status, message and (when stored) path, whichever way the image came.
struct Outcome {
    status: u16,
    message: String,
    stored_path: Option<String>,
}

async fn send(
    app: &TestApp,
    way: Way,
    purpose: Purpose,
    member: &Identity,
    file_name_parameter: &[u8],
    content_type: &str,
    bytes: Vec<u8>,
) -> Outcome {
    let uri = match way {
        Way::Upload => format!("/api/v1/upload?purpose={}", purpose.name),
        Way::CardRoute => "/api/v1/upload/idcard/front".to_owned(),
        Way::ServerFetched => {
            return match platform::files::store_image(&app.state, member, purpose, bytes).await {
                Ok(stored) => Outcome {
                    status: 200,
                    message: stored.path.clone(),
                    stored_path: Some(stored.path),
                },
                Err(error) => Outcome {
                    status: error.code(),
                    message: error.message().to_owned(),
                    stored_path: None,
                },
            };
        }
    };
    // A minute passes between a member's uploads, within their per-minute upload quota.
    app.clock.advance(60);
    let token = app
        .state
        .auth
        .issue(member, 0, app.state.now())
        .unwrap()
        .access_token;
    let (form_type, body) = form(file_name_parameter, content_type, &bytes);
    let request = TestRequest::post()
        .uri(&uri)
        .insert_header(("content-type", form_type))
        .set_payload(body);
    let response: TestResponse = app.send(with_token(request, Some(&token))).await;
    assert_eq!(
        response.code(),
        i64::from(response.status),
        "the envelope's code mirrors the status: {}",
        response.json
    );
    let stored_path = (response.status == 200).then(|| {
        assert_eq!(
            response.data()["filename"],
            response.json["message"],
            "{}",
            response.json
        );
        response.message().to_owned()
    });
    Outcome {
        status: response.status,
        message: response.message().to_owned(),
        stored_path,
    }
}

/// Every file under `root`, recursively (none when it does not exist yet).
fn files_under(root: &Path) -> BTreeSet<PathBuf> {
    let mut found = BTreeSet::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else {
                found.insert(path);
            }
        }
    }
    found
}

/// Everything the application may write to: its whole temporary folder except the SQLite
/// database's own files.
fn written_files(app: &TestApp) -> BTreeSet<PathBuf> {
    let data_dir = &app.state.config.data_dir;
    let temporary = data_dir.parent().unwrap_or(data_dir);
    files_under(temporary)
        .into_iter()
        .filter(|path| {
            !path
                .file_name()
                .and_then(|name| name.to_str())
                .is_some_and(|name| name.starts_with("test.db"))
        })
        .collect()
}

#[derive(diesel::QueryableByName)]
struct Count {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n: i64,
}

async fn upload_records(app: &TestApp) -> i64 {
    let mut pooled = app.state.db.get().await.unwrap();
    let counted: Vec<Count> = platform::run!(&mut pooled.conn(), |c| diesel::sql_query(
        "SELECT COUNT(*) AS n FROM uploads"
    )
    .load(c)
    .await)
    .unwrap();
    counted[0].n
}

/// The test process's peak resident memory so far, in MB (`VmHWM`; nextest runs each test in
/// a process of its own).
fn peak_memory_mb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status
        .lines()
        .find(|line| line.starts_with("VmHWM:"))
        .unwrap();
    let kilobytes: u64 = line
        .trim_start_matches("VmHWM:")
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .unwrap();
    kilobytes / 1024
}

fn is_lower_hex(text: &str, length: usize) -> bool {
    text.len() == length
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// `uploads/<purpose>/[tobeaudit/]<2 hex>/<32 hex>.<jpg|png>`: nothing of the member's name.
fn assert_server_chosen(path: &str, purpose: Purpose, context: &str) -> &'static str {
    let review = if purpose.awaiting_review {
        "tobeaudit/"
    } else {
        ""
    };
    let rest = path
        .strip_prefix(&format!("uploads/{}/{review}", purpose.name))
        .unwrap_or_else(|| panic!("{context}: {path} is not in the purpose's folder"));
    let (folder, file) = rest
        .split_once('/')
        .unwrap_or_else(|| panic!("{context}: {path}"));
    let (stem, extension) = file
        .rsplit_once('.')
        .unwrap_or_else(|| panic!("{context}: {path}"));
    assert!(
        is_lower_hex(folder, 2) && is_lower_hex(stem, 32),
        "{context}: {path}"
    );
    assert!(stem.starts_with(folder), "{context}: {path}");
    assert!(
        StoredPath::parse(path).is_some(),
        "{context}: {path} is not a safe path"
    );
    match extension {
        "jpg" => "image/jpeg",
        "png" => "image/png",
        other => panic!("{context}: {path} has the type {other}, not one the server encodes"),
    }
}

/// The payloads the polyglots smuggle: none may survive re-encoding.
const SMUGGLED: &[&[u8]] = &[
    b"<script",
    b"alert(",
    b"<html",
    b"PK\x03\x04",
    b"index.html",
];

#[allow(clippy::too_many_arguments)]
async fn check_stored(
    app: &TestApp,
    purpose: Purpose,
    member: &Identity,
    path: &str,
    sent: &[u8],
    new_files: &BTreeSet<PathBuf>,
    context: &str,
) {
    let content_type = assert_server_chosen(path, purpose, context);
    let store = app.state.files_of(purpose);
    let stored = StoredPath::parse(path).unwrap();
    let file = store.local_file(&stored).unwrap();
    let thumbnail = path
        .rsplit_once('.')
        .map(|(stem, extension)| format!("{stem}_thumb.{extension}"))
        .unwrap();
    let mut expected: BTreeSet<PathBuf> = [file.clone()].into();
    expected.insert(
        store
            .local_file(&StoredPath::parse(&thumbnail).unwrap())
            .unwrap(),
    );
    if purpose.blurred_variant {
        let blurred = platform::files::blurred_path(path).unwrap();
        expected.insert(
            store
                .local_file(&StoredPath::parse(&blurred).unwrap())
                .unwrap(),
        );
    }
    assert_eq!(
        new_files, &expected,
        "{context}: exactly the image, its thumbnail (and blurred copy)"
    );
    let uploads_root = store
        .local_file(&StoredPath::parse("uploads/x").unwrap())
        .unwrap();
    let uploads_root = uploads_root.parent().unwrap();
    assert!(
        new_files
            .iter()
            .all(|written| written.starts_with(uploads_root)),
        "{context}: written outside {}: {new_files:?}",
        uploads_root.display()
    );

    let bytes = std::fs::read(&file).unwrap();
    assert_ne!(bytes, sent, "{context}: stored as sent, not re-encoded");
    let format = image::guess_format(&bytes).unwrap();
    let expected_format = if content_type == "image/png" {
        image::ImageFormat::Png
    } else {
        image::ImageFormat::Jpeg
    };
    assert_eq!(
        format, expected_format,
        "{context}: the stored bytes are what the name says"
    );
    image::load_from_memory(&bytes).unwrap_or_else(|error| panic!("{context}: {error}"));
    for payload in SMUGGLED {
        assert!(
            !bytes
                .windows(payload.len())
                .any(|window| window == *payload),
            "{context}: {:?} survived re-encoding",
            String::from_utf8_lossy(payload)
        );
    }

    let mut pooled = app.state.db.get().await.unwrap();
    let uploader = platform::files::uploader_of(&mut pooled.conn(), purpose, path)
        .await
        .unwrap();
    assert_eq!(
        uploader,
        Some(member.user_id),
        "{context}: recorded as the member's"
    );
    drop(pooled);

    // Asked by the uploader: a picture awaiting review is served to them alone.
    let token = app
        .state
        .auth
        .issue(member, 0, app.state.now())
        .unwrap()
        .access_token;
    let served = app.get(&format!("/api/v1/{path}"), Some(&token)).await;
    if purpose.private {
        assert_eq!(
            served.status, 404,
            "{context}: a private image is never served by path"
        );
    } else {
        assert_eq!(served.status, 200, "{context}");
        assert_eq!(
            served.header("content-type"),
            Some(content_type),
            "{context}"
        );
        assert_eq!(
            served.header("x-content-type-options"),
            Some("nosniff"),
            "{context}"
        );
        assert_eq!(served.bytes, bytes, "{context}");
    }
}

struct Attempt<'a> {
    purpose: Purpose,
    way: Way,
    member: &'a Identity,
    file_name_parameter: &'a [u8],
    content_type: &'a str,
    bytes: Vec<u8>,
    expect: Expect,
    context: String,
}

async fn attempt(app: &TestApp, attempt: Attempt<'_>) {
    let Attempt {
        purpose,
        way,
        member,
        file_name_parameter,
        content_type,
        bytes,
        expect,
        context,
    } = attempt;
    let (files_before, records_before) = (written_files(app), upload_records(app).await);
    let answer = send(
        app,
        way,
        purpose,
        member,
        file_name_parameter,
        content_type,
        bytes.clone(),
    );
    let outcome = tokio::time::timeout(ANSWER_WITHIN, answer)
        .await
        .unwrap_or_else(|_| panic!("{context}: no answer within {ANSWER_WITHIN:?}"));
    let files_after = written_files(app);
    let records_after = upload_records(app).await;

    match expect {
        Stored => {
            assert_eq!(outcome.status, 200, "{context}: {}", outcome.message);
            let path = outcome.stored_path.unwrap();
            assert_eq!(
                outcome.message, path,
                "{context}: the message holds the stored path"
            );
            assert!(
                files_before.is_subset(&files_after),
                "{context}: a file was removed"
            );
            let new_files = files_after.difference(&files_before).cloned().collect();
            check_stored(app, purpose, member, &path, &bytes, &new_files, &context).await;
            assert_eq!(records_after, records_before + 1, "{context}: one record");
        }
        Refused(..) | NotAnImage | Nothing => {
            let not_an_image = (415, purpose.still_only.unwrap_or(NOT_AN_IMAGE));
            let (status, message) = match (expect, way) {
                (Refused(status, message), _) => (status, message),
                (Nothing, Way::Upload | Way::CardRoute) => (400, NO_FILE),
                _ => not_an_image,
            };
            assert_eq!(
                (outcome.status, outcome.message.as_str()),
                (status, message),
                "{context}"
            );
            assert_eq!(
                files_after, files_before,
                "{context}: a refused file wrote nothing"
            );
            assert_eq!(
                records_after, records_before,
                "{context}: and recorded nothing"
            );
        }
    }
    let peak = peak_memory_mb();
    assert!(
        peak < PEAK_MEMORY_BOUND_MB,
        "{context}: the process's peak memory reached {peak} MB (bound {PEAK_MEMORY_BOUND_MB} MB)"
    );
}

platform::engine_tests! { spawn_app;

async fn every_corpus_file_is_refused_or_stored_re_encoded_for_every_purpose(app) {
    for (index, &purpose) in purposes::ALL.iter().enumerate() {
        // A member per purpose keeps every attempt within the daily upload allowance.
        let member = Identity {
            user_id: UserId(i64::try_from(index).unwrap() + 1),
            uuid: format!("member-{index}"),
            role: Role::User,
        };
        for &way in ways_for(purpose) {
            for &(name, is_gif, expect) in CORPUS {
                let expect = if is_gif && purpose.still_only.is_some() { NotAnImage } else { expect };
                let file_name_parameter = format!("filename=\"{name}\"");
                attempt(&app, Attempt {
                    purpose,
                    way,
                    member: &member,
                    file_name_parameter: file_name_parameter.as_bytes(),
                    content_type: content_type_by_name(name),
                    bytes: corpus_file(name),
                    expect,
                    context: format!("{name} as {} by {way:?}", purpose.name),
                })
                .await;
            }
            if matches!(way, Way::ServerFetched) {
                continue;
            }
            for (what, file_name_parameter, expect) in file_names() {
                attempt(&app, Attempt {
                    purpose,
                    way,
                    member: &member,
                    file_name_parameter: &file_name_parameter,
                    content_type: "image/png",
                    bytes: corpus_file("valid.png"),
                    expect,
                    context: format!("a file name with {what} as {} by {way:?}", purpose.name),
                })
                .await;
            }
        }
    }
    eprintln!("peak memory of the test process: {} MB", peak_memory_mb());
}

}
