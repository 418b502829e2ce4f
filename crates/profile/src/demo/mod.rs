//! The demo profiles (`xinqiao seed demo`): painted avatars and photos, regions, interests
//! and tags, passed through review as an admin would. The demo logins get the profiles of
//! `featured` (小美 and 琳琳 protect their photos); then the `community` joins, fifty-odd
//! members with profiles of their own, and pays the demo logins some `attention` (likes,
//! visits), so recommendations, search and the people lists have someone to show.
//!
//! The community stays out of the demo cast: the moments, wallets and blog the later seeds
//! make are the demo logins' as before, and the community is there to be found.

mod attention;
mod community;
mod featured;

use std::borrow::Cow;

use platform::demo::{DemoCast, SeedError, pictures};
use platform::files;
use platform::module::LocalBoxFuture;
use platform::{AppState, Identity, Role};

use crate::dto::UpdateProfileRequest;
use crate::model::date_number;
use crate::{AVATAR, PHOTO, service};

struct DemoProfile {
    gender: &'static str,
    birthday: i64,
    height: i64,
    weight: i64,
    /// District codes; the province and city are their first two and four digits.
    region: &'static str,
    home: &'static str,
    location: &'static str,
    education: &'static str,
    occupation: &'static str,
    income: i64,
    marital_status: &'static str,
    /// (boys, girls).
    children: (i64, i64),
    religion: &'static str,
    hobbies: &'static [&'static str],
    tags: &'static [&'static str],
    introduction: Cow<'static, str>,
    photos: usize,
    protected: bool,
}

/// A demo login with their profile.
struct Featured {
    username: &'static str,
    member: Identity,
    profile: &'static DemoProfile,
}

/// How a member's pictures are painted.
struct Canvas {
    /// The avatar's picture number; the photos take the next ones.
    seed: u64,
    avatar: (u32, u32),
    photo: (u32, u32),
}

impl Canvas {
    /// The demo logins' pictures, at full size.
    fn featured(index: usize) -> Self {
        Self {
            seed: 1_000 + index as u64 * 10,
            avatar: (480, 480),
            photo: pictures::PHOTO,
        }
    }

    /// The community's pictures are small and upright (3:4), which keeps the seed quick:
    /// painting costs by the pixel, and storing a picture makes a thumbnail and a blurred copy
    /// within a 480-pixel square, of which an upright picture fills three quarters. Seven
    /// numbers apart leaves room for the photos and brings every palette round.
    fn community(number: usize) -> Self {
        Self {
            seed: 2_000 + number as u64 * 7,
            avatar: (180, 240),
            photo: (240, 320),
        }
    }
}

pub(crate) fn seed<'a>(
    state: &'a AppState,
    cast: &'a mut DemoCast,
) -> LocalBoxFuture<'a, Result<(), SeedError>> {
    Box::pin(async move {
        let featured = featured_members(state, cast).await?;
        for (index, login) in featured.iter().enumerate() {
            seed_profile(state, &login.member, login.profile, Canvas::featured(index)).await?;
        }
        let people = community::people(date_number(state.now()));
        let members = seed_community(state, &people).await?;
        let community: Vec<(&Identity, &DemoProfile)> = members
            .iter()
            .zip(people.iter().map(|person| &person.profile))
            .collect();
        attention::pay(state, &featured, &community).await
    })
}

/// Adds the community's members with their profiles, and answers who they are in the order of
/// `people`.
async fn seed_community(
    state: &AppState,
    people: &[community::Person],
) -> Result<Vec<Identity>, SeedError> {
    let names: Vec<(&str, &str, Role)> = people
        .iter()
        .map(|person| (person.username, person.nickname, Role::User))
        .collect();
    let members = accounts::demo::add_members(state, &names).await?;
    // Two lanes, the even and the odd numbers: storing a picture (decoding, thumbnail, blur,
    // encoding) runs on the blocking pool, one job per CPU, so with two members under way a
    // second core has pictures to store.
    let lane = |first: usize| {
        let lane = members
            .iter()
            .zip(people)
            .enumerate()
            .skip(first)
            .step_by(2);
        async move {
            for (number, (member, person)) in lane {
                seed_profile(state, member, &person.profile, Canvas::community(number)).await?;
            }
            Ok::<_, SeedError>(())
        }
    };
    let (even, odd) = futures_util::future::join(lane(0), lane(1)).await;
    even.and(odd)?;
    Ok(members)
}

/// The members of the cast that `featured` has a profile for, matched by username.
async fn featured_members(state: &AppState, cast: &DemoCast) -> Result<Vec<Featured>, SeedError> {
    let ids: Vec<_> = cast.members.iter().map(|member| member.user_id).collect();
    let summaries = {
        let mut pooled = state.db.get().await.map_err(SeedError::at("members"))?;
        accounts::api::user_summaries(&mut pooled.conn(), &ids)
            .await
            .map_err(SeedError::at("members"))?
    };
    Ok(featured::FEATURED
        .iter()
        .filter_map(|(username, profile)| {
            let member = cast.members.iter().find(|member| {
                summaries
                    .get(&member.user_id)
                    .is_some_and(|summary| summary.username == *username)
            })?;
            Some(Featured {
                username,
                member: member.clone(),
                profile,
            })
        })
        .collect())
}

async fn seed_profile(
    state: &AppState,
    member: &Identity,
    profile: &DemoProfile,
    canvas: Canvas,
) -> Result<(), SeedError> {
    let avatar = files::store_image(
        state,
        member,
        AVATAR,
        pictures::paint(canvas.seed, canvas.avatar),
    )
    .await
    .map_err(SeedError::at("avatar"))?;
    let mut photos = Vec::new();
    for number in 1..=profile.photos as u64 {
        let stored = files::store_image(
            state,
            member,
            PHOTO,
            pictures::paint(canvas.seed + number, canvas.photo),
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
        province: Some(profile.region[..2].into()),
        city: Some(profile.region[..4].into()),
        district: Some(profile.region.into()),
        home_country: Some("中国".into()),
        home_province: Some(profile.home[..2].into()),
        home_city: Some(profile.home[..4].into()),
        home_district: Some(profile.home.into()),
        location: Some(profile.location.into()),
        education: Some(profile.education.into()),
        occupation: Some(profile.occupation.into()),
        income: Some(profile.income),
        marital_status: Some(profile.marital_status.into()),
        boy_count: Some(profile.children.0),
        girl_count: Some(profile.children.1),
        religion: Some(profile.religion.into()),
        hobbies: Some(owned(profile.hobbies)),
        tags: Some(owned(profile.tags)),
        introduction: Some(profile.introduction.clone().into_owned()),
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
