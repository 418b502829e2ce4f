use super::*;

use std::io::Cursor;

use image::{DynamicImage, ImageFormat, Rgb, RgbImage};
use platform::UserId;
use platform::moderation::{Described, Subject, case_of, replace_words};

/// The lists a member sees people in, by the key their page holds them under.
const LISTS: [(&str, &str); 5] = [
    ("likedme/list", "likes"),
    ("liked/list", "likes"),
    ("mutualliked/list", "likes"),
    ("visitedme/list", "visited"),
    ("visited/list", "visited"),
];

fn person(gender: &str) -> Value {
    json!({
        "gender": gender, "birthday": 19950101, "province": "33", "city": "3301",
        "hobbies": ["travel"], "height": 170, "weight": 60, "education": "本科",
        "maritalStatus": "未婚",
    })
}

async fn act(app: &TestApp, user: &TestUser, path: &str, target: &TestUser) {
    let response = app
        .post(
            &format!("/api/v1/{path}"),
            json!({"targetUuid": target.uuid}),
            Some(&user.token),
        )
        .await;
    assert_eq!(response.status, 200, "{path}: {}", response.json);
}

/// Where `viewer` finds `username`: each list, recommendations and search, by name.
async fn found_in(app: &TestApp, viewer: &TestUser, username: &str) -> Vec<&'static str> {
    let mut found = Vec::new();
    let mut lists: Vec<(&str, &str)> = LISTS.to_vec();
    lists.extend([("recommend/list", "likes"), ("user/advsearch", "users")]);
    for (list, key) in lists {
        let response = app
            .post(&format!("/api/v1/{list}"), json!({}), Some(&viewer.token))
            .await;
        assert_eq!(response.status, 200, "{list}: {}", response.json);
        let cards = response.data()[key].as_array().unwrap();
        if cards.iter().any(|card| card["username"] == json!(username)) {
            found.push(list);
        }
    }
    found
}

async fn hold(app: &TestApp, member: &TestUser, held: bool) {
    let mut pooled = app.state.db.get().await.unwrap();
    profile::api::hold_profile(&mut pooled.conn(), member.id.get(), held)
        .await
        .unwrap();
}

async fn describe(
    app: &TestApp,
    member: &TestUser,
    viewer: Option<&TestUser>,
) -> Option<Described> {
    let mut pooled = app.state.db.get().await.unwrap();
    profile::api::describe_profile(&mut pooled.conn(), member.id.get(), viewer.map(|v| v.id))
        .await
        .unwrap()
}

async fn flags_of(app: &TestApp, subject: Subject, id: i64) -> Option<Vec<String>> {
    let mut pooled = app.state.db.get().await.unwrap();
    let case = case_of(&mut pooled.conn(), subject, id).await.unwrap()?;
    Some(case.flag_reasons().into_iter().map(str::to_owned).collect())
}

/// The review list's photos of `member`, as (photoId, isAudited), newest first.
async fn photos_of(app: &TestApp, admin: &TestUser, member: &TestUser) -> Vec<(i64, i64)> {
    let list = app
        .post(
            "/api/v1/admin/user/image/audit/list",
            json!({"pageSize": 100}),
            Some(&admin.token),
        )
        .await;
    list.data()["photos"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|photo| photo["uuid"] == json!(member.uuid))
        .map(|photo| {
            (
                photo["photoId"].as_i64().unwrap(),
                photo["isAudited"].as_i64().unwrap(),
            )
        })
        .collect()
}

/// A photo-like picture (light and dark shapes), different for each `seed`, in `format`.
fn picture(seed: u32, format: ImageFormat) -> Vec<u8> {
    let image = RgbImage::from_fn(120, 160, |x, y| {
        let wave = (x * (3 + seed) * 8 + y * (5 + 2 * seed) * 6) % 1000;
        let disc = x.abs_diff(36 + 5 * seed).pow(2) + y.abs_diff(96).pow(2) < 24 * 24;
        let light = if disc { 255 - wave / 8 } else { wave / 4 };
        Rgb([light as u8, (light / 2 + y / 2) as u8, (x * 2) as u8])
    });
    let mut out = Cursor::new(Vec::new());
    DynamicImage::ImageRgb8(image)
        .write_to(&mut out, format)
        .unwrap();
    out.into_inner()
}

