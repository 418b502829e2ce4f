//! The role matrix: for every operation of the OpenAPI document, what each of five callers
//! (a guest, the member who owns the object the call names, another member, an admin, a
//! superadmin) gets. `role_matrix.md` is the table; this file checks that it names exactly the
//! documented operations, then drives every row as every caller against a world of real
//! objects, on SQLite and PostgreSQL, and lists every cell the server answers differently.

// Unwrapping is how a test says "this must hold"; the lint guards production code.
#![allow(clippy::unwrap_used)]

use std::collections::{BTreeMap, BTreeSet};
use std::io::{Read, Write};

use accounts::testkit::{TestUser, signed_in_user};
use actix_web::test::TestRequest;
use platform::Role;
use platform::testkit::{Engine, TestApp, TestResponse, with_token};
use serde_json::{Value, json};

use crate::mount;

const TABLE: &str = include_str!("role_matrix.md");
const TABLE_FILE: &str = "apps/gateway/src/tests/role_matrix.md";

/// Texts only the owner (and the back office) may ever read back. A guest's or another
/// member's answer holding one of them is a leak, whatever its status.
const OWNER_SECRET: &str = "只给本人看的暗号";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Caller {
    Guest,
    Owner,
    Other,
    Admin,
    Superadmin,
}

const CALLERS: [Caller; 5] = [
    Caller::Guest,
    Caller::Owner,
    Caller::Other,
    Caller::Admin,
    Caller::Superadmin,
];

impl Caller {
    fn column(self) -> &'static str {
        match self {
            Caller::Guest => "guest",
            Caller::Owner => "owner",
            Caller::Other => "other",
            Caller::Admin => "admin",
            Caller::Superadmin => "superadmin",
        }
    }
}

/// What a caller must get: `ok` is HTTP 200 with envelope code 200; a number is that HTTP
/// status, and the envelope's code too when the answer is JSON (the API guide mirrors them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Expected(u16);

impl Expected {
    fn parse(cell: &str) -> Result<Self, String> {
        match cell {
            "ok" => Ok(Self(200)),
            other => other
                .parse::<u16>()
                .ok()
                .filter(|status| (100..600).contains(status))
                .map(Self)
                .ok_or_else(|| format!("`{other}` is neither `ok` nor an HTTP status")),
        }
    }
}

#[derive(Debug, Clone)]
enum Body {
    /// No body at all (GET, and POSTs documented without one).
    None,
    /// A JSON template whose `{placeholders}` name objects of the world.
    Json(String),
    /// A multipart upload of one small PNG, as the web client sends it.
    Png,
    /// Bytes as an outside service would post them.
    Raw(String),
}

#[derive(Debug, Clone)]
struct Row {
    line: usize,
    method: String,
    path: String,
    expected: [Expected; 5],
    body: Body,
}

impl Row {
    fn operation(&self) -> String {
        format!("{} {}", self.method, self.path)
    }
}

/// The table's rows: lines `| METHOD /path | guest | owner | other | admin | superadmin | request | why |`.
fn rows() -> Vec<Row> {
    let mut rows = Vec::new();
    for (index, line) in TABLE.lines().enumerate() {
        let line_number = index + 1;
        let cells: Vec<&str> = line
            .trim()
            .trim_matches('|')
            .split(" | ")
            .map(str::trim)
            .collect();
        let Some((method, template)) = cells[0].split_once(' ') else {
            continue;
        };
        if !["GET", "POST", "PUT", "DELETE", "PATCH"].contains(&method) {
            continue;
        }
        assert!(
            cells.len() == 8,
            "{TABLE_FILE}:{line_number}: a row has 8 cells (operation, five callers, request, why): {line}"
        );
        let expected: Vec<Expected> = cells[1..6]
            .iter()
            .map(|cell| {
                Expected::parse(cell)
                    .unwrap_or_else(|error| panic!("{TABLE_FILE}:{line_number}: {error}"))
            })
            .collect();
        let request = cells[6].trim_matches('`');
        let body = match request {
            "-" => Body::None,
            "png" => Body::Png,
            raw if raw.starts_with("raw:") => Body::Raw(raw["raw:".len()..].to_owned()),
            json => {
                let filled = fill_text(json, &|_| Some(Value::from(1)));
                serde_json::from_str::<Value>(&filled).unwrap_or_else(|error| {
                    panic!("{TABLE_FILE}:{line_number}: the request is not JSON ({error}): {json}")
                });
                Body::Json(json.to_owned())
            }
        };
        rows.push(Row {
            line: line_number,
            method: method.to_owned(),
            path: template.trim_matches('`').to_owned(),
            expected: expected.try_into().unwrap(),
            body,
        });
    }
    rows
}

