//! The rank rule on every back-office path: staff act on members' accounts and content, only a
//! superadmin on an admin's or a superadmin's. Each path is tried as an admin against a
//! superadmin's object (refused, nothing changes) and by a superadmin (done).

use super::*;

const OUTRANKED: &str = "只有系统管理员可以处理管理员的账号或内容";

struct Cast {
    admin: TestUser,
    root: TestUser,
    other_root: TestUser,
    member: TestUser,
}

async fn cast(app: &TestApp) -> Cast {
    Cast {
        admin: signed_in_user(app, "admin", Role::Admin).await,
        root: signed_in_user(app, "root", Role::Superadmin).await,
        other_root: signed_in_user(app, "root2", Role::Superadmin).await,
        member: signed_in_user(app, "member", Role::User).await,
    }
}

async fn ok_call(app: &TestApp, path: &str, body: Value, user: &TestUser) -> Value {
    let response = app.post(path, body, Some(&user.token)).await;
    assert_eq!(response.status, 200, "{path}: {}", response.json);
    response.data().clone()
}

fn refused(response: &TestResponse, what: &str) {
    assert_eq!(
        (response.status, response.message()),
        (403, OUTRANKED),
        "{what}: {}",
        response.json
    );
}

async fn nickname_seen(app: &TestApp, viewer: &TestUser, member: &TestUser) -> String {
    let profile = ok_call(
        app,
        "/api/v1/user/profile/get",
        json!({"uuid": member.uuid}),
        viewer,
    )
    .await;
    profile["nickname"].as_str().unwrap_or_default().to_owned()
}

