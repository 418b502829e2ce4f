use platform::UserId;
use platform::moderation::{Described, Subject};

use super::*;

/// Comments and returns the new comment's id (the newest in the answered thread).
async fn comment_id(app: &TestApp, user: &TestUser, moment_id: i64, content: &str) -> i64 {
    last_comment_id(&comment(app, user, moment_id, 0, content).await)
}

async fn relate(app: &TestApp, user: &TestUser, path: &str, target: &TestUser) {
    let response = app
        .post(path, json!({"targetUuid": target.uuid}), Some(&user.token))
        .await;
    assert_eq!(response.status, 200, "{path}: {}", response.json);
}

async fn hold(app: &TestApp, subject: Subject, id: i64, held: bool) {
    let mut pooled = app.state.db.get().await.unwrap();
    let conn = &mut pooled.conn();
    match subject {
        Subject::Moment => moments::api::hold_moment(conn, id, held).await,
        Subject::Comment => moments::api::hold_comment(conn, id, held).await,
        other => panic!("not a subject of moments: {other:?}"),
    }
    .unwrap();
}

async fn remove(app: &TestApp, subject: Subject, id: i64) -> Vec<String> {
    let mut pooled = app.state.db.get().await.unwrap();
    let conn = &mut pooled.conn();
    let now = app.state.now();
    match subject {
        Subject::Moment => moments::api::remove_moment(conn, id, now).await,
        Subject::Comment => moments::api::remove_comment(conn, id, now).await,
        other => panic!("not a subject of moments: {other:?}"),
    }
    .unwrap()
}

async fn describe(
    app: &TestApp,
    subject: Subject,
    id: i64,
    viewer: Option<&TestUser>,
) -> Option<Described> {
    let mut pooled = app.state.db.get().await.unwrap();
    let conn = &mut pooled.conn();
    let viewer = viewer.map(|user| user.id);
    match subject {
        Subject::Moment => moments::api::describe_moment(conn, id, viewer).await,
        Subject::Comment => moments::api::describe_comment(conn, id, viewer).await,
        other => panic!("not a subject of moments: {other:?}"),
    }
    .unwrap()
}

/// The comments of the first moment of `user`'s feed, by content.
async fn thread_seen_by(app: &TestApp, user: &TestUser) -> (Vec<String>, i64) {
    let item = member_feed(app, user, 0).await.remove(0);
    let thread = parsed(&item["comments"])
        .iter()
        .map(|c| c["Content"].as_str().unwrap().to_owned())
        .collect();
    (thread, item["commentCount"].as_i64().unwrap())
}

async fn comments_received(app: &TestApp, member: UserId) -> i64 {
    let mut pooled = app.state.db.get().await.unwrap();
    moments::api::member_counts(&mut pooled.conn(), member)
        .await
        .unwrap()
        .comments_received
}

async fn screen_for(app: &TestApp, word: &str) {
    let mut pooled = app.state.db.get().await.unwrap();
    platform::moderation::replace_words(&mut pooled.conn(), &[word.to_owned()], app.state.now())
        .await
        .unwrap();
}

async fn flags(app: &TestApp, subject: Subject, id: i64) -> Vec<String> {
    let mut pooled = app.state.db.get().await.unwrap();
    let case = platform::moderation::case_of(&mut pooled.conn(), subject, id)
        .await
        .unwrap();
    case.map(|case| case.flag_reasons().into_iter().map(str::to_owned).collect())
        .unwrap_or_default()
}

