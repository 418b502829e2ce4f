//! The demo moments (`xinqiao seed demo`): pictures, likes and comment threads by the demo
//! members.

use platform::demo::{DemoCast, SeedError, pictures};
use platform::files;
use platform::module::LocalBoxFuture;
use platform::{AppState, Identity, Role};

use crate::model::CommentId;

/// (text, number of pictures) of the demo moments, oldest first.
const DEMO_MOMENTS: &[(&str, usize)] = &[
    ("第一次来心桥，希望在这里认识真诚的朋友。", 0),
    ("周末去了西湖，断桥边的晚霞美得不真实。", 1),
    ("新学了一道菜：番茄牛腩。欢迎来蹭饭！", 2),
    ("下班路上的天空，分享给还在加班的你。", 1),
    ("读完了《平凡的世界》，孙少平的坚持让我很感动。", 0),
    ("第一次尝试夜跑，5 公里，给自己点个赞。", 3),
    ("今天在公园看到一只超可爱的柯基。", 1),
    ("有没有喜欢徒步的朋友？下个月想去武功山。", 4),
    ("周末的咖啡时光，一本书，一杯拿铁。", 2),
    ("和闺蜜的海边之旅，风很大，心情很好。", 6),
    ("工作再忙也要好好吃饭，今天给自己做了便当。", 1),
    ("深夜听歌，推荐一首《后来》。", 0),
    ("春天来了，楼下的樱花开了。", 3),
    ("第一次参加读书会，认识了好多有趣的人。", 2),
    ("学了三个月吉他，终于能完整弹一首歌了！", 0),
    ("家乡的油菜花田，每年都会回来看看。", 9),
    ("今天的日落是粉色的。", 1),
    ("想找一个能一起看展的人，最近的莫奈展有人去吗？", 2),
    ("坚持早起第 30 天，原来清晨这么安静。", 1),
    ("爸妈结婚三十周年，祝他们一直幸福。", 4),
    ("雨天适合窝在家里看电影，推荐《海蒂和爷爷》。", 0),
    ("第一次自己搭帐篷露营，星空太美了。", 5),
    ("给阳台的小花园添了几盆多肉。", 2),
    ("相信缘分，也相信努力。", 0),
    ("周末爬山，山顶的风景值得所有的汗水。", 3),
    ("今天做志愿者，陪社区的老人聊天，收获满满。", 1),
    ("学做蛋糕第一次成功！", 2),
    ("有人一起去听周末的音乐节吗？", 0),
    ("晚风、路灯和回家的路。", 1),
    ("愿每个认真生活的人，都被温柔以待。", 2),
];

const DEMO_COMMENTS: &[&str] = &[
    "好美呀！",
    "下次带上我",
    "太厉害了",
    "同感",
    "周末一起？",
    "收藏了",
];
const DEMO_REPLIES: &[&str] = &["好呀，约起来", "谢谢你～", "哈哈，一起加油", "随时欢迎"];

pub(crate) fn seed<'a>(
    state: &'a AppState,
    cast: &'a mut DemoCast,
) -> LocalBoxFuture<'a, Result<(), SeedError>> {
    Box::pin(async move {
        let members: Vec<Identity> = cast.with_role(Role::User).into_iter().cloned().collect();
        seed_moments(state, &members).await
    })
}

/// Moments by the ordinary members, with pictures, likes and comment threads.
async fn seed_moments(state: &AppState, members: &[Identity]) -> Result<(), SeedError> {
    if members.is_empty() {
        return Ok(());
    }
    let mut picture = 0u64;
    for (index, (text, picture_count)) in DEMO_MOMENTS.iter().enumerate() {
        let author = &members[index % members.len()];
        let mut images = Vec::new();
        for _ in 0..*picture_count {
            picture += 1;
            let png = pictures::paint(picture, pictures::PHOTO);
            let stored = files::store_image(state, author, crate::MOMENT_IMAGE, png)
                .await
                .map_err(SeedError::at("picture"))?;
            images.push(stored.path);
        }
        let moment_id = crate::api::publish(state, author, text, images)
            .await
            .map_err(SeedError::at("moment"))?;
        let others: Vec<&Identity> = members
            .iter()
            .filter(|m| m.user_id != author.user_id)
            .collect();
        // One to all of the others like each moment, so every author's moments have likes.
        for fan in others.iter().take(1 + index % others.len()) {
            crate::api::like(state, fan, moment_id)
                .await
                .map_err(SeedError::at("like"))?;
        }
        if index % 3 != 2 {
            let commenter = others[index % others.len()];
            let comment = DEMO_COMMENTS[index % DEMO_COMMENTS.len()];
            let comment_id =
                crate::api::comment(state, commenter, moment_id, CommentId::NONE, comment)
                    .await
                    .map_err(SeedError::at("comment"))?;
            if index % 2 == 0 {
                let reply = DEMO_REPLIES[index % DEMO_REPLIES.len()];
                crate::api::comment(state, author, moment_id, comment_id, reply)
                    .await
                    .map_err(SeedError::at("reply"))?;
            }
        }
    }
    Ok(())
}
