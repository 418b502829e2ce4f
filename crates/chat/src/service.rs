//! The chat's rules: who may write to whom, the stranger limit, the send rate, read marks and
//! what a socket catches up on. Every change is published to the hub after it commits. Messages
//! moderation holds are left out for their receiver (see `moderation`).

use std::collections::HashMap;

use accounts::api::Member;
use platform::db::Conn;
use platform::moderation::{self, Subject};
use platform::paging::PageRequest;
use platform::rate_limit::{self, Limit};
use platform::{AppState, Identity, UserId, files, transaction};

use crate::dto::{ChatMessage, ChatPeer, Conversation, ConversationsPage, MessagesPage};
use crate::error::{ChatError, STRANGER_LIMIT};
use crate::events::ChatFrame;
use crate::hub::{Delivery, Hub};
use crate::model::{ConversationId, Draft, MessageId, MessageRow};
use crate::repo;

/// The longest message, in characters.
pub const MESSAGE_MAX_CHARS: usize = 1000;
/// Messages a member may send a minute, over all conversations.
const SEND_RATE: Limit = Limit {
    max_hits: 20,
    window_seconds: 60,
};
const MESSAGES_PAGE: i64 = 30;
const MESSAGES_PAGE_MAX: i64 = 100;
const CONVERSATIONS_PAGE: i64 = 20;
const CONVERSATIONS_PAGE_MAX: i64 = 100;
/// Missed messages a reconnecting socket is sent per query (it is sent all of them).
const CATCH_UP_BATCH: i64 = 200;

/// The process-wide hub the chat's settings created.
pub fn hub(state: &AppState) -> &Hub {
    state
        .settings
        .get::<Hub>()
        .expect("the chat module's settings create its hub")
}

/// A message as typed: text trimmed (control characters other than line breaks and tabs
/// dropped), at most 1000 characters, or a picture.
pub fn draft(content: &str, image: &str) -> Result<Draft, ChatError> {
    let cleaned: String = content
        .chars()
        .filter(|c| !c.is_control() || matches!(c, '\n' | '\t'))
        .collect();
    let content = if platform::text::has_visible(&cleaned) {
        platform::text::trim_visible(&cleaned).to_owned()
    } else {
        String::new()
    };
    if content.chars().count() > MESSAGE_MAX_CHARS {
        return Err(ChatError::Invalid("消息不能超过1000个字"));
    }
    let image = image.trim().to_owned();
    if content.is_empty() && image.is_empty() {
        return Err(ChatError::Invalid("消息不能为空"));
    }
    Ok(Draft { content, image })
}

/// The member `uuid` names, whom `me` may address.
async fn peer(conn: &mut Conn<'_>, me: &Identity, uuid: &str) -> Result<Member, ChatError> {
    let peer = accounts::api::member_by_uuid(conn, uuid.trim())
        .await?
        .ok_or(ChatError::NoSuchMember)?;
    if peer.id == me.user_id {
        return Err(ChatError::Invalid("不能给自己发消息"));
    }
    Ok(peer)
}

/// Refuses a pair on either side of a blacklisting; answers whether they are friends.
async fn may_talk(conn: &mut Conn<'_>, me: UserId, peer: UserId) -> Result<bool, ChatError> {
    let standing = profile::api::standing(conn, me, peer).await?;
    if standing.blocks {
        return Err(ChatError::YouBlocked);
    }
    if standing.blocked_by {
        return Err(ChatError::BlockedByPeer);
    }
    Ok(standing.mutual)
}

