//! The benchmark content (`xinqiao seed bench`) writes every moment's page copies in one bulk
//! statement per engine, beside the code that keeps them on a running site; the feed it is
//! measured on must read as that code would leave it, or the benchmark measures another page.

use super::*;

async fn liked_and_unliked(app: &TestApp, visitor: &TestUser, moment_id: i64) {
    for (path, expected_likes) in [("/api/v1/moment/like", 4), ("/api/v1/moment/unlike", 3)] {
        let response = app
            .post(path, json!({"momentId": moment_id}), Some(&visitor.token))
            .await;
        assert_eq!(response.status, 200, "{}", response.json);
        assert_eq!(
            response.data()["likeCount"],
            json!(expected_likes),
            "{path}"
        );
    }
}

async fn commented_and_uncommented(app: &TestApp, visitor: &TestUser, moment_id: i64) {
    let mine = last_comment_id(&comment(app, visitor, moment_id, 0, "路过").await);
    let deleted = delete_comment(app, visitor, mine).await;
    assert_eq!(deleted.status, 200, "{}", deleted.json);
}

platform::engine_tests! { spawn_app;

async fn bench_moments_read_as_likes_and_comments_would_leave_them(app) {
    {
        let mut pooled = app.state.db.get().await.unwrap();
        let conn = &mut pooled.conn();
        accounts::bench::fill_members(&app.state, conn, 30, "bench-password").await.unwrap();
        moments::bench::fill(conn, 40, app.state.now()).await.unwrap();
    }
    let loaded = guest_feed(&app, 0).await;
    assert_eq!(loaded.len(), 10);
    assert!(loaded.iter().all(|moment| parsed(&moment["likes"]).len() == 3));

    // A like taken back and a comment deleted rewrite the copies from the rows, as the site does.
    let visitor = signed_in_user(&app, "visitor", Role::User).await;
    for moment in &loaded {
        let moment_id = moment["momentId"].as_i64().unwrap();
        liked_and_unliked(&app, &visitor, moment_id).await;
        commented_and_uncommented(&app, &visitor, moment_id).await;
    }
    assert_eq!(guest_feed(&app, 0).await, loaded);
}

}
