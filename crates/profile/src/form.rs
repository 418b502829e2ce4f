//! The profile form's rules (spec 1 and spec 2, section 5): each field that is sent is checked
//! with the spec's text and applied to the stored profile; what others must not see before
//! review (nickname, avatar, introduction, photos) is handed back for the service to queue.

use platform::text::{has_visible, name_problem, trim_visible};

use crate::catalogue;
use crate::dto::UpdateProfileRequest;
use crate::error::ProfileError;
use crate::model::ProfileRow;

pub const MAX_PHOTOS: usize = 9;
const MAX_NICKNAME: usize = 20;
const MAX_INTRODUCTION: usize = 1000;
const MAX_SHORT_TEXT: usize = 30;
const MAX_LOCATION: usize = 100;
const MAX_HOBBIES: usize = 30;
const MAX_TAGS: usize = 20;
const ADULT_YEARS: i64 = 18;
const OLDEST_BIRTH_YEAR: i64 = 1900;

/// The changes that wait for review or touch files; `None` is unchanged.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct ReviewedChanges {
    pub nickname: Option<String>,
    pub avatar: Option<String>,
    pub introduction: Option<String>,
    pub photos: Option<Vec<String>>,
}

fn invalid(text: &'static str) -> ProfileError {
    ProfileError::Invalid(text)
}

fn chars(text: &str) -> usize {
    text.chars().count()
}

fn bounded_text(raw: String, max: usize, too_long: &'static str) -> Result<String, ProfileError> {
    let text = trim_visible(&raw).to_owned();
    if chars(&text) > max {
        return Err(invalid(too_long));
    }
    Ok(text)
}

fn in_range(
    value: i64,
    range: std::ops::RangeInclusive<i64>,
    text: &'static str,
) -> Result<i64, ProfileError> {
    if range.contains(&value) {
        Ok(value)
    } else {
        Err(invalid(text))
    }
}

fn one_of(
    value: String,
    allowed: fn(&str) -> bool,
    text: &'static str,
) -> Result<String, ProfileError> {
    let value = value.trim().to_owned();
    if value.is_empty() || allowed(&value) {
        Ok(value)
    } else {
        Err(invalid(text))
    }
}

/// A real calendar date, at least 18 years before `today` (both yyyymmdd); 0 clears it.
pub fn check_birthday(birthday: i64, today: i64) -> Result<i64, ProfileError> {
    if birthday == 0 {
        return Ok(0);
    }
    let (year, month, day) = (birthday / 10_000, birthday / 100 % 100, birthday % 100);
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    let days_in_month = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => 0,
    };
    if year < OLDEST_BIRTH_YEAR || day < 1 || day > days_in_month || birthday > today {
        return Err(invalid("请输入有效的出生日期"));
    }
    if birthday > today - ADULT_YEARS * 10_000 {
        return Err(invalid("会员须年满18周岁"));
    }
    Ok(birthday)
}

fn codes(
    values: Vec<String>,
    max: usize,
    known: fn(&str) -> bool,
    too_many: &'static str,
    unknown: &'static str,
) -> Result<String, ProfileError> {
    let mut kept: Vec<String> = Vec::with_capacity(values.len());
    for value in values {
        let value = value.trim().to_owned();
        if !known(&value) {
            return Err(invalid(unknown));
        }
        if !kept.contains(&value) {
            kept.push(value);
        }
    }
    if kept.len() > max {
        return Err(invalid(too_many));
    }
    Ok(serde_json::to_string(&kept).unwrap_or_else(|_| "[]".into()))
}

fn coordinate(value: i64, limit_degrees: i64) -> Result<i64, ProfileError> {
    in_range(
        value,
        -limit_degrees * 10_000..=limit_degrees * 10_000,
        "坐标无效",
    )
}

