//! Every kind of write survives `kill -9` whole: the real binary is killed in the middle of a
//! mixed load (moments, likes of moments and of members, comments, chat messages, course
//! purchases, recharges) from several members at once, restarted on the same database, and
//! every write it acknowledged reads back through the API, no write shows half done, and every
//! balance equals the sum of its ledger rows in each currency. On SQLite and PostgreSQL.

// Unwrapping is how a test says "this must hold"; the lint guards production code.
#![allow(clippy::unwrap_used)]

mod support;

use std::collections::{BTreeSet, HashMap};
use std::sync::atomic::{AtomicUsize, Ordering};

use futures_util::future::{join, join_all};
use platform::testkit::{Engine, TestDatabase};
use serde_json::{Value, json};
use support::{
    Server, balance_and_ledger, call, client, create_user, feed, kill_when, ledger, ok, prepare,
    sign_in, start,
};

/// An even number: members chat in pairs (0 with 1, 2 with 3, …).
const MEMBERS: usize = 6;
/// Each round a member posts, likes a moment, comments, sends a message and pays an order,
/// so 10 rounds stay under the hourly limits on moments (30) and orders (30), and under the
/// 20 chat messages a minute.
const ROUNDS: usize = 10;
/// Bought one a round in the first rounds, by every member.
const COURSES: usize = 6;
const COURSE_FEE: i64 = 100;
/// Every recharge order is for this much (fen).
const TOP_UP: i64 = 500;
/// Paid before the load, so every course is affordable whatever order the writes land in: a
/// refused purchase would be an answer that is neither acknowledged nor lost.
const ORDERS_PAID_BEFORE: usize = 2;
/// Posted by each member before the load, for the others to like and comment on at once.
const SEED_MOMENTS: usize = 2;
/// The kill comes after this many acknowledged writes, about a third into the load.
const KILL_AFTER: usize = 120;

struct Member {
    token: String,
    uuid: String,
}

/// One write of the load, as the member sends it.
#[derive(Debug, Clone)]
enum Write {
    PostMoment { content: String },
    LikeMoment { moment_id: i64 },
    Comment { moment_id: i64, content: String },
    LikeMember { liked: usize },
    Message { to: usize, content: String },
    BuyCourse { course_id: i64 },
    PayOrder { order_no: String },
}

/// A write the server answered 200, with what the answer said.
#[derive(Debug)]
struct Acknowledged {
    by: usize,
    write: Write,
    data: Value,
}

fn chat_partner(member: usize) -> usize {
    member ^ 1
}

/// (path, body, whether the member's token goes with it) of `write`.
fn request(write: &Write, members: &[Member]) -> (&'static str, Value, bool) {
    match write {
        Write::PostMoment { content } => ("/moment/create", json!({"content": content}), true),
        Write::LikeMoment { moment_id } => ("/moment/like", json!({"momentId": moment_id}), true),
        Write::Comment { moment_id, content } => (
            "/comment/create",
            json!({"momentId": moment_id, "content": content}),
            true,
        ),
        Write::LikeMember { liked } => (
            "/user/like",
            json!({"targetUuid": members[*liked].uuid}),
            true,
        ),
        Write::Message { to, content } => (
            "/chat/message/send",
            json!({"peerUuid": members[*to].uuid, "content": content}),
            true,
        ),
        Write::BuyCourse { course_id } => {
            ("/knowledge/courses/buy", json!({"kcId": course_id}), true)
        }
        // The sandbox's payment page is a guest call, as the payer's browser makes it.
        Write::PayOrder { order_no } => (
            "/recharge/sandbox/pay",
            json!({"orderNo": order_no, "paid": true}),
            false,
        ),
    }
}

