//! What a JSON body of the wrong shape is answered: the field at fault, named in Chinese the
//! way the forms name it, never in the parser's words.
//!
//! serde names a missing, unknown or repeated field in its message, but reports a value of
//! the wrong type only with the line and column where it stopped reading. The body's bytes
//! (kept by the platform's body scan) are walked up to that point to find the keys around it.

use std::ops::Range;

use serde::de::{Deserialize, Deserializer, Visitor};
use serde_json::Value;

/// The Chinese name of every field a request body documents, keyed by its JSON name. The
/// gateway's tests check every property of every request body in the OpenAPI document
/// against it, so a new field cannot be answered by its JSON name alone.
pub const LABELS: &[(&str, &str)] = &[
    ("ageMax", "最大年龄"),
    ("ageMin", "最小年龄"),
    ("agreedTermsVersion", "同意的协议版本"),
    ("answer", "正确答案"),
    ("answers", "答案"),
    ("auditMessage", "审核信息"),
    ("auditStatus", "审核状态"),
    ("audit_status", "审核状态"),
    ("authors", "作者"),
    ("avatar", "头像"),
    ("banner", "横幅图片"),
    ("baseVersion", "基准版本"),
    ("beforeId", "起始消息编号"),
    ("beginCreatedAt", "开始时间"),
    ("birthday", "出生日期"),
    ("boyCount", "男孩数量"),
    ("captcha", "验证码"),
    ("captchaId", "验证码编号"),
    ("caseId", "处理单编号"),
    ("categories", "分类"),
    ("category", "分类"),
    ("categoryId", "分类编号"),
    ("childKpId", "后学知识点"),
    ("city", "城市"),
    ("code", "验证码"),
    ("commentId", "评论编号"),
    ("confirmPassword", "确认密码"),
    ("connections", "连线"),
    ("content", "内容"),
    ("conversationId", "会话编号"),
    ("country", "国家"),
    ("cover", "封面"),
    ("crisis", "求助提示规则"),
    ("currencyCode", "币种"),
    ("currentPassword", "当前密码"),
    ("description", "描述"),
    ("difficulty", "难度"),
    ("district", "区县"),
    ("education", "学历"),
    ("educations", "学历"),
    ("email", "邮箱"),
    ("endCreatedAt", "结束时间"),
    ("evaluateeUserIds", "被评价人用户 ID"),
    ("evaluatorUserIds", "评价人用户 ID"),
    ("examId", "测评编号"),
    ("examName", "测评名称"),
    ("examples", "示例"),
    ("fail_reason", "拒绝原因"),
    ("fee", "价格"),
    ("feedbacks", "编制说明"),
    ("free", "免费"),
    ("friendShow", "好友可见"),
    ("from", "起始节点"),
    ("fromId", "起始编号"),
    ("gender", "性别"),
    ("girlCount", "女孩数量"),
    ("handled", "已处理"),
    ("healthScreening", "心理健康筛查"),
    ("height", "身高"),
    ("heightMax", "最高身高"),
    ("heightMin", "最低身高"),
    ("hobbies", "兴趣爱好"),
    ("homeCity", "家乡城市"),
    ("homeCountry", "家乡国家"),
    ("homeDisplay", "首页展示"),
    ("homeDistrict", "家乡区县"),
    ("homeLat", "家乡纬度"),
    ("homeLng", "家乡经度"),
    ("homeProvince", "家乡省份"),
    ("id", "编号"),
    ("idcard", "身份证号码"),
    ("idcard_back", "身份证背面照片"),
    ("idcard_front", "身份证正面照片"),
    ("iframe", "嵌入页面"),
    ("image", "图片"),
    ("images", "图片"),
    ("inMatching", "参与匹配"),
    ("income", "月收入"),
    ("introduction", "个人介绍"),
    ("invisibleBrowsing", "隐身浏览"),
    ("isAudited", "审核结果"),
    ("isHot", "热门"),
    ("isPublished", "是否发布"),
    ("isTemp", "是否暂存"),
    ("isTopic", "是否话题"),
    ("isVerified", "实名认证"),
    ("kcId", "课程编号"),
    ("keyword", "关键词"),
    ("kpId", "知识点编号"),
    ("kpIds", "知识点"),
    ("kpTree", "知识点树"),
    ("krId", "资源编号"),
    ("landmark", "地标"),
    ("lastId", "已读消息编号"),
    ("lat", "纬度"),
    ("latitude", "纬度"),
    ("level", "难度"),
    ("likeLevel", "喜欢级别"),
    ("lng", "经度"),
    ("location", "详细地址"),
    ("longitude", "经度"),
    ("maritalStatus", "婚姻状况"),
    ("maxBoys", "男孩数量上限"),
    ("maxGirls", "女孩数量上限"),
    ("message", "留言内容"),
    ("messages", "对话消息"),
    ("model", "模型"),
    ("momentId", "动态编号"),
    ("name", "名称"),
    ("newPassword", "新密码"),
    ("nickname", "昵称"),
    ("nodes", "节点"),
    ("objectId", "对象编号"),
    ("objectKind", "对象类型"),
    ("occupation", "职业"),
    ("oid", "选项编号"),
    ("oneFree", "买一送一"),
    ("options", "选项"),
    ("order", "排序方式"),
    ("orderNo", "订单号"),
    ("orgId", "机构编号"),
    ("originalQuestions", "原始题目"),
    ("page", "页码"),
    ("pageSize", "每页条数"),
    ("page_size", "每页条数"),
    ("paid", "支付结果"),
    ("parentId", "回复的评论编号"),
    ("parentKpId", "先学知识点"),
    ("password", "密码"),
    ("payMethod", "支付方式"),
    ("payMoney", "充值金额"),
    ("peerUuid", "对方用户"),
    ("phone", "手机号码"),
    ("photoId", "照片编号"),
    ("photoProtection", "照片保护"),
    ("photos", "照片"),
    ("praise", "点赞数"),
    ("prerequisites", "先修知识点"),
    ("profile", "简介"),
    ("progress", "进度"),
    ("province", "省份"),
    ("qid", "题号"),
    ("question", "题目"),
    ("questionCount", "题目数量"),
    ("questions", "题目"),
    ("questionsType", "结果类型"),
    ("rating", "评分"),
    ("reason", "原因"),
    ("redirectUri", "回调地址"),
    ("references", "参考资料"),
    ("region", "地区"),
    ("religion", "宗教信仰"),
    ("remark", "审核备注"),
    ("removed", "下架"),
    ("reportAverageUserIds", "可看平均报告的用户 ID"),
    ("reportDetailUserIds", "可看详细报告的用户 ID"),
    ("resultId", "测评结果编号"),
    ("resume", "重新计时"),
    ("role", "角色"),
    ("seekAgeMax", "择偶最大年龄"),
    ("seekAgeMin", "择偶最小年龄"),
    ("seekGender", "择偶性别"),
    ("showLocation", "显示详细地址"),
    ("status", "状态"),
    ("stops", "中断提示"),
    ("stream", "流式回复"),
    ("subject", "举报对象类型"),
    ("summary", "摘要"),
    ("summarys", "结果解读"),
    ("suspendDays", "暂停天数"),
    ("sysRole", "系统角色"),
    ("tags", "标签"),
    ("targetId", "举报对象编号"),
    ("targetUuid", "对方用户"),
    ("thumb", "缩略图"),
    ("timeLimit", "时间限制"),
    ("title", "标题"),
    ("to", "目标节点"),
    ("topicId", "话题编号"),
    ("transType", "交易类型"),
    ("twitterAuthor", "Twitter 作者"),
    ("type", "类型"),
    ("url", "链接"),
    ("userId", "用户编号"),
    ("userIds", "用户"),
    ("username", "用户名"),
    ("uuid", "用户 UUID"),
    ("verdict", "处理决定"),
    ("visibility", "可见范围"),
    ("weight", "体重"),
    ("weightMax", "最高体重"),
    ("weightMin", "最低体重"),
    ("words", "敏感词"),
    ("x", "横坐标"),
    ("y", "纵坐标"),
];

