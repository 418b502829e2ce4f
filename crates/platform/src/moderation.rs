//! The moderation queue's storage: members' reports and the pre-filters' flags, one case per
//! object. The objects themselves, and the `held` mark every read path of theirs honours, stay
//! in the crates that own them; the admin crate reads a case's object through the owner and
//! applies decisions there. Lower crates call [`screen`] and [`flag`] when something is created,
//! inside the creating transaction, so a flag exists exactly when the object does.

use std::collections::HashMap;

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::db::Conn;
use crate::ids::UserId;
use crate::paging::PageWindow;
use crate::schema::{moderation_cases, moderation_reports, moderation_words};
use crate::text::is_invisible;

/// Trusted reporters (reports of [`ReportWeight::Full`]) at which an object is hidden from everyone
/// but its author until an admin decides. Other reports only move it up the queue: a handful
/// of throwaway accounts must not make a member vanish.
pub const HOLD_AT_REPORTERS: i64 = 3;

/// Below this age an account without real-name verification counts nothing toward a hold:
/// registering accounts to hide someone takes days, not minutes.
pub const NEW_ACCOUNT_SECONDS: i64 = 3 * 86_400;

/// How much one report counts, stored as its number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ReportWeight {
    /// Nothing toward the hold: a new unverified account, or another report from an address
    /// already heard on this case.
    None = 0,
    /// Orders the queue, never holds: an established account without real-name verification.
    Partial = 1,
    /// Holds at [`HOLD_AT_REPORTERS`]: a member who passed real-name verification, reporting
    /// from an address no other reporter of the case used, whatever the account's age.
    Full = 2,
}

impl ReportWeight {
    pub fn of(stored: i64) -> Self {
        match stored {
            2 => Self::Full,
            1 => Self::Partial,
            _ => Self::None,
        }
    }
}

/// Who reports, as the weighing needs them.
#[derive(Debug, Clone)]
pub struct Reporter {
    pub id: UserId,
    /// Passed real-name verification.
    pub verified: bool,
    /// When the account was made (epoch seconds).
    pub joined_at: i64,
    /// [`address_key`] of the address the report came from.
    pub address_key: String,
}

/// A digest of a client address keyed with the server's secret: reports of one case are
/// compared by it, and the address itself is never stored.
pub fn address_key(secret: &str, address: &str) -> String {
    use hmac::{Hmac, Mac};
    let mut mac = <Hmac<sha2::Sha256> as Mac>::new_from_slice(secret.as_bytes())
        .expect("HMAC accepts any key");
    mac.update(b"moderation-report-address:");
    mac.update(address.as_bytes());
    hex::encode(&mac.finalize().into_bytes()[..16])
}

/// The weight of `reporter`'s report, `shares_address` saying whether another reporter of the
/// same case reported from the same address.
pub fn weigh(reporter: &Reporter, shares_address: bool, now: i64) -> ReportWeight {
    if shares_address {
        ReportWeight::None
    } else if reporter.verified {
        ReportWeight::Full
    } else if now - reporter.joined_at < NEW_ACCOUNT_SECONDS {
        ReportWeight::None
    } else {
        ReportWeight::Partial
    }
}

/// What a case is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Subject {
    Profile,
    Moment,
    Comment,
    Article,
    Message,
    /// A profile photo; flagged by its perceptual hash, never reported by members (they report
    /// the profile).
    Photo,
}

impl Subject {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Profile => "profile",
            Self::Moment => "moment",
            Self::Comment => "comment",
            Self::Article => "article",
            Self::Message => "message",
            Self::Photo => "photo",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        [
            Self::Profile,
            Self::Moment,
            Self::Comment,
            Self::Article,
            Self::Message,
            Self::Photo,
        ]
        .into_iter()
        .find(|subject| subject.as_str() == raw)
    }
}

/// What the back office shows of a reported or flagged object, read through the crate that
/// owns it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Described {
    /// Who wrote it (a profile's and a photo's author is its member).
    pub author: UserId,
    /// Its text, as shown to members (an article's title, then its body), cut to 300
    /// characters by the owner.
    pub excerpt: String,
    /// Public URLs of its pictures, if any.
    pub images: Vec<String>,
    /// The web route where it is seen, e.g. `/user/<uuid>`, `/blog/12`.
    pub link: String,
    /// Whether it is hidden from others now.
    pub held: bool,
}

