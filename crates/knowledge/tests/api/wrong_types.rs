//! A value of the wrong type names its field in Chinese, however deep in the body it is and
//! whether or not the field belongs to a part the body shares with another (a flattened one).

use crate::*;

const GRAPH_SAVE: &str = "/api/v1/knowledge/graph/save";

platform::engine_tests! { crate::spawn_app;

async fn graph_save_returns_400_naming_a_nested_field_of_the_wrong_type(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let kp_id = point(&app, &admin, "共情", &[]).await;
    let board = app.post("/api/v1/knowledge/graph/get", json!({"kcId": 0}), Some(&admin.token)).await;
    ok(&board);
    let nodes = json!([
        {"id": "a", "kpId": kp_id, "x": 10, "y": 20},
        {"id": "b", "kpId": kp_id, "x": "left", "y": 20},
    ]);
    let body = json!({"kcId": 0, "baseVersion": board.data()["version"], "nodes": nodes, "connections": []});
    let refused = app.post(GRAPH_SAVE, body, Some(&admin.token)).await;
    assert_eq!((refused.status, refused.message()), (400, "请求参数格式错误：「横坐标」类型或取值不正确"));
    let body = json!({"kcId": 0, "baseVersion": board.data()["version"], "nodes": [], "connections": [{"from": "a", "to": 7}]});
    let refused = app.post(GRAPH_SAVE, body, Some(&admin.token)).await;
    assert_eq!((refused.status, refused.message()), (400, "请求参数格式错误：「目标节点」类型或取值不正确"));
    let body = json!({"kcId": 0, "baseVersion": board.data()["version"], "nodes": [{"id": "a", "kpId": kp_id, "x": 1}]});
    let refused = app.post(GRAPH_SAVE, body, Some(&admin.token)).await;
    assert_eq!((refused.status, refused.message()), (400, "请求参数格式错误：缺少「纵坐标」"));
    let unchanged = app.post("/api/v1/knowledge/graph/get", json!({"kcId": 0}), Some(&admin.token)).await;
    assert_eq!(unchanged.data()["version"], board.data()["version"], "nothing was saved");
}

async fn course_update_returns_400_naming_a_field_of_the_shared_part(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let kc_id = course(&app, &admin, "沟通与倾听", 1990, &[]).await;
    let update = |fields: Value| {
        let mut body = json!({"kcId": kc_id, "name": "倾听的艺术", "category": "沟通", "level": 2, "description": "新的介绍"});
        body.as_object_mut().unwrap().extend(fields.as_object().unwrap().clone());
        body
    };
    for (fields, message) in [
        (json!({"fee": "free"}), "请求参数格式错误：「价格」类型或取值不正确"),
        (json!({"level": "高级"}), "请求参数格式错误：「难度」类型或取值不正确"),
        (json!({"kcId": "first"}), "请求参数格式错误：「课程编号」类型或取值不正确"),
    ] {
        let refused = app.post("/api/v1/knowledge/courses/update", update(fields.clone()), Some(&admin.token)).await;
        assert_eq!((refused.status, refused.message()), (400, message), "{fields}");
    }
    let course = detail(&app, Some(&admin), kc_id).await.data()["course"].clone();
    assert_eq!((course["name"].as_str(), course["fee"].as_i64()), (Some("沟通与倾听"), Some(1990)));
}

}
