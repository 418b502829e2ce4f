use super::*;

platform::engine_tests! { spawn_app;

async fn create_returns_400_with_the_rule_that_was_broken(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let other = signed_in_user(&app, "other", Role::User).await;
    let others_image = upload(&app, &other).await;
    let mine = upload(&app, &author).await;
    let cases = [
        (json!({"content": "   "}), "请输入内容或至少上传一张图片"),
        (json!({"content": "字".repeat(2001)}), "内容不能超过 2000 个字符"),
        (json!({"content": "x", "images": vec![mine.clone(); 10]}), "最多上传 9 张图片"),
        (json!({"content": "x", "images": [mine.clone(), mine.clone()]}), "同一张图片不能重复添加"),
        (json!({"content": "x", "visibility": "everyone"}), "可见范围只能是 public、friends 或 private"),
        (json!({"content": "x", "longitude": 1_800_001}), "经纬度超出范围"),
        (json!({"content": "x", "latitude": -900_001}), "经纬度超出范围"),
        (json!({"content": "x", "topicId": -1}), "话题编号无效"),
        (json!({"content": "x", "landmark": "地".repeat(101)}), "地点名称不能超过 100 个字符"),
        (json!({"content": "x", "images": [others_image]}), "图片不存在或不是你上传的，请重新上传"),
        (json!({"content": "x", "images": ["uploads/moment/ab/never-uploaded.png"]}), "图片不存在或不是你上传的，请重新上传"),
    ];
    for (body, message) in cases {
        let response = post_moment(&app, &author, body.clone()).await;
        assert_eq!((response.status, response.message()), (400, message), "{body}");
    }
    assert!(member_feed(&app, &author, 0).await.is_empty(), "nothing was created");
}

async fn create_accepts_text_only_images_only_and_a_full_location(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let image = upload(&app, &author).await;
    assert_eq!(post_moment(&app, &author, json!({"content": "只有文字"})).await.status, 200);
    assert_eq!(post_moment(&app, &author, json!({"images": [image]})).await.status, 200);
    let located = json!({
        "content": "在西湖边", "visibility": "public", "isTopic": 1, "friendShow": true, "topicId": 3,
        "province": "浙江省", "city": "杭州市", "region": "西湖区", "landmark": "断桥",
        "longitude": 1_201_551, "latitude": 302_741,
    });
    assert_eq!(post_moment(&app, &author, located).await.status, 200);
    assert_eq!(member_feed(&app, &author, 0).await.len(), 3);
}

async fn an_image_serves_one_moment_only(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let image = upload(&app, &author).await;
    assert_eq!(post_moment(&app, &author, json!({"images": [image]})).await.status, 200);
    let again = post_moment(&app, &author, json!({"content": "再发一次", "images": [image]})).await;
    assert_eq!((again.status, again.message()), (400, "图片已用于另一条动态，请重新上传"));
    assert_eq!(member_feed(&app, &author, 0).await.len(), 1, "the failed moment was rolled back");
}

async fn create_needs_a_token(app) {
    let response = app.post("/api/v1/moment/create", json!({"content": "hi"}), None).await;
    assert_eq!(response.status, 401);
}

}
