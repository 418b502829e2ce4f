use super::*;
use platform::Identity;
use platform::testkit::images::{jpeg_with_exif, png_claiming, png16_claiming};

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

async fn a_sixteen_bit_image_too_big_to_decode_is_refused_before_decoding(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    // 36 megapixels is within the pixel limit, but at 8 bytes a pixel it needs 288 MB.
    let response = upload_named(&app, Some(&member.token), "deep.png", &png16_claiming(6_000, 6_000)).await;
    assert_eq!((response.status, response.message()), (413, platform::files::TOO_MUCH_MEMORY));
}

async fn only_a_registered_purpose_is_accepted(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let (content_type, body) = multipart("a.png", &png(16, 16));
    let request = TestRequest::post()
        .uri("/api/v1/upload?purpose=passport")
        .insert_header(("content-type", content_type))
        .set_payload(body);
    let response = app.send(with_token(request, Some(&member.token))).await;
    assert_eq!((response.status, response.message()), (400, "查询参数格式错误"));
    // The moments module registered its purpose, with its own limit and folder.
    let stored = upload(&app, &member).await;
    assert!(stored.starts_with("uploads/moment/"), "{stored}");
}

async fn an_upload_folder_is_not_served(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    upload(&app, &member).await;
    for path in ["/api/v1/uploads/moment", "/api/v1/uploads/moment/", "/api/v1/uploads/"] {
        let response = app.get(path, None).await;
        assert_eq!(response.status, 404, "{path}: {:?}", String::from_utf8_lossy(&response.bytes));
    }
}

async fn the_form_holds_one_image_field_and_nothing_more(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let image = png(16, 16);
    let file = ("file", Some("a.png"), image.as_slice());

    let extra = send_form(&app, &member, &[("note", None, b"hello"), file]).await;
    assert_eq!((extra.status, extra.message()), (400, "表单只能包含名为 file 的图片字段"));

    let twice = send_form(&app, &member, &[file, ("file", Some("b.png"), image.as_slice())]).await;
    assert_eq!((twice.status, twice.message()), (400, "一次只能上传一张图片"));

    // A large field besides the file: reading stops at the limit, whatever the field.
    let padding = vec![b'x'; 6 * 1024 * 1024];
    let padded = send_form(&app, &member, &[file, ("padding", None, padding.as_slice())]).await;
    assert_eq!((padded.status, padded.message()), (413, "图片大小不能超过 5MB!"));

    assert_eq!(send_form(&app, &member, &[file]).await.status, 200);
}

async fn a_request_declaring_a_body_over_the_limit_is_refused_unread(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let (content_type, body) = multipart("a.png", &png(16, 16));
    let request = TestRequest::post()
        .uri("/api/v1/upload?purpose=moment")
        .insert_header(("content-type", content_type))
        .set_payload(body)
        .insert_header(("content-length", (64 * 1024 * 1024).to_string()));
    let response = app.send(with_token(request, Some(&member.token))).await;
    assert_eq!((response.status, response.message()), (413, "图片大小不能超过 5MB!"));
}

}