/// Applies the sent fields to `row` (checking each) and answers the reviewed ones.
/// `today` is yyyymmdd; `staff` says whether the member is an admin or superadmin, who alone
/// may carry the site's official words in a nickname.
pub fn apply(
    request: UpdateProfileRequest,
    row: &mut ProfileRow,
    today: i64,
    staff: bool,
) -> Result<ReviewedChanges, ProfileError> {
    let mut reviewed = ReviewedChanges::default();
    if let Some(nickname) = request.nickname {
        if !has_visible(&nickname) {
            return Err(invalid("请输入昵称"));
        }
        let nickname = bounded_text(nickname, MAX_NICKNAME, "昵称不能超过20个字符")?;
        // Look-alikes: 小\u{200B}美 is not 小美, and only staff are 管理员.
        if let Some(problem) = name_problem(&nickname, staff) {
            return Err(invalid(problem));
        }
        reviewed.nickname = Some(nickname);
    }
    if let Some(avatar) = request.avatar {
        reviewed.avatar = Some(avatar.trim().to_owned());
    }
    if let Some(introduction) = request.introduction {
        reviewed.introduction = Some(bounded_text(
            introduction,
            MAX_INTRODUCTION,
            "个人介绍不能超过1000个字符",
        )?);
    }
    if let Some(photos) = request.photos {
        let mut kept: Vec<String> = Vec::with_capacity(photos.len().min(MAX_PHOTOS + 1));
        for photo in photos {
            let photo = photo.trim().to_owned();
            if !kept.contains(&photo) {
                kept.push(photo);
            }
            if kept.len() > MAX_PHOTOS {
                return Err(invalid("最多上传9张照片"));
            }
        }
        reviewed.photos = Some(kept);
    }
    if let Some(gender) = request.gender {
        row.gender = one_of(
            gender,
            |g| matches!(g, "male" | "female"),
            "请选择有效的性别",
        )?;
    }
    if let Some(birthday) = request.birthday {
        row.birthday = check_birthday(birthday, today)?;
    }
    if let Some(height) = request.height {
        row.height = in_range(height, 0..=300, "请输入有效的身高")?;
    }
    if let Some(weight) = request.weight {
        row.weight = in_range(weight, 0..=500, "请输入有效的体重")?;
    }
    if let Some(count) = request.boy_count {
        row.boy_count = in_range(count, 0..=10, "男孩数量应在0到10之间")?;
    }
    if let Some(count) = request.girl_count {
        row.girl_count = in_range(count, 0..=10, "女孩数量应在0到10之间")?;
    }
    if let Some(income) = request.income {
        if !catalogue::is_income_code(income) {
            return Err(invalid("请选择有效的收入范围"));
        }
        row.income = income;
    }
    if let Some(education) = request.education {
        row.education = one_of(education, catalogue::is_education, "请选择有效的学历")?;
    }
    if let Some(status) = request.marital_status {
        row.marital_status = one_of(status, catalogue::is_marital_status, "请选择有效的婚姻状况")?;
    }
    if let Some(religion) = request.religion {
        row.religion = one_of(religion, catalogue::is_religion, "请选择有效的宗教信仰")?;
    }
    if let Some(hobbies) = request.hobbies {
        row.hobbies = codes(
            hobbies,
            MAX_HOBBIES,
            |code| catalogue::hobby_name(code).is_some(),
            "兴趣爱好最多选择30项",
            "兴趣爱好不在可选范围内",
        )?;
    }
    if let Some(tags) = request.tags {
        row.tags = codes(
            tags,
            MAX_TAGS,
            |code| catalogue::tag_name(code).is_some(),
            "个性标签最多选择20个",
            "个性标签不在可选范围内",
        )?;
    }
    if let Some(occupation) = request.occupation {
        row.occupation = bounded_text(occupation, MAX_SHORT_TEXT, "职业不能超过30个字符")?;
    }
    if let Some(location) = request.location {
        row.location = bounded_text(location, MAX_LOCATION, "所在地不能超过100个字符")?;
    }
    if let Some(country) = request.country {
        row.country = bounded_text(country, MAX_SHORT_TEXT, "国家不能超过30个字符")?;
    }
    if let Some(country) = request.home_country {
        row.home_country = bounded_text(country, MAX_SHORT_TEXT, "国家不能超过30个字符")?;
    }
    apply_region(
        [request.province, request.city, request.district],
        [&mut row.province, &mut row.city, &mut row.district],
        "请选择有效的所在地区",
    )?;
    apply_region(
        [
            request.home_province,
            request.home_city,
            request.home_district,
        ],
        [
            &mut row.home_province,
            &mut row.home_city,
            &mut row.home_district,
        ],
        "请选择有效的家乡地区",
    )?;
    if let Some(lat) = request.lat {
        row.lat = coordinate(lat, 90)?;
    }
    if let Some(lng) = request.lng {
        row.lng = coordinate(lng, 180)?;
    }
    if let Some(lat) = request.home_lat {
        row.home_lat = coordinate(lat, 90)?;
    }
    if let Some(lng) = request.home_lng {
        row.home_lng = coordinate(lng, 180)?;
    }
    if let Some(flag) = request.photo_protection {
        row.photo_protection = i64::from(flag.is_set());
    }
    Ok(reviewed)
}