pub async fn send(
    state: &AppState,
    me: &Identity,
    peer_uuid: &str,
    draft: Draft,
) -> Result<ChatMessage, ChatError> {
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let peer = peer(conn, me, peer_uuid).await?;
    if !draft.image.is_empty() {
        let owned = files::claim_own_uploads(
            conn,
            me.user_id,
            crate::CHAT_IMAGE,
            std::slice::from_ref(&draft.image),
        )
        .await?;
        if owned.is_empty() {
            return Err(ChatError::Invalid("图片不存在，请重新上传"));
        }
    }
    let row: MessageRow = transaction!(conn, |tx| {
        // Inside the transaction: a refused message gives its hit back.
        let bucket = format!("chat-send:{}", me.user_id.get());
        rate_limit::reserve(tx, &bucket, SEND_RATE, now).await?;
        let friends = may_talk(tx, me.user_id, peer.id).await?;
        let conversation = repo::open_conversation(tx, me.user_id, peer.id, now).await?;
        let row = repo::insert_message(tx, conversation, me.user_id, &draft, now).await?;
        // Counting the send first locks the sender's side, so two sends at once cannot both
        // pass the stranger limit.
        let sent = repo::note_sent(tx, &row).await?;
        if !friends && sent > STRANGER_LIMIT && repo::sent_by(tx, conversation, peer.id).await? == 0
        {
            return Err(ChatError::AwaitingReply);
        }
        repo::note_received(tx, &row, peer.id).await?;
        if !row.content.is_empty() {
            moderation::screen(
                tx,
                Subject::Message,
                row.id.get(),
                me.user_id,
                &row.content,
                now,
            )
            .await?;
        }
        Ok(row)
    })?;
    let message = ChatMessage::of(row, &me.uuid, &peer.summary.uuid);
    let frame = ChatFrame::Message {
        message: message.clone(),
    };
    let delivery = Delivery {
        to: vec![me.user_id, peer.id],
        frame: frame.encode(),
    };
    hub(state).publish(conn, me.user_id, delivery).await;
    Ok(message)
}

/// A page of the conversation with `peer_uuid`, newest page first, messages oldest first.
pub async fn messages(
    state: &AppState,
    me: &Identity,
    peer_uuid: &str,
    before: Option<MessageId>,
    page_size: Option<i64>,
) -> Result<MessagesPage, ChatError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let peer = peer(conn, me, peer_uuid).await?;
    let friends = may_talk(conn, me.user_id, peer.id).await?;
    let card = peer_card(conn, me, &peer).await?;
    let Some(side) = repo::side(conn, me.user_id, peer.id).await? else {
        return Ok(MessagesPage {
            peer: card,
            messages: Vec::new(),
            has_more: 0,
            peer_read_id: 0,
            remaining_before_reply: if friends { -1 } else { STRANGER_LIMIT },
        });
    };
    let size = page_size
        .unwrap_or(MESSAGES_PAGE)
        .clamp(1, MESSAGES_PAGE_MAX);
    let mut rows =
        repo::older_messages(conn, side.conversation_id, me.user_id, before, size + 1).await?;
    let has_more = i64::try_from(rows.len()).unwrap_or(i64::MAX) > size;
    rows.truncate(usize::try_from(size).unwrap_or(0));
    rows.reverse();
    let peer_sent = repo::sent_by(conn, side.conversation_id, peer.id).await?;
    let peer_read_id = repo::read_by(conn, side.conversation_id, peer.id).await?;
    let uuids = [
        (me.user_id, me.uuid.as_str()),
        (peer.id, peer.summary.uuid.as_str()),
    ];
    Ok(MessagesPage {
        peer: card,
        messages: rows.into_iter().map(|row| shown(row, &uuids)).collect(),
        has_more: i64::from(has_more),
        peer_read_id: peer_read_id.get(),
        remaining_before_reply: if friends || peer_sent > 0 {
            -1
        } else {
            (STRANGER_LIMIT - side.sent).max(0)
        },
    })
}

