//! Perceptual hashes of profile photos: a picture another member already shows (a stolen
//! photo, a shared fake) is flagged for the moderators when it is added to a wall.

use std::collections::HashMap;

use diesel::QueryResult;
use image::imageops::{self, FilterType};
use platform::db::Conn;
use platform::files::StoredPath;
use platform::moderation::{self, Subject};
use platform::{ApiError, AppState, UserId};

use crate::model::PhotoId;
use crate::{PHOTO, repo};

/// Hashes at most this many bits apart are one picture, re-encoded, resized or lightly edited.
pub const SAME_PICTURE_BITS: u32 = 3;
/// A hash with fewer bits set than this, or fewer unset, comes from a flat or evenly shaded
/// picture (a blank, a plain gradient, a bare sky): such pictures look alike to the hash
/// without being copies, so they are never compared.
const LEAST_DETAIL_BITS: u32 = 12;
/// The most photos sharing a band that are compared: a picture on many walls (or a blank one)
/// costs no more than this.
const MOST_COMPARED: i64 = 200;
/// The most other members a flag names: a picture found on many walls is flagged as well by a
/// few of them.
const MOST_NAMED: usize = 5;

/// A 64-bit difference hash (dHash): the picture in grayscale, shrunk to 9×8, one bit per
/// pair of horizontal neighbours (set when the right one is brighter). Re-encoding and
/// resizing keep it within a few bits; different pictures land about 32 bits apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PhotoHash(u64);

impl PhotoHash {
    /// The hash of an encoded image; `None` when it cannot be decoded.
    pub fn of_image(bytes: &[u8]) -> Option<Self> {
        let gray = image::load_from_memory(bytes).ok()?.to_luma8();
        let small = imageops::resize(&gray, 9, 8, FilterType::Triangle);
        let mut bits = 0_u64;
        for y in 0..8 {
            for x in 0..8 {
                let brighter = small.get_pixel(x + 1, y)[0] > small.get_pixel(x, y)[0];
                bits = (bits << 1) | u64::from(brighter);
            }
        }
        Some(Self(bits))
    }

    /// Whether the picture has detail enough for its hash to tell it from others.
    pub fn is_distinctive(self) -> bool {
        (LEAST_DETAIL_BITS..=64 - LEAST_DETAIL_BITS).contains(&self.0.count_ones())
    }

    /// How many bits differ.
    pub fn distance(self, other: Self) -> u32 {
        (self.0 ^ other.0).count_ones()
    }

    /// The hash as stored (its bits in a signed column).
    pub fn stored(self) -> i64 {
        i64::from_le_bytes(self.0.to_le_bytes())
    }

    pub fn from_stored(stored: i64) -> Self {
        Self(u64::from_le_bytes(stored.to_le_bytes()))
    }

    /// The four 16-bit bands, lowest first. Hashes within [`SAME_PICTURE_BITS`] of each other
    /// differ in at most three bands, so they share at least one.
    pub fn bands(self) -> [i64; 4] {
        let bytes = self.0.to_le_bytes();
        [0, 1, 2, 3]
            .map(|band| i64::from(u16::from_le_bytes([bytes[2 * band], bytes[2 * band + 1]])))
    }
}

/// The hashes of the photos at `paths`, keyed by path, read from their thumbnails (480 pixels
/// at most, so a decode is small) on the blocking pool. A photo whose file cannot be read gets
/// none: it is then never compared.
pub async fn hash_photos(
    state: &AppState,
    paths: Vec<String>,
) -> Result<HashMap<String, PhotoHash>, ApiError> {
    let store = state.files_of(PHOTO);
    let mut thumbnails = Vec::new();
    for path in paths {
        let Some(thumbnail) = thumbnail_of(&path).and_then(|t| StoredPath::parse(&t)) else {
            continue;
        };
        match store.get(&thumbnail).await {
            Ok(Some(bytes)) => thumbnails.push((path, bytes)),
            Ok(None) => {}
            Err(error) => tracing::warn!(%error, path, "a photo's thumbnail could not be read"),
        }
    }
    if thumbnails.is_empty() {
        return Ok(HashMap::new());
    }
    actix_web::web::block(move || {
        thumbnails
            .into_iter()
            .filter_map(|(path, bytes)| Some((path, PhotoHash::of_image(&bytes)?)))
            .collect()
    })
    .await
    .map_err(ApiError::internal)
}

/// The thumbnail the upload pipeline stores beside an image: `<stem>_thumb.<extension>`.
fn thumbnail_of(path: &str) -> Option<String> {
    let (stem, extension) = path.rsplit_once('.')?;
    Some(format!("{stem}_thumb.{extension}"))
}

