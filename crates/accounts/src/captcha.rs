//! Captcha images and the keyed hashes of their answers.

use base64::Engine as _;
use captcha::filters::{Dots, Noise, Wave};
use hmac::{Hmac, Mac};
use sha2::Sha256;

/// A captcha lives five minutes and dies at its first use.
pub const CAPTCHA_TTL_SECONDS: i64 = 5 * 60;
const CAPTCHA_LENGTH: u32 = 4;

pub struct RenderedCaptcha {
    pub answer: String,
    /// A `data:image/png;base64,…` URL an `<img>` shows directly.
    pub image_data_url: String,
}

/// Draws a new captcha with the captcha crate (CPU-bound: run it on a `CpuBound` pool).
pub fn render() -> Option<RenderedCaptcha> {
    let mut drawing = captcha::Captcha::new();
    drawing
        .add_chars(CAPTCHA_LENGTH)
        .apply_filter(Noise::new(0.1))
        .apply_filter(Wave::new(2.0, 8.0).horizontal())
        .view(200, 70)
        .apply_filter(Dots::new(6))
        // The site's deep rose, so the image belongs to the form it sits in.
        .set_color([138, 28, 69]);
    let png = drawing.as_png()?;
    Some(RenderedCaptcha {
        answer: drawing.chars_as_string(),
        image_data_url: format!(
            "data:image/png;base64,{}",
            base64::engine::general_purpose::STANDARD.encode(png)
        ),
    })
}

/// HMAC of the captcha id and the case-folded answer under the server secret: the stored
/// value reveals nothing, and a hash cannot be replayed for another captcha id.
pub fn answer_hash(secret: &str, captcha_id: &str, answer: &str) -> String {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(secret.as_bytes())
        .expect("HMAC accepts keys of any length");
    mac.update(captcha_id.as_bytes());
    mac.update(b":");
    mac.update(answer.trim().to_lowercase().as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

/// Compares two hashes in constant time.
pub fn hashes_match(expected: &str, given: &str) -> bool {
    platform::text::equal_in_constant_time(expected, given)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_case_insensitive_and_bound_to_their_captcha() {
        let stored = answer_hash("secret", "id-1", "Ab3x");
        assert!(hashes_match(
            &stored,
            &answer_hash("secret", "id-1", "aB3X")
        ));
        assert!(hashes_match(
            &stored,
            &answer_hash("secret", "id-1", " ab3x ")
        ));
        assert!(!hashes_match(
            &stored,
            &answer_hash("secret", "id-2", "ab3x")
        ));
        assert!(!hashes_match(
            &stored,
            &answer_hash("other", "id-1", "ab3x")
        ));
        assert!(!hashes_match(
            &stored,
            &answer_hash("secret", "id-1", "ab3y")
        ));
    }

    #[test]
    fn render_produces_a_png_data_url_and_its_answer() {
        let rendered = render().expect("captcha renders");
        assert_eq!(rendered.answer.chars().count(), CAPTCHA_LENGTH as usize);
        let payload = rendered
            .image_data_url
            .strip_prefix("data:image/png;base64,")
            .expect("data url");
        let png = base64::engine::general_purpose::STANDARD
            .decode(payload)
            .expect("base64");
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    }
}
