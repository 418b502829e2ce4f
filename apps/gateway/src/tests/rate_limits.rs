//! Every 429 the server answers, driven past its edge (issue 45, item 3). `edges()` has one
//! row per limit; each row runs as a client would (from an address of its own, as a fresh
//! member) until the limit refuses, on SQLite and PostgreSQL. Each refusal must be the 429
//! envelope with the limit's Chinese message and a Retry-After header (api.md) whose seconds
//! are honest: one second before they have passed the limit still refuses, and once they have
//! it admits again. The OpenAPI document's 429s and the rows name the same operations, so a new
//! limit cannot ship without its row.

// Unwrapping is how a test says "this must hold"; the lint guards production code.
#![allow(clippy::unwrap_used)]

use std::collections::BTreeSet;
use std::net::SocketAddr;

use accounts::testkit::{TestUser, signed_in_user};
use actix_web::test::TestRequest;
use futures_util::future::LocalBoxFuture;
use platform::Role;
use platform::rate_limit::Limit;
use platform::testkit::{CAPTCHA_BYPASS, Engine, TestApp, TestResponse, with_token};
use serde_json::{Value, json};

use crate::mount;

/// The platform's refusal (`ApiError::too_many_requests`); `{wait}` is Retry-After in words.
const TOO_FREQUENT: &str = "操作过于频繁，请 {wait} 后再试";
/// The AI chat's daily budget in this test (a setting), and a question that spends most of it.
const DAILY_CHARS: i64 = 1000;
const LONG_QUESTION_CHARS: usize = 600;

type Attempt = for<'a> fn(&'a Scene<'a>, u32) -> LocalBoxFuture<'a, TestResponse>;
type Setup = for<'a> fn(&'a Scene<'a>) -> LocalBoxFuture<'a, Value>;

/// One limit, and how a client runs into it.
struct Edge {
    /// The operation it guards, as `METHOD /path` of the OpenAPI document.
    operation: &'static str,
    /// Which of the operation's limits the row drives.
    limit: &'static str,
    /// Requests the limit admits (answered as the operation answers, never 429) before it
    /// refuses the next.
    admits: u32,
    /// Seconds the clock moves after each admitted request, to stay under a shorter window
    /// of the same operation.
    spacing: i64,
    /// The longest Retry-After can be.
    window: i64,
    /// The refusal's message; `{wait}` stands for Retry-After in words.
    message: &'static str,
    /// Makes what the requests need (`Scene::given`).
    setup: Option<Setup>,
    /// The `n`th request of the run, from 0.
    attempt: Attempt,
}

/// A row's caller: its own member and client addresses, and what its setup made.
struct Scene<'a> {
    app: &'a TestApp,
    row: u8,
    member: TestUser,
    given: Value,
}