/// Marks the conversation with `peer_uuid` read up to `last_id` and tells both members' tabs.
/// Refused across a blacklisting either way, as the conversation itself is: no read mark
/// passes between them, now or once the blacklisting ends.
pub async fn read(
    state: &AppState,
    me: &Identity,
    peer_uuid: &str,
    last_id: MessageId,
) -> Result<(), ChatError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let peer = peer(conn, me, peer_uuid).await?;
    may_talk(conn, me.user_id, peer.id).await?;
    let Some(side) = repo::side(conn, me.user_id, peer.id).await? else {
        return Ok(());
    };
    let Some(read_to) = repo::mark_read(conn, &side, last_id).await? else {
        return Ok(());
    };
    let frame = ChatFrame::Read {
        reader_uuid: me.uuid.clone(),
        with_uuid: peer.summary.uuid.clone(),
        last_read_id: read_to.get(),
    };
    let delivery = Delivery {
        to: vec![me.user_id, peer.id],
        frame: frame.encode(),
    };
    hub(state).publish(conn, me.user_id, delivery).await;
    Ok(())
}

/// Tells the peer's tabs that the member is typing (nothing when they may not talk or have
/// no conversation yet).
pub async fn typing(state: &AppState, me: &Identity, peer_uuid: &str) -> Result<(), ChatError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let peer = peer(conn, me, peer_uuid).await?;
    if repo::side(conn, me.user_id, peer.id).await?.is_none() {
        return Ok(());
    }
    may_talk(conn, me.user_id, peer.id).await?;
    let frame = ChatFrame::Typing {
        from_uuid: me.uuid.clone(),
    };
    let delivery = Delivery {
        to: vec![peer.id],
        frame: frame.encode(),
    };
    hub(state).publish(conn, me.user_id, delivery).await;
    Ok(())
}

/// The member's conversations, the one with the newest message first; those with members
/// blacklisted either way are left out.
pub async fn conversations(
    state: &AppState,
    me: &Identity,
    request: &PageRequest,
) -> Result<ConversationsPage, ChatError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let blocked = profile::api::blocked_either_way(conn, me.user_id).await?;
    let mut sides = repo::sides_of(conn, me.user_id).await?;
    sides.retain(|side| !blocked.contains(&side.peer_id) && side.last_message_id.get() > 0);
    let total = i64::try_from(sides.len()).unwrap_or(i64::MAX);
    let window = request.window(CONVERSATIONS_PAGE, CONVERSATIONS_PAGE_MAX);
    let shown_sides: Vec<_> = window.of_items(sides).collect();
    let peers: Vec<UserId> = shown_sides.iter().map(|side| side.peer_id).collect();
    let mut cards = profile::api::cards(conn, Some(me), &peers).await?;
    let last_ids: Vec<MessageId> = shown_sides
        .iter()
        .map(|side| side.last_message_id)
        .collect();
    let mut last = repo::messages_by_id(conn, &last_ids).await?;
    let conversations = shown_sides
        .into_iter()
        .filter_map(|side| {
            let card = cards.remove(&side.peer_id)?;
            let uuids = [
                (me.user_id, me.uuid.as_str()),
                (side.peer_id, card.uuid.as_str()),
            ];
            let last_message = last
                .remove(&side.last_message_id)
                .map(|row| shown(row, &uuids));
            Some(Conversation {
                peer: ChatPeer::from(card),
                last_message,
                unread: side.unread,
                updated_at: side.last_at,
            })
        })
        .collect();
    Ok(ConversationsPage {
        conversations,
        total,
    })
}

/// Unread messages over the member's conversations (blacklisted members' left out).
pub async fn unread(state: &AppState, me: &Identity) -> Result<i64, ChatError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let sides = repo::sides_of(conn, me.user_id).await?;
    if sides.iter().all(|side| side.unread == 0) {
        return Ok(0);
    }
    let blocked = profile::api::blocked_either_way(conn, me.user_id).await?;
    Ok(sides
        .iter()
        .filter(|side| !blocked.contains(&side.peer_id))
        .map(|side| side.unread)
        .sum())
}