/// The documented path of a row: placeholders in the query and in path segments are the
/// document's `{name}` parameters, so `/blog/{blog}` is `GET /api/v1/blog/{id}`.
fn documented_operations() -> BTreeMap<String, Vec<String>> {
    let document = serde_json::to_value(mount::openapi_document()).unwrap();
    let mut found = BTreeMap::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for method in item.as_object().unwrap().keys() {
            let pattern: Vec<String> = path.split('/').map(str::to_owned).collect();
            found.insert(format!("{} {path}", method.to_uppercase()), pattern);
        }
    }
    found
}

/// Which documented operation a row drives: the method and path with the query left off,
/// each `{parameter}` segment of the document matching any segment of the row.
fn operation_of(row: &Row, documented: &BTreeMap<String, Vec<String>>) -> Option<String> {
    let path = row.path.split('?').next().unwrap_or_default();
    let segments: Vec<&str> = path.split('/').collect();
    let wanted_method = format!("{} ", row.method);
    documented
        .iter()
        .filter(|(operation, _)| operation.starts_with(&wanted_method))
        .find(|(_, pattern)| {
            pattern.len() == segments.len()
                && pattern.iter().zip(&segments).all(|(documented, given)| {
                    documented == given
                        || (documented.starts_with('{') && documented.ends_with('}'))
                })
        })
        .map(|(operation, _)| operation.clone())
}

/// Every documented operation has exactly one row, and every row names a documented
/// operation: a new route cannot ship without someone deciding who may call it.
#[test]
fn the_role_matrix_has_one_row_per_documented_operation() {
    let documented = documented_operations();
    let mut covered: BTreeMap<String, usize> = BTreeMap::new();
    let mut stale = Vec::new();
    let mut twice = Vec::new();
    for row in rows() {
        match operation_of(&row, &documented) {
            Some(operation) => {
                if let Some(first) = covered.insert(operation.clone(), row.line) {
                    twice.push(format!("{operation} (lines {first} and {})", row.line));
                }
            }
            None => stale.push(format!("{TABLE_FILE}:{}: {}", row.line, row.operation())),
        }
    }
    let missing: Vec<&String> = documented
        .keys()
        .filter(|operation| !covered.contains_key(*operation))
        .collect();
    let mut problems = Vec::new();
    if !missing.is_empty() {
        let names: Vec<&str> = missing.iter().map(|m| m.as_str()).collect();
        problems.push(format!(
            "operations of the OpenAPI document without a row in {TABLE_FILE}:\n  {}\n\
             Add a row `| METHOD /path | guest | owner | other | admin | superadmin | request | why |` \
             saying what each caller must get (`ok` or an HTTP status), with a request whose \
             `{{placeholders}}` name the world's objects (`World::build` and `World::fresh` in \
             role_matrix.rs; add the object there when the call needs a new kind).",
            names.join("\n  ")
        ));
    }
    if !stale.is_empty() {
        problems.push(format!(
            "rows for operations the OpenAPI document no longer has; remove them or fix the path:\n  {}",
            stale.join("\n  ")
        ));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(
        twice.is_empty(),
        "operations with two rows: {}",
        twice.join(", ")
    );
}

/// `{name}` placeholders of a text, each replaced by `lookup(name)` (a string's text, any
/// other value's JSON).
fn fill_text(text: &str, lookup: &dyn Fn(&str) -> Option<Value>) -> String {
    let mut filled = String::new();
    let mut rest = text;
    while let Some(start) = rest.find('{') {
        let Some(length) = rest[start..].find('}') else {
            break;
        };
        let name = &rest[start + 1..start + length];
        let is_placeholder = !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '_');
        filled.push_str(&rest[..start]);
        match lookup(name).filter(|_| is_placeholder) {
            Some(Value::String(text)) => filled.push_str(&text),
            Some(value) => filled.push_str(&value.to_string()),
            None => filled.push_str(&rest[start..=start + length]),
        }
        rest = &rest[start + length + 1..];
    }
    filled.push_str(rest);
    filled
}