impl Scene<'_> {
    /// The `n`th client address of the row; no two rows share one.
    fn address(&self, n: u32) -> SocketAddr {
        let [high, low] = u16::try_from(n).unwrap().to_be_bytes();
        SocketAddr::from(([10, self.row, high, low], 40000))
    }

    async fn send(&self, request: TestRequest, token: Option<&str>, from: u32) -> TestResponse {
        let request = request.peer_addr(self.address(from));
        self.app.send(with_token(request, token)).await
    }

    async fn guest_get(&self, path: &'static str) -> TestResponse {
        self.send(TestRequest::get().uri(path), None, 0).await
    }

    async fn guest_post(&self, path: &'static str, body: Value) -> TestResponse {
        self.send(TestRequest::post().uri(path).set_json(body), None, 0)
            .await
    }

    async fn post(&self, path: &'static str, body: Value) -> TestResponse {
        self.post_as(&self.member.token, path, body).await
    }

    async fn post_as(&self, token: &str, path: &'static str, body: Value) -> TestResponse {
        self.send(TestRequest::post().uri(path).set_json(body), Some(token), 0)
            .await
    }

    async fn upload(&self, path: &'static str) -> TestResponse {
        let png = platform::testkit::images::png(40, 30);
        self.app.upload(path, &png, Some(&self.member.token)).await
    }

    /// A wrong password for the row's username number `guess`, from address `from`, with a
    /// captcha fetched from there.
    async fn wrong_login(&self, guess: u32, from: u32) -> TestResponse {
        let captcha = self
            .send(TestRequest::get().uri("/api/v1/user/captcha"), None, from)
            .await;
        let body = json!({
            "username": format!("edge{}guess{guess}", self.row),
            "password": "not-the-password",
            "captcha": CAPTCHA_BYPASS,
            "captchaId": captcha.data()["captchaId"],
        });
        self.send(
            TestRequest::post().uri("/api/v1/user/login").set_json(body),
            None,
            from,
        )
        .await
    }

    async fn register(&self, n: u32) -> TestResponse {
        let captcha = self.guest_get("/api/v1/user/captcha").await;
        let username = format!("edge{}new{n}", self.row);
        let body = json!({
            "username": username,
            "email": format!("{username}@example.com"),
            "password": "Reg-pass-123",
            "captcha": CAPTCHA_BYPASS,
            "captchaId": captcha.data()["captchaId"],
            "agreedTermsVersion": accounts::TERMS_VERSION,
        });
        self.guest_post("/api/v1/user/register", body).await
    }

    /// The row's `n`th mail address (the same one for every `n` when `n` is `None`).
    fn email(&self, n: Option<u32>) -> String {
        match n {
            Some(n) => format!("edge{}n{n}@example.com", self.row),
            None => format!("edge{}@example.com", self.row),
        }
    }

    /// Another member of the row, signed in.
    async fn another(&self, name: &str, role: Role) -> TestUser {
        signed_in_user(self.app, &format!("edge{}{name}", self.row), role).await
    }

    async fn ok(&self, token: &str, path: &'static str, body: Value) -> Value {
        let response = self.post_as(token, path, body).await;
        assert_eq!(
            response.status, 200,
            "setting up, {path}: {}",
            response.json
        );
        response.data().clone()
    }

    /// Hits already taken from one of the row's member's buckets, as earlier requests would
    /// have taken them (for limits of hundreds of uploads or megabytes a day).
    async fn taken(&self, bucket: &str, limit: Limit, hits: i64) -> Value {
        let bucket = format!("{bucket}:{}", self.member.id.get());
        let mut pooled = self.app.state.db.get().await.unwrap();
        platform::rate_limit::reserve_weighted(
            &mut pooled.conn(),
            &bucket,
            limit,
            hits,
            self.app.state.now(),
        )
        .await
        .unwrap();
        Value::Null
    }

    async fn second_member(&self) -> Value {
        json!({"token": self.another("second", Role::User).await.token})
    }

    /// A friend to talk to: they like each other.
    async fn friend(&self) -> Value {
        let friend = self.another("friend", Role::User).await;
        self.ok(
            &self.member.token,
            "/api/v1/user/like",
            json!({"targetUuid": friend.uuid}),
        )
        .await;
        self.ok(
            &friend.token,
            "/api/v1/user/like",
            json!({"targetUuid": self.member.uuid}),
        )
        .await;
        json!({"uuid": friend.uuid})
    }

    async fn moment(&self) -> Value {
        let moment = self
            .ok(
                &self.member.token,
                "/api/v1/moment/create",
                json!({"content": "可以评论的动态"}),
            )
            .await;
        json!({"moment": moment["momentId"]})
    }

    /// Comments of another member, one for each report of the run.
    async fn comments_to_report(&self) -> Value {
        let author = self.another("author", Role::User).await;
        let moment = self
            .ok(
                &author.token,
                "/api/v1/moment/create",
                json!({"content": "评论很多的动态"}),
            )
            .await;
        let mut ids = Vec::new();
        for n in 0..33 {
            let body = json!({"momentId": moment["momentId"], "content": format!("第{n}条评论"), "parentId": 0});
            let commented = self.ok(&author.token, "/api/v1/comment/create", body).await;
            let thread: Vec<Value> =
                serde_json::from_str(commented["comments"].as_str().unwrap()).unwrap();
            ids.push(thread.last().unwrap()["CommentId"].to_string());
        }
        json!({"comments": ids})
    }

    async fn card_photos(&self) -> Value {
        let mut paths = Vec::new();
        for side in ["/api/v1/upload/idcard/front", "/api/v1/upload/idcard/back"] {
            let uploaded = self.upload(side).await;
            assert_eq!(
                uploaded.status, 200,
                "setting up, {side}: {}",
                uploaded.json
            );
            paths.push(uploaded.data()["filename"].clone());
        }
        json!({"name": "张三", "idcard": "11010519491231002X", "idcard_front": paths[0], "idcard_back": paths[1]})
    }

    /// A free course whose one point has a one-question exercise.
    async fn exercise(&self) -> Value {
        let admin = self.another("admin", Role::Admin).await;
        let point = self
            .ok(
                &admin.token,
                "/api/v1/knowledge/points/create",
                json!({"name": "倾听", "category": "沟通", "level": 1}),
            )
            .await;
        let tree = json!([{"kpID": point["kpId"]}]).to_string();
        self.ok(&admin.token, "/api/v1/knowledge/courses/create", json!({"name": "沟通入门", "category": "沟通", "level": 1, "description": "免费课程", "fee": 0, "kpTree": tree})).await;
        let exercise = self
            .ok(
                &admin.token,
                "/api/v1/knowledge/resources/create",
                json!({
                    "name": "倾听练习", "type": "exercise",
                    "questions": [{"question": "先做什么", "options": ["听", "说"], "answer": 0}],
                }),
            )
            .await;
        self.ok(
            &admin.token,
            "/api/v1/knowledge/resources/bind",
            json!({"krId": exercise["krId"], "kpIds": [point["kpId"]]}),
        )
        .await;
        json!({"krId": exercise["krId"]})
    }
}