/// Province, city and district are one choice: the sent parts replace the stored ones and the
/// whole must be a path of the region tree.
fn apply_region(
    sent: [Option<String>; 3],
    stored: [&mut String; 3],
    text: &'static str,
) -> Result<(), ProfileError> {
    if sent.iter().all(Option::is_none) {
        return Ok(());
    }
    let [province, city, district] = stored;
    let merged: Vec<String> = sent
        .into_iter()
        .zip([&*province, &*city, &*district])
        .map(|(new, old)| new.map_or_else(|| old.clone(), |value| value.trim().to_owned()))
        .collect();
    if !catalogue::is_region_path(&merged[0], &merged[1], &merged[2]) {
        return Err(invalid(text));
    }
    let [p, c, d]: [String; 3] = merged.try_into().map_err(|_| invalid(text))?;
    (*province, *city, *district) = (p, c, d);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use platform::UserId;

    const TODAY: i64 = 20261123;

    fn apply_to_empty(request: UpdateProfileRequest) -> Result<ProfileRow, ProfileError> {
        let mut row = ProfileRow::empty(UserId(1));
        apply(request, &mut row, TODAY, false).map(|_| row)
    }

    fn refusal(request: UpdateProfileRequest) -> String {
        apply_to_empty(request).expect_err("refused").to_string()
    }

    #[test]
    fn birthdays_must_be_real_dates_of_adults() {
        assert_eq!(check_birthday(20081123, TODAY).ok(), Some(20081123));
        assert_eq!(check_birthday(0, TODAY).ok(), Some(0));
        for not_a_date in [20000230, 19990229, 20001301, 20000100, 18991231, 20270101] {
            assert_eq!(
                check_birthday(not_a_date, TODAY).unwrap_err().to_string(),
                "请输入有效的出生日期",
                "{not_a_date}"
            );
        }
        assert_eq!(check_birthday(20000229, TODAY).ok(), Some(20000229));
        assert_eq!(
            check_birthday(20081124, TODAY).unwrap_err().to_string(),
            "会员须年满18周岁"
        );
    }

    #[test]
    fn numbers_out_of_range_are_refused_with_the_spec_texts() {
        let cases = [
            (
                UpdateProfileRequest {
                    height: Some(301),
                    ..Default::default()
                },
                "请输入有效的身高",
            ),
            (
                UpdateProfileRequest {
                    height: Some(-1),
                    ..Default::default()
                },
                "请输入有效的身高",
            ),
            (
                UpdateProfileRequest {
                    weight: Some(501),
                    ..Default::default()
                },
                "请输入有效的体重",
            ),
            (
                UpdateProfileRequest {
                    boy_count: Some(11),
                    ..Default::default()
                },
                "男孩数量应在0到10之间",
            ),
            (
                UpdateProfileRequest {
                    girl_count: Some(-1),
                    ..Default::default()
                },
                "女孩数量应在0到10之间",
            ),
            (
                UpdateProfileRequest {
                    income: Some(7),
                    ..Default::default()
                },
                "请选择有效的收入范围",
            ),
        ];
        for (request, text) in cases {
            assert_eq!(refusal(request), text);
        }
        let row = apply_to_empty(UpdateProfileRequest {
            height: Some(300),
            weight: Some(0),
            boy_count: Some(10),
            income: Some(1000),
            ..Default::default()
        })
        .expect("accepted");
        assert_eq!(
            (row.height, row.weight, row.boy_count, row.income),
            (300, 0, 10, 1000)
        );
    }

    #[test]
    fn a_blank_nickname_is_refused_and_others_wait_for_review() {
        assert_eq!(
            refusal(UpdateProfileRequest {
                nickname: Some(" \u{200b} ".into()),
                ..Default::default()
            }),
            "请输入昵称"
        );
        let mut row = ProfileRow::empty(UserId(1));
        let reviewed = apply(
            UpdateProfileRequest {
                nickname: Some(" 小雨 ".into()),
                introduction: Some("喜欢徒步".into()),
                ..Default::default()
            },
            &mut row,
            TODAY,
            false,
        )
        .expect("accepted");
        assert_eq!(reviewed.nickname.as_deref(), Some("小雨"));
        assert_eq!(reviewed.introduction.as_deref(), Some("喜欢徒步"));
        assert_eq!(row.introduction, "", "the introduction waits for review");
    }

    #[test]
    fn nicknames_hide_no_characters_and_only_staff_sound_official() {
        let nickname = |name: &str| UpdateProfileRequest {
            nickname: Some(name.into()),
            ..Default::default()
        };
        assert_eq!(
            refusal(nickname("小\u{200b}美")),
            "名称不能包含不可见字符或文字方向控制符"
        );
        assert_eq!(
            refusal(nickname("系统管理员")),
            "名称不能包含“管理员”“客服”“官方”“心桥”等官方用字"
        );
        let mut row = ProfileRow::empty(UserId(1));
        let staff = apply(nickname("心桥客服"), &mut row, TODAY, true).expect("staff may");
        assert_eq!(staff.nickname.as_deref(), Some("心桥客服"));
    }

    #[test]
    fn lists_come_only_from_the_catalogues() {
        assert_eq!(
            refusal(UpdateProfileRequest {
                hobbies: Some(vec!["skydiving-on-mars".into()]),
                ..Default::default()
            }),
            "兴趣爱好不在可选范围内"
        );
        assert_eq!(
            refusal(UpdateProfileRequest {
                tags: Some(vec!["grumpy-cat".into()]),
                ..Default::default()
            }),
            "个性标签不在可选范围内"
        );
        assert_eq!(
            refusal(UpdateProfileRequest {
                religion: Some("飞天面条神教".into()),
                ..Default::default()
            }),
            "请选择有效的宗教信仰"
        );
        assert_eq!(
            refusal(UpdateProfileRequest {
                education: Some("幼儿园".into()),
                ..Default::default()
            }),
            "请选择有效的学历"
        );
        assert_eq!(
            refusal(UpdateProfileRequest {
                marital_status: Some("热恋".into()),
                ..Default::default()
            }),
            "请选择有效的婚姻状况"
        );
        let row = apply_to_empty(UpdateProfileRequest {
            hobbies: Some(vec!["draw".into(), "run".into(), "draw".into()]),
            tags: Some(vec!["introvert".into()]),
            religion: Some("无宗教信仰".into()),
            ..Default::default()
        })
        .expect("accepted");
        assert_eq!(row.hobbies(), ["draw", "run"]);
        assert_eq!(row.tags(), ["introvert"]);
    }

    #[test]
    fn regions_must_be_a_path_of_the_tree() {
        let row = apply_to_empty(UpdateProfileRequest {
            province: Some("11".into()),
            city: Some("1101".into()),
            district: Some("110101".into()),
            ..Default::default()
        })
        .expect("beijing dongcheng");
        assert_eq!(row.district, "110101");
        assert_eq!(
            refusal(UpdateProfileRequest {
                province: Some("33".into()),
                city: Some("1101".into()),
                ..Default::default()
            }),
            "请选择有效的所在地区"
        );
        assert_eq!(
            refusal(UpdateProfileRequest {
                home_district: Some("110101".into()),
                ..Default::default()
            }),
            "请选择有效的家乡地区"
        );
    }

    #[test]
    fn at_most_nine_photos() {
        let photos = (0..10)
            .map(|i| format!("uploads/photo/ab/{i}.jpg"))
            .collect();
        assert_eq!(
            refusal(UpdateProfileRequest {
                photos: Some(photos),
                ..Default::default()
            }),
            "最多上传9张照片"
        );
    }
}