/// Where a case stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum CaseStatus {
    Open = 0,
    Kept = 1,
    Removed = 2,
}

impl CaseStatus {
    fn of(stored: i64) -> Self {
        match stored {
            1 => Self::Kept,
            2 => Self::Removed,
            _ => Self::Open,
        }
    }
}

/// One case, as stored.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = moderation_cases)]
pub struct Case {
    pub id: i64,
    pub subject_kind: String,
    pub subject_id: i64,
    pub author_id: UserId,
    pub reporter_count: i64,
    pub flags: String,
    pub status: i64,
    pub held: bool,
    pub kept_before: bool,
    pub opened_at: i64,
    pub decided_by: UserId,
    pub decided_at: i64,
    pub decision: String,
    /// The sum of its reports' weights.
    pub weight: i64,
    /// Its reports of full weight.
    pub trusted_count: i64,
}

impl Case {
    pub fn subject(&self) -> Option<Subject> {
        Subject::parse(&self.subject_kind)
    }

    pub fn status(&self) -> CaseStatus {
        CaseStatus::of(self.status)
    }

    /// The pre-filters' reasons, one per line in storage.
    pub fn flag_reasons(&self) -> Vec<&str> {
        self.flags.lines().filter(|line| !line.is_empty()).collect()
    }
}

/// One member's report, as stored.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = moderation_reports)]
pub struct Report {
    pub case_id: i64,
    pub reporter_id: UserId,
    pub reason: String,
    pub created_at: i64,
    pub weight: i64,
    pub address_key: String,
}

impl Report {
    pub fn weight(&self) -> ReportWeight {
        ReportWeight::of(self.weight)
    }

    /// Whether another report of the same case came from this report's address (`reports`
    /// are the case's).
    pub fn shares_address(&self, reports: &[Report]) -> bool {
        !self.address_key.is_empty()
            && reports.iter().any(|other| {
                other.reporter_id != self.reporter_id && other.address_key == self.address_key
            })
    }
}

/// What a report did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reported {
    /// The member had reported this object before; nothing changed.
    Already,
    /// Counted with `weight`; `held` says whether the object is now to be hidden (the owner
    /// applies it).
    Counted { held: bool, weight: ReportWeight },
}

/// The case of an object, opened on first use; answers its id.
async fn open_case(
    conn: &mut Conn<'_>,
    subject: Subject,
    subject_id: i64,
    author: UserId,
    now: i64,
) -> QueryResult<i64> {
    let insert = diesel::insert_into(moderation_cases::table)
        .values((
            moderation_cases::subject_kind.eq(subject.as_str()),
            moderation_cases::subject_id.eq(subject_id),
            moderation_cases::author_id.eq(author),
            moderation_cases::opened_at.eq(now),
        ))
        .on_conflict((moderation_cases::subject_kind, moderation_cases::subject_id))
        .do_nothing();
    crate::run!(conn, |c| insert.execute(c).await)?;
    let id = moderation_cases::table
        .filter(moderation_cases::subject_kind.eq(subject.as_str()))
        .filter(moderation_cases::subject_id.eq(subject_id))
        .select(moderation_cases::id);
    crate::run!(conn, |c| id.get_result(c).await)
}

