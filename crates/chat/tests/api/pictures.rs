//! Chat pictures are seen only by the conversation's two members (and admins reviewing a
//! report): anyone else gets the 404 of a missing file, and nobody may cache them.

use super::*;

fn thumbnail_of(path: &str) -> String {
    let (stem, extension) = path.rsplit_once('.').unwrap();
    format!("{stem}_thumb.{extension}")
}

async fn status_for(app: &TestApp, path: &str, token: Option<&str>) -> u16 {
    let response = app.get(&format!("/api/v1/{path}"), token).await;
    if response.status == 200 {
        assert_eq!(
            response.header("cache-control"),
            Some("private, no-store"),
            "{path}"
        );
    }
    response.status
}

platform::engine_tests! { spawn_app;

    async fn a_chat_picture_is_served_only_to_the_two_members_and_admins(app) {
        let ann = member(&app, "ann").await;
        let bob = member(&app, "bob").await;
        let carol = member(&app, "carol").await;
        let admin = signed_in_user(&app, "moderator", Role::Admin).await;
        let path = upload_chat_picture(&app, &ann).await;
        let thumbnail = thumbnail_of(&path);

        // Not sent yet: only its uploader (and an admin) sees it.
        for file in [&path, &thumbnail] {
            assert_eq!(status_for(&app, file, Some(&ann.token)).await, 200, "{file}");
            assert_eq!(status_for(&app, file, Some(&bob.token)).await, 404, "{file}");
            assert_eq!(status_for(&app, file, None).await, 404, "{file}");
        }

        let response = app
            .post("/api/v1/chat/message/send", json!({"peerUuid": bob.uuid, "image": path}), Some(&ann.token))
            .await;
        assert_eq!(response.status, 200, "{}", response.json);

        for file in [&path, &thumbnail] {
            assert_eq!(status_for(&app, file, Some(&ann.token)).await, 200, "{file}");
            assert_eq!(status_for(&app, file, Some(&bob.token)).await, 200, "{file}");
            assert_eq!(status_for(&app, file, Some(&admin.token)).await, 200, "{file}");
            assert_eq!(status_for(&app, file, Some(&carol.token)).await, 404, "{file}");
            assert_eq!(status_for(&app, file, None).await, 404, "{file}");
            assert_eq!(status_for(&app, file, Some("not-a-token")).await, 404, "{file}");
        }
        // A refusal says no more than a missing file does.
        let refused = app.get(&format!("/api/v1/{path}"), Some(&carol.token)).await;
        let missing = app.get("/api/v1/uploads/chat/00/00000000000000000000000000000000.png", Some(&carol.token)).await;
        assert_eq!(refused.json, missing.json);
    }

    async fn a_picture_sent_in_a_message_outlives_the_sweep_of_unused_uploads(app) {
        let ann = member(&app, "ann").await;
        let bob = member(&app, "bob").await;
        let path = upload_chat_picture(&app, &ann).await;
        let unused = upload_chat_picture(&app, &ann).await;
        let response = app
            .post("/api/v1/chat/message/send", json!({"peerUuid": bob.uuid, "image": path}), Some(&ann.token))
            .await;
        assert_eq!(response.status, 200, "{}", response.json);

        app.clock.advance(platform::files::UNCLAIMED_KEPT_SECONDS + 60);
        sweep_uploads(&app).await;
        let read = messages(&app, &bob, &ann, json!({})).await;
        assert_eq!(read.data()["messages"][0]["image"], json!(path));
        assert_eq!(status_for(&app, &path, Some(&bob.token)).await, 200);
        assert_eq!(status_for(&app, &unused, Some(&ann.token)).await, 404);
    }
}

/// The uploads module's hourly maintenance, as the gateway runs it.
async fn sweep_uploads(app: &TestApp) {
    let job = platform::module::UPLOADS
        .maintenance
        .expect("the uploads module sweeps");
    job(&app.state).await.unwrap();
}
