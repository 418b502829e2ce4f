//! Turns rows and member summaries into what the feed answers, without touching the database.

use std::collections::HashMap;

use accounts::api::UserSummary;
use serde::Serialize;

use crate::dto::{MomentAuthor, MomentItem};
use crate::model::{CommentRow, MomentRow};

#[derive(Serialize)]
struct Liker<'a> {
    uuid: &'a str,
    nickname: &'a str,
}

#[derive(Serialize)]
#[serde(rename_all = "PascalCase")]
struct CommentView<'a> {
    comment_id: i64,
    nickname: &'a str,
    content: &'a str,
    uuid: &'a str,
    parent_id: i64,
    parent_nickname: &'a str,
}

/// Members by user id; a deleted member shows as an empty name.
pub struct Members(pub HashMap<i64, UserSummary>);

impl Members {
    fn uuid(&self, user_id: i64) -> &str {
        self.0.get(&user_id).map_or("", |m| m.uuid.as_str())
    }
    fn name(&self, user_id: i64) -> &str {
        self.0.get(&user_id).map_or("", |m| {
            if m.nickname.is_empty() {
                &m.username
            } else {
                &m.nickname
            }
        })
    }
    fn avatar(&self, user_id: i64) -> &str {
        self.0.get(&user_id).map_or("", |m| m.avatar.as_str())
    }
}

/// JSON text of the likers, in the order given.
pub fn likes_json(liker_ids: &[i64], members: &Members) -> String {
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
pub fn comments_json(comments: &[CommentRow], members: &Members) -> String {
    let author_of: HashMap<i64, i64> = comments.iter().map(|c| (c.id, c.user_id)).collect();
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

/// Everything a page of moments needs, loaded in a fixed number of queries.
pub struct PageParts {
    pub images: HashMap<i64, Vec<String>>,
    pub likers: HashMap<i64, Vec<i64>>,
    pub comments: HashMap<i64, Vec<CommentRow>>,
    pub members: Members,
}

pub fn moment_item(row: MomentRow, parts: &PageParts, viewer: Option<i64>) -> MomentItem {
    let likers = parts
        .likers
        .get(&row.id)
        .map(Vec::as_slice)
        .unwrap_or_default();
    let comments = parts
        .comments
        .get(&row.id)
        .map(Vec::as_slice)
        .unwrap_or_default();
    MomentItem {
        moment_id: row.id,
        user: MomentAuthor {
            uuid: parts.members.uuid(row.user_id).to_owned(),
            birthyear: 0,
            city: String::new(),
            occupation: String::new(),
            education: String::new(),
            sex: 0,
            height: 0,
        },
        nick_name: parts.members.name(row.user_id).to_owned(),
        avatar: parts.members.avatar(row.user_id).to_owned(),
        content: row.content,
        images: parts.images.get(&row.id).cloned().unwrap_or_default(),
        like_count: row.like_count,
        is_liked: viewer.is_some_and(|viewer| likers.contains(&viewer)),
        likes: likes_json(likers, &parts.members),
        comment_count: row.comment_count,
        created_at: row.created_at,
        comments: comments_json(comments, &parts.members),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn members() -> Members {
        let summary = |uuid: &str, nickname: &str| UserSummary {
            uuid: uuid.into(),
            username: format!("{uuid}-name"),
            nickname: nickname.into(),
            avatar: String::new(),
        };
        Members(HashMap::from([
            (1, summary("u1", "小美")),
            (2, summary("u2", "阿浩")),
            (3, summary("u3", "")),
        ]))
    }

    fn comment(id: i64, user_id: i64, parent_id: i64, content: &str) -> CommentRow {
        CommentRow {
            id,
            moment_id: 9,
            user_id,
            parent_id,
            content: content.into(),
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
        let json = likes_json(&[3, 1], &members());
        assert_eq!(
            json,
            r#"[{"uuid":"u3","nickname":"u3-name"},{"uuid":"u1","nickname":"小美"}]"#
        );
    }
}
