//! Whom a member is looking for (择偶偏好): a sex and an age range, both optional. Unset, a
//! member whose own sex is known is shown the other one.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use platform::db::Conn;
use platform::db::batch::{self, Batches};
use platform::id_list::one_of;
use platform::{UserId, run};

use crate::error::ProfileError;
use crate::schema::profile_settings;

/// The ages the preference may name (the search slider's range).
pub const MIN_AGE: i64 = 18;
pub const MAX_AGE: i64 = 80;

/// The stored preference; `gender` is '' (the default), 'male', 'female' or 'any', ages 0 unset.
#[derive(Debug, Clone, Default, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = profile_settings)]
pub struct Seeking {
    #[diesel(column_name = seek_gender)]
    pub gender: String,
    #[diesel(column_name = seek_age_min)]
    pub age_min: i64,
    #[diesel(column_name = seek_age_max)]
    pub age_max: i64,
}

impl Seeking {
    /// Checks a preference sent with the profile form: every part must be given together.
    pub fn parse(gender: &str, age_min: i64, age_max: i64) -> Result<Self, ProfileError> {
        if !matches!(gender, "" | "male" | "female" | "any") {
            return Err(ProfileError::Invalid("择偶性别只能是男、女或不限"));
        }
        let unset = age_min == 0 && age_max == 0;
        if !unset
            && (!(MIN_AGE..=MAX_AGE).contains(&age_min)
                || !(MIN_AGE..=MAX_AGE).contains(&age_max)
                || age_min > age_max)
        {
            return Err(ProfileError::Invalid(
                "择偶年龄应在18到80岁之间，且下限不大于上限",
            ));
        }
        Ok(Self {
            gender: gender.to_owned(),
            age_min,
            age_max,
        })
    }

    /// The sex to show someone of `own_gender`: `None` is everyone.
    pub fn wanted_gender<'a>(&'a self, own_gender: &str) -> Option<&'a str> {
        match (self.gender.as_str(), own_gender) {
            ("male", _) => Some("male"),
            ("female", _) => Some("female"),
            ("", "male") => Some("female"),
            ("", "female") => Some("male"),
            _ => None,
        }
    }
}

/// The member's preference (unset when they never saved one): a batched lookup (see
/// [`platform::db::batch`]).
pub async fn find(conn: &mut Conn<'_>, user_id: UserId) -> QueryResult<Seeking> {
    thread_local! {
        static SEEKING: Batches<UserId, Seeking> = const { Batches::new() };
    }
    let found = batch::batched_one(conn, &SEEKING, user_id, |conn, members| {
        Box::pin(async move {
            let rows: Vec<(UserId, Seeking)> = platform::load!(
                conn,
                profile_settings::table
                    .filter(one_of(profile_settings::user_id, members))
                    .select((profile_settings::user_id, Seeking::as_select()))
            )?;
            Ok(rows.into_iter().collect())
        })
    })
    .await?;
    Ok(found.unwrap_or_default())
}

/// The member's preference read straight (inside a transaction, where batching has no peers).
pub async fn of(conn: &mut Conn<'_>, user_id: UserId) -> QueryResult<Seeking> {
    let found: Option<Seeking> = run!(conn, |c| profile_settings::table
        .find(user_id)
        .select(Seeking::as_select())
        .first(c)
        .await
        .optional())?;
    Ok(found.unwrap_or_default())
}

pub async fn save(conn: &mut Conn<'_>, user_id: UserId, seeking: &Seeking) -> QueryResult<()> {
    let values = (
        profile_settings::seek_gender.eq(&seeking.gender),
        profile_settings::seek_age_min.eq(seeking.age_min),
        profile_settings::seek_age_max.eq(seeking.age_max),
    );
    run!(conn, |c| diesel::insert_into(profile_settings::table)
        .values((profile_settings::user_id.eq(user_id), values))
        .on_conflict(profile_settings::user_id)
        .do_update()
        .set(values)
        .execute(c)
        .await)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_shows_the_other_sex_and_any_shows_everyone() {
        let unset = Seeking::default();
        assert_eq!(unset.wanted_gender("male"), Some("female"));
        assert_eq!(unset.wanted_gender(""), None);
        let any = Seeking::parse("any", 0, 0).unwrap();
        assert_eq!(any.wanted_gender("female"), None);
    }

    #[test]
    fn an_age_range_is_checked() {
        assert!(Seeking::parse("female", 30, 25).is_err());
        assert!(Seeking::parse("female", 17, 25).is_err());
        assert!(Seeking::parse("other", 0, 0).is_err());
        assert!(Seeking::parse("female", 25, 30).is_ok());
    }
}
