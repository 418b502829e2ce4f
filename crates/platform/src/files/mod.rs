//! The upload pipeline: size limit per purpose, decoding under pixel limits, re-encoding
//! without metadata, a thumbnail, storage behind a trait, and a record of who uploaded what.

mod access;
mod bucket;
pub mod http;
mod image;
mod names;
mod quota;
mod storage;

use std::collections::HashSet;
use std::sync::OnceLock;

use diesel::prelude::*;
use diesel_async::RunQueryDsl;

use crate::auth::Identity;
use crate::cpu_bound::CpuBound;
use crate::db::Conn;
use crate::error::ApiError;
use crate::ids::UserId;
use crate::run;
use crate::schema::uploads;
use crate::state::AppState;

use self::image::ImageError;
pub use self::image::MAX_PIXELS;
pub use access::{ReadRule, ReadRuleFuture};
pub use bucket::ObjectStorage;
pub use storage::{LocalStorage, Storage, StoredPath};

/// What an upload is for, declared by the crate that uses it (`moments::MOMENT_IMAGE`, …)
/// and registered through its module (`Module::with_uploads`); the platform keeps the
/// mechanism (limits, decoding, re-encoding, thumbnails, storage).
#[derive(Debug, Clone, Copy)]
pub struct Purpose {
    /// The `?purpose=` value, the folder under `uploads/` and the record's purpose.
    pub name: &'static str,
    /// The largest file accepted, in bytes.
    pub max_bytes: usize,
    /// The 413 message for a larger file (spec 2, section 5).
    pub too_large: &'static str,
    /// Also store a blurred copy (`<name>_blur.<ext>`, the spec's `blur` paths): what a
    /// locked photo shows.
    pub blurred_variant: bool,
    /// Keep the files in the private store, which `/api/v1/uploads/` never serves (identity
    /// documents); only the owning crate's handlers read them, through `AppState::files_of`.
    pub private: bool,
    /// Store under `uploads/<name>/tobeaudit/` (the spec's pending-review paths) until the
    /// owning crate passes the image with [`reviewed_copy`].
    pub awaiting_review: bool,
    /// Refuse GIFs too, with this 415 text (avatars: JPG, PNG or WebP only).
    pub still_only: Option<&'static str>,
    /// Serve every file of the purpose only to its uploader, admins and the callers this rule
    /// admits (chat pictures: the conversation's two members); see [`Purpose::readable_by`].
    pub read_rule: Option<ReadRule>,
}

/// Purposes are told apart by name: the registry refuses two of one name.
impl PartialEq for Purpose {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl Eq for Purpose {}

impl Purpose {
    /// A public purpose without a blurred copy.
    pub const fn new(name: &'static str, max_bytes: usize, too_large: &'static str) -> Self {
        Self {
            name,
            max_bytes,
            too_large,
            blurred_variant: false,
            private: false,
            awaiting_review: false,
            still_only: None,
            read_rule: None,
        }
    }

    pub const fn with_blurred_variant(mut self) -> Self {
        self.blurred_variant = true;
        self
    }

    pub const fn kept_private(mut self) -> Self {
        self.private = true;
        self
    }

    pub const fn awaiting_review(mut self) -> Self {
        self.awaiting_review = true;
        self
    }

    pub const fn still_images_only(mut self, refusal: &'static str) -> Self {
        self.still_only = Some(refusal);
        self
    }

    /// Makes the purpose's files readable only by their uploader, admins and the callers
    /// `rule` admits; `GET /uploads/` answers anyone else 404, as for a missing file, and
    /// nobody may keep a copy (`private, no-store`). The owning crate declares the rule, as
    /// the platform cannot know what carries its pictures.
    pub const fn readable_by(mut self, rule: ReadRule) -> Self {
        self.read_rule = Some(rule);
        self
    }

    /// The 415 text for a file this purpose does not take.
    fn not_an_image(self) -> &'static str {
        self.still_only.unwrap_or(NOT_AN_IMAGE)
    }
}

