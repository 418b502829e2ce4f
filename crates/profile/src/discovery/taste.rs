//! What a member is drawn to, as their likes tell it: the ages, heights, education, place and
//! interests of the people they liked most recently, summed up on their listing whenever they
//! like or stop liking someone. Recommendations read it on both sides (see [`appeal`]): how
//! much a candidate is the asking member's type, and how much the asking member is the
//! candidate's, the reciprocal interest that makes a like likely to be returned (RECON,
//! Pizzato et al. 2010).

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use platform::db::Conn;
use platform::id_list::one_of;
use platform::{UserId, run};

use super::codes::{EducationLevel, Interests, RegionCode};
use super::directory::Candidate;
use super::index::next_version;
use crate::schema::{profile_directory, profile_likes};

/// How many of a member's most recent likes their taste sums up: enough to tell a pattern,
/// few enough that it follows a change of heart.
pub const LIKES_SUMMED: i64 = 50;

/// A member's taste as their listing keeps it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = profile_directory)]
pub struct Taste {
    /// How many likes it sums up; 0 is no taste known.
    #[diesel(column_name = taste_likes)]
    pub likes: i64,
    /// The mean of (the liked member's age − the member's own), in years.
    #[diesel(column_name = taste_age_gap)]
    pub age_gap: i64,
    /// The mean height of the liked members who gave one, in cm; 0 when none did.
    #[diesel(column_name = taste_height)]
    pub height: i64,
    /// The share of likes that went to the member's own city, in percent.
    #[diesel(column_name = taste_same_city)]
    pub same_city: i64,
    /// The education levels (see [`EducationLevel::bit`]) of at least a quarter of the likes.
    #[diesel(column_name = taste_educations)]
    pub educations: i64,
    /// The interests shared by at least a third of the liked members.
    #[diesel(column_name = taste_hobbies)]
    pub hobbies: Interests,
}

/// What the taste reads of someone liked.
#[derive(Debug, Clone, Copy, Default, Queryable, Selectable)]
#[diesel(table_name = profile_directory)]
pub struct Liked {
    pub birthday: i64,
    pub height: i64,
    pub city: RegionCode,
    pub education: EducationLevel,
    pub hobbies: Interests,
}

impl Taste {
    /// The taste of a member born `birthday` living in `city`, from the people they liked.
    pub fn of(birthday: i64, city: RegionCode, liked: &[Liked], today: i64) -> Self {
        if liked.is_empty() {
            return Self::default();
        }
        let count = liked.len() as i64;
        let own_age = crate::model::age_on(birthday, today);
        let gaps: Vec<i64> = liked
            .iter()
            .map(|other| crate::model::age_on(other.birthday, today))
            .filter(|&age| age > 0 && own_age > 0)
            .map(|age| age - own_age)
            .collect();
        let heights: Vec<i64> = liked
            .iter()
            .map(|other| other.height)
            .filter(|&height| height > 0)
            .collect();
        let same_city = liked
            .iter()
            .filter(|other| city.same_as(other.city))
            .count() as i64;
        let mut levels = [0i64; 8];
        let mut hobbies = vec![0i64; crate::catalogue::hobbies().len()];
        for other in liked {
            let bit = other.education.bit();
            if bit != 0 {
                levels[bit.trailing_zeros() as usize] += 1;
            }
            for number in other.hobbies.numbers() {
                if let Some(times) = hobbies.get_mut(number) {
                    *times += 1;
                }
            }
        }
        let educations = levels
            .iter()
            .enumerate()
            .filter(|(_, times)| **times * 4 >= count)
            .fold(0, |bits, (at, _)| bits | 1 << at);
        Self {
            likes: count,
            age_gap: mean(&gaps),
            height: mean(&heights),
            same_city: same_city * 100 / count,
            educations,
            hobbies: Interests::of_numbers(
                (0..hobbies.len()).filter(|&number| hobbies[number] * 3 >= count),
            ),
        }
    }
}