/// A JSON template filled in: a string that is one placeholder becomes the object's value
/// (a number stays a number); placeholders inside longer strings are replaced as text.
fn fill_json(template: &Value, lookup: &dyn Fn(&str) -> Option<Value>) -> Value {
    match template {
        Value::String(text) => {
            let whole = text.strip_prefix('{').and_then(|t| t.strip_suffix('}'));
            match whole.and_then(lookup) {
                Some(value) => value,
                None => Value::String(fill_text(text, lookup)),
            }
        }
        Value::Array(items) => {
            Value::Array(items.iter().map(|item| fill_json(item, lookup)).collect())
        }
        Value::Object(fields) => Value::Object(
            fields
                .iter()
                .map(|(key, value)| (key.clone(), fill_json(value, lookup)))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// Names of the `{new.kind}` placeholders of a row: objects made afresh for each request,
/// for calls that use an object up (deletes, one-time decisions).
fn fresh_kinds(row: &Row) -> BTreeSet<String> {
    let mut text = row.path.clone();
    if let Body::Json(template) = &row.body {
        text.push_str(template);
    }
    text.match_indices("{new.")
        .filter_map(|(start, _)| {
            let end = text[start..].find('}')?;
            let name = &text[start + 1..start + end];
            Some(name.strip_suffix(".text").unwrap_or(name).to_owned())
        })
        .collect()
}

async fn spawn_app(engine: Engine) -> Option<TestApp> {
    let model = fake_model();
    TestApp::spawn(
        engine,
        mount::MODULES,
        accounts::api::directory,
        move |_, settings| {
            use assistant::settings::{AssistantSettings, Protocol, Upstream};
            let upstream = Upstream {
                base_url: reqwest::Url::parse(&model).unwrap(),
                protocol: Protocol::Ollama,
                api_key: None,
            };
            let section = AssistantSettings {
                upstream: Some(upstream),
                ..AssistantSettings::default()
            };
            assistant::settings::install(settings, section);
        },
    )
    .await
}

/// A model server that answers every chat with one short Ollama reply, so the AI chat's
/// conversations are real ones; returns its base URL.
pub(super) fn fake_model() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let mut request = Vec::new();
            let mut buffer = [0_u8; 4096];
            // Headers, then as many body bytes as Content-Length says.
            while let Ok(read) = stream.read(&mut buffer) {
                if read == 0 {
                    break;
                }
                request.extend_from_slice(&buffer[..read]);
                let text = String::from_utf8_lossy(&request);
                if let Some(end) = text.find("\r\n\r\n") {
                    let length = text[..end]
                        .lines()
                        .find_map(|line| {
                            let (name, value) = line.split_once(':')?;
                            name.eq_ignore_ascii_case("content-length")
                                .then(|| value.trim().parse::<usize>().ok())?
                        })
                        .unwrap_or(0);
                    if request.len() >= end + 4 + length {
                        break;
                    }
                }
            }
            let line = json!({"model": "m", "message": {"role": "assistant", "content": "你好"}, "done": true});
            let body = format!("{line}\n");
            let answer = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
            let _ = stream.write_all(answer.as_bytes());
        }
    });
    base
}

/// The objects the rows name, made through the API as members and admins make them.
struct World {
    owner: TestUser,
    other: TestUser,
    admin: TestUser,
    superadmin: TestUser,
    /// Every `{name}` a row may use.
    values: BTreeMap<String, Value>,
    /// Counts fresh objects, for unique names.
    made: u32,
}

async fn call(app: &TestApp, user: &TestUser, path: &str, body: Value) -> Value {
    let response = app.post(path, body, Some(&user.token)).await;
    assert_eq!(
        response.status, 200,
        "setting up the world, {path}: {}",
        response.json
    );
    response.data().clone()
}

async fn upload(app: &TestApp, user: &TestUser, path: &str) -> String {
    let png = platform::testkit::images::png(40, 30);
    let response = app.upload(path, &png, Some(&user.token)).await;
    assert_eq!(
        response.status, 200,
        "setting up the world, {path}: {}",
        response.json
    );
    response.message().to_owned()
}