/// Makes `pictures` `member`'s wall.
async fn put_on_wall(app: &TestApp, member: &TestUser, pictures: &[Vec<u8>]) {
    let mut paths = Vec::new();
    for bytes in pictures {
        let response = upload_as(app, member, "photo", bytes).await;
        assert_eq!(response.status, 200, "{}", response.json);
        paths.push(response.message().to_owned());
    }
    saved(app, member, json!({ "photos": paths })).await;
}

async fn decide(app: &TestApp, admin: &TestUser, member: &TestUser, body: Value) -> TestResponse {
    let mut body = body;
    body["uuid"] = json!(member.uuid);
    app.post("/api/v1/admin/user/profile/audit", body, Some(&admin.token))
        .await
}

platform::engine_tests! { spawn_app;

async fn a_held_profile_is_hidden_from_others_everywhere_and_seen_by_its_member(app) {
    let held = signed_in_user(&app, "held", Role::User).await;
    let viewer = signed_in_user(&app, "viewer", Role::User).await;
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    saved(&app, &held, person("female")).await;
    saved(&app, &viewer, person("male")).await;
    act(&app, &held, "user/like", &viewer).await;
    act(&app, &viewer, "user/like", &held).await;
    assert_eq!(public_profile(&app, &held, &viewer.uuid).await.status, 200);
    assert_eq!(public_profile(&app, &viewer, &held.uuid).await.status, 200);
    let everywhere = ["likedme/list", "liked/list", "mutualliked/list", "visitedme/list", "visited/list", "user/advsearch"];
    assert_eq!(found_in(&app, &viewer, "held").await, everywhere);
    // Recommendations leave out whom the viewer already likes: a stranger's show her.
    let stranger = signed_in_user(&app, "stranger", Role::User).await;
    saved(&app, &stranger, person("male")).await;
    assert_eq!(found_in(&app, &stranger, "held").await, ["recommend/list", "user/advsearch"]);

    hold(&app, &held, true).await;
    assert!(found_in(&app, &viewer, "held").await.is_empty(), "in no list, recommendation or search");
    assert!(found_in(&app, &stranger, "held").await.is_empty(), "in no recommendation or search");
    let unknown = public_profile(&app, &viewer, &held.uuid).await;
    assert_eq!((unknown.status, unknown.message()), (404, "用户资料不存在"));
    let unlock = app.post("/api/v1/user/profile/unlock", json!({"uuid": held.uuid}), Some(&viewer.token)).await;
    assert_eq!(unlock.status, 404);
    let mut pooled = app.state.db.get().await.unwrap();
    let counts = profile::api::relation_counts(&mut pooled.conn(), viewer.id).await.unwrap();
    drop(pooled);
    assert_eq!((counts.liked, counts.liked_me, counts.mutual, counts.visited, counts.visited_me), (0, 0, 0, 0, 0));

    assert_eq!(public_profile(&app, &held, &held.uuid).await.status, 200, "its member still sees it");
    assert_eq!(my_profile(&app, &held).await["uuid"], json!(held.uuid));
    assert_eq!(public_profile(&app, &admin, &held.uuid).await.status, 200, "admins follow the queue's link");
    assert_eq!(found_in(&app, &held, "viewer").await, everywhere, "the held member still sees others");
    saved(&app, &held, json!({"occupation": "设计师"})).await;
    assert!(found_in(&app, &viewer, "held").await.is_empty(), "a save keeps the hold in the directory");

    hold(&app, &held, false).await;
    assert_eq!(found_in(&app, &viewer, "held").await, everywhere);
    assert_eq!(public_profile(&app, &viewer, &held.uuid).await.status, 200);
}

async fn a_profile_is_described_only_to_who_may_see_it(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let other = signed_in_user(&app, "other", Role::User).await;
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    let avatar = uploaded(&app, &member, "avatar").await;
    let photo = uploaded(&app, &member, "photo").await;
    saved(&app, &member, json!({"nickname": "小雨", "introduction": "喜欢徒步", "occupation": "教师", "avatar": avatar, "photos": [photo]})).await;
    admin_passes_everything(&app, &admin).await;
    let shown = public_profile(&app, &other, &member.uuid).await.data().clone();

    let described = describe(&app, &member, None).await.unwrap();
    assert_eq!(described.author, member.id);
    assert_eq!(described.excerpt, "昵称：小雨\n个人介绍：喜欢徒步\n职业：教师");
    let mut images = vec![shown["avatar"].as_str().unwrap().to_owned()];
    images.extend(shown["photos"].as_array().unwrap().iter().map(|p| p.as_str().unwrap().to_owned()));
    assert_eq!(described.images, images);
    assert_eq!(described.link, format!("/profile/{}", member.uuid));
    assert!(!described.held);
    assert_eq!(describe(&app, &member, Some(&other)).await, Some(described.clone()));

    hold(&app, &member, true).await;
    assert_eq!(describe(&app, &member, Some(&other)).await, None, "held: hidden from others");
    assert!(describe(&app, &member, Some(&member)).await.unwrap().held, "but not from its member");
    assert!(describe(&app, &member, None).await.unwrap().held);
    hold(&app, &member, false).await;

    act(&app, &member, "user/blacklist/add", &other).await;
    assert_eq!(describe(&app, &member, Some(&other)).await, None, "blacklisted by the member");
    act(&app, &member, "user/blacklist/del", &other).await;
    act(&app, &other, "user/blacklist/add", &member).await;
    assert_eq!(describe(&app, &member, Some(&other)).await, None, "blacklisting the member");
    act(&app, &other, "user/blacklist/del", &member).await;
    assert!(describe(&app, &member, Some(&other)).await.is_some());

    let deleted = app.post("/api/v1/user/account/delete", json!({"password": member.password}), Some(&member.token)).await;
    assert_eq!(deleted.status, 200, "{}", deleted.json);
    assert_eq!(describe(&app, &member, None).await, None, "a deleted member is gone");
    let mut pooled = app.state.db.get().await.unwrap();
    assert!(profile::api::remove_profile(&mut pooled.conn(), member.id.get(), app.state.now()).await.unwrap().is_empty());
}

async fn removing_a_profile_takes_its_content_down_and_keeps_the_account(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let other = signed_in_user(&app, "other", Role::User).await;
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    saved(&app, &member, person("female")).await;
    saved(&app, &other, person("male")).await;
    let avatar = uploaded(&app, &member, "avatar").await;
    let first = uploaded(&app, &member, "photo").await;
    saved(&app, &member, json!({"nickname": "小雨", "introduction": "加我联系", "occupation": "客服", "location": "某街道", "avatar": avatar, "photos": [first]})).await;
    admin_passes_everything(&app, &admin).await;
    let passed = my_profile(&app, &member).await;
    let pending = uploaded(&app, &member, "photo").await;
    let waiting_avatar = uploaded(&app, &member, "avatar").await;
    let mut photos: Vec<String> = passed["photos"].as_array().unwrap().iter().map(|p| p.as_str().unwrap().to_owned()).collect();
    photos.push(pending.clone());
    saved(&app, &member, json!({"photos": photos, "avatar": waiting_avatar, "nickname": "小雨2"})).await;
    hold(&app, &member, true).await;

    let mut pooled = app.state.db.get().await.unwrap();
    let mut files = profile::api::remove_profile(&mut pooled.conn(), member.id.get(), app.state.now()).await.unwrap();
    drop(pooled);
    files.sort();
    let mut expected = vec![passed["avatar"].as_str().unwrap().to_owned(), waiting_avatar, photos[0].clone(), pending];
    expected.sort();
    assert_eq!(files, expected, "the avatar, the waiting avatar and every photo");
    platform::files::delete_uploads(&app.state, &files).await.unwrap();
    for file in &files {
        assert_eq!(app.get(&format!("/api/v1/{file}"), None).await.status, 404, "{file}");
    }

    let seen = public_profile(&app, &other, &member.uuid).await;
    assert_eq!(seen.status, 200, "the hold is released");
    let data = seen.data();
    for field in ["nickname", "introduction", "occupation", "location", "avatar"] {
        assert_eq!(data[field], json!(""), "{field}");
    }
    assert_eq!(data["photos"], json!([]));
    assert_eq!((data["gender"].clone(), data["height"].clone()), (json!("female"), json!(170)), "the rest stays");
    let mine = my_profile(&app, &member).await;
    assert_eq!((mine["underReview"].clone(), mine["photos"].clone()), (json!([]), json!([])), "the waiting change went too");
    assert!(photos_of(&app, &admin, &member).await.iter().all(|(_, state)| *state == 2), "rejected, as a review would");
    assert_eq!(found_in(&app, &other, "member").await, ["visited/list", "recommend/list", "user/advsearch"]);
    let mut pooled = app.state.db.get().await.unwrap();
    assert!(profile::api::remove_profile(&mut pooled.conn(), member.id.get(), app.state.now()).await.unwrap().is_empty(), "nothing left to remove");
}

async fn a_photo_is_described_to_who_sees_it_and_removed_as_a_rejection(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let other = signed_in_user(&app, "other", Role::User).await;
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    let photo = uploaded(&app, &member, "photo").await;
    saved(&app, &member, json!({"photos": [photo]})).await;
    let [(id, _)] = photos_of(&app, &admin, &member).await[..] else { panic!("one photo") };
    let describe_photo = |viewer: Option<UserId>| {
        let app = &app;
        async move {
            let mut pooled = app.state.db.get().await.unwrap();
            profile::api::describe_photo(&mut pooled.conn(), id, viewer).await.unwrap()
        }
    };
    let pending = describe_photo(None).await.unwrap();
    assert_eq!((pending.author, pending.images.clone(), pending.held), (member.id, vec![photo], false));
    assert_eq!(pending.link, format!("/profile/{}", member.uuid));
    assert!(describe_photo(Some(member.id)).await.is_some());
    assert_eq!(describe_photo(Some(other.id)).await, None, "pending: its member only");

    admin_passes_everything(&app, &admin).await;
    let published = my_profile(&app, &member).await["photos"][0].as_str().unwrap().to_owned();
    assert_eq!(describe_photo(Some(other.id)).await.unwrap().images, std::slice::from_ref(&published));
    hold(&app, &member, true).await;
    assert_eq!(describe_photo(Some(other.id)).await, None, "on a held profile");
    hold(&app, &member, false).await;

    let mut pooled = app.state.db.get().await.unwrap();
    let files = profile::api::remove_photo(&mut pooled.conn(), id, app.state.now()).await.unwrap();
    assert_eq!(files, [published]);
    assert!(profile::api::remove_photo(&mut pooled.conn(), id, app.state.now()).await.unwrap().is_empty(), "already gone");
    drop(pooled);
    assert_eq!(public_profile(&app, &other, &member.uuid).await.data()["photos"], json!([]));
    assert_eq!(photos_of(&app, &admin, &member).await, [(id, 2)]);
    assert_eq!(describe_photo(Some(member.id)).await, None, "a rejected photo is seen by the back office only");
    assert!(describe_photo(None).await.is_some());
}

async fn changed_public_texts_are_screened_when_saved(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let clean = signed_in_user(&app, "clean", Role::User).await;
    {
        let mut pooled = app.state.db.get().await.unwrap();
        replace_words(&mut pooled.conn(), &["微信".to_owned(), "加我".to_owned()], app.state.now()).await.unwrap();
    }
    saved(&app, &clean, json!({"nickname": "小雨", "introduction": "周末爬山", "occupation": "教师"})).await;
    assert_eq!(flags_of(&app, Subject::Profile, clean.id.get()).await, None);

    saved(&app, &member, json!({"occupation": "微 信客服"})).await;
    assert_eq!(flags_of(&app, Subject::Profile, member.id.get()).await.unwrap(), ["敏感词：微信"]);
    saved(&app, &member, json!({"introduction": "加我聊", "occupation": "微 信客服"})).await;
    assert_eq!(flags_of(&app, Subject::Profile, member.id.get()).await.unwrap(), ["敏感词：微信", "敏感词：加我"], "only the changed text is read again");
}

async fn the_same_picture_on_another_members_wall_flags_the_new_photo(app) {
    let first = signed_in_user(&app, "first", Role::User).await;
    let copier = signed_in_user(&app, "copier", Role::User).await;
    let original = signed_in_user(&app, "original", Role::User).await;
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    put_on_wall(&app, &first, &[picture(1, ImageFormat::Png)]).await;
    put_on_wall(&app, &copier, &[picture(1, ImageFormat::Jpeg)]).await;
    put_on_wall(&app, &original, &[picture(2, ImageFormat::Png), picture(2, ImageFormat::Jpeg)]).await;

    let [(first_photo, _)] = photos_of(&app, &admin, &first).await[..] else { panic!("one photo") };
    let [(copied, _)] = photos_of(&app, &admin, &copier).await[..] else { panic!("one photo") };
    assert_eq!(flags_of(&app, Subject::Photo, copied).await.unwrap(), [format!("照片与会员 {} 的照片相同", first.uuid)]);
    assert_eq!(flags_of(&app, Subject::Photo, first_photo).await, None, "the earlier photo is not flagged");
    for (photo, _) in photos_of(&app, &admin, &original).await {
        assert_eq!(flags_of(&app, Subject::Photo, photo).await, None, "a different picture, or the member's own again");
    }
}

async fn a_rejection_remark_reaches_the_member_until_a_later_change_passes(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    let fresh = my_profile(&app, &member).await;
    assert_eq!((fresh["auditRemark"].clone(), fresh["auditRejectedAt"].clone()), (json!(""), json!(0)));

    saved(&app, &member, json!({"nickname": "加微信123"})).await;
    let long = "长".repeat(201);
    let refused = decide(&app, &admin, &member, json!({"isAudited": 0, "remark": long})).await;
    assert_eq!((refused.status, refused.message()), (400, "审核备注不能超过200个字符"));
    assert_eq!(my_profile(&app, &member).await["underReview"], json!(["nickname"]), "still waiting");

    let remark = "长".repeat(190) + "昵称不能含联系方式";
    assert_eq!(decide(&app, &admin, &member, json!({"isAudited": 0, "remark": format!("  {remark} ")})).await.status, 200);
    let rejected = my_profile(&app, &member).await;
    assert_eq!((rejected["auditRemark"].clone(), rejected["auditRejectedAt"].clone()), (json!(remark), json!(app.state.now())));
    let mut pooled = app.state.db.get().await.unwrap();
    let window = platform::paging::PageWindow::of(None, Some(10), 10, 10);
    let (entries, _) = platform::audit::page(&mut pooled.conn(), Some(("profile", &member.id.get().to_string())), window).await.unwrap();
    drop(pooled);
    assert_eq!(entries[0].action, "profile.reject");
    assert!(entries[0].after_state.contains(&remark), "{}", entries[0].after_state);

    saved(&app, &member, json!({"nickname": "小雨"})).await;
    let waiting = my_profile(&app, &member).await;
    assert_eq!(waiting["auditRejectedAt"], json!(0), "a newer change waits: the rejection is not the latest");
    assert_eq!(decide(&app, &admin, &member, json!({"isAudited": 0})).await.status, 200);
    let bare = my_profile(&app, &member).await;
    assert_eq!((bare["auditRemark"].clone(), bare["auditRejectedAt"].clone()), (json!(""), json!(app.state.now())), "a rejection without a remark");

    saved(&app, &member, json!({"nickname": "小雨"})).await;
    assert_eq!(decide(&app, &admin, &member, json!({"isAudited": 1, "remark": "ignored"})).await.status, 200);
    let passed = my_profile(&app, &member).await;
    assert_eq!((passed["nickname"].clone(), passed["auditRemark"].clone(), passed["auditRejectedAt"].clone()), (json!("小雨"), json!(""), json!(0)));
}

}