/// Flags the new photo of `owner` when other members have a photo of the same picture,
/// naming them (inside the transaction that adds it).
pub async fn flag_copies(
    conn: &mut Conn<'_>,
    photo: PhotoId,
    owner: UserId,
    hash: PhotoHash,
    now: i64,
) -> QueryResult<()> {
    if !hash.is_distinctive() {
        return Ok(());
    }
    let mut others: Vec<UserId> =
        repo::photos_sharing_a_band(conn, owner, hash.bands(), MOST_COMPARED)
            .await?
            .into_iter()
            .filter(|(_, stored)| {
                hash.distance(PhotoHash::from_stored(*stored)) <= SAME_PICTURE_BITS
            })
            .map(|(other, _)| other)
            .collect();
    others.sort_unstable();
    others.dedup();
    others.truncate(MOST_NAMED);
    let summaries = accounts::api::user_summaries(conn, &others).await?;
    for other in &others {
        let Some(summary) = summaries.get(other) else {
            continue;
        };
        let reason = format!("照片与会员 {} 的照片相同", summary.uuid);
        moderation::flag(conn, Subject::Photo, photo.get(), owner, &reason, now).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::io::Cursor;

    use image::{DynamicImage, ImageFormat, Rgb, RgbImage};

    use super::*;

    /// A picture with large light and dark shapes, as a photo has, `width` pixels wide (3:4).
    fn picture(width: u32, seed: u32) -> DynamicImage {
        let height = width * 4 / 3;
        let image = RgbImage::from_fn(width, height, |x, y| {
            let (u, v) = (x * 1000 / width, y * 1000 / height);
            let wave = (u * (3 + seed) + v * (5 + 2 * seed)) % 1000;
            let disc = (u.abs_diff(300 + 40 * seed)).pow(2) + (v.abs_diff(600)).pow(2) < 200 * 200;
            let light = if disc { 255 - wave / 8 } else { wave / 4 };
            Rgb([light as u8, (light / 2 + v / 8) as u8, (u / 4) as u8])
        });
        DynamicImage::ImageRgb8(image)
    }

    fn encoded(image: &DynamicImage, format: ImageFormat) -> Vec<u8> {
        let mut out = Cursor::new(Vec::new());
        image.write_to(&mut out, format).unwrap();
        out.into_inner()
    }

    fn hash(image: &DynamicImage, format: ImageFormat) -> PhotoHash {
        PhotoHash::of_image(&encoded(image, format)).unwrap()
    }

    #[test]
    fn the_same_picture_re_encoded_or_resized_keeps_its_hash_within_three_bits() {
        let original = picture(600, 1);
        let hash_of_original = hash(&original, ImageFormat::Png);
        let copies = [
            hash(&original, ImageFormat::Jpeg),
            hash(&original.thumbnail(480, 480), ImageFormat::Jpeg),
            hash(
                &original.resize_exact(240, 300, FilterType::Triangle),
                ImageFormat::Png,
            ),
        ];
        for copy in copies {
            assert!(
                hash_of_original.distance(copy) <= SAME_PICTURE_BITS,
                "{copy:?} against {hash_of_original:?}"
            );
        }
    }

    #[test]
    fn different_pictures_are_far_apart() {
        let first = hash(&picture(600, 1), ImageFormat::Png);
        for seed in [2, 3, 4] {
            let other = hash(&picture(600, seed), ImageFormat::Png);
            assert!(
                first.distance(other) > 10,
                "seed {seed}: {} bits",
                first.distance(other)
            );
        }
        let mirrored = hash(&picture(600, 1).fliph(), ImageFormat::Png);
        assert!(first.distance(mirrored) > 10);
    }

    #[test]
    fn near_hashes_share_a_band_and_the_stored_form_round_trips() {
        let hash = PhotoHash(0x0123_4567_89AB_CDEF);
        assert_eq!(hash.bands(), [0xCDEF, 0x89AB, 0x4567, 0x0123]);
        let near = PhotoHash(hash.0 ^ (1 << 3 | 1 << 20 | 1 << 40));
        assert_eq!(hash.distance(near), 3);
        assert!(hash.bands().iter().zip(near.bands()).any(|(a, b)| *a == b));
        let high = PhotoHash(u64::MAX);
        assert_eq!(PhotoHash::from_stored(high.stored()), high);
        assert!(high.stored() < 0);
    }

    #[test]
    fn flat_and_evenly_shaded_pictures_are_not_distinctive() {
        let flat = DynamicImage::ImageRgb8(RgbImage::from_pixel(200, 200, Rgb([90, 90, 90])));
        let sky = DynamicImage::ImageRgb8(RgbImage::from_fn(200, 200, |_, y| {
            Rgb([40, 90, 100 + (y / 2) as u8])
        }));
        let ramp =
            DynamicImage::ImageRgb8(RgbImage::from_fn(200, 200, |x, _| Rgb([x as u8, 60, 60])));
        for plain in [flat, sky, ramp] {
            assert!(!hash(&plain, ImageFormat::Png).is_distinctive());
        }
        assert!(hash(&picture(600, 1), ImageFormat::Png).is_distinctive());
    }

    #[test]
    fn undecodable_bytes_have_no_hash() {
        assert_eq!(PhotoHash::of_image(b"not an image"), None);
    }
}