/// A valid mainland identity-card number (GB 11643 check digit) of an adult born in 1990,
/// different for every `serial`.
fn identity_number(serial: u32) -> String {
    let body = format!("11010519900101{:03}", serial % 1000);
    let weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
    let sum: u32 = body
        .chars()
        .zip(weights)
        .map(|(digit, weight)| digit.to_digit(10).unwrap() * weight)
        .sum();
    let check = ['1', '0', 'X', '9', '8', '7', '6', '5', '4', '3', '2'][(sum % 11) as usize];
    format!("{body}{check}")
}

/// One element of the list `data[list]` of an admin list call whose `field` is `wanted`.
async fn find_in_list(
    app: &TestApp,
    admin: &TestUser,
    path: &str,
    body: Value,
    list: &str,
    field: &str,
    wanted: &Value,
) -> Value {
    let data = call(app, admin, path, body).await;
    data[list]
        .as_array()
        .unwrap_or_else(|| panic!("{path} answers a `{list}` list: {data}"))
        .iter()
        .find(|item| &item[field] == wanted)
        .cloned()
        .unwrap_or_else(|| panic!("{path} lists {field} = {wanted}: {data}"))
}

impl World {
    async fn build(app: &TestApp) -> Self {
        let owner = signed_in_user(app, "owner01", Role::User).await;
        let other = signed_in_user(app, "other01", Role::User).await;
        let admin = signed_in_user(app, "admin01", Role::Admin).await;
        let superadmin = signed_in_user(app, "super01", Role::Superadmin).await;
        // The owner's correspondent, and a member the relation rows like and blacklist (so
        // no row changes who may talk to whom).
        let friend = signed_in_user(app, "friend01", Role::User).await;
        let target =
            accounts::api::create_user(&app.state, "target01", "target01-pw-123", None, Role::User)
                .await
                .unwrap();
        let mut values = BTreeMap::new();
        let mut put = |name: &str, value: Value| values.insert(name.to_owned(), value);
        for (name, user) in [
            ("owner", &owner),
            ("other", &other),
            ("admin", &admin),
            ("superadmin", &superadmin),
            ("friend", &friend),
        ] {
            put(&format!("{name}.uuid"), json!(user.uuid));
            put(&format!("{name}.id"), json!(user.id.0));
            put(&format!("{name}.password"), json!(user.password));
        }
        put("target.uuid", json!(target.uuid));
        put("terms", json!(accounts::TERMS_VERSION));

        let photo = upload(app, &owner, "/api/v1/upload?purpose=photo").await;
        call(
            app,
            &owner,
            "/api/v1/user/profile/update",
            json!({"nickname": "本人", "introduction": "喜欢爬山", "photos": [photo]}),
        )
        .await;
        put(
            "photo.file",
            json!(photo.strip_prefix("uploads/").unwrap_or(&photo)),
        );
        let listed = find_in_list(
            app,
            &admin,
            "/api/v1/admin/user/image/audit/list",
            json!({}),
            "photos",
            "uuid",
            &json!(owner.uuid),
        )
        .await;
        put("photo.id", listed["photoId"].clone());

        let moment = call(
            app,
            &owner,
            "/api/v1/moment/create",
            json!({"content": "本人的动态"}),
        )
        .await;
        put("moment", moment["momentId"].clone());
        let commented = call(
            app,
            &owner,
            "/api/v1/comment/create",
            json!({"momentId": moment["momentId"], "content": "本人的评论", "parentId": 0}),
        )
        .await;
        let thread: Vec<Value> =
            serde_json::from_str(commented["comments"].as_str().unwrap()).unwrap();
        put("comment", thread.last().unwrap()["CommentId"].clone());

        let blog = call(
            app,
            &owner,
            "/api/v1/blog/create",
            json!({"title": "本人的文章", "content": "这是一篇文章的正文内容。", "isPublished": 1}),
        )
        .await;
        put("blog", blog["id"].clone());
        let draft = call(
            app,
            &owner,
            "/api/v1/blog/create",
            json!({"title": OWNER_SECRET, "content": format!("{OWNER_SECRET}的草稿正文"), "isPublished": 0}),
        )
        .await;
        put("draft", draft["id"].clone());

        call(
            app,
            &owner,
            "/api/v1/chat/message/send",
            json!({"peerUuid": friend.uuid, "content": OWNER_SECRET}),
        )
        .await;
        call(
            app,
            &friend,
            "/api/v1/chat/message/send",
            json!({"peerUuid": owner.uuid, "content": "回复"}),
        )
        .await;

        let exam = Self::make_exam(app, &admin, "本人做过的测评").await;
        put("exam", exam.clone());
        let answered = call(
            app,
            &owner,
            "/api/v1/exam/answer",
            json!({"examId": exam, "answers": [{"qid": 1, "oid": 1}], "isTemp": 0}),
        )
        .await;
        put("result", answered["resultId"].clone());

        let point = call(app, &admin, "/api/v1/knowledge/points/create", json!({"name": "倾听", "category": "沟通", "level": 1, "content": "<p>先听完再回应</p>"})).await;
        put("point", point["kpId"].clone());
        let follow_up = call(
            app,
            &admin,
            "/api/v1/knowledge/points/create",
            json!({"name": "回应", "category": "沟通", "level": 2}),
        )
        .await;
        put("point2", follow_up["kpId"].clone());
        let tree = json!([{"kpID": point["kpId"]}, {"kpID": follow_up["kpId"]}]).to_string();
        let course = call(app, &admin, "/api/v1/knowledge/courses/create", json!({"name": "沟通入门", "category": "沟通", "level": 1, "description": "付费课程", "fee": 100, "kpTree": tree})).await;
        put("course", course["kcId"].clone());
        let exercise = call(
            app,
            &admin,
            "/api/v1/knowledge/resources/create",
            json!({
                "name": "倾听练习", "type": "exercise",
                "questions": [{"question": "先做什么", "options": ["听", "说"], "answer": 0}],
            }),
        )
        .await;
        put("exercise", exercise["krId"].clone());
        let relation = call(
            app,
            &admin,
            "/api/v1/knowledge/relations/create",
            json!({"kpId": point["kpId"], "krId": exercise["krId"]}),
        )
        .await;
        put("relation", relation["id"].clone());
        let prerequisite = call(
            app,
            &admin,
            "/api/v1/knowledge/prerequisites/create",
            json!({"parentKpId": point["kpId"], "childKpId": follow_up["kpId"]}),
        )
        .await;
        put("prerequisite", prerequisite["id"].clone());
        // The owner pays for the course with a recharge paid through the sandbox.
        let order = call(
            app,
            &owner,
            "/api/v1/recharge/create",
            json!({"payMethod": 1, "payMoney": 100}),
        )
        .await;
        let paid = app
            .post(
                "/api/v1/recharge/sandbox/pay",
                json!({"orderNo": order["orderNo"], "paid": true}),
                None,
            )
            .await;
        assert_eq!(paid.status, 200, "the sandbox pays: {}", paid.json);
        put("order", order["orderNo"].clone());
        call(
            app,
            &owner,
            "/api/v1/knowledge/courses/buy",
            json!({"kcId": course["kcId"]}),
        )
        .await;
        call(
            app,
            &owner,
            "/api/v1/knowledge/learning/open",
            json!({"kpId": point["kpId"]}),
        )
        .await;

        let front = upload(app, &owner, "/api/v1/upload/idcard/front").await;
        let back = upload(app, &owner, "/api/v1/upload/idcard/back").await;
        call(app, &owner, "/api/v1/idcard/verify", json!({"name": "张三", "idcard": identity_number(1), "idcard_front": front, "idcard_back": back})).await;
        put("idcard.front", json!(front));
        put("idcard.back", json!(back));
        let submission = find_in_list(
            app,
            &admin,
            "/api/v1/admin/idcard/verify/list",
            json!({}),
            "list",
            "user_id",
            &json!(owner.id.0),
        )
        .await;
        put("idcard", submission["id"].clone());

        let reply = app
            .post(
                "/api/v1/ai/chat",
                json!({"messages": [{"role": "user", "content": OWNER_SECRET}]}),
                Some(&owner.token),
            )
            .await;
        assert_eq!(
            reply.status,
            200,
            "the AI chat answers: {:?}",
            String::from_utf8_lossy(&reply.bytes)
        );
        let first_line: Value =
            serde_json::from_slice(reply.bytes.split(|b| *b == b'\n').next().unwrap()).unwrap();
        put("conversation", first_line["conversationId"].clone());

        call(app, &owner, "/api/v1/feedback/create", json!({"name": "本人", "email": "owner@example.com", "type": "bug", "message": "本人的反馈"})).await;
        let feedback = find_in_list(
            app,
            &admin,
            "/api/v1/admin/feedback/list",
            json!({}),
            "list",
            "message",
            &json!("本人的反馈"),
        )
        .await;
        put("feedback", feedback["id"].clone());

        Self {
            owner,
            other,
            admin,
            superadmin,
            values,
            made: 0,
        }
    }