/// The limits. Upload allowances of a day are filled up to their edge by `Scene::taken`
/// (300 uploads or 300 MB through the API would be most of the run); every other limit is
/// reached by requests alone. Kept as a table, one limit to a row.
#[rustfmt::skip]
fn edges() -> Vec<Edge> {
    const UPLOAD_DAY: i64 = 24 * 3600;
    vec![
        Edge {
            operation: "GET /api/v1/user/captcha",
            limit: "60 captchas a minute from one address",
            admits: 60, spacing: 0, window: 60, message: TOO_FREQUENT, setup: None,
            attempt: |s, _| Box::pin(s.guest_get("/api/v1/user/captcha")),
        },
        Edge {
            operation: "POST /api/v1/user/login",
            limit: "5 wrong passwords a quarter hour for one username from one address",
            admits: 5, spacing: 0, window: 900, message: TOO_FREQUENT, setup: None,
            attempt: |s, _| Box::pin(s.wrong_login(0, 0)),
        },
        Edge {
            operation: "POST /api/v1/user/login",
            limit: "20 wrong passwords a quarter hour from one address",
            admits: 20, spacing: 0, window: 900, message: TOO_FREQUENT, setup: None,
            attempt: |s, n| Box::pin(s.wrong_login(n, 0)),
        },
        Edge {
            operation: "POST /api/v1/user/login",
            limit: "a growing delay after 5 wrong passwords for one username, from any address",
            admits: 5, spacing: 0, window: 60, message: TOO_FREQUENT, setup: None,
            attempt: |s, n| Box::pin(s.wrong_login(0, n)),
        },
        Edge {
            operation: "POST /api/v1/user/register",
            limit: "10 registrations an hour from one address",
            admits: 10, spacing: 0, window: 3600, message: TOO_FREQUENT, setup: None,
            attempt: |s, n| Box::pin(s.register(n)),
        },
        Edge {
            operation: "POST /api/v1/user/password/forgot",
            limit: "10 requests an hour from one client",
            admits: 10, spacing: 0, window: 3600, message: TOO_FREQUENT, setup: None,
            attempt: |s, n| Box::pin(s.guest_post("/api/v1/user/password/forgot", json!({"email": s.email(Some(n))}))),
        },
        Edge {
            operation: "POST /api/v1/user/password/forgot",
            limit: "one mail a minute to an address",
            admits: 1, spacing: 0, window: 60, message: TOO_FREQUENT, setup: None,
            attempt: |s, _| Box::pin(s.guest_post("/api/v1/user/password/forgot", json!({"email": s.email(None)}))),
        },
        Edge {
            operation: "POST /api/v1/user/password/forgot",
            limit: "five mails an hour to an address",
            admits: 5, spacing: 60, window: 3600, message: TOO_FREQUENT, setup: None,
            attempt: |s, _| Box::pin(s.guest_post("/api/v1/user/password/forgot", json!({"email": s.email(None)}))),
        },
        Edge {
            operation: "POST /api/v1/user/password/reset",
            limit: "20 wrong codes a quarter hour from one client",
            admits: 20, spacing: 0, window: 900, message: TOO_FREQUENT, setup: None,
            attempt: |s, _| Box::pin(s.guest_post("/api/v1/user/password/reset", json!({
                "email": s.email(None), "code": "123456", "newPassword": "Reset-pass-123", "confirmPassword": "Reset-pass-123",
            }))),
        },
        Edge {
            operation: "POST /api/v1/user/password/change",
            limit: "5 wrong current passwords a quarter hour",
            admits: 5, spacing: 0, window: 900, message: TOO_FREQUENT, setup: None,
            attempt: |s, _| Box::pin(s.post("/api/v1/user/password/change", json!({
                "currentPassword": "not-the-password", "newPassword": "Changed-pass-123", "confirmPassword": "Changed-pass-123",
            }))),
        },
        Edge {
            operation: "POST /api/v1/user/account/delete",
            limit: "5 wrong passwords a quarter hour (the password change's window)",
            admits: 5, spacing: 0, window: 900, message: TOO_FREQUENT, setup: None,
            attempt: |s, _| Box::pin(s.post("/api/v1/user/account/delete", json!({"password": "not-the-password"}))),
        },
        Edge {
            operation: "POST /api/v1/user/email/code",
            limit: "one code a minute to a member",
            admits: 1, spacing: 0, window: 60, message: TOO_FREQUENT, setup: None,
            attempt: |s, n| Box::pin(s.post("/api/v1/user/email/code", json!({"email": s.email(Some(n))}))),
        },
        Edge {
            operation: "POST /api/v1/user/email/code",
            limit: "ten codes an hour to a member",
            admits: 10, spacing: 60, window: 3600, message: TOO_FREQUENT, setup: None,
            attempt: |s, n| Box::pin(s.post("/api/v1/user/email/code", json!({"email": s.email(Some(n))}))),
        },
        Edge {
            operation: "POST /api/v1/user/email/code",
            limit: "one code a minute to an address, whoever asks",
            admits: 1, spacing: 0, window: 60, message: TOO_FREQUENT,
            setup: Some(|s| Box::pin(s.second_member())),
            attempt: |s, n| {
                let token = if n == 0 { &s.member.token } else { s.given["token"].as_str().unwrap() };
                Box::pin(s.post_as(token, "/api/v1/user/email/code", json!({"email": s.email(None)})))
            },
        },
        Edge {
            operation: "POST /api/v1/user/email/code",
            limit: "five codes an hour to an address",
            admits: 5, spacing: 60, window: 3600, message: TOO_FREQUENT, setup: None,
            attempt: |s, _| Box::pin(s.post("/api/v1/user/email/code", json!({"email": s.email(None)}))),
        },
        Edge {
            operation: "POST /api/v1/user/phone/update",
            limit: "ten changes an hour",
            admits: 10, spacing: 0, window: 3600, message: TOO_FREQUENT, setup: None,
            attempt: |s, n| Box::pin(s.post("/api/v1/user/phone/update", json!({"phone": format!("139{:04}{n:04}", s.row)}))),
        },
        Edge {
            operation: "GET /api/v1/wechat/login",
            limit: "30 WeChat round trips a minute from one address",
            admits: 30, spacing: 0, window: 60, message: TOO_FREQUENT, setup: None,
            attempt: |s, _| Box::pin(s.guest_get("/api/v1/wechat/login?href=%2F")),
        },
        Edge {
            operation: "GET /api/v1/wechat/official/login",
            limit: "30 WeChat round trips a minute from one address",
            admits: 30, spacing: 0, window: 60, message: TOO_FREQUENT, setup: None,
            attempt: |s, _| Box::pin(s.guest_get("/api/v1/wechat/official/login?href=%2F")),
        },
        Edge {
            operation: "POST /api/v1/wechat/bind",
            limit: "30 WeChat round trips a minute from one address",
            admits: 30, spacing: 0, window: 60, message: TOO_FREQUENT, setup: None,
            attempt: |s, _| Box::pin(s.post("/api/v1/wechat/bind", json!({"redirectUri": "http://localhost:8080/wechatcallback"}))),
        },
        Edge {
            operation: "POST /api/v1/wechat/unbind",
            limit: "5 failed unbinds a quarter hour",
            admits: 5, spacing: 0, window: 900, message: TOO_FREQUENT, setup: None,
            attempt: |s, _| Box::pin(s.post("/api/v1/wechat/unbind", json!({"password": "not-the-password"}))),
        },
        Edge {
            operation: "POST /api/v1/idcard/verify",
            limit: "five complete submissions an hour",
            admits: 5, spacing: 0, window: 3600, message: TOO_FREQUENT,
            setup: Some(|s| Box::pin(s.card_photos())),
            attempt: |s, _| Box::pin(s.post("/api/v1/idcard/verify", s.given.clone())),
        },
        Edge {
            operation: "POST /api/v1/upload/idcard/front",
            limit: "20 uploads a minute",
            admits: 20, spacing: 0, window: 60, message: TOO_FREQUENT, setup: None,
            attempt: |s, _| Box::pin(s.upload("/api/v1/upload/idcard/front")),
        },
        Edge {
            operation: "POST /api/v1/upload/idcard/back",
            limit: "20 uploads a minute",
            admits: 20, spacing: 0, window: 60, message: TOO_FREQUENT, setup: None,
            attempt: |s, _| Box::pin(s.upload("/api/v1/upload/idcard/back")),
        },
        Edge {
            operation: "POST /api/v1/upload",
            limit: "20 uploads a minute",
            admits: 20, spacing: 0, window: 60, message: TOO_FREQUENT, setup: None,
            attempt: |s, _| Box::pin(s.upload("/api/v1/upload?purpose=moment")),
        },
        Edge {
            operation: "POST /api/v1/upload",
            limit: "300 uploads a day (299 taken before)",
            admits: 1, spacing: 0, window: UPLOAD_DAY, message: TOO_FREQUENT,
            setup: Some(|s| Box::pin(s.taken("upload-day", Limit { max_hits: 300, window_seconds: UPLOAD_DAY }, 299))),
            attempt: |s, _| Box::pin(s.upload("/api/v1/upload?purpose=moment")),
        },
        Edge {
            operation: "POST /api/v1/upload",
            limit: "300 MB a day (all but less than one picture taken before)",
            admits: 0, spacing: 0, window: UPLOAD_DAY, message: TOO_FREQUENT,
            setup: Some(|s| Box::pin(async move {
                let day = 300 * 1024 * 1024;
                let picture = i64::try_from(platform::testkit::images::png(40, 30).len()).unwrap();
                s.taken("upload-bytes", Limit { max_hits: day, window_seconds: UPLOAD_DAY }, day - picture + 1).await
            })),
            attempt: |s, _| Box::pin(s.upload("/api/v1/upload?purpose=moment")),
        },
        Edge {
            operation: "POST /api/v1/moment/create",
            limit: "30 moments an hour",
            admits: 30, spacing: 0, window: 3600, message: TOO_FREQUENT, setup: None,
            attempt: |s, n| Box::pin(s.post("/api/v1/moment/create", json!({"content": format!("第{n}条动态")}))),
        },
        Edge {
            operation: "POST /api/v1/comment/create",
            limit: "200 comments an hour",
            admits: 200, spacing: 0, window: 3600, message: TOO_FREQUENT,
            setup: Some(|s| Box::pin(s.moment())),
            attempt: |s, n| Box::pin(s.post("/api/v1/comment/create", json!({"momentId": s.given["moment"], "content": format!("第{n}条评论"), "parentId": 0}))),
        },
        Edge {
            operation: "POST /api/v1/report",
            limit: "30 reports an hour",
            admits: 30, spacing: 0, window: 3600, message: TOO_FREQUENT,
            setup: Some(|s| Box::pin(s.comments_to_report())),
            attempt: |s, n| Box::pin(s.post("/api/v1/report", json!({"subject": "comment", "targetId": s.given["comments"][n as usize], "reason": "广告"}))),
        },
        Edge {
            operation: "POST /api/v1/feedback/create",
            limit: "five messages an hour from one address",
            admits: 5, spacing: 0, window: 3600, message: TOO_FREQUENT, setup: None,
            attempt: |s, n| Box::pin(s.guest_post("/api/v1/feedback/create", json!({"name": "访客", "email": "guest@example.com", "type": "bug", "message": format!("第{n}条反馈")}))),
        },
        Edge {
            operation: "POST /api/v1/chat/message/send",
            limit: "20 messages a minute",
            admits: 20, spacing: 0, window: 60, message: TOO_FREQUENT,
            setup: Some(|s| Box::pin(s.friend())),
            attempt: |s, n| Box::pin(s.post("/api/v1/chat/message/send", json!({"peerUuid": s.given["uuid"], "content": format!("第{n}条消息")}))),
        },
        Edge {
            operation: "POST /api/v1/recharge/create",
            limit: "30 orders an hour",
            admits: 30, spacing: 0, window: 3600, message: TOO_FREQUENT, setup: None,
            attempt: |s, _| Box::pin(s.post("/api/v1/recharge/create", json!({"payMethod": 1, "payMoney": 100}))),
        },
        Edge {
            operation: "POST /api/v1/ai/chat",
            limit: "10 questions a minute",
            admits: 10, spacing: 0, window: 60, message: TOO_FREQUENT, setup: None,
            attempt: |s, _| Box::pin(s.post("/api/v1/ai/chat", json!({"messages": [{"role": "user", "content": "你好"}]}))),
        },
        Edge {
            operation: "POST /api/v1/ai/chat",
            limit: "the day's budget of characters (a setting: 1000 here)",
            admits: 1, spacing: 0, window: 24 * 3600, message: "今天的 AI 聊天额度已用完，明天再来吧", setup: None,
            attempt: |s, _| Box::pin(s.post("/api/v1/ai/chat", json!({"messages": [{"role": "user", "content": "问".repeat(LONG_QUESTION_CHARS)}]}))),
        },
        Edge {
            operation: "POST /api/v1/knowledge/exercise/submit",
            limit: "five submissions of one exercise an hour",
            admits: 5, spacing: 0, window: 3600, message: "这道习题每小时最多提交 5 次，请 {wait} 后再试",
            setup: Some(|s| Box::pin(s.exercise())),
            attempt: |s, _| Box::pin(s.post("/api/v1/knowledge/exercise/submit", json!({"krId": s.given["krId"], "answers": [1]}))),
        },
    ]
}

