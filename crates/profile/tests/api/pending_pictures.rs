//! Pictures awaiting review are seen only by their uploader and admins: anyone else gets the
//! 404 of a missing file, and nobody may cache them.

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

async fn a_picture_awaiting_review_is_served_only_to_its_uploader_and_admins(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let stranger = signed_in_user(&app, "stranger", Role::User).await;
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    let avatar = uploaded(&app, &member, "avatar").await;
    let photo = uploaded(&app, &member, "photo").await;
    saved(&app, &member, json!({"nickname": "小雨", "avatar": avatar, "photos": [photo]})).await;
    assert!(avatar.contains("/tobeaudit/") && photo.contains("/tobeaudit/"));

    for image in [&avatar, &photo] {
        let files = [image.clone(), thumbnail_of(image), platform::files::blurred_path(image).unwrap()];
        for file in &files {
            assert_eq!(status_for(&app, file, Some(&member.token)).await, 200, "{file}");
            assert_eq!(status_for(&app, file, Some(&admin.token)).await, 200, "{file}");
            assert_eq!(status_for(&app, file, Some(&stranger.token)).await, 404, "{file}");
            assert_eq!(status_for(&app, file, None).await, 404, "{file}");
        }
    }
    let refused = app.get(&format!("/api/v1/{photo}"), None).await;
    let missing = app.get("/api/v1/uploads/photo/tobeaudit/00/00000000000000000000000000000000.jpg", None).await;
    assert_eq!(refused.json, missing.json, "a refusal confirms nothing");

    // Once passed, the photo is public again.
    admin_passes_everything(&app, &admin).await;
    let mine = my_profile(&app, &member).await;
    let passed = mine["photos"][0].as_str().unwrap().to_owned();
    assert!(!passed.contains("tobeaudit"), "{passed}");
    assert_eq!(app.get(&format!("/api/v1/{passed}"), None).await.status, 200);
}

async fn pictures_saved_with_the_profile_outlive_the_sweep_of_unused_uploads(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let avatar = uploaded(&app, &member, "avatar").await;
    let photo = uploaded(&app, &member, "photo").await;
    let unused = uploaded(&app, &member, "photo").await;
    saved(&app, &member, json!({"avatar": avatar, "photos": [photo]})).await;
    let mine = my_profile(&app, &member).await;
    assert_eq!((&mine["avatar"], &mine["photos"]), (&json!(avatar), &json!([photo])));

    app.clock.advance(platform::files::UNCLAIMED_KEPT_SECONDS + 60);
    sweep_uploads(&app).await;
    for kept in [&avatar, &photo] {
        assert_eq!(status_for(&app, kept, Some(&member.token)).await, 200, "{kept}");
    }
    assert_eq!(status_for(&app, &unused, Some(&member.token)).await, 404);
}

}

/// The uploads module's hourly maintenance, as the gateway runs it.
async fn sweep_uploads(app: &TestApp) {
    let job = platform::module::UPLOADS
        .maintenance
        .expect("the uploads module sweeps");
    job(&app.state).await.unwrap();
}