/// The spec's own sentence for a value a field cannot take, where it gives one (spec 2,
/// section 5: height and weight must be numbers).
const SENTENCES: &[(&str, &str)] = &[
    ("height", "请输入有效的身高"),
    ("weight", "请输入有效的体重"),
];

const PREFIX: &str = "请求参数格式错误：";

/// The Chinese name of the body field `field` (a JSON name).
pub fn label(field: &str) -> Option<&'static str> {
    LABELS
        .iter()
        .find(|(name, _)| *name == field)
        .map(|(_, label)| *label)
}

/// The answer to a well-formed JSON body that does not fit its schema; `body` is what the
/// parser read, when the platform kept it.
pub(crate) fn wrong_shape_message(cause: &serde_json::Error, body: Option<&[u8]>) -> String {
    let text = cause.to_string();
    let named = |prefix: &str| {
        text.strip_prefix(prefix)
            .and_then(|rest| rest.split('`').next())
            // An unknown field's name comes from the client: echo it only when plain.
            .filter(|name| {
                !name.is_empty()
                    && name.len() <= 64
                    && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            })
    };
    if let Some(name) = named("missing field `") {
        return format!("{PREFIX}缺少「{}」", label(name).unwrap_or(name));
    }
    if let Some(name) = named("unknown field `") {
        return format!("{PREFIX}不支持字段 {name}");
    }
    if let Some(name) = named("duplicate field `") {
        return format!("{PREFIX}「{}」重复", label(name).unwrap_or(name));
    }
    let located = body.and_then(|body| field_at(body, cause, &text));
    match located {
        Some(field) => match SENTENCES.iter().find(|(name, _)| *name == field) {
            Some((_, sentence)) => (*sentence).to_owned(),
            None => format!(
                "{PREFIX}「{}」类型或取值不正确",
                label(field).unwrap_or(field)
            ),
        },
        None => format!("{PREFIX}字段类型或取值不正确"),
    }
}

