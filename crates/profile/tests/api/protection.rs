use super::*;

use std::collections::HashMap;

use futures_util::future::join_all;
use payments::api::{Currency, Item};
use platform::UserId;

/// A member with a passed avatar and two passed photos, protecting them.
async fn protected_member(app: &TestApp, admin: &TestUser) -> (TestUser, Vec<String>) {
    let member = signed_in_user(app, "protected", Role::User).await;
    let avatar = uploaded(app, &member, "avatar").await;
    let photos = vec![
        uploaded(app, &member, "photo").await,
        uploaded(app, &member, "photo").await,
    ];
    saved(
        app,
        &member,
        json!({"avatar": avatar, "photos": photos, "photoProtection": 1}),
    )
    .await;
    admin_passes_everything(app, admin).await;
    let mine = my_profile(app, &member).await;
    let mut clear: Vec<String> = mine["photos"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap().to_owned())
        .collect();
    clear.push(mine["avatar"].as_str().unwrap().to_owned());
    (member, clear)
}

async fn unlock(app: &TestApp, viewer: &TestUser, uuid: &str) -> TestResponse {
    app.post(
        "/api/v1/user/profile/unlock",
        json!({"uuid": uuid}),
        Some(&viewer.token),
    )
    .await
}

platform::engine_tests! { spawn_app;

async fn a_locked_profile_never_sends_a_clear_path(app) {
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    let (member, clear) = protected_member(&app, &admin).await;
    let viewer = signed_in_user(&app, "viewer", Role::User).await;
    let seen = public_profile(&app, &viewer, &member.uuid).await;
    assert_eq!(seen.data()["locked"], json!(1));
    let sent = strings(seen.data());
    for path in &clear {
        assert!(!sent.contains(path), "{path} leaked in {}", seen.json);
    }
    let photos = seen.data()["photos"].as_array().unwrap();
    assert_eq!(photos.len(), 2);
    assert!(photos.iter().all(|p| p.as_str().unwrap().contains("_blur")));
    assert!(seen.data()["avatar"].as_str().unwrap().contains("_blur"));

    let mut pooled = app.state.db.get().await.unwrap();
    let guest_cards = profile::api::cards(&mut pooled.conn(), None, &[member.id]).await.unwrap();
    assert!(guest_cards[&member.id].locked && guest_cards[&member.id].avatar.contains("_blur"));

    for free in [&member, &admin] {
        let seen = public_profile(&app, free, &member.uuid).await;
        assert_eq!(seen.data()["locked"], json!(0), "{}", free.username);
        assert!(strings(seen.data()).contains(&clear[0]));
    }
}

async fn members_named_without_a_photo_get_names_and_the_carded_get_cards(app) {
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    let (member, _) = protected_member(&app, &admin).await;
    let liker = signed_in_user(&app, "liker", Role::User).await;
    let mut pooled = app.state.db.get().await.unwrap();
    let (cards, names) = profile::api::cards_and_names(
        &mut pooled.conn(),
        None,
        None,
        &[member.id],
        &[liker.id, member.id, UserId(i64::MAX)],
    )
    .await
    .unwrap();
    assert_eq!(cards.keys().collect::<Vec<_>>(), [&member.id]);
    assert!(cards[&member.id].locked, "a guest sees the protected card locked");
    assert_eq!(
        names,
        HashMap::from([(
            liker.id,
            profile::api::MemberName {
                uuid: liker.uuid.clone(),
                name: "liker".into(),
            },
        )]),
        "only the named who exist and are not carded, by their username when they have no nickname"
    );
}

async fn twenty_concurrent_unlocks_charge_ten_points_once(app) {
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    let (member, clear) = protected_member(&app, &admin).await;
    let viewer = signed_in_user(&app, "viewer", Role::User).await;
    let answers = join_all((0..20).map(|_| unlock(&app, &viewer, &member.uuid))).await;
    assert!(answers.iter().all(|answer| answer.status == 200), "{:?}", answers.iter().map(|a| a.json.clone()).collect::<Vec<_>>());
    let charged: i64 = answers.iter().map(|answer| answer.data()["charged"].as_i64().unwrap()).sum();
    assert_eq!(charged, 10);
    let (points, ledger) = payments::api::balance_and_ledger_sum(&app.state, viewer.id, Currency::Points).await.unwrap();
    assert_eq!((points, ledger), (90, 90));
    let seen = public_profile(&app, &viewer, &member.uuid).await;
    assert_eq!(seen.data()["locked"], json!(0));
    assert!(strings(seen.data()).contains(&clear[0]));
}

async fn an_unlock_without_points_is_402_and_an_unprotected_one_is_free(app) {
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    let (member, _) = protected_member(&app, &admin).await;
    let viewer = signed_in_user(&app, "viewer", Role::User).await;
    let spend = Item { kind: "test_spend", id: 1, price: 100, currency: Currency::Points, detail: "用完积分" };
    payments::api::charge(&app.state, viewer.id, spend).await.unwrap();
    let refused = unlock(&app, &viewer, &member.uuid).await;
    assert_eq!((refused.status, refused.message()), (402, "积分不足，需要 10 积分，当前 0 积分"));
    assert_eq!(public_profile(&app, &viewer, &member.uuid).await.data()["locked"], json!(1));

    saved(&app, &member, json!({"photoProtection": 0})).await;
    let free = unlock(&app, &viewer, &member.uuid).await;
    assert_eq!((free.status, free.data()["charged"].clone()), (200, json!(0)));
    assert_eq!(public_profile(&app, &viewer, &member.uuid).await.data()["locked"], json!(0));
    let unknown = unlock(&app, &viewer, "nobody").await;
    assert_eq!((unknown.status, unknown.message()), (404, "用户资料不存在"));
}


async fn a_blurred_copy_gives_away_neither_the_clear_picture_nor_its_thumbnail(app) {
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    let (member, clear) = protected_member(&app, &admin).await;
    let stranger = signed_in_user(&app, "stranger", Role::User).await;
    let seen = public_profile(&app, &stranger, &member.uuid).await;
    let mut blurred: Vec<String> = strings(&seen.data()["photos"]);
    blurred.push(seen.data()["avatar"].as_str().unwrap().to_owned());
    assert_eq!(blurred.len(), 3);
    for path in &blurred {
        assert_eq!(served(&app, path, None).await, 200, "{path}");
        // The name arithmetic an attacker tries: the same name without `_blur`, and its thumbnail.
        let (stem, extension) = path.split_once("_blur.").unwrap();
        for guess in [format!("{stem}.{extension}"), format!("{stem}_thumb.{extension}")] {
            assert_eq!(served(&app, &guess, Some(&stranger.token)).await, 404, "{guess}");
        }
        let mark = stem.rsplit('/').next().unwrap();
        assert!(clear.iter().all(|clear| !clear.contains(mark)), "{path} names a clear picture");
    }
    for path in &clear {
        let thumbnail = path.replace(".", "_thumb.");
        for shown in [path, &thumbnail] {
            let response = app.get(&format!("/api/v1/{shown}"), None).await;
            assert_eq!(response.status, 200, "{shown}: the owner's own address works");
            assert_eq!(response.header("cache-control"), Some("private, max-age=86400"), "no shared cache keeps a clear picture");
        }
    }
}

async fn switching_protection_on_retires_the_addresses_of_the_clear_pictures(app) {
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    let member = signed_in_user(&app, "open", Role::User).await;
    let avatar = uploaded(&app, &member, "avatar").await;
    let photo = uploaded(&app, &member, "photo").await;
    saved(&app, &member, json!({"avatar": avatar, "photos": [photo]})).await;
    admin_passes_everything(&app, &admin).await;
    let stranger = signed_in_user(&app, "stranger", Role::User).await;
    let open = public_profile(&app, &stranger, &member.uuid).await;
    assert_eq!(open.data()["locked"], json!(0));
    let kept: Vec<String> = [&open.data()["photos"][0], &open.data()["avatar"]]
        .iter()
        .map(|path| path.as_str().unwrap().to_owned())
        .collect();
    for path in &kept {
        assert_eq!(served(&app, path, None).await, 200, "{path}");
    }

    saved(&app, &member, json!({"photoProtection": 1})).await;
    for path in &kept {
        let thumbnail = path.replace(".", "_thumb.");
        for old in [path, &thumbnail, &platform::files::blurred_path(path).unwrap()] {
            assert_eq!(served(&app, old, None).await, 404, "{old} still answers");
        }
    }
    let mine = my_profile(&app, &member).await;
    let renamed = [mine["photos"][0].as_str().unwrap(), mine["avatar"].as_str().unwrap()];
    for path in renamed {
        assert!(!kept.iter().any(|old| old == path), "{path} was not renamed");
        assert_eq!(served(&app, path, Some(&member.token)).await, 200, "{path}");
    }
    let locked = public_profile(&app, &stranger, &member.uuid).await;
    assert_eq!(locked.data()["locked"], json!(1));
    let shown = strings(locked.data());
    assert!(renamed.iter().all(|path| !shown.iter().any(|s| s == path)), "{}", locked.json);
    assert_eq!(served(&app, locked.data()["photos"][0].as_str().unwrap(), None).await, 200);
}

async fn maintenance_moves_blurred_copies_named_the_old_way_and_renames_protected_pictures(app) {
    use diesel_async::RunQueryDsl;
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    let (member, clear) = protected_member(&app, &admin).await;
    // The layout a site had before: each blurred copy at `<name>_blur.<ext>`, marked legacy.
    let store = &app.state.storage;
    for path in &clear {
        let keyed = platform::files::StoredPath::parse(&platform::files::blurred_path(path).unwrap()).unwrap();
        let legacy = platform::files::StoredPath::parse(&path.replace(".", "_blur.")).unwrap();
        store.copy(&keyed, &legacy).await.unwrap();
        store.delete(&keyed).await.unwrap();
    }
    let mut pooled = app.state.db.get().await.unwrap();
    platform::run!(&mut pooled.conn(), |c| diesel::sql_query("UPDATE uploads SET legacy_blur_name = 1").execute(c).await).unwrap();
    drop(pooled);

    let job = profile::MODULE.maintenance.unwrap();
    job(&app.state).await.unwrap();
    for path in &clear {
        assert_eq!(served(&app, path, None).await, 404, "{path}: named by the old copies, renamed");
        assert_eq!(served(&app, &path.replace(".", "_blur."), None).await, 404);
    }
    let stranger = signed_in_user(&app, "stranger", Role::User).await;
    let seen = public_profile(&app, &stranger, &member.uuid).await;
    for path in strings(&seen.data()["photos"]) {
        assert_eq!(served(&app, &path, None).await, 200, "{path}");
    }
    let mine = my_profile(&app, &member).await;
    for path in strings(&mine["photos"]) {
        assert_eq!(served(&app, &path, None).await, 200, "{path}");
        assert_eq!(served(&app, &platform::files::blurred_path(&path).unwrap(), None).await, 200);
    }
    // Done once: a second run finds nothing left to move.
    let mut pooled = app.state.db.get().await.unwrap();
    let left = platform::files::owners_with_legacy_blurred_copies(&mut pooled.conn(), 10).await.unwrap();
    assert!(left.is_empty(), "{left:?}");
}

async fn an_invisible_visit_changes_nothing_the_visited_member_sees(app) {
    let ann = signed_in_user(&app, "ann", Role::User).await;
    let bob = signed_in_user(&app, "bob", Role::User).await;
    let ghost = signed_in_user(&app, "ghost", Role::User).await;
    public_profile(&app, &bob, &ann.uuid).await;
    public_profile(&app, &ghost, &ann.uuid).await;
    let before = visits_seen_by(&app, &ann).await;
    assert_eq!(before.0, 2);

    saved(&app, &ghost, json!({"invisibleBrowsing": 1})).await;
    for _ in 0..3 {
        app.clock.advance(3600);
        assert_eq!(public_profile(&app, &ghost, &ann.uuid).await.status, 200);
    }
    assert_eq!(visits_seen_by(&app, &ann).await, before, "count, list, order and times unchanged");
    let own = app.post("/api/v1/visited/list", json!({}), Some(&ghost.token)).await;
    assert_eq!(own.data()["visited"][0]["times"], json!(4), "the visitor's own record counts every visit");
}

async fn the_street_address_is_private_unless_its_owner_shows_it(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let other = signed_in_user(&app, "other", Role::User).await;
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    saved(&app, &member, json!({"province": "11", "city": "1101", "district": "110105", "location": "望京街道某小区"})).await;
    let seen = public_profile(&app, &other, &member.uuid).await;
    assert_eq!(seen.data()["location"], json!(""));
    assert!(!seen.json.to_string().contains("望京街道"), "{}", seen.json);
    assert_eq!(seen.data()["district"], json!("110105"), "the district is public");
    for allowed in [&member, &admin] {
        assert_eq!(public_profile(&app, allowed, &member.uuid).await.data()["location"], json!("望京街道某小区"));
    }
    assert_eq!(my_profile(&app, &member).await["showLocation"], json!(0));

    saved(&app, &member, json!({"showLocation": 1})).await;
    assert_eq!(my_profile(&app, &member).await["showLocation"], json!(1));
    assert_eq!(public_profile(&app, &other, &member.uuid).await.data()["location"], json!("望京街道某小区"));
}

}

/// The status of a GET of a stored file.
async fn served(app: &TestApp, path: &str, token: Option<&str>) -> u16 {
    app.get(&format!("/api/v1/{path}"), token).await.status
}

/// What `member` is shown of the visits: the visit count on the public profile, and the
/// visitor list with each visitor's times and latest visit.
async fn visits_seen_by(app: &TestApp, member: &TestUser) -> (i64, Value) {
    let stats = public_profile(app, member, &member.uuid).await;
    let list = app
        .post("/api/v1/visitedme/list", json!({}), Some(&member.token))
        .await;
    assert_eq!(list.status, 200, "{}", list.json);
    (
        stats.data()["times"].as_i64().unwrap(),
        list.data()["visited"].clone(),
    )
}