    async fn make_exam(app: &TestApp, admin: &TestUser, name: &str) -> Value {
        let questions = json!([{"qid": 1, "question": "今天心情好吗", "options": [
            {"oid": 1, "option": "好", "score": 1}, {"oid": 2, "option": "不好", "score": 0},
        ]}]);
        let exam = call(
            app,
            admin,
            "/api/v1/exam/create",
            json!({
                "examName": name, "profile": "一道题的心情测评", "description": "说明",
                "questionCount": 1, "timeLimit": 0, "questions": questions.to_string(),
            }),
        )
        .await;
        exam["id"].clone()
    }

    fn user(&self, caller: Caller) -> Option<&TestUser> {
        match caller {
            Caller::Guest => None,
            Caller::Owner => Some(&self.owner),
            Caller::Other => Some(&self.other),
            Caller::Admin => Some(&self.admin),
            Caller::Superadmin => Some(&self.superadmin),
        }
    }

    /// A new object of `kind` (a `{new.kind}` placeholder), owned by the owner when members
    /// own such things, else made by the admin.
    async fn fresh(&mut self, app: &TestApp, kind: &str) -> Value {
        self.made += 1;
        let n = self.made;
        let (owner, admin) = (&self.owner, &self.admin);
        match kind {
            "new.moment" => call(app, owner, "/api/v1/moment/create", json!({"content": format!("要删的动态{n}")})).await["momentId"].clone(),
            "new.comment" => {
                let data = call(app, owner, "/api/v1/comment/create", json!({"momentId": self.values["moment"], "content": format!("要删的评论{n}"), "parentId": 0})).await;
                let thread: Vec<Value> = serde_json::from_str(data["comments"].as_str().unwrap()).unwrap();
                thread.last().unwrap()["CommentId"].clone()
            }
            "new.blog" => call(app, owner, "/api/v1/blog/create", json!({"title": format!("要删的文章{n}"), "content": "这是一篇文章的正文内容。", "isPublished": 1})).await["id"].clone(),
            "new.exam" => Self::make_exam(app, admin, &format!("要删的测评{n}")).await,
            "new.result" => call(app, owner, "/api/v1/exam/answer", json!({"examId": self.values["exam"], "answers": [{"qid": 1, "oid": 1}], "isTemp": 0})).await["resultId"].clone(),
            "new.point" => call(app, admin, "/api/v1/knowledge/points/create", json!({"name": format!("要删的知识点{n}"), "category": "沟通", "level": 1})).await["kpId"].clone(),
            "new.course" => call(app, admin, "/api/v1/knowledge/courses/create", json!({"name": format!("要删的课程{n}"), "category": "沟通", "level": 1, "description": "免费"})).await["kcId"].clone(),
            "new.resource" => call(app, admin, "/api/v1/knowledge/resources/create", json!({"name": format!("要删的资源{n}")})).await["krId"].clone(),
            "new.relation" => {
                let resource = call(app, admin, "/api/v1/knowledge/resources/create", json!({"name": format!("要解绑的资源{n}")})).await;
                call(app, admin, "/api/v1/knowledge/relations/create", json!({"kpId": self.values["point"], "krId": resource["krId"]})).await["id"].clone()
            }
            "new.prerequisite" => {
                let point = call(app, admin, "/api/v1/knowledge/points/create", json!({"name": format!("后续{n}"), "category": "沟通", "level": 1})).await;
                call(app, admin, "/api/v1/knowledge/prerequisites/create", json!({"parentKpId": self.values["point"], "childKpId": point["kpId"]})).await["id"].clone()
            }
            "new.conversation" => {
                let reply = app.post("/api/v1/ai/chat", json!({"messages": [{"role": "user", "content": format!("新的问题{n}")}]}), Some(&owner.token)).await;
                let first: Value = serde_json::from_slice(reply.bytes.split(|b| *b == b'\n').next().unwrap()).unwrap();
                first["conversationId"].clone()
            }
            "new.member.id" => {
                let name = format!("member{n:03}");
                json!(accounts::api::create_user(&app.state, &name, "member-pw-123", None, Role::User).await.unwrap().id.0)
            }
            "new.case" => {
                let moment = call(app, owner, "/api/v1/moment/create", json!({"content": format!("被举报的动态{n}")})).await;
                call(app, &self.other, "/api/v1/report", json!({"subject": "moment", "targetId": moment["momentId"].to_string(), "reason": "广告"})).await;
                find_in_list(app, admin, "/api/v1/admin/moderation/list", json!({"pageSize": 100}), "cases", "subjectId", &moment["momentId"]).await["id"].clone()
            }
            "new.captcha" => json!(accounts::testkit::new_captcha_id(app).await),
            "new.username" => json!(format!("newuser{n:03}")),
            "new.phone" => json!(format!("1380013{n:04}")),
            "new.idcard" => json!(identity_number(100 + n)),
            "new.order" => call(app, owner, "/api/v1/recharge/create", json!({"payMethod": 1, "payMoney": 100})).await["orderNo"].clone(),
            "new.graph_version" => call(app, admin, "/api/v1/knowledge/graph/get", json!({})).await["version"].clone(),
            "new.revision" => {
                let member = signed_in_user(app, &format!("revise{n:03}"), Role::User).await;
                call(app, &member, "/api/v1/user/profile/update", json!({"introduction": "新写的介绍"})).await;
                json!(member.uuid)
            }
            "new.photo" => {
                let member = signed_in_user(app, &format!("photo{n:03}"), Role::User).await;
                let photo = upload(app, &member, "/api/v1/upload?purpose=photo").await;
                call(app, &member, "/api/v1/user/profile/update", json!({"photos": [photo]})).await;
                find_in_list(app, admin, "/api/v1/admin/user/image/audit/list", json!({"pageSize": 100}), "photos", "uuid", &json!(member.uuid)).await["photoId"].clone()
            }
            "new.submission" => {
                let member = signed_in_user(app, &format!("card{n:03}"), Role::User).await;
                let front = upload(app, &member, "/api/v1/upload/idcard/front").await;
                let back = upload(app, &member, "/api/v1/upload/idcard/back").await;
                call(app, &member, "/api/v1/idcard/verify", json!({"name": "李四", "idcard": identity_number(200 + n), "idcard_front": front, "idcard_back": back})).await;
                find_in_list(app, admin, "/api/v1/admin/idcard/verify/list", json!({"pageSize": 100}), "list", "user_id", &json!(member.id.0)).await["id"].clone()
            }
            unknown => panic!("{TABLE_FILE}: no way to make `{{{unknown}}}`; add it to World::fresh"),
        }
    }
}