/// The folder segment of an image awaiting review; the web shows 待审核 over such paths.
pub const AWAITING_REVIEW: &str = "tobeaudit";

/// Whether `path` is an image still awaiting review.
pub fn is_awaiting_review(path: &str) -> bool {
    path.split('/').any(|segment| segment == AWAITING_REVIEW)
}

/// The blurred copy's path beside a stored image's path: `<folder>/<mark>_blur.<ext>`, where
/// the mark is a keyed hash of the image's name. A viewer shown only the blurred copy (photo
/// protection) can therefore derive neither the clear image's name nor its thumbnail's; the
/// same image keeps the same mark in and out of `tobeaudit/`, so a review's copy finds it.
pub fn blurred_path(path: &str) -> Option<String> {
    let (stem, extension) = path.rsplit_once('.')?;
    let (folder, name) = stem.rsplit_once('/').unwrap_or(("", stem));
    if name.is_empty() || name.ends_with("_blur") {
        return None;
    }
    let mark = blur_key().mark(name);
    Some(if folder.is_empty() {
        format!("{mark}_blur.{extension}")
    } else {
        format!("{folder}/{mark}_blur.{extension}")
    })
}

/// The key of blurred copies' names, for the whole process (it is fixed by the server secret,
/// like the tokens' key). Set by [`AppState::new`] before any worker starts; every gateway of
/// a site derives the same one, so they all name a blurred copy alike.
static BLUR_KEY: OnceLock<names::BlurKey> = OnceLock::new();

/// Sets the blurred copies' key from the server secret. A second call with another secret is
/// a programming error (two sites in one process would name each other's copies wrongly).
pub(crate) fn install_blur_key(secret: &str) {
    let key = names::BlurKey::derive(secret);
    let installed = BLUR_KEY.get_or_init(|| key.clone());
    assert!(
        *installed == key,
        "the blurred copies' key is set once per process, from one server secret"
    );
}

fn blur_key() -> &'static names::BlurKey {
    BLUR_KEY
        .get()
        .expect("AppState::new sets the blurred copies' key before any image is named")
}

/// The purpose of an upload that names none (spec 1: the moment images' call).
pub const DEFAULT_PURPOSE: &str = "moment";

pub const NOT_AN_IMAGE: &str = "只能上传图片文件!";
/// A 16-bit image within the pixel limit can still need more memory than a decode may take.
pub const TOO_MUCH_MEMORY: &str = "图片解码所需内存过大，请缩小图片尺寸或降低色深后重试";

/// A stored upload: the image and its thumbnail, as relative paths served under /api/v1/.
#[derive(Debug, Clone)]
pub struct StoredUpload {
    pub path: String,
    pub thumbnail_path: String,
    /// Present for purposes with a blurred variant.
    pub blurred_path: Option<String>,
}

/// Image decodes at once, one per CPU: decoding a large image holds over 100 MB for about a
/// second, and more decodes than CPUs buy no speed, only memory.
fn decodes() -> &'static CpuBound {
    static DECODES: OnceLock<CpuBound> = OnceLock::new();
    DECODES.get_or_init(|| CpuBound::new("image-decode", crate::cpu_bound::cpus()))
}

/// Whether a stored image is already in use when it is stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Use {
    /// Stored by the server for what it saves next (demo seeds, WeChat avatars).
    Immediate,
    /// A member's upload: unclaimed until something that uses it is saved
    /// ([`claim_own_uploads`]), and swept after [`UNCLAIMED_KEPT_SECONDS`] otherwise.
    OnceClaimed,
}

/// Checks, decodes, re-encodes and stores an image the server itself stores for `owner` (demo
/// seeds, WeChat avatars): in use at once, outside any quota. Members' uploads go through
/// [`http::receive_image`].
pub async fn store_image(
    state: &AppState,
    owner: &Identity,
    purpose: Purpose,
    bytes: Vec<u8>,
) -> Result<StoredUpload, ApiError> {
    store(state, owner, purpose, bytes, Use::Immediate).await
}