/// Member `member`'s writes, round by round. Likes and comments go to the other members' seed
/// moments, several members on the same moment at the same time.
fn plan(member: usize, seeds: &[(usize, i64)], courses: &[i64], orders: &[String]) -> Vec<Write> {
    let others_seeds: Vec<i64> = seeds
        .iter()
        .filter(|(author, _)| *author != member)
        .map(|(_, id)| *id)
        .collect();
    let liked_members: Vec<usize> = (0..MEMBERS)
        .filter(|other| *other != member && *other != chat_partner(member))
        .collect();
    let mut writes = Vec::new();
    for round in 0..ROUNDS {
        writes.push(Write::PostMoment {
            content: format!("成员{member}的第{round}条动态"),
        });
        writes.push(Write::LikeMoment {
            moment_id: others_seeds[(member + round) % others_seeds.len()],
        });
        writes.push(Write::Comment {
            moment_id: others_seeds[(member + round + 1) % others_seeds.len()],
            content: format!("成员{member}的第{round}条评论"),
        });
        writes.push(Write::Message {
            to: chat_partner(member),
            content: format!("成员{member}的第{round}条消息"),
        });
        if let Some(course_id) = courses.get(round) {
            writes.push(Write::BuyCourse {
                course_id: *course_id,
            });
        }
        if let Some(liked) = liked_members.get(round) {
            writes.push(Write::LikeMember { liked: *liked });
        }
        writes.push(Write::PayOrder {
            order_no: orders[round].clone(),
        });
    }
    writes
}

/// Sends the member's writes one after another; an answer that arrives must be a success,
/// since the load is built to break no rule (an answer that never came is the kill).
async fn run_member(
    client: &reqwest::Client,
    server: &Server,
    members: &[Member],
    member: usize,
    writes: Vec<Write>,
    acknowledged_so_far: &AtomicUsize,
) -> (Vec<Acknowledged>, usize) {
    let mut acknowledged = Vec::new();
    let sent = writes.len();
    for write in writes {
        let (path, body, signed_in) = request(&write, members);
        let token = signed_in.then_some(members[member].token.as_str());
        let Some(answer) = call(client, server, path, body, token).await else {
            continue;
        };
        assert_eq!(answer["code"], 200, "{write:?} was refused: {answer}");
        acknowledged_so_far.fetch_add(1, Ordering::SeqCst);
        acknowledged.push(Acknowledged {
            by: member,
            write,
            data: answer["data"].clone(),
        });
    }
    (acknowledged, sent)
}

/// A JSON-text field of a moment (`likes`, `comments`) as a list.
fn copies(moment: &Value, field: &str) -> Vec<Value> {
    serde_json::from_str(moment[field].as_str().unwrap()).unwrap()
}

