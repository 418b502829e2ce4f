use super::*;

platform::engine_tests! { spawn_app;

async fn concurrent_comments_all_stay_in_the_thread(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let mut fans = Vec::new();
    for n in 0..6 {
        fans.push(signed_in_user(&app, &format!("fan{n}"), Role::User).await);
    }
    let moment_id = publish(&app, &author, "热门", "public").await;
    let sent = fans.iter().map(|fan| comment(&app, fan, moment_id, 0, "沙发"));
    for response in futures_util::future::join_all(sent).await {
        assert_eq!(response.status, 200, "{}", response.json);
    }
    let item = &guest_feed(&app, 0).await[0];
    assert_eq!(item["commentCount"], json!(6));
    assert_eq!(parsed(&item["comments"]).len(), 6);
}

async fn replies_name_the_comment_they_answer(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let fan = signed_in_user(&app, "fan", Role::User).await;
    let moment_id = publish(&app, &author, "周末去爬山", "public").await;
    let first = comment(&app, &fan, moment_id, 0, "带上我").await;
    let reply = comment(&app, &author, moment_id, last_comment_id(&first), "好呀").await;
    assert_eq!(reply.status, 200);
    let comments = parsed(&reply.data()["comments"]);
    assert_eq!(comments.len(), 2);
    assert_eq!(comments[1]["ParentNickname"], json!("fan"));
    assert_eq!(comments[1]["Nickname"], json!("author"));
    assert_eq!(guest_feed(&app, 0).await[0]["commentCount"], json!(2));
}

async fn a_reply_to_a_comment_of_another_moment_is_refused(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let first = publish(&app, &author, "第一条", "public").await;
    let second = publish(&app, &author, "第二条", "public").await;
    let on_first = last_comment_id(&comment(&app, &author, first, 0, "评论").await);
    let response = comment(&app, &author, second, on_first, "串门").await;
    assert_eq!((response.status, response.message()), (400, "回复的评论不存在或不属于这条动态"));
    assert_eq!(comment(&app, &author, second, 424_242, "不存在").await.status, 400);
    assert_eq!(guest_feed(&app, 0).await[0]["commentCount"], json!(0));
}

async fn comment_text_must_be_one_to_five_hundred_characters(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let moment_id = publish(&app, &author, "说点什么", "public").await;
    let empty = comment(&app, &author, moment_id, 0, "  ").await;
    assert_eq!((empty.status, empty.message()), (400, "请输入评论内容"));
    let long = comment(&app, &author, moment_id, 0, &"长".repeat(501)).await;
    assert_eq!((long.status, long.message()), (400, "评论不能超过 500 个字符"));
    assert_eq!(comment(&app, &author, moment_id, 0, &"长".repeat(500)).await.status, 200);
}

async fn deleting_a_comment_takes_its_replies_and_only_authors_may(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let fan = signed_in_user(&app, "fan", Role::User).await;
    let stranger = signed_in_user(&app, "stranger", Role::User).await;
    let moment_id = publish(&app, &author, "话题", "public").await;
    let top = last_comment_id(&comment(&app, &fan, moment_id, 0, "顶").await);
    let reply = last_comment_id(&comment(&app, &author, moment_id, top, "谢谢").await);
    comment(&app, &fan, moment_id, reply, "不客气").await;
    let other = last_comment_id(&comment(&app, &stranger, moment_id, 0, "路过").await);

    let refused = app.post("/api/v1/comment/delete", json!({"commentId": top}), Some(&stranger.token)).await;
    assert_eq!(refused.status, 403);

    let deleted = app.post("/api/v1/comment/delete", json!({"commentId": top}), Some(&fan.token)).await;
    assert_eq!(deleted.status, 200);
    assert_eq!(deleted.data()["count"], json!(1));
    assert_eq!(parsed(&deleted.data()["comments"])[0]["CommentId"], json!(other));

    let by_moment_author = app.post("/api/v1/comment/delete", json!({"commentId": other}), Some(&author.token)).await;
    assert_eq!(by_moment_author.data()["count"], json!(0));
    let gone = app.post("/api/v1/comment/delete", json!({"commentId": other}), Some(&author.token)).await;
    assert_eq!(gone.status, 404);
    assert_eq!(guest_feed(&app, 0).await[0]["commentCount"], json!(0));
}

async fn nobody_comments_on_what_they_cannot_see(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let stranger = signed_in_user(&app, "stranger", Role::User).await;
    let private = publish(&app, &author, "日记", "private").await;
    assert_eq!(comment(&app, &stranger, private, 0, "偷看").await.status, 404);
    assert_eq!(comment(&app, &author, private, 0, "自己看").await.status, 200);
}

}
