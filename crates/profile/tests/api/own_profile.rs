use super::*;

platform::engine_tests! { spawn_app;

async fn a_saved_profile_reads_back_with_every_field(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    saved(&app, &member, json!({
        "gender": "female", "birthday": 19960521, "height": 163, "weight": 48,
        "country": "中国", "province": "33", "city": "3301", "district": "330106",
        "lat": 302741, "lng": 1201551,
        "homeProvince": "43", "homeCity": "4301", "homeDistrict": "430104",
        "location": "杭州市西湖区", "education": "硕士", "occupation": "产品经理", "income": 30,
        "maritalStatus": "未婚", "boyCount": 0, "girlCount": 1, "religion": "无宗教信仰",
        "hobbies": ["travel", "photo"], "tags": ["introvert", "warm"],
        "photo": "ignored", "email": "ignored@example.com",
    })).await;
    let mine = my_profile(&app, &member).await;
    for (field, value) in [
        ("gender", json!("female")), ("birthday", json!(19960521)), ("height", json!(163)),
        ("weight", json!(48)), ("province", json!("33")), ("city", json!("3301")),
        ("district", json!("330106")), ("lat", json!(302741)), ("lng", json!(1201551)),
        ("homeCity", json!("4301")), ("location", json!("杭州市西湖区")), ("education", json!("硕士")),
        ("occupation", json!("产品经理")), ("income", json!(30)), ("maritalStatus", json!("未婚")),
        ("girlCount", json!(1)), ("religion", json!("无宗教信仰")),
        ("hobbies", json!(["travel", "photo"])), ("tags", json!(["introvert", "warm"])),
    ] {
        assert_eq!(mine[field], value, "{field}");
    }
    // Left-out fields keep their values.
    saved(&app, &member, json!({"height": 165})).await;
    let mine = my_profile(&app, &member).await;
    assert_eq!((mine["height"].clone(), mine["weight"].clone(), mine["city"].clone()), (json!(165), json!(48), json!("3301")));
}

async fn every_refusal_has_the_spec_text_and_changes_nothing(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    saved(&app, &member, json!({"height": 170})).await;
    for (body, text) in [
        (json!({"nickname": "  "}), "请输入昵称"),
        (json!({"nickname": "一二三四五六七八九十一二三四五六七八九十一"}), "昵称不能超过20个字符"),
        (json!({"height": 301}), "请输入有效的身高"),
        (json!({"height": -1}), "请输入有效的身高"),
        (json!({"weight": 501}), "请输入有效的体重"),
        (json!({"boyCount": 11}), "男孩数量应在0到10之间"),
        (json!({"girlCount": -1}), "女孩数量应在0到10之间"),
        (json!({"birthday": 20000231}), "请输入有效的出生日期"),
        (json!({"birthday": 20200101}), "会员须年满18周岁"),
        (json!({"income": 15}), "请选择有效的收入范围"),
        (json!({"education": "小学"}), "请选择有效的学历"),
        (json!({"maritalStatus": "恋爱中"}), "请选择有效的婚姻状况"),
        (json!({"religion": "其它的"}), "请选择有效的宗教信仰"),
        (json!({"gender": "robot"}), "请选择有效的性别"),
        (json!({"hobbies": ["draw", "not-a-hobby"]}), "兴趣爱好不在可选范围内"),
        (json!({"tags": ["nope"]}), "个性标签不在可选范围内"),
        (json!({"province": "33", "city": "1101"}), "请选择有效的所在地区"),
        (json!({"homeProvince": "99"}), "请选择有效的家乡地区"),
        (json!({"lat": 900_001}), "坐标无效"),
        (json!({"introduction": "长".repeat(1001)}), "个人介绍不能超过1000个字符"),
        (json!({"photos": ["uploads/photo/ab/someone-elses.jpg"]}), "照片不存在或不是你上传的，请重新上传"),
        (json!({"avatar": "uploads/avatar/ab/someone-elses.jpg"}), "头像不存在或不是你上传的，请重新上传"),
    ] {
        let response = update(&app, &member, body.clone()).await;
        assert_eq!((response.status, response.message()), (400, text), "{body}");
    }
    assert_eq!(my_profile(&app, &member).await["height"], json!(170));
}

async fn own_profile_save_returns_400_naming_a_field_of_the_wrong_type(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    saved(&app, &member, json!({"height": 170, "weight": 60, "hobbies": ["travel"]})).await;
    for (body, text) in [
        (json!({"height": "abc"}), "请输入有效的身高"),
        (json!({"weight": "abc"}), "请输入有效的体重"),
        (json!({"nickname": "小明", "height": 165, "weight": [60]}), "请输入有效的体重"),
        (json!({"height": 1.5e3}), "请输入有效的身高"),
        (json!({"birthday": "1990-01-01"}), "请求参数格式错误：「出生日期」类型或取值不正确"),
        (json!({"hobbies": ["travel", 5]}), "请求参数格式错误：「兴趣爱好」类型或取值不正确"),
    ] {
        let response = update(&app, &member, body.clone()).await;
        assert_eq!((response.status, response.message()), (400, text), "{body}");
    }
    let mine = my_profile(&app, &member).await;
    assert_eq!((mine["height"].clone(), mine["weight"].clone(), mine["hobbies"].clone()), (json!(170), json!(60), json!(["travel"])));
}

async fn own_profile_save_names_the_wrong_field_of_a_body_that_arrives_in_pieces(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let server = app.serve(1);
    // Far more than one read of the socket: the field comes after the padding, on line 3.
    let body = format!("{{\"nickname\": \"小明\",\n\"note\": \"{}\",\n\"weight\": \"abc\"}}", "长".repeat(200_000));
    let response = server
        .client()
        .post(server.url("/api/v1/user/profile/update"))
        .bearer_auth(&member.token)
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 400);
    let answer: Value = response.json().await.unwrap();
    assert_eq!(answer["message"], json!("请输入有效的体重"), "{answer}");
}