/// The documented field whose value the parser refused: the innermost key around the point
/// where it stopped that [`LABELS`] knows (a map's own keys, which come from the client, are
/// passed over for the field holding the map unless one happens to share a field's name).
fn field_at(body: &[u8], cause: &serde_json::Error, text: &str) -> Option<&'static str> {
    let offset = offset_of(body, cause.line(), cause.column())?;
    let spot = walk(body, offset)?;
    // Stopping just after an object closed: serde refused the object as a whole, which is
    // how a flattened struct's field comes back (serde reads those only once the object has
    // ended). The message still shows the value, so the object's field holding that value,
    // when it is the only one, is the one at fault.
    spot.closed_object
        .and_then(|object| field_holding(&body[object], text))
        .or_else(|| spot.keys.iter().rev().find_map(|key| known(key)))
}

fn known(key: &str) -> Option<&'static str> {
    LABELS
        .iter()
        .find(|(name, _)| *name == key)
        .map(|(name, _)| *name)
}

/// serde_json reports a line (from 1) and the column of the last byte it read on that line
/// (0 when none); together, the offset of the next byte it would read. Line 0 is no position.
fn offset_of(body: &[u8], line: usize, column: usize) -> Option<usize> {
    let line_start = match line {
        0 => return None,
        1 => 0,
        _ => {
            body.iter()
                .enumerate()
                .filter(|(_, byte)| **byte == b'\n')
                .nth(line - 2)?
                .0
                + 1
        }
    };
    let offset = line_start.checked_add(column)?;
    (offset <= body.len()).then_some(offset)
}