platform::engine_tests! { spawn_app;

async fn a_held_moment_leaves_every_feed_but_its_authors_until_it_is_released(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let friend = signed_in_user(&app, "friend", Role::User).await;
    let stranger = signed_in_user(&app, "stranger", Role::User).await;
    relate(&app, &author, "/api/v1/user/like", &friend).await;
    relate(&app, &friend, "/api/v1/user/like", &author).await;
    let public = publish(&app, &author, "公开", "public").await;
    let friends_only = publish(&app, &author, "好友可见", "friends").await;
    publish(&app, &stranger, "路人的", "public").await;

    hold(&app, Subject::Moment, public, true).await;
    hold(&app, Subject::Moment, friends_only, true).await;
    assert_eq!(contents(&guest_feed(&app, 0).await), ["路人的"]);
    assert_eq!(contents(&member_feed(&app, &stranger, 0).await), ["路人的"]);
    assert_eq!(contents(&member_feed(&app, &friend, 0).await), ["路人的"]);
    assert_eq!(contents(&member_feed(&app, &author, 0).await), ["路人的", "好友可见", "公开"], "the author sees nothing change");

    let like = app.post("/api/v1/moment/like", json!({"momentId": public}), Some(&stranger.token)).await;
    assert_eq!(like.status, 404);
    assert_eq!(comment(&app, &friend, friends_only, 0, "在吗").await.status, 404);
    let delete = app.post("/api/v1/moment/delete", json!({"momentId": public}), Some(&stranger.token)).await;
    assert_eq!(delete.status, 404, "not 403: the moment does not exist for them");
    let own_like = app.post("/api/v1/moment/like", json!({"momentId": public}), Some(&author.token)).await;
    assert_eq!(own_like.status, 200, "{}", own_like.json);
    assert_eq!(comment(&app, &author, public, 0, "自己评论").await.status, 200);

    hold(&app, Subject::Moment, public, false).await;
    hold(&app, Subject::Moment, friends_only, false).await;
    assert_eq!(contents(&guest_feed(&app, 0).await), ["路人的", "公开"]);
    assert_eq!(contents(&member_feed(&app, &friend, 0).await), ["路人的", "好友可见", "公开"]);
    let like = app.post("/api/v1/moment/like", json!({"momentId": public}), Some(&stranger.token)).await;
    assert_eq!(like.status, 200, "{}", like.json);
}

async fn a_held_comment_is_seen_and_counted_by_its_author_only(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let troll = signed_in_user(&app, "troll", Role::User).await;
    let fan = signed_in_user(&app, "fan", Role::User).await;
    let moment_id = publish(&app, &author, "周末去爬山", "public").await;
    let rude = comment_id(&app, &troll, moment_id, "难听的话").await;
    comment_id(&app, &fan, moment_id, "带上我").await;
    assert_eq!(comments_received(&app, author.id).await, 2);

    hold(&app, Subject::Comment, rude, true).await;
    let others_see = (vec!["带上我".to_owned()], 1);
    assert_eq!(thread_seen_by(&app, &author).await, others_see);
    assert_eq!(thread_seen_by(&app, &fan).await, others_see);
    let guest = &guest_feed(&app, 0).await[0];
    assert_eq!((parsed(&guest["comments"]).len(), guest["commentCount"].clone()), (1, json!(1)));
    assert_eq!(thread_seen_by(&app, &troll).await, (vec!["难听的话".to_owned(), "带上我".to_owned()], 2));
    assert_eq!(comments_received(&app, author.id).await, 1);

    let reply = comment(&app, &fan, moment_id, rude, "回复").await;
    assert_eq!((reply.status, reply.message()), (400, "回复的评论不存在或不属于这条动态"));
    let answered = comment(&app, &fan, moment_id, 0, "再来一条").await;
    assert_eq!(parsed(&answered.data()["comments"]).len(), 2, "the answer's thread leaves it out too");
    let delete = app.post("/api/v1/comment/delete", json!({"commentId": rude}), Some(&author.token)).await;
    assert_eq!(delete.status, 404, "the moment's author does not see it either");
    let own_reply = comment(&app, &troll, moment_id, rude, "补充").await;
    assert_eq!(own_reply.status, 200, "{}", own_reply.json);

    hold(&app, Subject::Comment, rude, false).await;
    let (thread, count) = thread_seen_by(&app, &author).await;
    assert_eq!((thread.len(), count), (4, 4));
    assert_eq!(thread[0], "难听的话");
    assert_eq!(comments_received(&app, author.id).await, 4);
}

async fn removing_a_moment_deletes_it_as_its_author_would_and_answers_its_files(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let fan = signed_in_user(&app, "fan", Role::User).await;
    let image = upload(&app, &author).await;
    let created = post_moment(&app, &author, json!({"content": "带图", "images": [image]})).await;
    let moment_id = created.data()["momentId"].as_i64().unwrap();
    app.post("/api/v1/moment/like", json!({"momentId": moment_id}), Some(&fan.token)).await;
    comment_id(&app, &fan, moment_id, "好看").await;

    assert_eq!(remove(&app, Subject::Moment, moment_id).await, [image]);
    assert!(member_feed(&app, &author, 0).await.is_empty());
    let like = app.post("/api/v1/moment/like", json!({"momentId": moment_id}), Some(&fan.token)).await;
    assert_eq!(like.status, 404);
    assert!(remove(&app, Subject::Moment, moment_id).await.is_empty(), "already gone");
    assert_eq!(describe(&app, Subject::Moment, moment_id, None).await, None);
}

async fn removing_a_comment_takes_its_replies_with_it(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let fan = signed_in_user(&app, "fan", Role::User).await;
    let moment_id = publish(&app, &author, "话题", "public").await;
    let top = comment_id(&app, &fan, moment_id, "顶").await;
    let reply = comment(&app, &author, moment_id, top, "谢谢").await;
    assert_eq!(reply.status, 200, "{}", reply.json);
    comment_id(&app, &author, moment_id, "还有吗").await;

    assert!(remove(&app, Subject::Comment, top).await.is_empty());
    assert_eq!(thread_seen_by(&app, &author).await, (vec!["还有吗".to_owned()], 1));
    assert_eq!(describe(&app, Subject::Comment, top, None).await, None);
    assert!(remove(&app, Subject::Comment, top).await.is_empty(), "already gone");
}

async fn describe_answers_only_what_the_member_may_see(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let stranger = signed_in_user(&app, "stranger", Role::User).await;
    let blocked = signed_in_user(&app, "blocked", Role::User).await;
    relate(&app, &author, "/api/v1/user/blacklist/add", &blocked).await;
    let image = upload(&app, &author).await;
    let created = post_moment(&app, &author, json!({"content": "长".repeat(400), "images": [image]})).await;
    let public = created.data()["momentId"].as_i64().unwrap();
    let private = publish(&app, &author, "日记", "private").await;
    let remark = comment_id(&app, &stranger, public, "路过").await;
    let note = comment_id(&app, &author, private, "备忘").await;

    let described = describe(&app, Subject::Moment, public, Some(&stranger)).await.unwrap();
    assert_eq!(described, Described {
        author: author.id,
        excerpt: "长".repeat(300),
        images: vec![image],
        link: "/moment".to_owned(),
        held: false,
    });
    assert_eq!(describe(&app, Subject::Moment, public, Some(&blocked)).await, None);
    assert_eq!(describe(&app, Subject::Moment, private, Some(&stranger)).await, None);
    assert!(describe(&app, Subject::Moment, private, Some(&author)).await.is_some());
    assert!(describe(&app, Subject::Moment, private, None).await.is_some());
    assert_eq!(describe(&app, Subject::Comment, note, Some(&stranger)).await, None, "a comment goes with its moment");
    assert_eq!(describe(&app, Subject::Comment, remark, Some(&blocked)).await, None);
    assert_eq!(describe(&app, Subject::Moment, 424_242, None).await, None);
    assert_eq!(describe(&app, Subject::Comment, 424_242, None).await, None);

    hold(&app, Subject::Comment, remark, true).await;
    assert_eq!(describe(&app, Subject::Comment, remark, Some(&author)).await, None);
    let own = describe(&app, Subject::Comment, remark, Some(&stranger)).await.unwrap();
    assert_eq!((own.author, own.excerpt.as_str(), own.held), (stranger.id, "路过", true));
    assert!(describe(&app, Subject::Comment, remark, None).await.unwrap().held);

    hold(&app, Subject::Moment, public, true).await;
    assert_eq!(describe(&app, Subject::Moment, public, Some(&stranger)).await, None);
    assert_eq!(describe(&app, Subject::Comment, remark, Some(&stranger)).await, None, "its moment is held");
    assert!(describe(&app, Subject::Moment, public, Some(&author)).await.unwrap().held);
    assert!(describe(&app, Subject::Moment, public, None).await.unwrap().held);
}

async fn listed_words_flag_new_moments_and_comments_without_hiding_them(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let fan = signed_in_user(&app, "fan", Role::User).await;
    screen_for(&app, "微信").await;
    let flagged = publish(&app, &author, "加我 微 信 聊", "public").await;
    let clean = publish(&app, &author, "周末爬山", "public").await;
    let remark = comment_id(&app, &fan, clean, "我的微信是 abc").await;
    let kind = comment_id(&app, &fan, clean, "好呀").await;

    assert_eq!(flags(&app, Subject::Moment, flagged).await, ["敏感词：微信"]);
    assert!(flags(&app, Subject::Moment, clean).await.is_empty());
    assert_eq!(flags(&app, Subject::Comment, remark).await, ["敏感词：微信"]);
    assert!(flags(&app, Subject::Comment, kind).await.is_empty());
    assert_eq!(guest_feed(&app, 0).await.len(), 2, "a flag hides nothing");
    assert_eq!(guest_feed(&app, 0).await[0]["commentCount"], json!(2));
}

}
