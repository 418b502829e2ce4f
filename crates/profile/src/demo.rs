//! The demo members' profiles (`xinqiao seed demo`): painted avatars and photos, regions,
//! interests and tags, passed through review as an admin would; 小美 and 琳琳 protect
//! their photos.

use platform::demo::{DemoCast, SeedError, pictures};
use platform::files;
use platform::module::LocalBoxFuture;
use platform::{AppState, Identity};

use crate::dto::UpdateProfileRequest;
use crate::{AVATAR, PHOTO, service};

struct DemoProfile {
    gender: &'static str,
    birthday: i64,
    height: i64,
    weight: i64,
    /// (province, city, district) codes.
    region: [&'static str; 3],
    home: [&'static str; 3],
    location: &'static str,
    education: &'static str,
    occupation: &'static str,
    income: i64,
    religion: &'static str,
    hobbies: &'static [&'static str],
    tags: &'static [&'static str],
    introduction: &'static str,
    photos: usize,
    protected: bool,
}

/// In the order of the demo members (superadmin, admin, then the four ordinary members).
const PROFILES: &[DemoProfile] = &[
    DemoProfile {
        gender: "male",
        birthday: 19850312,
        height: 176,
        weight: 72,
        region: ["11", "1101", "110105"],
        home: ["37", "3701", "370102"],
        location: "北京市朝阳区",
        education: "硕士",
        occupation: "社区运营",
        income: 50,
        religion: "无宗教信仰",
        hobbies: &["read", "run"],
        tags: &["organized", "responsible"],
        introduction: "心桥的管理员，负责社区的安全与秩序。遇到问题随时找我。",
        photos: 1,
        protected: false,
    },
    DemoProfile {
        gender: "female",
        birthday: 19900708,
        height: 165,
        weight: 52,
        region: ["31", "3101", "310104"],
        home: ["32", "3205", "320508"],
        location: "上海市徐汇区",
        education: "本科",
        occupation: "内容审核",
        income: 20,
        religion: "无宗教信仰",
        hobbies: &["movie", "food"],
        tags: &["calm", "rational"],
        introduction: "管理员小周，审核照片和资料的就是我，感谢大家的耐心。",
        photos: 1,
        protected: false,
    },
    DemoProfile {
        gender: "female",
        birthday: 19960521,
        height: 163,
        weight: 48,
        region: ["33", "3301", "330106"],
        home: ["43", "4301", "430104"],
        location: "杭州市西湖区",
        education: "硕士",
        occupation: "产品经理",
        income: 30,
        religion: "无宗教信仰",
        hobbies: &["travel", "photo", "cook", "read"],
        tags: &["introvert", "warm", "rational"],
        introduction: "在杭州做产品经理，喜欢周末去西湖边走走，拍拍照。希望遇到一个愿意一起慢慢生活的人。",
        photos: 4,
        protected: true,
    },
    DemoProfile {
        gender: "male",
        birthday: 19930917,
        height: 180,
        weight: 75,
        region: ["44", "4403", "440305"],
        home: ["36", "3601", "360102"],
        location: "深圳市南山区",
        education: "本科",
        occupation: "软件工程师",
        income: 50,
        religion: "无宗教信仰",
        hobbies: &["code", "run", "music", "movie"],
        tags: &["extrovert", "logical", "hardworking"],
        introduction: "程序员，不秃。周末跑步、弹吉他，偶尔下厨。想找一个能一起看电影、一起吐槽的伴侣。",
        photos: 3,
        protected: false,
    },
    DemoProfile {
        gender: "female",
        birthday: 19980203,
        height: 168,
        weight: 53,
        region: ["51", "5101", "510107"],
        home: ["51", "5101", "510104"],
        location: "成都市武侯区",
        education: "本科",
        occupation: "小学老师",
        income: 10,
        religion: "佛教",
        hobbies: &["draw", "food", "travel"],
        tags: &["warm", "traditional", "gentle"],
        introduction: "成都妹子，教小朋友画画。爱吃火锅，也爱安静地画一下午。",
        photos: 5,
        protected: true,
    },
    DemoProfile {
        gender: "male",
        birthday: 19910611,
        height: 178,
        weight: 80,
        region: ["42", "4201", "420106"],
        home: ["41", "4101", "410105"],
        location: "武汉市武昌区",
        education: "博士",
        occupation: "高校研究员",
        income: 30,
        religion: "无宗教信仰",
        hobbies: &["read", "stock", "travel"],
        tags: &["logical", "rational", "hardworking"],
        introduction: "在武汉做研究，喜欢读历史和看纪录片。性格稳重，希望找一个真诚、聊得来的她。",
        photos: 2,
        protected: false,
    },
];

pub(crate) fn seed<'a>(
    state: &'a AppState,
    cast: &'a mut DemoCast,
) -> LocalBoxFuture<'a, Result<(), SeedError>> {
    Box::pin(async move {
        for (index, (member, profile)) in cast.members.iter().zip(PROFILES).enumerate() {
            seed_profile(state, member, profile, index as u64).await?;
        }
        Ok(())
    })
}

async fn seed_profile(
    state: &AppState,
    member: &Identity,
    profile: &DemoProfile,
    index: u64,
) -> Result<(), SeedError> {
    let picture_seed = 1_000 + index * 10;
    let avatar = files::store_image(
        state,
        member,
        AVATAR,
        pictures::paint(picture_seed, (480, 480)),
    )
    .await
    .map_err(SeedError::at("avatar"))?;
    let mut photos = Vec::new();
    for number in 0..profile.photos as u64 {
        let stored = files::store_image(
            state,
            member,
            PHOTO,
            pictures::paint(picture_seed + 1 + number, pictures::PHOTO),
        )
        .await
        .map_err(SeedError::at("photo"))?;
        photos.push(stored.path);
    }
    let owned = |codes: &[&str]| codes.iter().map(|code| (*code).to_owned()).collect();
    let request = UpdateProfileRequest {
        avatar: Some(avatar.path),
        gender: Some(profile.gender.into()),
        birthday: Some(profile.birthday),
        height: Some(profile.height),
        weight: Some(profile.weight),
        country: Some("中国".into()),
        province: Some(profile.region[0].into()),
        city: Some(profile.region[1].into()),
        district: Some(profile.region[2].into()),
        home_country: Some("中国".into()),
        home_province: Some(profile.home[0].into()),
        home_city: Some(profile.home[1].into()),
        home_district: Some(profile.home[2].into()),
        location: Some(profile.location.into()),
        education: Some(profile.education.into()),
        occupation: Some(profile.occupation.into()),
        income: Some(profile.income),
        marital_status: Some("未婚".into()),
        boy_count: Some(0),
        girl_count: Some(0),
        religion: Some(profile.religion.into()),
        hobbies: Some(owned(profile.hobbies)),
        tags: Some(owned(profile.tags)),
        introduction: Some(profile.introduction.into()),
        photos: Some(photos),
        photo_protection: Some(platform::flag::Flag::Number(i64::from(profile.protected))),
        ..Default::default()
    };
    service::update(state, member, request)
        .await
        .map_err(SeedError::at("profile"))?;
    crate::api::pass_all_waiting(state, member.user_id)
        .await
        .map_err(SeedError::at("profile review"))?;
    Ok(())
}