async fn store(
    state: &AppState,
    owner: &Identity,
    purpose: Purpose,
    bytes: Vec<u8>,
    use_: Use,
) -> Result<StoredUpload, ApiError> {
    if bytes.len() > purpose.max_bytes {
        return Err(ApiError::payload_too_large_with(purpose.too_large));
    }
    let now = state.now();
    let byte_size = i64::try_from(bytes.len()).unwrap_or(i64::MAX);
    let with_blurred = purpose.blurred_variant;
    let still_only = purpose.still_only.is_some();
    let processed = decodes()
        .run(move || image::process(&bytes, with_blurred, still_only))
        .await?
        .map_err(|error| match error {
            ImageError::UnsupportedType => ApiError::unsupported_media_type(purpose.not_an_image()),
            ImageError::Damaged => ApiError::bad_request("图片已损坏，无法读取"),
            ImageError::TooManyPixels(_) => {
                ApiError::payload_too_large_with("图片尺寸过大，请上传 4000 万像素以内的图片")
            }
            ImageError::TooMuchMemory => ApiError::payload_too_large_with(TOO_MUCH_MEMORY),
            ImageError::Encode(cause) => ApiError::internal(cause),
        })?;

    let name = uuid::Uuid::new_v4().simple().to_string();
    let folder = if purpose.awaiting_review {
        format!("uploads/{}/{AWAITING_REVIEW}/{}", purpose.name, &name[..2])
    } else {
        format!("uploads/{}/{}", purpose.name, &name[..2])
    };
    let path = stored_path(format!("{folder}/{name}.{}", processed.extension))?;
    let thumbnail = stored_path(format!("{folder}/{name}_thumb.{}", processed.extension))?;
    let store = state.files_of(purpose);
    store
        .put(&path, processed.bytes)
        .await
        .map_err(ApiError::internal)?;
    store
        .put(&thumbnail, processed.thumbnail)
        .await
        .map_err(ApiError::internal)?;
    let blurred = match processed.blurred {
        Some(bytes) => {
            let blurred = blurred_path(path.as_str())
                .and_then(|raw| StoredPath::parse(&raw))
                .ok_or_else(|| ApiError::internal("blurred path"))?;
            store
                .put(&blurred, bytes)
                .await
                .map_err(ApiError::internal)?;
            Some(blurred)
        }
        None => None,
    };

    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let record = diesel::insert_into(uploads::table).values((
        uploads::owner_id.eq(owner.user_id),
        uploads::purpose.eq(purpose.name),
        uploads::path.eq(path.as_str()),
        uploads::thumbnail_path.eq(thumbnail.as_str()),
        uploads::byte_size.eq(byte_size),
        uploads::width.eq(i64::from(processed.width)),
        uploads::height.eq(i64::from(processed.height)),
        uploads::created_at.eq(now),
        uploads::claimed.eq(use_ == Use::Immediate),
    ));
    run!(conn, |c| record.execute(c).await)?;
    Ok(StoredUpload {
        path: path.as_str().to_owned(),
        thumbnail_path: thumbnail.as_str().to_owned(),
        blurred_path: blurred.map(|path| path.as_str().to_owned()),
    })
}

fn stored_path(raw: String) -> Result<StoredPath, ApiError> {
    StoredPath::parse(&raw)
        .ok_or_else(|| ApiError::internal(format!("generated an unsafe path {raw}")))
}

/// How long a member's upload may stay unused before [`sweep_unclaimed`] deletes it.
pub const UNCLAIMED_KEPT_SECONDS: i64 = 24 * 3600;