fn mean(values: &[i64]) -> i64 {
    if values.is_empty() {
        0
    } else {
        // Rounded to the nearest, halves away from zero.
        let sum: i64 = values.iter().sum();
        let count = values.len() as i64;
        (2 * sum + sum.signum() * count) / (2 * count)
    }
}

/// How much `other` is the type of `member` (whose taste it reads), 0–100; `None` when the
/// member has liked nobody yet. Age counts most (within two years of the ages they like: 30),
/// then place (as often as they like their own city: up to 20), height (within 3 cm: 15),
/// education (a level they often like: 15) and shared interests of the liked (up to 20).
pub fn appeal(member: &Candidate, other: &Candidate, today: i64) -> Option<i64> {
    let taste = &member.taste;
    if taste.likes == 0 {
        return None;
    }
    let (own_age, age) = (member.age_on(today), other.age_on(today));
    let age = if own_age > 0 && age > 0 {
        match (age - own_age - taste.age_gap).abs() {
            0..=2 => 30,
            3..=4 => 18,
            5..=7 => 6,
            _ => 0,
        }
    } else {
        0
    };
    let place = if member.city.same_as(other.city) {
        taste.same_city / 5
    } else {
        (100 - taste.same_city) / 20
    };
    let height = if taste.height > 0 && other.height > 0 {
        match (other.height - taste.height).abs() {
            0..=3 => 15,
            4..=7 => 8,
            _ => 0,
        }
    } else {
        0
    };
    let education = if taste.educations & i64::from(other.education.bit()) != 0 {
        15
    } else {
        0
    };
    let hobbies = 5 * taste.hobbies.shared_with(other.hobbies).len().min(4) as i64;
    Some(age + place + height + education + hobbies)
}

/// Both sides' interest as one number, 0–100: the harmonic mean of how much each is the
/// other's type, which is high only when both are (RECON). A side whose taste is not known yet
/// counts half of the other's.
pub fn reciprocal(asking: &Candidate, candidate: &Candidate, today: i64) -> i64 {
    match (
        appeal(asking, candidate, today),
        appeal(candidate, asking, today),
    ) {
        (Some(0), Some(_)) | (Some(_), Some(0)) => 0,
        (Some(mine), Some(theirs)) => 2 * mine * theirs / (mine + theirs),
        (Some(one), None) | (None, Some(one)) => one / 2,
        (None, None) => 0,
    }
}