struct Mismatch {
    row: Row,
    caller: Caller,
    got: String,
}

async fn drive(
    app: &TestApp,
    world: &mut World,
    row: &Row,
    caller: Caller,
    server: &platform::testkit::TestServer,
) -> Result<bool, String> {
    let mut fresh = BTreeMap::new();
    for kind in fresh_kinds(row) {
        let value = world.fresh(app, &kind).await;
        fresh.insert(kind, value);
    }
    let values = &world.values;
    let lookup = |name: &str| {
        // `{name.text}`: the object's value as a string, for fields the API takes as text.
        let (base, as_text) = match name.strip_suffix(".text") {
            Some(base) => (base, true),
            None => (name, false),
        };
        let value = fresh.get(base).or_else(|| values.get(base)).cloned()?;
        Some(match value {
            Value::Number(number) if as_text => Value::String(number.to_string()),
            other => other,
        })
    };
    let path = fill_text(&row.path, &lookup);
    let token = world.user(caller).map(|user| user.token.as_str());
    let expected = row.expected[CALLERS.iter().position(|c| *c == caller).unwrap()];

    if path.ends_with("/chat/socket") {
        return drive_socket(server, token, expected).await;
    }
    let request = match row.method.as_str() {
        "GET" => TestRequest::get(),
        "POST" => TestRequest::post(),
        other => panic!(
            "{TABLE_FILE}:{}: method {other} is not driven yet",
            row.line
        ),
    }
    .uri(&path)
    // Each caller sits at an address of their own, as five people would, so per-address
    // limits (feedback, captcha) count each caller apart.
    .peer_addr(std::net::SocketAddr::from((
        [
            10,
            0,
            0,
            1 + CALLERS.iter().position(|c| *c == caller).unwrap() as u8,
        ],
        40000,
    )));
    let response = match &row.body {
        Body::None => app.send(with_token(request, token)).await,
        Body::Json(template) => {
            let body = fill_json(&serde_json::from_str(template).unwrap(), &lookup);
            app.send(with_token(request.set_json(body), token)).await
        }
        Body::Raw(text) => {
            app.send(with_token(
                request
                    .insert_header(("content-type", "application/json"))
                    .set_payload(text.clone()),
                token,
            ))
            .await
        }
        Body::Png => {
            app.upload(&path, &platform::testkit::images::png(40, 30), token)
                .await
        }
    };
    check(&response, expected, caller)
}

