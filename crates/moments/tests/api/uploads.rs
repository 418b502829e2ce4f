use super::*;
use platform::testkit::images::{jpeg_with_exif, png_claiming};

platform::engine_tests! { spawn_app;

async fn upload_stores_a_re_encoded_image_and_a_thumbnail(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let response = upload_named(&app, Some(&member.token), "holiday.png", &png(1200, 800)).await;
    assert_eq!(response.status, 200);
    let path = response.message();
    assert!(path.starts_with("uploads/moment/") && path.ends_with(".jpg"), "{path}");
    assert_eq!(response.data()["url"], json!(path));

    let served = app.get(&format!("/api/v1/{path}"), None).await;
    assert_eq!(served.status, 200);
    assert_eq!(served.header("content-type"), Some("image/jpeg"));
    assert_eq!(served.header("cache-control"), Some("public, max-age=31536000, immutable"));
    let thumbnail_path = response.data()["thumbnailUrl"].as_str().unwrap();
    let thumbnail = image::load_from_memory(&app.get(&format!("/api/v1/{thumbnail_path}"), None).await.bytes).unwrap();
    assert_eq!((thumbnail.width(), thumbnail.height()), (480, 320));
}

async fn upload_removes_exif_metadata(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let with_exif = jpeg_with_exif(40, 30, b"GPS-31.2304N-121.4737E");

    let response = upload_named(&app, Some(&member.token), "gps.jpg", &with_exif).await;
    assert_eq!(response.status, 200, "{}", response.json);
    let stored = app.get(&format!("/api/v1/{}", response.message()), None).await.bytes;
    assert!(!stored.windows(4).any(|w| w == b"Exif"));
    assert!(!stored.windows(3).any(|w| w == b"GPS"));
}

async fn upload_refuses_bad_files_with_a_clear_4xx(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let token = Some(member.token.as_str());
    let not_image = upload_named(&app, token, "notes.png", b"just some text, not a picture").await;
    assert_eq!((not_image.status, not_image.message()), (415, "只能上传图片文件!"));

    let whole = png(64, 64);
    let truncated = upload_named(&app, token, "cut.png", &whole[..whole.len() / 2]).await;
    assert_eq!(truncated.status, 400, "{}", truncated.json);

    let oversized = upload_named(&app, token, "big.png", &vec![0u8; 5 * 1024 * 1024 + 1]).await;
    assert_eq!((oversized.status, oversized.message()), (413, "图片大小不能超过 5MB!"));

    let refused = upload_named(&app, token, "bomb.png", &png_claiming(50_000, 50_000)).await;
    assert_eq!(refused.status, 413, "{}", refused.json);

    let traversal = upload_named(&app, token, "../../etc/passwd.png", &png(8, 8)).await;
    assert_eq!((traversal.status, traversal.message()), (400, "文件名不合法"));

    let guest = upload_named(&app, None, "photo.png", &png(8, 8)).await;
    assert_eq!(guest.status, 401);
}

async fn nothing_outside_the_upload_folder_is_served(app) {
    std::fs::create_dir_all(&app.state.config.data_dir).unwrap();
    std::fs::write(app.state.config.data_dir.join("jwt_secret"), "do-not-serve").unwrap();
    for path in [
        "/api/v1/uploads/../jwt_secret",
        "/api/v1/uploads/%2e%2e/jwt_secret",
        "/api/v1/uploads/..%2fjwt_secret",
        "/api/v1/uploads/moment/missing.jpg",
    ] {
        let response = app.get(path, None).await;
        assert_ne!(response.status, 200, "{path}");
        assert!(!response.bytes.windows(12).any(|w| w == b"do-not-serve"), "{path}");
    }
}

}