/// Sums up the member's taste from their most recent likes onto their listing (a member
/// without one has no taste kept), inside the caller's transaction.
pub async fn refresh(conn: &mut Conn<'_>, member: UserId, today: i64) -> QueryResult<()> {
    let own: Option<(i64, RegionCode)> = run!(conn, |c| profile_directory::table
        .find(member)
        .select((profile_directory::birthday, profile_directory::city))
        .first(c)
        .await
        .optional())?;
    let Some((birthday, city)) = own else {
        return Ok(());
    };
    let recent: Vec<UserId> = run!(conn, |c| profile_likes::table
        .filter(profile_likes::liker_id.eq(member))
        .order((
            profile_likes::created_at.desc(),
            profile_likes::liked_id.desc()
        ))
        .select(profile_likes::liked_id)
        .limit(LIKES_SUMMED)
        .load(c)
        .await)?;
    let liked: Vec<Liked> = if recent.is_empty() {
        Vec::new()
    } else {
        run!(conn, |c| profile_directory::table
            .filter(one_of(profile_directory::user_id, &recent))
            .select(Liked::as_select())
            .load(c)
            .await)?
    };
    let taste = Taste::of(birthday, city, &liked, today);
    let version = next_version(conn).await?;
    run!(conn, |c| diesel::update(
        profile_directory::table.find(member)
    )
    .set((
        profile_directory::taste_likes.eq(taste.likes),
        profile_directory::taste_age_gap.eq(taste.age_gap),
        profile_directory::taste_height.eq(taste.height),
        profile_directory::taste_same_city.eq(taste.same_city),
        profile_directory::taste_educations.eq(taste.educations),
        profile_directory::taste_hobbies.eq(taste.hobbies.text()),
        profile_directory::version.eq(version),
    ))
    .execute(c)
    .await)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const TODAY: i64 = 20261207;

    fn liked(birthday: i64, height: i64, city: &str, education: &str, hobbies: &str) -> Liked {
        Liked {
            birthday,
            height,
            city: RegionCode::from_text(city),
            education: EducationLevel::from_text(education),
            hobbies: Interests::from_text(hobbies),
        }
    }

    fn member(birthday: i64, height: i64, city: &str, education: &str) -> Candidate {
        Candidate {
            birthday,
            height,
            city: RegionCode::from_text(city),
            education: EducationLevel::from_text(education),
            ..Candidate::default()
        }
    }

    #[test]
    fn a_taste_sums_up_ages_heights_places_levels_and_shared_interests() {
        let likes = [
            liked(19980101, 165, "3301", "硕士", r#"["read","travel"]"#),
            liked(19990101, 163, "3301", "硕士", r#"["read"]"#),
            liked(19970101, 170, "4401", "本科", r#"["golf"]"#),
        ];
        let taste = Taste::of(19930601, RegionCode::from_text("3301"), &likes, TODAY);
        assert_eq!(taste.likes, 3);
        assert_eq!(taste.age_gap, -5, "33 liking 29, 27 and 28");
        assert_eq!(taste.height, 166);
        assert_eq!(taste.same_city, 66);
        assert_eq!(
            taste.educations,
            i64::from(
                EducationLevel::from_text("硕士").bit() | EducationLevel::from_text("本科").bit()
            )
        );
        assert_eq!(
            taste.hobbies.text(),
            r#"["golf","travel","read"]"#,
            "in the catalogue's order"
        );
        assert_eq!(
            Taste::of(19930601, RegionCode::default(), &[], TODAY),
            Taste::default()
        );
    }

    #[test]
    fn the_type_of_a_member_scores_high_and_reciprocity_needs_both_sides() {
        let likes = [
            liked(19980101, 165, "3301", "硕士", r#"["read"]"#),
            liked(19980601, 166, "3301", "硕士", r#"["read"]"#),
        ];
        let mut him = member(19930601, 178, "3301", "本科");
        him.taste = Taste::of(him.birthday, him.city, &likes, TODAY);
        let mut her = member(19980301, 165, "3301", "硕士");
        her.hobbies = Interests::from_text(r#"["read"]"#);
        let older = member(19800101, 150, "4401", "高中");
        assert_eq!(appeal(&him, &her, TODAY), Some(30 + 20 + 15 + 15 + 5));
        assert_eq!(appeal(&him, &older, TODAY), Some(0));
        assert_eq!(appeal(&her, &him, TODAY), None, "she has liked nobody");
        assert_eq!(reciprocal(&him, &her, TODAY), 85 / 2);
        her.taste = Taste::of(
            her.birthday,
            her.city,
            &[liked(19800101, 150, "4401", "高中", "[]")],
            TODAY,
        );
        assert_eq!(appeal(&her, &him, TODAY), Some(0), "not her type");
        assert_eq!(
            reciprocal(&him, &her, TODAY),
            0,
            "interest on one side only"
        );
        her.taste = Taste::of(
            her.birthday,
            her.city,
            &[liked(19930101, 178, "3301", "本科", "[]")],
            TODAY,
        );
        let theirs = appeal(&her, &him, TODAY).unwrap();
        assert_eq!(theirs, 30 + 20 + 15 + 15);
        assert_eq!(
            reciprocal(&him, &her, TODAY),
            2 * 85 * theirs / (85 + theirs)
        );
    }
}