/// Compares one answer with the cell; `Err` describes what came instead.
/// `Ok(true)` when the (allowed) answer holds the owner's private text.
fn check(response: &TestResponse, expected: Expected, caller: Caller) -> Result<bool, String> {
    let text = String::from_utf8_lossy(&response.bytes);
    let shown = || {
        format!(
            "{} {}",
            response.status,
            text.chars().take(200).collect::<String>()
        )
    };
    if response.status != expected.0 {
        return Err(shown());
    }
    // The envelope's code mirrors the status (captcha's 431 is the guide's one exception).
    let envelope_code = response.json["code"].as_i64();
    if envelope_code.is_some_and(|code| code != i64::from(expected.0) && code != 431) {
        return Err(format!(
            "envelope code {} under HTTP {}",
            response.code(),
            response.status
        ));
    }
    if matches!(caller, Caller::Guest | Caller::Other) && text.contains(OWNER_SECRET) {
        return Err(format!("leaks the owner's private text: {}", shown()));
    }
    Ok(text.contains(OWNER_SECRET))
}

/// The chat socket takes its token in the first frame, not the handshake: a guest (an empty
/// token) must be closed with a policy violation, a member must be told `ready`.
async fn drive_socket(
    server: &platform::testkit::TestServer,
    token: Option<&str>,
    expected: Expected,
) -> Result<bool, String> {
    use chat::testkit::{CloseCode, TestSocket};
    let mut socket = TestSocket::connect(&server.url("/api/v1")).await;
    socket
        .say(json!({"type": "auth", "token": token.unwrap_or(""), "lastId": 0}))
        .await;
    let got = if token.is_some() {
        let frame = socket.next_frame().await;
        if frame["type"] == "ready" {
            200
        } else {
            return Err(format!("first frame {frame}"));
        }
    } else {
        match socket.closed_with().await {
            Some(CloseCode::Policy) => 401,
            other => return Err(format!("closed with {other:?}")),
        }
    };
    if got == expected.0 {
        Ok(false)
    } else {
        Err(format!("socket answered like {got}"))
    }
}