/// Records `reporter`'s report on an object of `author`'s (the owner has checked it exists and
/// may be seen by the reporter), weighed by [`weigh`]. Call it inside a transaction: the count
/// and the hold decision are one update, so concurrent reports hold the object exactly once
/// the third trusted reporter is in. A kept case reopens, but an object an admin kept is never
/// held again.
pub async fn report(
    conn: &mut Conn<'_>,
    subject: Subject,
    subject_id: i64,
    author: UserId,
    reporter: &Reporter,
    reason: &str,
    now: i64,
) -> QueryResult<Reported> {
    let case_id = open_case(conn, subject, subject_id, author, now).await?;
    // The case's row lock (a no-op update) before reading its reports: two reports from one
    // address at the same moment must not both count as the first from it.
    let lock = diesel::update(moderation_cases::table.find(case_id))
        .set(moderation_cases::reporter_count.eq(moderation_cases::reporter_count));
    crate::run!(conn, |c| lock.execute(c).await)?;
    let same_address = moderation_reports::table
        .filter(moderation_reports::case_id.eq(case_id))
        .filter(moderation_reports::reporter_id.ne(reporter.id))
        .filter(moderation_reports::address_key.eq(&reporter.address_key))
        .count();
    let shares_address = crate::run!(conn, |c| same_address.get_result::<i64>(c).await)? > 0;
    let weight = weigh(reporter, shares_address, now);
    let insert = diesel::insert_into(moderation_reports::table)
        .values((
            moderation_reports::case_id.eq(case_id),
            moderation_reports::reporter_id.eq(reporter.id),
            moderation_reports::reason.eq(reason),
            moderation_reports::created_at.eq(now),
            moderation_reports::weight.eq(weight as i64),
            moderation_reports::address_key.eq(&reporter.address_key),
        ))
        .on_conflict_do_nothing();
    if crate::run!(conn, |c| insert.execute(c).await)? == 0 {
        return Ok(Reported::Already);
    }
    let trusted = weight == ReportWeight::Full;
    // SET reads the row's values from before the update on both engines: `trusted_count`
    // here is the count without this report.
    let reaches_hold = moderation_cases::trusted_count
        .ge(HOLD_AT_REPORTERS - 1)
        .and(trusted.into_sql::<diesel::sql_types::Bool>())
        .and(moderation_cases::kept_before.eq(false))
        .and(moderation_cases::status.ne(CaseStatus::Removed as i64));
    let count = diesel::update(moderation_cases::table.find(case_id))
        .set((
            moderation_cases::reporter_count.eq(moderation_cases::reporter_count + 1),
            moderation_cases::weight.eq(moderation_cases::weight + weight as i64),
            moderation_cases::trusted_count
                .eq(moderation_cases::trusted_count + i64::from(trusted)),
            moderation_cases::held.eq(moderation_cases::held.or(reaches_hold)),
        ))
        .returning(moderation_cases::held);
    let held = crate::run!(conn, |c| count.get_result(c).await)?;
    let reopen = diesel::update(
        moderation_cases::table
            .find(case_id)
            .filter(moderation_cases::status.eq(CaseStatus::Kept as i64)),
    )
    .set(moderation_cases::status.eq(CaseStatus::Open as i64));
    crate::run!(conn, |c| reopen.execute(c).await)?;
    Ok(Reported::Counted { held, weight })
}

/// A pre-filter's flag on an object: the case opens (or gains the reason) without hiding the
/// object. A case an admin already decided stays decided.
pub async fn flag(
    conn: &mut Conn<'_>,
    subject: Subject,
    subject_id: i64,
    author: UserId,
    reason: &str,
    now: i64,
) -> QueryResult<()> {
    let case_id = open_case(conn, subject, subject_id, author, now).await?;
    let flags = moderation_cases::table
        .find(case_id)
        .select(moderation_cases::flags);
    let flags: String = crate::run!(conn, |c| flags.get_result(c).await)?;
    if flags.lines().any(|line| line == reason) {
        return Ok(());
    }
    let joined = if flags.is_empty() {
        reason.to_owned()
    } else {
        format!("{flags}\n{reason}")
    };
    let update = diesel::update(moderation_cases::table.find(case_id))
        .set(moderation_cases::flags.eq(joined));
    crate::run!(conn, |c| update.execute(c).await).map(drop)
}

/// Flags `text` of a new object when it contains words of the admins' list; answers the words
/// found. Matching ignores case, spaces and invisible characters (so 微 信 matches 微信).
pub async fn screen(
    conn: &mut Conn<'_>,
    subject: Subject,
    subject_id: i64,
    author: UserId,
    text: &str,
    now: i64,
) -> QueryResult<Vec<String>> {
    let words = words(conn).await?;
    let found = sensitive_words_in(text, &words);
    if !found.is_empty() {
        let reason = format!("敏感词：{}", found.join("、"));
        flag(conn, subject, subject_id, author, &reason, now).await?;
    }
    Ok(found)
}

/// `text` as matched: lower case, without spaces or invisible characters.
fn normalised(text: &str) -> String {
    text.chars()
        .filter(|c| !is_invisible(*c))
        .flat_map(char::to_lowercase)
        .collect()
}