/// Retry-After in the words of the platform's message: whole minutes from a minute on.
fn in_words(seconds: i64) -> String {
    if seconds >= 60 {
        format!("{} 分钟", (seconds + 59) / 60)
    } else {
        format!("{seconds} 秒")
    }
}

fn admitted(response: &TestResponse) -> bool {
    response.status != 429 && response.status < 500
}

fn shown(response: &TestResponse) -> String {
    let text = String::from_utf8_lossy(&response.bytes);
    format!(
        "{} {}",
        response.status,
        text.chars().take(160).collect::<String>()
    )
}

/// The refusal's Retry-After, when it is the limit's 429.
fn refusal(edge: &Edge, response: &TestResponse) -> Result<i64, String> {
    if (response.status, response.code()) != (429, 429) {
        return Err(format!("past the edge: {}", shown(response)));
    }
    let header = response
        .header("retry-after")
        .ok_or_else(|| format!("no Retry-After: {}", shown(response)))?;
    let wait: i64 = header
        .parse()
        .map_err(|_| format!("Retry-After `{header}` is not a number of seconds"))?;
    if !(1..=edge.window).contains(&wait) {
        return Err(format!("Retry-After {wait} outside 1..={}", edge.window));
    }
    let expected = edge.message.replace("{wait}", &in_words(wait));
    if response.message() != expected {
        return Err(format!(
            "message `{}`, expected `{expected}`",
            response.message()
        ));
    }
    Ok(wait)
}

