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

}
