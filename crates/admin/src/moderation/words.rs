//! The sensitive-word list admins edit; new texts containing a word open a case in the queue.

use actix_web::{post, web};
use platform::audit::{self, Action};
use platform::moderation;
use platform::{
    AdminUser, ApiResult, AppState, Envelope, ErrorEnvelope, ok, ok_with_message, transaction,
};

use super::dto::SensitiveWords;
use super::error::ModerationError;

const WORD_MAX_CHARS: usize = 20;
const WORDS_MAX: usize = 500;

/// The sensitive words, in order.
#[utoipa::path(
    tag = "admin",
    operation_id = "admin_moderation_words",
    responses(
        (status = 200, body = Envelope<SensitiveWords>),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an admin", body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/moderation/words")]
pub(super) async fn show(state: web::Data<AppState>) -> ApiResult<SensitiveWords> {
    let mut pooled = state.db.get().await?;
    let words = moderation::words(&mut pooled.conn()).await?;
    ok(SensitiveWords { words })
}

/// Replaces the list. Texts already written are not screened again.
#[utoipa::path(
    tag = "admin",
    operation_id = "admin_moderation_words_save",
    request_body = SensitiveWords,
    responses(
        (status = 200, description = "保存成功, with the list as stored", body = Envelope<SensitiveWords>),
        (status = 400, description = "A word over 20 characters, or more than 500 words", body = ErrorEnvelope),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an admin", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/moderation/words/save")]
pub(super) async fn save(
    state: web::Data<AppState>,
    admin: AdminUser,
    body: web::Json<SensitiveWords>,
) -> ApiResult<SensitiveWords> {
    let list = cleaned(&body.words)?;
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    transaction!(conn, |tx| {
        let before = moderation::words(tx).await?;
        moderation::replace_words(tx, &list, now).await?;
        let action = Action::new(admin.0.user_id, "words.save", "sensitive_words", "list")
            .states(Some(&before), Some(&list));
        audit::record(tx, action, now).await?;
        Ok::<_, ModerationError>(())
    })?;
    ok_with_message("保存成功", SensitiveWords { words: list })
}

/// The words trimmed, blanks and repeats dropped, in order; refused when one is too long or
/// there are too many.
fn cleaned(raw: &[String]) -> Result<Vec<String>, ModerationError> {
    let mut list: Vec<String> = Vec::new();
    for word in raw {
        let word = platform::text::trim_visible(word);
        if word.is_empty() || list.iter().any(|kept| kept == word) {
            continue;
        }
        if word.chars().count() > WORD_MAX_CHARS {
            return Err(ModerationError::Invalid("敏感词不能超过 20 个字符"));
        }
        list.push(word.to_owned());
    }
    if list.len() > WORDS_MAX {
        return Err(ModerationError::Invalid("敏感词最多 500 个"));
    }
    list.sort();
    Ok(list)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_trimmed_deduplicated_and_sorted() {
        let raw = ["  微信 ", "", "加我", "微信", "\u{200B}"].map(str::to_owned);
        assert_eq!(cleaned(&raw).unwrap(), ["加我", "微信"]);
    }

    #[test]
    fn long_words_and_long_lists_are_refused() {
        assert!(cleaned(&["字".repeat(21)]).is_err());
        let many: Vec<String> = (0..501).map(|n| format!("词{n}")).collect();
        assert!(cleaned(&many).is_err());
    }
}