async fn drive(app: &TestApp, row: u8, edge: &Edge) -> Result<(), String> {
    let member = signed_in_user(app, &format!("edge{row}"), Role::User).await;
    let mut scene = Scene {
        app,
        row,
        member,
        given: Value::Null,
    };
    if let Some(setup) = edge.setup {
        scene.given = setup(&scene).await;
    }
    let scene = scene;
    for n in 0..edge.admits {
        let answer = (edge.attempt)(&scene, n).await;
        if !admitted(&answer) {
            return Err(format!(
                "request {} of the {} admitted: {}",
                n + 1,
                edge.admits,
                shown(&answer)
            ));
        }
        app.clock.advance(edge.spacing);
    }
    let wait = refusal(edge, &(edge.attempt)(&scene, edge.admits).await)?;
    app.clock.advance(wait - 1);
    let early = (edge.attempt)(&scene, edge.admits + 1).await;
    if early.status != 429 {
        return Err(format!(
            "one second before Retry-After ({wait}): {}",
            shown(&early)
        ));
    }
    app.clock.advance(1);
    let again = (edge.attempt)(&scene, edge.admits + 2).await;
    if !admitted(&again) {
        return Err(format!(
            "once Retry-After ({wait}) has passed: {}",
            shown(&again)
        ));
    }
    Ok(())
}

