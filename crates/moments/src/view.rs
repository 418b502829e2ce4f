//! Turns rows and member summaries into what the feed answers, without touching the database.

use std::collections::HashMap;

use platform::UserId;
use profile::api::{MemberCard, MemberName};
use serde::Serialize;

use crate::dto::{MomentAuthor, MomentItem};
use crate::model::{Comment, CommentId, MomentRow};
use crate::visibility::thread_shown_to;

#[derive(Serialize)]
struct Liker<'a> {
    uuid: &'a str,
    nickname: &'a str,
}

#[derive(Serialize)]
#[serde(rename_all = "PascalCase")]
struct CommentView<'a> {
    comment_id: CommentId,
    nickname: &'a str,
    content: &'a str,
    uuid: &'a str,
    parent_id: CommentId,
    parent_nickname: &'a str,
}

/// The members a page names, by user id, as the viewer may see them: the authors' cards and
/// the names of everyone else (likers, commenters); a deleted member shows as an empty name.
#[derive(Default)]
pub struct Members {
    pub cards: HashMap<UserId, MemberCard>,
    pub names: HashMap<UserId, MemberName>,
}

impl Members {
    fn uuid(&self, user_id: UserId) -> &str {
        match (self.cards.get(&user_id), self.names.get(&user_id)) {
            (Some(card), _) => &card.uuid,
            (None, Some(named)) => &named.uuid,
            (None, None) => "",
        }
    }
    fn name(&self, user_id: UserId) -> &str {
        match (self.cards.get(&user_id), self.names.get(&user_id)) {
            (Some(card), _) => card.name(),
            (None, Some(named)) => &named.name,
            (None, None) => "",
        }
    }
    fn author(&self, user_id: UserId) -> MomentAuthor {
        let Some(card) = self.cards.get(&user_id) else {
            return MomentAuthor::default();
        };
        MomentAuthor {
            uuid: card.uuid.clone(),
            birthyear: card.birthyear,
            city: card.city.clone(),
            occupation: card.occupation.clone(),
            education: card.education.clone(),
            sex: card.sex,
            height: card.height,
        }
    }
    fn avatar(&self, user_id: UserId) -> &str {
        self.cards.get(&user_id).map_or("", |m| m.avatar.as_str())
    }
}

/// The likers a viewer blacklisted either way with `blocked` sees named, in order.
pub fn likers_shown(likers: Vec<UserId>, blocked: &[UserId]) -> Vec<UserId> {
    likers
        .into_iter()
        .filter(|liker| !blocked.contains(liker))
        .collect()
}

/// JSON text of the likers, in the order given.
pub fn likes_json(liker_ids: &[UserId], members: &Members) -> String {
    let likers: Vec<Liker<'_>> = liker_ids
        .iter()
        .map(|id| Liker {
            uuid: members.uuid(*id),
            nickname: members.name(*id),
        })
        .collect();
    serde_json::to_string(&likers).unwrap_or_else(|_| "[]".into())
}

/// JSON text of one moment's comments, oldest first, each reply naming whom it answers.
pub fn comments_json(comments: &[Comment], members: &Members) -> String {
    let author_of: HashMap<CommentId, UserId> =
        comments.iter().map(|c| (c.id, c.user_id)).collect();
    let views: Vec<CommentView<'_>> = comments
        .iter()
        .map(|comment| CommentView {
            comment_id: comment.id,
            nickname: members.name(comment.user_id),
            content: &comment.content,
            uuid: members.uuid(comment.user_id),
            parent_id: comment.parent_id,
            parent_nickname: author_of
                .get(&comment.parent_id)
                .map_or("", |author| members.name(*author)),
        })
        .collect();
    serde_json::to_string(&views).unwrap_or_else(|_| "[]".into())
}

/// A moment with its copies parsed, before the members behind it are known.
pub struct PageMoment {
    pub row: MomentRow,
    pub images: Vec<String>,
    pub likers: Vec<UserId>,
    /// The comments the viewer sees.
    pub comments: Vec<Comment>,
}

impl PageMoment {
    /// The moment as `viewer` (a guest when `None`), who may see it and is blacklisted either
    /// way with `blocked`, sees it: the likers and comments of those members left out.
    pub fn new(row: MomentRow, viewer: Option<UserId>, blocked: &[UserId]) -> Self {
        Self {
            images: row.images(),
            likers: likers_shown(row.likers(), blocked),
            comments: thread_shown_to(row.comments(), viewer, blocked),
            row,
        }
    }

    /// Everyone the moment shows by name only: its likers and commenters.
    pub fn named_ids(&self) -> impl Iterator<Item = UserId> + '_ {
        self.likers
            .iter()
            .copied()
            .chain(self.comments.iter().map(|comment| comment.user_id))
    }

    pub fn into_item(self, members: &Members, viewer: Option<UserId>) -> MomentItem {
        let row = self.row;
        MomentItem {
            moment_id: row.id,
            user: members.author(row.user_id),
            nick_name: members.name(row.user_id).to_owned(),
            avatar: members.avatar(row.user_id).to_owned(),
            content: row.content,
            images: self.images,
            like_count: row.like_count,
            is_liked: viewer.is_some_and(|viewer| self.likers.contains(&viewer)),
            likes: likes_json(&self.likers, members),
            // What this viewer sees: a held comment counts for its author only.
            comment_count: i64::try_from(self.comments.len()).unwrap_or(i64::MAX),
            created_at: row.created_at,
            comments: comments_json(&self.comments, members),
            province: row.province,
            city: row.city,
            region: row.region,
            landmark: row.landmark,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn members() -> Members {
        let card = |uuid: &str, nickname: &str| MemberCard {
            uuid: uuid.into(),
            username: format!("{uuid}-name"),
            nickname: nickname.into(),
            avatar: String::new(),
            birthyear: 0,
            city: String::new(),
            occupation: String::new(),
            education: String::new(),
            sex: 0,
            height: 0,
            locked: false,
        };
        Members {
            cards: HashMap::from([(UserId(1), card("u1", "小美")), (UserId(3), card("u3", ""))]),
            names: HashMap::from([(
                UserId(2),
                MemberName {
                    uuid: "u2".into(),
                    name: "阿浩".into(),
                },
            )]),
        }
    }

    fn comment(id: i64, user_id: i64, parent_id: i64, content: &str) -> Comment {
        Comment {
            id: CommentId(id),
            user_id: UserId(user_id),
            parent_id: CommentId(parent_id),
            content: content.into(),
            held: false,
        }
    }

    #[test]
    fn replies_name_the_author_of_the_comment_they_answer() {
        let json = comments_json(
            &[comment(10, 1, 0, "你好"), comment(11, 2, 10, "你也好")],
            &members(),
        );
        let parsed: serde_json::Value = serde_json::from_str(&json).expect("json");
        assert_eq!(
            parsed,
            serde_json::json!([
                {"CommentId": 10, "Nickname": "小美", "Content": "你好", "Uuid": "u1", "ParentId": 0, "ParentNickname": ""},
                {"CommentId": 11, "Nickname": "阿浩", "Content": "你也好", "Uuid": "u2", "ParentId": 10, "ParentNickname": "小美"},
            ])
        );
    }

    #[test]
    fn likers_fall_back_to_the_username_when_there_is_no_nickname() {
        let json = likes_json(&[UserId(3), UserId(1)], &members());
        assert_eq!(
            json,
            r#"[{"uuid":"u3","nickname":"u3-name"},{"uuid":"u1","nickname":"小美"}]"#
        );
    }
}