/// The subset of `paths` that `owner` uploaded for `purpose`, now marked in use so the sweep of
/// unused uploads keeps them (one statement). Call it where the content that uses them is
/// saved: an upload the sweep has taken is not found, so the save is refused rather than left
/// pointing at a deleted file. A save that fails after its claim keeps the upload, as before
/// there was a sweep.
pub async fn claim_own_uploads(
    conn: &mut Conn<'_>,
    owner_id: UserId,
    purpose: Purpose,
    paths: &[String],
) -> QueryResult<HashSet<String>> {
    let found: Vec<String> = run!(conn, |c| diesel::update(
        uploads::table
            .filter(uploads::owner_id.eq(owner_id))
            .filter(uploads::purpose.eq(purpose.name))
            .filter(uploads::path.eq_any(paths))
    )
    .set(uploads::claimed.eq(true))
    .returning(uploads::path)
    .get_results(c)
    .await)?;
    Ok(found.into_iter().collect())
}

/// Marks `path`, uploaded by anyone for `purpose`, in use (staff editing shared content, whose
/// pictures any editor may have uploaded); false when there is no such upload.
pub async fn claim_upload(conn: &mut Conn<'_>, purpose: Purpose, path: &str) -> QueryResult<bool> {
    let claimed = run!(conn, |c| diesel::update(
        uploads::table
            .filter(uploads::path.eq(path))
            .filter(uploads::purpose.eq(purpose.name))
    )
    .set(uploads::claimed.eq(true))
    .execute(c)
    .await)?;
    Ok(claimed > 0)
}

/// Deletes the uploads nothing claimed within [`UNCLAIMED_KEPT_SECONDS`], with their files, in
/// batches; answers how many went. Deleting only rows still unclaimed makes a claim and the
/// sweep exclusive: whichever comes first wins, and a claim never points at a deleted file.
pub async fn sweep_unclaimed(state: &AppState) -> Result<usize, ApiError> {
    const BATCH: i64 = 500;
    let cutoff = state.now() - UNCLAIMED_KEPT_SECONDS;
    let mut swept = 0;
    loop {
        let removed: Vec<RemovedUpload> = {
            let mut pooled = state.db.get().await?;
            let conn = &mut pooled.conn();
            let stale: Vec<i64> = run!(conn, |c| uploads::table
                .filter(uploads::claimed.eq(false))
                .filter(uploads::created_at.lt(cutoff))
                .select(uploads::id)
                .limit(BATCH)
                .load(c)
                .await)?;
            if stale.is_empty() {
                return Ok(swept);
            }
            // Claimed since it was read: kept.
            run!(conn, |c| diesel::delete(
                uploads::table
                    .filter(uploads::id.eq_any(&stale))
                    .filter(uploads::claimed.eq(false))
            )
            .returning((uploads::purpose, uploads::path, uploads::thumbnail_path))
            .get_results(c)
            .await)?
        };
        swept += removed.len();
        delete_removed_files(state, removed).await;
    }
}

/// Who uploaded `path` for `purpose`, if it was.
pub async fn uploader_of(
    conn: &mut Conn<'_>,
    purpose: Purpose,
    path: &str,
) -> QueryResult<Option<UserId>> {
    run!(conn, |c| uploads::table
        .filter(uploads::path.eq(path))
        .filter(uploads::purpose.eq(purpose.name))
        .select(uploads::owner_id)
        .first(c)
        .await
        .optional())
}

/// The files stored for an image: itself, its thumbnail and (when there is one) its blurred copy.
fn files_of_image(path: &str) -> Vec<StoredPath> {
    let thumbnail = path
        .rsplit_once('.')
        .map(|(stem, extension)| format!("{stem}_thumb.{extension}"));
    [Some(path.to_owned()), thumbnail, blurred_path(path)]
        .iter()
        .flatten()
        .filter_map(|p| StoredPath::parse(p))
        .collect()
}