/// The words of `list` that `text` contains.
fn sensitive_words_in(text: &str, list: &[String]) -> Vec<String> {
    let text = normalised(text);
    list.iter()
        .filter(|word| {
            let word = normalised(word);
            !word.is_empty() && text.contains(&word)
        })
        .cloned()
        .collect()
}

/// The sensitive words, in order.
pub async fn words(conn: &mut Conn<'_>) -> QueryResult<Vec<String>> {
    let query = moderation_words::table
        .order(moderation_words::word)
        .select(moderation_words::word);
    crate::run!(conn, |c| query.load(c).await)
}

/// Replaces the sensitive-word list (the caller has validated the words).
pub async fn replace_words(conn: &mut Conn<'_>, list: &[String], now: i64) -> QueryResult<()> {
    crate::run!(conn, |c| diesel::delete(moderation_words::table)
        .execute(c)
        .await)?;
    // One statement per word: SQLite's diesel backend has no multi-row insert, and an admin
    // saves a list of at most a few hundred words.
    for word in list {
        let insert = diesel::insert_into(moderation_words::table).values((
            moderation_words::word.eq(word),
            moderation_words::created_at.eq(now),
        ));
        crate::run!(conn, |c| insert.execute(c).await)?;
    }
    Ok(())
}

/// A page of cases in `status`, the heaviest first (then the most reported, then the oldest),
/// and how many there are.
pub async fn queue(
    conn: &mut Conn<'_>,
    status: CaseStatus,
    window: PageWindow,
) -> QueryResult<(Vec<Case>, i64)> {
    let in_status = moderation_cases::status.eq(status as i64);
    let rows = moderation_cases::table
        .filter(in_status)
        .order((
            moderation_cases::weight.desc(),
            moderation_cases::reporter_count.desc(),
            moderation_cases::id.asc(),
        ))
        .limit(window.limit)
        .offset(window.offset);
    let count = moderation_cases::table.filter(in_status).count();
    crate::run_both!(
        conn,
        |c| rows.select(Case::as_select()).load(c),
        count.get_result(c)
    )
}

/// How many cases are open (the dashboard's count).
pub async fn open_count(conn: &mut Conn<'_>) -> QueryResult<i64> {
    let count = moderation_cases::table
        .filter(moderation_cases::status.eq(CaseStatus::Open as i64))
        .count();
    crate::run!(conn, |c| count.get_result(c).await)
}

/// The reports of each case, oldest first.
pub async fn reports_of(
    conn: &mut Conn<'_>,
    case_ids: &[i64],
) -> QueryResult<HashMap<i64, Vec<Report>>> {
    let query = moderation_reports::table
        .filter(moderation_reports::case_id.eq_any(case_ids))
        .order((moderation_reports::case_id, moderation_reports::created_at));
    let reports: Vec<Report> =
        crate::run!(conn, |c| query.select(Report::as_select()).load(c).await)?;
    let mut by_case: HashMap<i64, Vec<Report>> = HashMap::new();
    for report in reports {
        by_case.entry(report.case_id).or_default().push(report);
    }
    Ok(by_case)
}

/// One case.
pub async fn case(conn: &mut Conn<'_>, case_id: i64) -> QueryResult<Option<Case>> {
    let query = moderation_cases::table.find(case_id);
    crate::run!(conn, |c| query
        .select(Case::as_select())
        .get_result(c)
        .await
        .optional())
}

/// The case of an object, if it has one.
pub async fn case_of(
    conn: &mut Conn<'_>,
    subject: Subject,
    subject_id: i64,
) -> QueryResult<Option<Case>> {
    let query = moderation_cases::table
        .filter(moderation_cases::subject_kind.eq(subject.as_str()))
        .filter(moderation_cases::subject_id.eq(subject_id));
    crate::run!(conn, |c| query
        .select(Case::as_select())
        .get_result(c)
        .await
        .optional())
}