/// What a socket that was away missed: every message after the last id it saw in the member's
/// conversations (blacklisted members' left out), oldest first. It is read a batch at a time,
/// so a long absence is neither loaded at once nor holds a connection while the frames go out.
pub struct CatchUp {
    me: UserId,
    /// The newest message handed out so far (the client's last id before the first batch).
    after: MessageId,
    conversations: Vec<ConversationId>,
    peer_of: HashMap<ConversationId, UserId>,
    /// The member's and each peer's uuid.
    uuids: HashMap<UserId, String>,
    finished: bool,
}

pub async fn catch_up(
    state: &AppState,
    me: &Identity,
    after: MessageId,
) -> Result<CatchUp, ChatError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let blocked = profile::api::blocked_either_way(conn, me.user_id).await?;
    let sides: Vec<_> = repo::sides_of(conn, me.user_id)
        .await?
        .into_iter()
        .filter(|side| !blocked.contains(&side.peer_id) && side.last_message_id > after)
        .collect();
    let peers: Vec<UserId> = sides.iter().map(|side| side.peer_id).collect();
    let mut uuids: HashMap<UserId, String> = accounts::api::user_summaries(conn, &peers)
        .await?
        .into_iter()
        .map(|(id, summary)| (id, summary.uuid))
        .collect();
    uuids.insert(me.user_id, me.uuid.clone());
    Ok(CatchUp {
        me: me.user_id,
        after,
        conversations: sides.iter().map(|side| side.conversation_id).collect(),
        peer_of: sides
            .iter()
            .map(|side| (side.conversation_id, side.peer_id))
            .collect(),
        uuids,
        finished: sides.is_empty(),
    })
}

impl CatchUp {
    /// The next missed messages, oldest first; `None` once all of them were handed out.
    pub async fn next_batch(
        &mut self,
        state: &AppState,
    ) -> Result<Option<Vec<ChatMessage>>, ChatError> {
        if self.finished {
            return Ok(None);
        }
        let mut pooled = state.db.get().await?;
        let conn = &mut pooled.conn();
        let rows = repo::messages_after(
            conn,
            &self.conversations,
            self.me,
            self.after,
            CATCH_UP_BATCH,
        )
        .await?;
        self.finished = i64::try_from(rows.len()).unwrap_or(i64::MAX) < CATCH_UP_BATCH;
        if let Some(newest) = rows.last() {
            self.after = newest.id;
        }
        Ok(Some(
            rows.into_iter().filter_map(|row| self.shown(row)).collect(),
        ))
    }

    fn shown(&self, row: MessageRow) -> Option<ChatMessage> {
        let peer = *self.peer_of.get(&row.conversation_id)?;
        let pair = [
            (self.me, self.uuids.get(&self.me)?.as_str()),
            (peer, self.uuids.get(&peer)?.as_str()),
        ];
        Some(shown(row, &pair))
    }
}

/// A stored message with its two members' uuids, sender first.
fn shown(row: MessageRow, pair: &[(UserId, &str); 2]) -> ChatMessage {
    let (sender, receiver) = if row.sender_id == pair[0].0 {
        (pair[0].1, pair[1].1)
    } else {
        (pair[1].1, pair[0].1)
    };
    ChatMessage::of(row, sender, receiver)
}

async fn peer_card(
    conn: &mut Conn<'_>,
    me: &Identity,
    peer: &Member,
) -> Result<ChatPeer, ChatError> {
    let card = profile::api::cards(conn, Some(me), &[peer.id])
        .await?
        .remove(&peer.id);
    Ok(card.map(ChatPeer::from).unwrap_or_else(|| ChatPeer {
        uuid: peer.summary.uuid.clone(),
        username: peer.summary.username.clone(),
        nickname: peer.summary.nickname.clone(),
        avatar: String::new(),
        city: String::new(),
    }))
}

impl From<profile::api::MemberCard> for ChatPeer {
    fn from(card: profile::api::MemberCard) -> Self {
        Self {
            uuid: card.uuid,
            username: card.username,
            nickname: card.nickname,
            avatar: card.avatar,
            city: card.city,
        }
    }
}