/// Copies a passed image (with its thumbnail and blurred copy) out of the review folder and
/// answers its new path. Step one of passing an image: then [`move_record`] inside the
/// owner's transaction, then [`delete_files`] of the old path after commit.
pub async fn reviewed_copy(
    state: &AppState,
    purpose: Purpose,
    path: &str,
) -> Result<String, ApiError> {
    let published = path.replacen(&format!("/{AWAITING_REVIEW}/"), "/", 1);
    if published == path || StoredPath::parse(&published).is_none() {
        return Err(ApiError::internal(format!("{path} is not awaiting review")));
    }
    copy_image(state, purpose, path, &published)
        .await
        .map_err(ApiError::internal)?;
    Ok(published)
}

/// Copies a published image (with its thumbnail and blurred copy) to a new random name in its
/// purpose's folder and answers the new path: how a member's clear pictures stop answering at
/// addresses others may have kept (photo protection switched on). Then [`move_record`] in the
/// owner's transaction and [`delete_files`] of the old path after commit, as for a review.
/// `None` when the image's file is gone: its address answers nothing already.
pub async fn renamed_copy(
    state: &AppState,
    purpose: Purpose,
    path: &str,
) -> Result<Option<String>, ApiError> {
    let extension = path
        .rsplit_once('.')
        .map(|(_, extension)| extension)
        .filter(|_| !is_awaiting_review(path))
        .ok_or_else(|| ApiError::internal(format!("{path} is not a published image")))?;
    let name = uuid::Uuid::new_v4().simple().to_string();
    let renamed = stored_path(format!(
        "uploads/{}/{}/{name}.{extension}",
        purpose.name,
        &name[..2]
    ))?;
    match copy_image(state, purpose, path, renamed.as_str()).await {
        Ok(()) => Ok(Some(renamed.as_str().to_owned())),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(error) => Err(ApiError::internal(error)),
    }
}

/// Copies the files of the image at `from` (itself, its thumbnail, its blurred copy when the
/// purpose keeps one) to those of `to`; `NotFound` when the image itself is missing.
async fn copy_image(
    state: &AppState,
    purpose: Purpose,
    from_path: &str,
    to_path: &str,
) -> std::io::Result<()> {
    let store = state.files_of(purpose);
    for (from, to) in files_of_image(from_path)
        .iter()
        .zip(files_of_image(to_path))
    {
        if let Err(error) = store.copy(from, &to).await {
            // A blurred copy exists only for some purposes.
            if error.kind() != std::io::ErrorKind::NotFound || from.as_str() == from_path {
                return Err(error);
            }
        }
    }
    Ok(())
}

/// Up to `limit` members with pictures whose blurred copy still has the name it had before
/// blurred copies were named by a keyed hash (see [`blurred_path`]).
pub async fn owners_with_legacy_blurred_copies(
    conn: &mut Conn<'_>,
    limit: i64,
) -> QueryResult<Vec<UserId>> {
    run!(conn, |c| uploads::table
        .filter(uploads::legacy_blur_name.eq(1i64))
        .select(uploads::owner_id)
        .distinct()
        .order(uploads::owner_id)
        .limit(limit)
        .load(c)
        .await)
}

/// Moves `owner`'s blurred copies stored under their old names (`<name>_blur.<ext>`, which
/// gave the clear picture's name away) to their keyed names, and clears the mark.
pub async fn rename_legacy_blurred_copies(state: &AppState, owner: UserId) -> Result<(), ApiError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let marked: Vec<(String, String)> = run!(conn, |c| uploads::table
        .filter(uploads::owner_id.eq(owner))
        .filter(uploads::legacy_blur_name.eq(1i64))
        .select((uploads::purpose, uploads::path))
        .load(c)
        .await)?;
    for (purpose, path) in &marked {
        let Some(purpose) = state.settings.upload_purpose(purpose) else {
            continue;
        };
        let legacy = path
            .rsplit_once('.')
            .map(|(stem, extension)| format!("{stem}_blur.{extension}"));
        let (Some(legacy), Some(keyed)) = (
            legacy.as_deref().and_then(StoredPath::parse),
            blurred_path(path).as_deref().and_then(StoredPath::parse),
        ) else {
            continue;
        };
        let store = state.files_of(purpose);
        match store.copy(&legacy, &keyed).await {
            Ok(()) => {
                if let Err(error) = store.delete(&legacy).await {
                    tracing::warn!(%error, path = legacy.as_str(), "could not delete an old blurred copy");
                }
            }
            // Moved already by an earlier run that stopped before clearing the mark.
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {}
            Err(error) => return Err(ApiError::internal(error)),
        }
    }
    let paths: Vec<&String> = marked.iter().map(|(_, path)| path).collect();
    run!(conn, |c| diesel::update(
        uploads::table
            .filter(uploads::owner_id.eq(owner))
            .filter(uploads::path.eq_any(&paths))
    )
    .set(uploads::legacy_blur_name.eq(0i64))
    .execute(c)
    .await)?;
    Ok(())
}