/// The surroundings of a point in a JSON text.
#[derive(Debug, Default, PartialEq)]
struct Spot {
    /// The keys of the objects the point is in, outermost first.
    keys: Vec<String>,
    /// The object that ended just before the point, if one did.
    closed_object: Option<Range<usize>>,
}

enum Frame {
    Object {
        start: usize,
        key: Option<String>,
        expects_key: bool,
    },
    Array,
}

/// Reads `body` up to `offset` (what serde read before it stopped, so well-formed so far).
fn walk(body: &[u8], offset: usize) -> Option<Spot> {
    let mut frames: Vec<Frame> = Vec::new();
    let mut closed_object = None;
    let mut at = 0;
    while at < offset {
        let byte = body[at];
        if byte.is_ascii_whitespace() {
            at += 1;
            continue;
        }
        closed_object = None;
        match byte {
            b'{' => {
                frames.push(Frame::Object {
                    start: at,
                    key: None,
                    expects_key: true,
                });
                at += 1;
            }
            b'[' => {
                frames.push(Frame::Array);
                at += 1;
            }
            b'}' | b']' => {
                if let Some(Frame::Object { start, .. }) = frames.pop() {
                    closed_object = Some(start..at + 1);
                }
                at += 1;
            }
            b',' => {
                if let Some(Frame::Object {
                    key, expects_key, ..
                }) = frames.last_mut()
                {
                    *key = None;
                    *expects_key = true;
                }
                at += 1;
            }
            b':' => at += 1,
            b'"' => {
                let end = string_end(body, at)?;
                if let Some(Frame::Object {
                    key,
                    expects_key: expects_key @ true,
                    ..
                }) = frames.last_mut()
                {
                    *key = serde_json::from_slice::<String>(&body[at..end]).ok();
                    *expects_key = false;
                }
                at = end;
            }
            _ => {
                // A number or a literal: up to the next delimiter.
                while at < body.len()
                    && !matches!(body[at], b',' | b'}' | b']' | b':')
                    && !body[at].is_ascii_whitespace()
                {
                    at += 1;
                }
            }
        }
    }
    let keys = frames
        .into_iter()
        .filter_map(|frame| match frame {
            Frame::Object { key, .. } => key,
            Frame::Array => None,
        })
        .collect();
    Some(Spot {
        keys,
        closed_object,
    })
}

/// The offset just past the closing quote of the string opening at `start`.
fn string_end(body: &[u8], start: usize) -> Option<usize> {
    let mut at = start + 1;
    loop {
        match body.get(at)? {
            b'\\' => at += 2,
            b'"' => return Some(at + 1),
            _ => at += 1,
        }
    }
}

/// The one documented field of `object` whose value is the one the message describes
/// ("invalid type: string \"abc\", expected i64").
fn field_holding(object: &[u8], text: &str) -> Option<&'static str> {
    let described = refused_value(text)?;
    let fields = serde_json::from_slice::<serde_json::Map<String, Value>>(object).ok()?;
    let mut holding = fields.iter().filter_map(|(key, value)| {
        let field = known(key)?;
        let refusal = Refused::deserialize(value).err()?.to_string();
        (refused_value(&refusal)? == described).then_some(field)
    });
    let field = holding.next()?;
    holding.next().is_none().then_some(field)
}

/// The value part of serde's "invalid type: <value>, expected …" (or "invalid value: …").
fn refused_value(text: &str) -> Option<&str> {
    let rest = text
        .strip_prefix("invalid type: ")
        .or_else(|| text.strip_prefix("invalid value: "))?;
    rest.split_once(", expected ").map(|(value, _)| value)
}

/// Takes nothing, so deserializing a value into it fails with serde_json's own description
/// of that value, the same words a refusal of it inside a body carries.
struct Refused;