platform::engine_tests! { spawn_app;

async fn every_caller_gets_what_the_role_matrix_says(app) {
    let server = app.serve(1);
    let mut world = World::build(&app).await;
    let mut mismatches = Vec::new();
    let mut requests = 0;
    let mut secrets_shown_to_owner = 0;
    for row in rows() {
        for caller in CALLERS {
            requests += 1;
            match drive(&app, &mut world, &row, caller, &server).await {
                Ok(holds_secret) => secrets_shown_to_owner += usize::from(holds_secret),
                Err(got) => mismatches.push(Mismatch { row: row.clone(), caller, got }),
            }
        }
    }
    let report: Vec<String> = mismatches
        .iter()
        .map(|m| {
            let expected = m.row.expected[CALLERS.iter().position(|c| *c == m.caller).unwrap()].0;
            format!("{TABLE_FILE}:{} {} as {}: expected {expected}, got {}", m.row.line, m.row.operation(), m.caller.column(), m.got)
        })
        .collect();
    // The leak check looks for the owner's private text; it means something only if the
    // owner's own reads do show it.
    assert!(secrets_shown_to_owner > 0, "no answer to the owner held {OWNER_SECRET}: the leak check checks nothing");
    assert!(report.is_empty(), "{} of {requests} calls differ from the role matrix:\n{}", report.len(), report.join("\n"));
}

}