/// Points the upload record of `from` at `to` (inside the caller's transaction).
pub async fn move_record(conn: &mut Conn<'_>, from: &str, to: &str) -> QueryResult<()> {
    let thumbnail = to
        .rsplit_once('.')
        .map(|(stem, extension)| format!("{stem}_thumb.{extension}"))
        .unwrap_or_default();
    run!(conn, |c| diesel::update(
        uploads::table.filter(uploads::path.eq(from))
    )
    .set((uploads::path.eq(to), uploads::thumbnail_path.eq(&thumbnail)))
    .execute(c)
    .await)?;
    Ok(())
}

/// Removes an image's files (thumbnail and blurred copy too) without touching records: the
/// old copies of a passed image.
pub async fn delete_files(state: &AppState, purpose: Purpose, path: &str) {
    let store = state.files_of(purpose);
    for file in files_of_image(path) {
        if let Err(error) = store.delete(&file).await {
            tracing::warn!(%error, path = file.as_str(), "could not delete an image file");
        }
    }
}

/// Forgets every upload `owner` made and removes the files: a deleted account's images. Call it
/// after the deletion has committed.
pub async fn delete_uploads_of(state: &AppState, owner: UserId) -> Result<(), ApiError> {
    let paths: Vec<String> = {
        let mut pooled = state.db.get().await?;
        run!(&mut pooled.conn(), |c| uploads::table
            .filter(uploads::owner_id.eq(owner))
            .select(uploads::path)
            .load(c)
            .await)?
    };
    delete_uploads(state, &paths).await
}

/// Forgets the uploads at `paths` and removes their files (thumbnails and blurred copies too). Call it after the
/// transaction that stopped using them has committed.
pub async fn delete_uploads(state: &AppState, paths: &[String]) -> Result<(), ApiError> {
    if paths.is_empty() {
        return Ok(());
    }
    let removed: Vec<RemovedUpload> = {
        let mut pooled = state.db.get().await?;
        run!(&mut pooled.conn(), |c| diesel::delete(
            uploads::table.filter(uploads::path.eq_any(paths))
        )
        .returning((uploads::purpose, uploads::path, uploads::thumbnail_path))
        .get_results(c)
        .await)?
    };
    delete_removed_files(state, removed).await;
    Ok(())
}

/// A deleted upload record: its purpose, path and thumbnail path.
type RemovedUpload = (String, String, String);

/// Removes the files of deleted upload records (thumbnails and blurred copies too).
async fn delete_removed_files(state: &AppState, removed: Vec<RemovedUpload>) {
    for (purpose, path, thumbnail) in removed {
        // A purpose no module registers any more was public: only private ones need naming.
        let store = match state.settings.upload_purpose(&purpose) {
            Some(purpose) => state.files_of(purpose),
            None => &state.storage,
        };
        let blurred = blurred_path(&path);
        for file in [Some(path), Some(thumbnail), blurred]
            .iter()
            .flatten()
            .filter_map(|p| StoredPath::parse(p))
        {
            // Deleting a file that is not there (no blurred copy) succeeds.
            if let Err(error) = store.delete(&file).await {
                tracing::warn!(%error, path = file.as_str(), "could not delete an upload's file");
            }
        }
    }
}