/// Posts a multipart form of `(name, file name, bytes)` parts to the moment upload.
async fn send_form(
    app: &TestApp,
    member: &TestUser,
    parts: &[(&str, Option<&str>, &[u8])],
) -> TestResponse {
    let boundary = "----xinqiao-form-boundary";
    let mut body = Vec::new();
    for (name, file_name, bytes) in parts {
        let disposition = match file_name {
            Some(file_name) => format!("form-data; name=\"{name}\"; filename=\"{file_name}\""),
            None => format!("form-data; name=\"{name}\""),
        };
        body.extend_from_slice(
            format!("--{boundary}\r\nContent-Disposition: {disposition}\r\n\r\n").as_bytes(),
        );
        body.extend_from_slice(bytes);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    let request = TestRequest::post()
        .uri("/api/v1/upload?purpose=moment")
        .insert_header((
            "content-type",
            format!("multipart/form-data; boundary={boundary}"),
        ))
        .set_payload(body);
    app.send(with_token(request, Some(&member.token))).await
}

/// Purposes as later crates will register them: profile photos with a blurred copy, identity
/// documents kept private.
const PHOTO: platform::files::Purpose =
    platform::files::Purpose::new("photo", 2 * 1024 * 1024, "图片大小不能超过 2MB!")
        .with_blurred_variant();
const IDENTITY: platform::files::Purpose =
    platform::files::Purpose::new("identity", 2 * 1024 * 1024, "图片大小不能超过 2MB!")
        .kept_private();

fn no_routes(_: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {}

async fn spawn_with_more_purposes(engine: Engine) -> Option<TestApp> {
    const MORE: platform::Module =
        platform::Module::new("more purposes", no_routes).with_uploads(&[PHOTO, IDENTITY]);
    accounts::testkit::spawn_app_with(engine, &[accounts::MODULE, platform::module::UPLOADS, MORE])
        .await
}

async fn upload_as(app: &TestApp, member: &TestUser, purpose: &str) -> TestResponse {
    let (content_type, body) = multipart("a.png", &png(640, 480));
    let request = TestRequest::post()
        .uri(&format!("/api/v1/upload?purpose={purpose}"))
        .insert_header(("content-type", content_type))
        .set_payload(body);
    app.send(with_token(request, Some(&member.token))).await
}

platform::engine_tests! { spawn_with_more_purposes;

async fn a_purpose_with_a_blurred_variant_stores_a_blurred_copy_and_deletes_it_with_the_image(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let response = upload_as(&app, &member, "photo").await;
    assert_eq!(response.status, 200, "{}", response.json);
    let path = response.message().to_owned();
    let blurred = platform::files::blurred_path(&path).unwrap();
    assert!(blurred.contains("blur"), "{blurred}");
    let served = app.get(&format!("/api/v1/{blurred}"), None).await;
    assert_eq!(served.status, 200);
    assert_eq!(served.header("content-type"), Some("image/jpeg"));

    platform::files::delete_uploads(&app.state, std::slice::from_ref(&path)).await.unwrap();
    for gone in [path, blurred] {
        assert_eq!(app.get(&format!("/api/v1/{gone}"), None).await.status, 404, "{gone}");
    }
}

async fn a_private_purpose_is_stored_but_never_served_by_path(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let response = upload_as(&app, &member, "identity").await;
    assert_eq!(response.status, 200, "{}", response.json);
    let path = response.message().to_owned();
    assert!(path.starts_with("uploads/identity/"), "{path}");
    assert_eq!(app.get(&format!("/api/v1/{path}"), None).await.status, 404);
    let private = app.state.private_storage.local_file(&platform::files::StoredPath::parse(&path).unwrap()).unwrap();
    assert!(private.is_file(), "kept in the private store: {}", private.display());
    assert!(!app.state.config.data_dir.join(&path).exists(), "not in the public one");

    platform::files::delete_uploads(&app.state, &[path]).await.unwrap();
    assert!(!private.exists());
}

}

platform::engine_tests! { spawn_app;

async fn a_burst_of_uploads_is_cut_after_a_minutes_allowance(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let small = png(32, 24);
    let mut statuses = Vec::new();
    let mut refusal = None;
    for _ in 0..60 {
        let response = upload_named(&app, Some(&member.token), "p.png", &small).await;
        if response.status == 429 && refusal.is_none() {
            refusal = Some(response.header("retry-after").map(str::to_owned));
        }
        statuses.push(response.status);
    }
    assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 20, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == 429).count(), 40, "{statuses:?}");
    let retry_after: u64 = refusal.flatten().expect("a 429 says when to retry").parse().unwrap();
    assert!((1..=60).contains(&retry_after), "{retry_after}");
    // Another member's uploads are counted apart.
    let other = signed_in_user(&app, "other", Role::User).await;
    assert_eq!(upload_named(&app, Some(&other.token), "p.png", &small).await.status, 200);
    app.clock.advance(60);
    assert_eq!(upload_named(&app, Some(&member.token), "p.png", &small).await.status, 200);
}

async fn a_day_allows_hundreds_of_uploads_then_waits_for_the_next(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let small = png(32, 24);
    // A member spreading their uploads over the day: 300 pass.
    for minute in 0..15 {
        for _ in 0..20 {
            let response = upload_named(&app, Some(&member.token), "p.png", &small).await;
            assert_eq!(response.status, 200, "minute {minute}: {}", response.json);
        }
        app.clock.advance(60);
    }
    let refused = upload_named(&app, Some(&member.token), "p.png", &small).await;
    assert_eq!(refused.status, 429, "{}", refused.json);
    let retry_after: i64 = refused.header("retry-after").unwrap().parse().unwrap();
    assert!(retry_after > 23 * 3600, "{retry_after}");
    app.clock.advance(24 * 3600);
    assert_eq!(upload_named(&app, Some(&member.token), "p.png", &small).await.status, 200);
}

async fn the_bytes_a_member_uploads_in_a_day_are_bounded(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let photo = png(400, 300);
    // 300 MB taken by earlier uploads but for less than this photo.
    let mut pooled = app.state.db.get().await.unwrap();
    let almost_all = 300 * 1024 * 1024 - i64::try_from(photo.len()).unwrap() + 1;
    let bucket = format!("upload-bytes:{}", member.id.get());
    let day = platform::rate_limit::Limit { max_hits: 300 * 1024 * 1024, window_seconds: 24 * 3600 };
    platform::rate_limit::reserve_weighted(&mut pooled.conn(), &bucket, day, almost_all, app.state.now()).await.unwrap();
    drop(pooled);
    let refused = upload_named(&app, Some(&member.token), "big.png", &photo).await;
    assert_eq!(refused.status, 429, "{}", refused.json);
    assert!(refused.header("retry-after").is_some());
    // A smaller file still fits; tomorrow the whole allowance is back.
    assert_eq!(upload_named(&app, Some(&member.token), "p.png", &png(32, 24)).await.status, 200);
    app.clock.advance(24 * 3600);
    assert_eq!(upload_named(&app, Some(&member.token), "big.png", &photo).await.status, 200);
}

async fn uploads_nothing_uses_are_swept_after_a_day_with_their_files(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let used = upload(&app, &member).await;
    let unused = upload(&app, &member).await;
    let posted = post_moment(&app, &member, json!({"content": "周末爬山", "images": [used]})).await;
    assert_eq!(posted.status, 200, "{}", posted.json);
    let identity = Identity { user_id: member.id, uuid: member.uuid.clone(), role: Role::User };
    let stored_by_server =
        platform::files::store_image(&app.state, &identity, moments::MOMENT_IMAGE, png(32, 24)).await.unwrap().path;

    app.clock.advance(platform::files::UNCLAIMED_KEPT_SECONDS - 60);
    let recent = upload(&app, &member).await;
    sweep_uploads(&app).await;
    assert_eq!(served_status(&app, &unused).await, 200, "kept for a whole day");

    app.clock.advance(120);
    sweep_uploads(&app).await;
    assert_eq!(served_status(&app, &unused).await, 404);
    assert_eq!(served_status(&app, &thumbnail_of(&unused)).await, 404);
    assert!(!app.state.config.data_dir.join(&unused).exists(), "its file is deleted");
    for kept in [&used, &thumbnail_of(&used), &stored_by_server, &recent] {
        assert_eq!(served_status(&app, kept).await, 200, "{kept}");
    }
    // The swept upload is gone for good: a moment naming it now is refused, not left broken.
    let late = post_moment(&app, &member, json!({"content": "迟到的照片", "images": [unused]})).await;
    assert_eq!((late.status, late.message()), (400, "图片不存在或不是你上传的，请重新上传"));
    // Used within its day, an upload stays past it.
    let posted = post_moment(&app, &member, json!({"content": "刚上传的", "images": [recent]})).await;
    assert_eq!(posted.status, 200, "{}", posted.json);
    app.clock.advance(platform::files::UNCLAIMED_KEPT_SECONDS);
    sweep_uploads(&app).await;
    assert_eq!(served_status(&app, &recent).await, 200);
}

}

/// The uploads module's hourly maintenance, as the gateway runs it.
async fn sweep_uploads(app: &TestApp) {
    let job = platform::module::UPLOADS
        .maintenance
        .expect("the uploads module sweeps");
    job(&app.state).await.unwrap();
}

async fn served_status(app: &TestApp, path: &str) -> u16 {
    app.get(&format!("/api/v1/{path}"), None).await.status
}

fn thumbnail_of(path: &str) -> String {
    let (stem, extension) = path.rsplit_once('.').unwrap();
    format!("{stem}_thumb.{extension}")
}