platform::engine_tests! { spawn_app;

async fn an_admin_cannot_remove_a_superadmins_profile_through_the_report_queue(app) {
    let Cast { admin, root, other_root, member } = cast(&app).await;
    ok_call(&app, "/api/v1/user/profile/update", json!({"nickname": "站长老王", "introduction": "本站的系统管理员"}), &root).await;
    let waiting = ok_call(&app, "/api/v1/admin/user/profile/audit/list", json!({}), &other_root).await;
    assert!(waiting.to_string().contains(&root.uuid), "{waiting}");
    ok_call(&app, "/api/v1/admin/user/profile/audit", json!({"uuid": root.uuid, "isAudited": 1}), &other_root).await;
    assert_eq!(nickname_seen(&app, &member, &root).await, "站长老王");

    let reported = app
        .post("/api/v1/report", json!({"subject": "profile", "targetId": root.uuid, "reason": "冒充"}), Some(&member.token))
        .await;
    assert_eq!(reported.status, 200, "{}", reported.json);
    let cases = ok_call(&app, "/api/v1/admin/moderation/list", json!({}), &admin).await;
    let case_id = cases["cases"][0]["id"].as_i64().unwrap();
    for verdict in [json!({"verdict": "remove"}), json!({"verdict": "keep"}), json!({"verdict": "suspend", "suspendDays": 1})] {
        let mut body = verdict.clone();
        body["caseId"] = json!(case_id);
        refused(&app.post("/api/v1/admin/moderation/decide", body, Some(&admin.token)).await, &verdict.to_string());
    }
    assert_eq!(nickname_seen(&app, &member, &root).await, "站长老王", "the refused removal wiped nothing");
    let still_open = ok_call(&app, "/api/v1/admin/moderation/list", json!({}), &admin).await;
    assert_eq!(still_open["total"], 1);

    ok_call(&app, "/api/v1/admin/moderation/decide", json!({"caseId": case_id, "verdict": "remove"}), &other_root).await;
    assert_ne!(nickname_seen(&app, &member, &root).await, "站长老王", "a superadmin may");
}

async fn an_admin_takes_down_members_content_but_not_a_superadmins(app) {
    let Cast { admin, root, member, .. } = cast(&app).await;
    let moment = |user: &TestUser, content: &str| {
        let body = json!({"content": content, "visibility": "public"});
        let token = user.token.clone();
        let app = &app;
        async move {
            let response = app.post("/api/v1/moment/create", body, Some(&token)).await;
            assert_eq!(response.status, 200, "{}", response.json);
            response.data()["momentId"].as_i64().unwrap()
        }
    };
    let roots_moment = moment(&root, "系统公告").await;
    let members_moment = moment(&member, "周末爬山").await;
    refused(&app.post("/api/v1/moment/delete", json!({"momentId": roots_moment}), Some(&admin.token)).await, "moment");
    ok_call(&app, "/api/v1/moment/delete", json!({"momentId": members_moment}), &admin).await;

    let commented = ok_call(&app, "/api/v1/comment/create", json!({"momentId": roots_moment, "content": "收到", "parentId": 0}), &root).await;
    let thread: Value = serde_json::from_str(commented["comments"].as_str().unwrap()).unwrap();
    let roots_comment = thread.as_array().unwrap().last().unwrap()["CommentId"].as_i64().unwrap();
    refused(&app.post("/api/v1/comment/delete", json!({"commentId": roots_comment}), Some(&admin.token)).await, "comment");

    let article = json!({"title": "站务说明", "summary": "站务", "content": "正文内容足够长，超过十个字符。", "tags": [], "categories": [], "isPublished": 1});
    let roots_article = ok_call(&app, "/api/v1/blog/create", article.clone(), &root).await["id"].as_i64().unwrap();
    let members_article = ok_call(&app, "/api/v1/blog/create", article, &member).await["id"].as_i64().unwrap();
    let edit = json!({"id": roots_article, "title": "改掉的标题", "content": "被管理员改掉的正文内容。", "isPublished": 0});
    refused(&app.post("/api/v1/admin/blog/update", edit, Some(&admin.token)).await, "article update");
    refused(&app.post("/api/v1/admin/blog/approve", json!({"id": roots_article}), Some(&admin.token)).await, "article approval");
    refused(&app.post("/api/v1/admin/blog/delete", json!({"id": roots_article}), Some(&admin.token)).await, "article deletion");
    let member_route = app
        .post("/api/v1/blog/update", json!({"id": roots_article, "title": "改掉的标题", "summary": "", "content": "被管理员改掉的正文内容。", "tags": [], "categories": [], "isPublished": 1}), Some(&admin.token))
        .await;
    refused(&member_route, "article update through the members' route");
    refused(&app.post("/api/v1/blog/delete", json!({"id": roots_article}), Some(&admin.token)).await, "article deletion through the members' route");
    let shown = app.get(&format!("/api/v1/blog/{roots_article}"), Some(&member.token)).await;
    assert_eq!(shown.data()["title"], "站务说明", "{}", shown.json);
    ok_call(&app, "/api/v1/admin/blog/delete", json!({"id": members_article}), &admin).await;
}

async fn an_admin_reviews_members_changes_and_own_but_not_a_superadmins(app) {
    let Cast { admin, root, other_root, member } = cast(&app).await;
    ok_call(&app, "/api/v1/user/profile/update", json!({"nickname": "老王"}), &root).await;
    ok_call(&app, "/api/v1/user/profile/update", json!({"nickname": "小美"}), &member).await;
    ok_call(&app, "/api/v1/user/profile/update", json!({"nickname": "值班管理员"}), &admin).await;
    refused(&app.post("/api/v1/admin/user/profile/audit", json!({"uuid": root.uuid, "isAudited": 0, "remark": "不行"}), Some(&admin.token)).await, "profile review");
    ok_call(&app, "/api/v1/admin/user/profile/audit", json!({"uuid": member.uuid, "isAudited": 1}), &admin).await;
    ok_call(&app, "/api/v1/admin/user/profile/audit", json!({"uuid": admin.uuid, "isAudited": 1}), &admin).await;
    ok_call(&app, "/api/v1/admin/user/profile/audit", json!({"uuid": root.uuid, "isAudited": 1}), &other_root).await;

    let photo = app.upload("/api/v1/upload?purpose=photo", &png(64, 64), Some(&root.token)).await;
    assert_eq!(photo.status, 200, "{}", photo.json);
    let path = photo.message().to_owned();
    ok_call(&app, "/api/v1/user/profile/update", json!({"photos": [path]}), &root).await;
    let photos = ok_call(&app, "/api/v1/admin/user/image/audit/list", json!({}), &admin).await;
    let photo_id = photos["photos"][0]["photoId"].as_i64().unwrap();
    refused(&app.post("/api/v1/admin/user/image/audit", json!({"photoId": photo_id, "isAudited": 2}), Some(&admin.token)).await, "photo review");
    ok_call(&app, "/api/v1/admin/user/image/audit", json!({"photoId": photo_id, "isAudited": 1}), &other_root).await;
}

async fn an_admin_decides_members_real_name_submissions_but_not_a_superadmins(app) {
    let Cast { admin, root, other_root, .. } = cast(&app).await;
    let mut sides = Vec::new();
    for side in ["front", "back"] {
        let uploaded = app.upload(&format!("/api/v1/upload/idcard/{side}"), &png(64, 40), Some(&root.token)).await;
        assert_eq!(uploaded.status, 200, "{}", uploaded.json);
        sides.push(uploaded.data()["filename"].as_str().unwrap().to_owned());
    }
    let form = json!({"name": "王五", "idcard": "11010519491231002X", "idcard_front": sides[0], "idcard_back": sides[1]});
    ok_call(&app, "/api/v1/idcard/verify", form, &root).await;
    let list = ok_call(&app, "/api/v1/admin/idcard/verify/list", json!({"page": 1, "page_size": 100}), &admin).await;
    let id = list["list"][0]["id"].as_i64().unwrap();
    refused(&app.post("/api/v1/admin/idcard/audit", json!({"id": id, "audit_status": 2}), Some(&admin.token)).await, "real-name pass");
    ok_call(&app, "/api/v1/admin/idcard/audit", json!({"id": id, "audit_status": 2}), &other_root).await;
}

async fn an_admin_edits_members_and_own_account_only(app) {
    let Cast { admin, root, member, .. } = cast(&app).await;
    let edit = |user: &TestUser, nickname: &str| json!({"userId": user.id.0, "nickname": nickname});
    let refusal = app.post("/api/v1/admin/user/update", edit(&root, "改名"), Some(&admin.token)).await;
    assert_eq!((refusal.status, refusal.message()), (403, "只有系统管理员可以修改管理员账号"));
    ok_call(&app, "/api/v1/admin/user/update", edit(&member, "会员新名"), &admin).await;
    ok_call(&app, "/api/v1/admin/user/update", edit(&admin, "管理员新名"), &admin).await;
    let deletion = app.post("/api/v1/admin/user/delete", json!({"userIds": [root.id.0]}), Some(&admin.token)).await;
    assert_eq!((deletion.status, deletion.message()), (403, "只有系统管理员可以删除管理员账号"));
}

}