async fn spawn_app(engine: Engine) -> Option<TestApp> {
    use accounts::testkit::fake_smtp::{FAKE_SMTP_PASSWORD, FAKE_SMTP_USERNAME, FakeSmtp};
    use accounts::testkit::fake_wechat::{
        FakeWeChat, MP_APPID, MP_SECRET, OPEN_APPID, OPEN_SECRET,
    };
    use accounts::wechat::settings::{WeChatApp, WeChatSettings};
    use assistant::settings::{AssistantSettings, Protocol, Upstream};
    use platform::config::Secret;
    let model = super::role_matrix::fake_model();
    let mail = FakeSmtp::start(Some((FAKE_SMTP_USERNAME, FAKE_SMTP_PASSWORD))).unwrap();
    let wechat = FakeWeChat::shared();
    TestApp::spawn(
        engine,
        mount::MODULES,
        accounts::api::directory,
        move |_, settings| {
            let upstream = Upstream {
                base_url: reqwest::Url::parse(&model).unwrap(),
                protocol: Protocol::Ollama,
                api_key: None,
            };
            let assistant = AssistantSettings {
                upstream: Some(upstream),
                daily_chars: DAILY_CHARS,
                ..AssistantSettings::default()
            };
            assistant::settings::install(settings, assistant);
            accounts::mail::settings::install(settings, mail.settings());
            let app = |appid: &str, secret: &str| WeChatApp {
                appid: appid.into(),
                secret: Secret::new(secret),
            };
            let wechat = WeChatSettings {
                open: Some(app(OPEN_APPID, OPEN_SECRET)),
                official: Some(app(MP_APPID, MP_SECRET)),
                authorize_base_url: wechat.base_url.clone(),
                api_base_url: wechat.base_url.clone(),
            };
            accounts::wechat::settings::install(settings, wechat);
        },
    )
    .await
}