/// Closes an open case as kept or removed, once: `None` when it was not open (already decided,
/// or by another admin at the same moment). `decision` is the admin's words for the log.
pub async fn decide(
    conn: &mut Conn<'_>,
    case_id: i64,
    outcome: CaseStatus,
    decision: &str,
    admin: UserId,
    now: i64,
) -> QueryResult<Option<Case>> {
    let update = diesel::update(
        moderation_cases::table
            .find(case_id)
            .filter(moderation_cases::status.eq(CaseStatus::Open as i64)),
    )
    .set((
        moderation_cases::status.eq(outcome as i64),
        moderation_cases::held.eq(false),
        moderation_cases::kept_before.eq(moderation_cases::kept_before
            .or((outcome == CaseStatus::Kept).into_sql::<diesel::sql_types::Bool>())),
        moderation_cases::decided_by.eq(admin),
        moderation_cases::decided_at.eq(now),
        moderation_cases::decision.eq(decision),
    ));
    crate::run!(conn, |c| update
        .returning(Case::as_returning())
        .get_result(c)
        .await
        .optional())
}

/// Forgets an erased member: their reports (the counts of the cases they reported drop with
/// them) and the cases about their own objects, which are erased too.
pub async fn forget_member(conn: &mut Conn<'_>, member: UserId) -> QueryResult<()> {
    let reported = moderation_reports::table
        .filter(moderation_reports::reporter_id.eq(member))
        .select((moderation_reports::case_id, moderation_reports::weight));
    let reported: Vec<(i64, i64)> = crate::run!(conn, |c| reported.load(c).await)?;
    let mine = moderation_cases::table
        .filter(moderation_cases::author_id.eq(member))
        .select(moderation_cases::id);
    let mine: Vec<i64> = crate::run!(conn, |c| mine.load(c).await)?;
    let reports = moderation_reports::table.filter(
        moderation_reports::reporter_id
            .eq(member)
            .or(moderation_reports::case_id.eq_any(&mine)),
    );
    crate::run!(conn, |c| diesel::delete(reports).execute(c).await)?;
    crate::run!(conn, |c| diesel::delete(
        moderation_cases::table.filter(moderation_cases::id.eq_any(&mine))
    )
    .execute(c)
    .await)?;
    for (case_id, weight) in reported {
        let fewer = diesel::update(moderation_cases::table.find(case_id)).set((
            moderation_cases::reporter_count.eq(moderation_cases::reporter_count - 1),
            moderation_cases::weight.eq(moderation_cases::weight - weight),
            moderation_cases::trusted_count.eq(moderation_cases::trusted_count
                - i64::from(ReportWeight::of(weight) == ReportWeight::Full)),
        ));
        crate::run!(conn, |c| fewer.execute(c).await)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sensitive_words_match_across_case_spaces_and_invisible_characters() {
        let list = vec!["微信".to_owned(), "VX".to_owned(), "加我".to_owned()];
        assert_eq!(
            sensitive_words_in("加 我 微\u{200B}信", &list),
            ["微信", "加我"]
        );
        assert_eq!(sensitive_words_in("我的 vx 号", &list), ["VX"]);
        assert!(sensitive_words_in("周末一起去爬山", &list).is_empty());
    }

    fn reporter(verified: bool, joined_at: i64) -> Reporter {
        Reporter {
            id: UserId(1),
            verified,
            joined_at,
            address_key: address_key("secret", "10.0.0.1"),
        }
    }

    #[test]
    fn reports_weigh_by_verification_age_and_address() {
        let now = 100 * 86_400;
        let day_old = now - 86_400;
        let month_old = now - 30 * 86_400;
        assert_eq!(
            weigh(&reporter(true, day_old), false, now),
            ReportWeight::Full
        );
        assert_eq!(
            weigh(&reporter(false, day_old), false, now),
            ReportWeight::None
        );
        assert_eq!(
            weigh(&reporter(false, month_old), false, now),
            ReportWeight::Partial
        );
        assert_eq!(
            weigh(&reporter(true, month_old), true, now),
            ReportWeight::None
        );
    }

    #[test]
    fn address_keys_depend_on_the_secret_and_hide_the_address() {
        let key = address_key("secret", "10.0.0.1");
        assert_eq!(key, address_key("secret", "10.0.0.1"));
        assert_ne!(key, address_key("secret", "10.0.0.2"));
        assert_ne!(key, address_key("other", "10.0.0.1"));
        assert!(!key.contains("10.0.0.1"));
    }

    #[test]
    fn subjects_round_trip_through_their_names() {
        for name in [
            "profile", "moment", "comment", "article", "message", "photo",
        ] {
            assert_eq!(Subject::parse(name).map(Subject::as_str), Some(name));
        }
        assert_eq!(Subject::parse("user"), None);
    }
}