impl<'de> Deserialize<'de> for Refused {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Nothing;
        impl Visitor<'_> for Nothing {
            type Value = Refused;
            fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
                formatter.write_str("nothing")
            }
        }
        deserializer.deserialize_any(Nothing)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use serde::Deserialize;

    use super::*;

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    #[serde(rename_all = "camelCase")]
    struct Profile {
        height: Option<i64>,
        weight: Option<i64>,
        #[serde(default)]
        hobbies: Vec<String>,
        #[serde(default)]
        nodes: Vec<Node>,
        #[serde(default)]
        answers: BTreeMap<String, i64>,
        #[serde(default)]
        is_published: Option<crate::flag::Flag>,
    }

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Node {
        id: String,
        x: f64,
        y: f64,
    }

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    #[serde(rename_all = "camelCase")]
    struct Course {
        name: String,
        #[serde(default)]
        fee: i64,
        #[serde(default)]
        is_published: Option<crate::flag::Flag>,
    }

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    #[serde(rename_all = "camelCase")]
    struct UpdateCourse {
        kc_id: i64,
        #[serde(flatten)]
        fields: Course,
    }

    fn answer<T: for<'de> Deserialize<'de> + std::fmt::Debug>(body: &str) -> String {
        let error = serde_json::from_str::<T>(body).expect_err(body);
        assert!(error.is_data(), "{body}: {error}");
        wrong_shape_message(&error, Some(body.as_bytes()))
    }

    #[test]
    fn a_wrong_height_or_weight_has_the_spec_sentence() {
        for body in [
            r#"{"height": "abc"}"#,
            r#"{"height": 1.5}"#,
            r#"{"height": {"cm": 170}}"#,
            r#"{"height": [170]}"#,
            r#"{"height": 99999999999999999999}"#,
            r#"{"weight": 60, "height": true}"#,
        ] {
            assert_eq!(answer::<Profile>(body), "请输入有效的身高", "{body}");
        }
        assert_eq!(
            answer::<Profile>(r#"{"height": 170, "weight": "abc"}"#),
            "请输入有效的体重"
        );
    }

    #[test]
    fn a_value_of_the_wrong_type_names_its_field_in_chinese() {
        let cases = [
            (r#"{"hobbies": "travel"}"#, "兴趣爱好"),
            (r#"{"hobbies": ["travel", 5]}"#, "兴趣爱好"),
            (
                r#"{"nodes": [{"id": "a", "x": 1, "y": 2}, {"id": "b", "x": "left", "y": 2}]}"#,
                "横坐标",
            ),
            (r#"{"nodes": [{"id": 7, "x": 1, "y": 2}]}"#, "编号"),
            // A map's keys are the client's: the field holding the map is named.
            (r#"{"answers": {"q1": 1, "q2": "a"}}"#, "答案"),
            (r#"{"isPublished": "yes"}"#, "是否发布"),
            (r#"{"isPublished": {"on": 1}}"#, "是否发布"),
            // Escaped keys, several lines, a key that holds the same name nested deeper.
            (
                "{\n  \"\\u0068obbies\": [\n    \"a\",\n    false\n  ]\n}",
                "兴趣爱好",
            ),
            (
                "{\r\n\"nodes\": [\r\n{\"id\": \"a\", \"x\": 1, \"y\": null}]}",
                "纵坐标",
            ),
        ];
        for (body, label) in cases {
            assert_eq!(
                answer::<Profile>(body),
                format!("请求参数格式错误：「{label}」类型或取值不正确"),
                "{body}"
            );
        }
    }

    #[test]
    fn a_flattened_field_is_found_by_the_value_refused() {
        for (body, label) in [
            (r#"{"kcId": 1, "name": "课程", "fee": "free"}"#, "价格"),
            (r#"{"fee": 0, "kcId": 1, "name": 3}"#, "名称"),
            (r#"{"kcId": "1", "name": "课程"}"#, "课程编号"),
            (r#"{"kcId": 1, "name": "课程", "fee": -1.5}  "#, "价格"),
        ] {
            assert_eq!(
                answer::<UpdateCourse>(body),
                format!("请求参数格式错误：「{label}」类型或取值不正确"),
                "{body}"
            );
        }
        // Two fields holding the refused value: which one is at fault cannot be told.
        assert_eq!(
            answer::<UpdateCourse>(r#"{"kcId": 1, "name": "课程", "fee": "课程"}"#),
            "请求参数格式错误：字段类型或取值不正确"
        );
        assert_eq!(
            answer::<UpdateCourse>(r#"{"kcId": 1, "name": "课程", "isPublished": "yes"}"#),
            "请求参数格式错误：「是否发布」类型或取值不正确"
        );
    }

    #[test]
    fn missing_and_repeated_fields_are_named_in_chinese_and_unknown_ones_as_sent() {
        assert_eq!(
            answer::<Node>(r#"{"id": "a", "x": 1}"#),
            "请求参数格式错误：缺少「纵坐标」"
        );
        assert_eq!(
            answer::<Profile>(r#"{"nodes": [{"id": "a", "y": 1}]}"#),
            "请求参数格式错误：缺少「横坐标」"
        );
        assert_eq!(
            answer::<Node>(r#"{"id": "a", "x": 1, "x": 2, "y": 3}"#),
            "请求参数格式错误：「横坐标」重复"
        );
        #[derive(Debug, Deserialize)]
        #[serde(deny_unknown_fields)]
        #[allow(dead_code)]
        struct Strict {
            x: f64,
        }
        assert_eq!(
            answer::<Strict>(r#"{"x": 1, "zoom": 2}"#),
            "请求参数格式错误：不支持字段 zoom"
        );
        assert_eq!(
            answer::<Strict>(r#"{"x": 1, "z<b>": 2}"#),
            "请求参数格式错误：字段类型或取值不正确"
        );
    }

    #[test]
    fn what_names_no_field_stays_general() {
        // A struct may come as an array of its fields' values: those have no key to name.
        for body in [r#"[true]"#, r#""profile""#, "[[[[]]]]"] {
            assert_eq!(
                answer::<Profile>(body),
                "请求参数格式错误：字段类型或取值不正确",
                "{body}"
            );
        }
        // An untagged enum's refusal shows neither the value nor where it was.
        #[derive(Debug, Deserialize)]
        #[serde(untagged)]
        #[allow(dead_code)]
        enum Authors {
            List(Vec<String>),
            Text(String),
        }
        #[derive(Debug, Deserialize)]
        #[allow(dead_code)]
        struct Article {
            title: String,
            authors: Authors,
        }
        assert_eq!(
            answer::<Article>(r#"{"title": "标题", "authors": 5}"#),
            "请求参数格式错误：字段类型或取值不正确"
        );
        let error =
            serde_json::from_str::<Profile>(r#"{"height": "abc"}"#).expect_err("wrong type");
        assert_eq!(
            wrong_shape_message(&error, None),
            "请求参数格式错误：字段类型或取值不正确",
            "without the body, nothing is guessed"
        );
    }

    #[test]
    fn the_walk_finds_the_keys_around_a_point() {
        let body = br#"{"a": {"b": [1, {"c": "x"}]}, "d": 2}"#;
        let at = |needle: &str| {
            let found = String::from_utf8_lossy(body).find(needle).expect(needle);
            walk(body, found + needle.len()).expect("walks")
        };
        assert_eq!(at(r#""x""#).keys, ["a", "b", "c"]);
        assert_eq!(at("[1").keys, ["a", "b"]);
        assert_eq!(at(r#""x"}"#).closed_object, Some(16..26));
        assert_eq!(at(r#""d": 2"#).keys, ["d"]);
    }

    #[test]
    fn every_label_and_sentence_names_one_field_once() {
        let mut seen = BTreeSet::new();
        for (name, label) in LABELS {
            assert!(seen.insert(*name), "{name} is listed twice");
            assert!(!label.is_empty() && !label.is_ascii(), "{name}: {label}");
        }
        for (name, _) in SENTENCES {
            assert!(label(name).is_some(), "{name} has a sentence but no label");
        }
    }
}