async fn only_the_own_profile_is_read_and_written(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let other = signed_in_user(&app, "other", Role::User).await;
    let refused = app
        .post("/api/v1/user/myprofile/get", json!({"uuid": other.uuid}), Some(&member.token))
        .await;
    assert_eq!((refused.status, refused.message()), (403, "只能查看和修改自己的资料"));
    let guest = app.post("/api/v1/user/myprofile/get", json!({"uuid": member.uuid}), None).await;
    assert_eq!(guest.status, 401);
    assert_eq!(update(&app, &member, json!({"uuid": other.uuid, "height": 150})).await.status, 200);
    assert_eq!(my_profile(&app, &other).await["height"], json!(0), "the body's uuid names nobody");
    assert_eq!(my_profile(&app, &member).await["height"], json!(150));
}

async fn an_avatar_upload_takes_only_still_images_within_2_mb(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let gif = upload_as(&app, &member, "avatar", &platform::testkit::images::gif(8, 8)).await;
    assert_eq!((gif.status, gif.message()), (415, "上传头像图片只能是 JPG/PNG/WEBP 格式!"));
    let large = upload_as(&app, &member, "avatar", &vec![0u8; 2 * 1024 * 1024 + 1]).await;
    assert_eq!((large.status, large.message()), (413, "上传头像图片大小不能超过 2MB!"));
    let photo = upload_as(&app, &member, "photo", &vec![0u8; 5 * 1024 * 1024 + 1]).await;
    assert_eq!((photo.status, photo.message()), (413, "上传图片大小不能超过 5MB!"));
    let path = uploaded(&app, &member, "avatar").await;
    assert!(path.starts_with("uploads/avatar/tobeaudit/"), "{path}");
}

async fn the_public_profile_counts_visits_and_knows_unknown_members(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let visitor = signed_in_user(&app, "visitor", Role::User).await;
    saved(&app, &member, json!({"gender": "male", "birthday": 19900101, "income": 20,
        "province": "11", "city": "1101", "district": "110105"})).await;
    // A reload within half an hour (or the refresh after an unlock) is the same visit.
    for (after, expected) in [(0, 1), (29 * 60, 1), (31 * 60, 2)] {
        app.clock.advance(after);
        let seen = public_profile(&app, &visitor, &member.uuid).await;
        assert_eq!(seen.status, 200, "{}", seen.json);
        assert_eq!(seen.data()["times"], json!(expected), "{after} seconds later");
    }
    let own = public_profile(&app, &member, &member.uuid).await;
    assert_eq!(own.data()["times"], json!(2), "the owner's own look is not a visit");
    let data = own.data();
    assert_eq!((data["sex"].clone(), data["username"].clone(), data["locked"].clone()), (json!("male"), json!("member"), json!(0)));
    assert!(data["age"].as_i64().unwrap() >= 36);
    assert_eq!(data["regionName"], json!("北京市 朝阳区"));
    let unknown = public_profile(&app, &visitor, "00000000-0000-0000-0000-000000000000").await;
    assert_eq!((unknown.status, unknown.message()), (404, "用户资料不存在"));
    assert_eq!(app.post("/api/v1/user/profile/get", json!({"uuid": member.uuid}), None).await.status, 401);
}

}