/// The operations whose 429 the document lists and those the rows drive are the same.
#[test]
fn every_documented_429_has_a_row_and_every_row_a_documented_429() {
    let document = serde_json::to_value(mount::openapi_document()).unwrap();
    let mut documented = BTreeSet::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            if operation["responses"].get("429").is_some() {
                documented.insert(format!("{} {path}", method.to_uppercase()));
            }
        }
    }
    let driven: BTreeSet<String> = edges()
        .iter()
        .map(|edge| edge.operation.to_owned())
        .collect();
    let without_row: Vec<_> = documented.difference(&driven).collect();
    let undocumented: Vec<_> = driven.difference(&documented).collect();
    assert!(
        without_row.is_empty(),
        "operations documenting a 429 that no row of edges() drives: {without_row:#?}"
    );
    assert!(
        undocumented.is_empty(),
        "rows for operations whose 429 the document does not list: {undocumented:#?}"
    );
}

platform::engine_tests! { spawn_app;

async fn every_limit_refuses_past_its_edge_with_its_message_and_an_honest_retry_after(app) {
    let edges = edges();
    let mut failures = Vec::new();
    for (row, edge) in edges.iter().enumerate() {
        // Each row starts on a fresh minute: the sign-ins that make its members share one
        // address's captcha window.
        app.clock.advance(60);
        if let Err(failure) = drive(&app, u8::try_from(row).unwrap(), edge).await {
            failures.push(format!("{} ({}): {failure}", edge.operation, edge.limit));
        }
    }
    assert!(failures.is_empty(), "{} of {} limits:\n{}", failures.len(), edges.len(), failures.join("\n"));
}

}