async fn mixed_writes_survive_a_crash(engine: Engine) {
    let Some(database) = TestDatabase::create(engine).await else {
        return eprintln!("skipped: XINQIAO_TEST_POSTGRES_URL is not set");
    };
    let data = tempfile::tempdir().unwrap();
    let usernames: Vec<String> = (0..MEMBERS).map(|n| format!("mixed{n}")).collect();
    prepare(database.url(), data.path(), &usernames);
    create_user(database.url(), data.path(), "editor", "admin");
    let client = client();
    let mut server = start(database.url(), data.path(), &client).await;

    let mut members = Vec::new();
    for username in &usernames {
        let (token, uuid) = sign_in(&client, &server, username).await;
        members.push(Member { token, uuid });
    }
    let (editor, _) = sign_in(&client, &server, "editor").await;
    let mut courses = Vec::new();
    for n in 0..COURSES {
        let body = json!({"name": format!("崩溃测试课程{n}"), "category": "心理学", "level": 1,
            "description": "断电也不丢的课程", "fee": COURSE_FEE, "kpTree": "[]"});
        let created = ok(&client, &server, "/knowledge/courses/create", body, &editor).await;
        courses.push(created["kcId"].as_i64().unwrap());
    }
    let mut seeds = Vec::new();
    let mut orders = Vec::new();
    for (n, member) in members.iter().enumerate() {
        for s in 0..SEED_MOMENTS {
            let body = json!({"content": format!("成员{n}的种子动态{s}")});
            let posted = ok(&client, &server, "/moment/create", body, &member.token).await;
            seeds.push((n, posted["momentId"].as_i64().unwrap()));
        }
        // Chat partners like each other, so neither is held to the three messages a stranger
        // may send before a reply.
        let partner = json!({"targetUuid": members[chat_partner(n)].uuid});
        ok(&client, &server, "/user/like", partner, &member.token).await;
        let mut own = Vec::new();
        for _ in 0..ORDERS_PAID_BEFORE + ROUNDS {
            let body = json!({"payMethod": 1, "payMoney": TOP_UP});
            let order = ok(&client, &server, "/recharge/create", body, &member.token).await;
            own.push(order["orderNo"].as_str().unwrap().to_owned());
        }
        for order_no in &own[..ORDERS_PAID_BEFORE] {
            let body = json!({"orderNo": order_no, "paid": true});
            let paid = call(&client, &server, "/recharge/sandbox/pay", body, None).await;
            assert_eq!(paid.unwrap()["data"]["status"], "completed");
        }
        orders.push(own);
    }

    let acknowledged_so_far = AtomicUsize::new(0);
    let streams = (0..MEMBERS).map(|n| {
        let writes = plan(n, &seeds, &courses, &orders[n][ORDERS_PAID_BEFORE..]);
        run_member(&client, &server, &members, n, writes, &acknowledged_so_far)
    });
    let killer = kill_when(&acknowledged_so_far, KILL_AFTER, &server);
    let (outcomes, ()) = join(join_all(streams), killer).await;
    let sent: usize = outcomes.iter().map(|(_, sent)| sent).sum();
    let acknowledged: Vec<Acknowledged> = outcomes.into_iter().flat_map(|(a, _)| a).collect();
    let _ = server.child.wait();
    eprintln!(
        "{engine:?}: {} of {sent} writes acknowledged before the kill",
        acknowledged.len()
    );
    assert!(
        acknowledged.len() < sent,
        "the kill came before the load ended"
    );

    server = start(database.url(), data.path(), &client).await;
    let moments = feed(&client, &server, &members[0].token).await;
    let mut messages: Vec<HashMap<i64, Value>> = Vec::new();
    let mut liked_by: Vec<BTreeSet<String>> = Vec::new();
    let mut courses_owned: Vec<BTreeSet<i64>> = Vec::new();
    for (n, member) in members.iter().enumerate() {
        let body = json!({"peerUuid": members[chat_partner(n)].uuid, "pageSize": 100});
        let page = ok(&client, &server, "/chat/message/list", body, &member.token).await;
        let listed = page["messages"].as_array().unwrap();
        messages.push(
            listed
                .iter()
                .map(|m| (m["id"].as_i64().unwrap(), m.clone()))
                .collect(),
        );
        let body = json!({"pageSize": 100});
        let page = ok(&client, &server, "/liked/list", body, &member.token).await;
        let likes = page["likes"].as_array().unwrap();
        liked_by.push(
            likes
                .iter()
                .map(|card| card["uuid"].as_str().unwrap().to_owned())
                .collect(),
        );
        let body = json!({"pageSize": 1000});
        let page = ok(
            &client,
            &server,
            "/knowledge/courses/list",
            body,
            &member.token,
        )
        .await;
        let list = page["list"].as_array().unwrap();
        courses_owned.push(
            list.iter()
                .filter(|course| course["isAcquired"] == 1)
                .map(|course| course["kcId"].as_i64().unwrap())
                .collect(),
        );
    }

    // Every acknowledged write reads back.
    for Acknowledged { by, write, data } in &acknowledged {
        let member = &members[*by];
        match write {
            Write::PostMoment { content } => {
                let id = data["momentId"].as_i64().unwrap();
                let moment = moments.get(&id);
                assert_eq!(
                    moment.map(|m| &m["content"]),
                    Some(&json!(content)),
                    "acknowledged moment {id} was lost"
                );
            }
            Write::LikeMoment { moment_id } => {
                let likers = copies(&moments[moment_id], "likes");
                assert!(
                    likers.iter().any(|like| like["uuid"] == member.uuid),
                    "acknowledged like of moment {moment_id} by member {by} was lost"
                );
            }
            Write::Comment { moment_id, content } => {
                let thread = copies(&moments[moment_id], "comments");
                assert!(
                    thread
                        .iter()
                        .any(|c| c["Content"] == *content && c["Uuid"] == member.uuid),
                    "acknowledged comment {content} was lost"
                );
            }
            Write::LikeMember { liked } => assert!(
                liked_by[*by].contains(&members[*liked].uuid),
                "acknowledged like of member {liked} by member {by} was lost"
            ),
            Write::Message { content, .. } => {
                let id = data["id"].as_i64().unwrap();
                assert_eq!(
                    messages[*by].get(&id).map(|m| &m["content"]),
                    Some(&json!(content)),
                    "acknowledged message {id} was lost"
                );
            }
            Write::BuyCourse { course_id } => assert!(
                courses_owned[*by].contains(course_id),
                "acknowledged purchase of course {course_id} by member {by} was lost"
            ),
            Write::PayOrder { order_no } => {
                let body = json!({"orderNo": order_no});
                let order = ok(&client, &server, "/recharge/getorder", body, &member.token).await;
                assert_eq!(
                    order["status"], "completed",
                    "acknowledged credit {order_no} was lost"
                );
            }
        }
    }

    // Nothing shows half written. A moment's counts are those of the likes and comments it
    // carries, each member liking it at most once.
    for (id, moment) in &moments {
        let likers = copies(moment, "likes");
        let distinct: BTreeSet<String> = likers.iter().map(|l| l["uuid"].to_string()).collect();
        assert_eq!(distinct.len(), likers.len(), "moment {id}: {moment}");
        assert_eq!(
            moment["likeCount"],
            json!(likers.len()),
            "moment {id}: {moment}"
        );
        let thread = copies(moment, "comments");
        assert_eq!(
            moment["commentCount"],
            json!(thread.len()),
            "moment {id}: {moment}"
        );
    }
    // A conversation's side agrees with its messages: nobody read, so the unread count is
    // every message the peer sent, and the last message is the newest one.
    for (n, member) in members.iter().enumerate() {
        let partner = &members[chat_partner(n)].uuid;
        let body = json!({"pageSize": 100});
        let page = ok(
            &client,
            &server,
            "/chat/conversation/list",
            body,
            &member.token,
        )
        .await;
        let conversation = page["conversations"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["peer"]["uuid"] == *partner)
            .cloned();
        let received = messages[n]
            .values()
            .filter(|m| m["senderUuid"] == *partner)
            .count();
        let newest = messages[n].keys().max();
        match conversation {
            Some(conversation) => {
                assert_eq!(conversation["unread"], json!(received), "{conversation}");
                assert_eq!(
                    conversation["lastMessage"]["id"].as_i64().as_ref(),
                    newest,
                    "{conversation}"
                );
            }
            None => assert_eq!(newest, None, "messages without their conversation"),
        }
    }
    // Money: a course is owned exactly when its charge is in the ledger, an order is completed
    // exactly when its credit is, and each balance is its ledger's sum in each currency.
    let course_names: HashMap<i64, String> = courses
        .iter()
        .enumerate()
        .map(|(n, id)| (*id, format!("购买课程：崩溃测试课程{n}")))
        .collect();
    for (n, member) in members.iter().enumerate() {
        let rows = ledger(&client, &server, &member.token, "CNY").await;
        let charged: Vec<&str> = rows
            .iter()
            .filter(|row| row["payType"] == "Usage")
            .map(|row| row["detail"].as_str().unwrap())
            .collect();
        let mut owned: Vec<&str> = courses_owned[n]
            .iter()
            .map(|id| course_names[id].as_str())
            .collect();
        let mut charged_sorted = charged.clone();
        charged_sorted.sort_unstable();
        owned.sort_unstable();
        assert_eq!(charged_sorted, owned, "member {n}: purchases and charges");

        let credited: BTreeSet<&str> = rows
            .iter()
            .filter(|row| row["payType"] == "Recharge")
            .map(|row| row["orderNo"].as_str().unwrap())
            .collect();
        let mut completed = BTreeSet::new();
        for order_no in &orders[n] {
            let body = json!({"orderNo": order_no});
            let order = ok(&client, &server, "/recharge/getorder", body, &member.token).await;
            if order["status"] == "completed" {
                completed.insert(order_no.as_str());
            }
        }
        assert_eq!(
            credited, completed,
            "member {n}: completed orders and credits"
        );

        for currency in ["CNY", "POINTS"] {
            let (balance, sum) =
                balance_and_ledger(&client, &server, &member.token, currency).await;
            assert_eq!(
                balance, sum,
                "member {n}: the {currency} balance is its ledger's sum"
            );
        }
        let (balance, _) = balance_and_ledger(&client, &server, &member.token, "CNY").await;
        assert_eq!(
            balance,
            TOP_UP * completed.len() as i64 - COURSE_FEE * owned.len() as i64,
            "member {n}: the money is the credits less the courses"
        );
    }
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mixed_writes_survive_a_crash_on_sqlite() {
    mixed_writes_survive_a_crash(Engine::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mixed_writes_survive_a_crash_on_postgres() {
    mixed_writes_survive_a_crash(Engine::Postgres).await;
}
