//! `xinqiao seed demo`: demo members and content for a fresh database (what `make run`
//! shows). Everything goes through the same rules as the API.

mod articles;
mod pictures;

use moments::api::CommentId;
use platform::files::{self, Purpose};
use platform::{AppState, Identity, Role};

/// The demo logins; `make run` prints them. Never created in production mode.
pub const DEMO_PASSWORD: &str = "xinqiao123";
pub const DEMO_USERS: &[(&str, &str, Role)] = &[
    ("superadmin", "系统管理员", Role::Superadmin),
    ("admin", "管理员小周", Role::Admin),
    ("xiaomei", "小美", Role::User),
    ("ahao", "阿浩", Role::User),
    ("linlin", "琳琳", Role::User),
    ("dawei", "大伟", Role::User),
];

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

pub enum SeedOutcome {
    Seeded,
    AlreadyHasUsers,
}

pub async fn seed_demo(state: &AppState) -> Result<SeedOutcome, String> {
    if accounts::api::count_users(state)
        .await
        .map_err(|e| e.to_string())?
        > 0
    {
        return Ok(SeedOutcome::AlreadyHasUsers);
    }
    let mut members = Vec::new();
    for (username, nickname, role) in DEMO_USERS {
        let created =
            accounts::api::create_user(state, username, DEMO_PASSWORD, Some(nickname), *role)
                .await
                .map_err(|e| format!("demo user {username}: {e}"))?;
        members.push(Identity {
            user_id: created.id,
            uuid: created.uuid,
            role: *role,
        });
    }
    seed_moments(state, &members[2..]).await?;
    seed_articles(state, &members[1..]).await?;
    Ok(SeedOutcome::Seeded)
}

/// Moments by the ordinary members, with pictures, likes and comment threads.
async fn seed_moments(state: &AppState, members: &[Identity]) -> Result<(), String> {
    let failed = |what: &str, error: platform::ApiError| format!("demo {what}: {error}");
    let mut picture = 0u64;
    for (index, (text, picture_count)) in DEMO_MOMENTS.iter().enumerate() {
        let author = &members[index % members.len()];
        let mut images = Vec::new();
        for _ in 0..*picture_count {
            picture += 1;
            let png = pictures::paint(picture, pictures::PHOTO);
            let stored = files::store_image(state, author, Purpose::Moment, png)
                .await
                .map_err(|e| failed("picture", e))?;
            images.push(stored.path);
        }
        let moment_id = moments::api::publish(state, author, text, images)
            .await
            .map_err(|e| failed("moment", e))?;
        let others: Vec<&Identity> = members
            .iter()
            .filter(|m| m.user_id != author.user_id)
            .collect();
        for fan in others.iter().take(index % (others.len() + 1)) {
            moments::api::like(state, fan, moment_id)
                .await
                .map_err(|e| failed("like", e))?;
        }
        if index % 3 != 2 {
            let commenter = others[index % others.len()];
            let comment = DEMO_COMMENTS[index % DEMO_COMMENTS.len()];
            let comment_id =
                moments::api::comment(state, commenter, moment_id, CommentId::NONE, comment)
                    .await
                    .map_err(|e| failed("comment", e))?;
            if index % 2 == 0 {
                let reply = DEMO_REPLIES[index % DEMO_REPLIES.len()];
                moments::api::comment(state, author, moment_id, comment_id, reply)
                    .await
                    .map_err(|e| failed("reply", e))?;
            }
        }
    }
    Ok(())
}

/// Articles by the admin and the members in turn, each with a painted banner.
async fn seed_articles(state: &AppState, authors: &[Identity]) -> Result<(), String> {
    let failed = |what: &str, error: platform::ApiError| format!("demo {what}: {error}");
    for (index, demo) in articles::ARTICLES.iter().enumerate() {
        let author = &authors[index % authors.len()];
        let seed = 1000 + u64::try_from(index).unwrap_or(0);
        let banner = files::store_image(
            state,
            author,
            Purpose::Banner,
            pictures::paint(seed, pictures::BANNER),
        )
        .await
        .map_err(|e| failed("banner", e))?;
        let article = blog::api::Article {
            title: demo.title,
            summary: demo.summary,
            content: &articles::body(index, demo.title, demo.summary),
            tags: demo.tags,
            categories: demo.categories,
            banner: banner.path,
            published: demo.published,
        };
        blog::api::write(state, author, article)
            .await
            .map_err(|e| failed("article", e))?;
    }
    Ok(())
}

pub fn print_demo_logins() {
    println!("Demo logins (password {DEMO_PASSWORD} for all):");
    for (username, nickname, role) in DEMO_USERS {
        println!("  {username:<12} {:<11} {nickname}", role.as_str());
    }
}
