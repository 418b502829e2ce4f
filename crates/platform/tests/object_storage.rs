//! Uploads in an S3-compatible bucket (a real `s3s-fs` server on loopback): the stores keep,
//! copy, read and delete files there, the private store under its own prefix; the upload
//! pipeline writes there instead of the data dir, and the public route serves from it while
//! private files stay unreachable by path.

// Unwrapping is how a test says "this must hold"; the lint guards production code.
#![allow(clippy::unwrap_used)]

use std::io::ErrorKind;
use std::sync::Arc;

use platform::files::{ObjectStorage, Purpose, Storage, StoredPath, store_image};
use platform::testkit::bucket::TestBucket;
use platform::testkit::{Engine, EveryIdIsAMember, TestApp, images};
use platform::{Identity, Module, Role, UserId};

const MOMENT: Purpose = Purpose::new("moment", 5 * 1024 * 1024, "图片大小不能超过 5MB!");
const CARD: Purpose =
    Purpose::new("idcard", 5 * 1024 * 1024, "图片大小不能超过 5MB!").kept_private();

fn path(raw: &str) -> StoredPath {
    StoredPath::parse(raw).unwrap()
}

#[actix_web::test]
async fn the_stores_keep_copy_read_and_delete_files_in_the_bucket() {
    let bucket = TestBucket::start();
    let (public, private) = ObjectStorage::pair(&bucket.config()).unwrap();
    let photo = path("uploads/moment/ab/photo.png");

    public.put(&photo, b"public bytes".to_vec()).await.unwrap();
    private
        .put(&photo, b"private bytes".to_vec())
        .await
        .unwrap();
    assert_eq!(public.get(&photo).await.unwrap().unwrap(), b"public bytes");
    assert_eq!(
        private.get(&photo).await.unwrap().unwrap(),
        b"private bytes"
    );
    assert_eq!(
        bucket.keys(),
        [
            "private/uploads/moment/ab/photo.png",
            "uploads/moment/ab/photo.png"
        ],
        "the private store keeps its files under private/, as on local disk"
    );
    assert_eq!(public.local_file(&photo), None);

    let copy = path("uploads/moment/cd/copy.png");
    public.copy(&photo, &copy).await.unwrap();
    assert_eq!(public.get(&copy).await.unwrap().unwrap(), b"public bytes");
    let missing = path("uploads/moment/ef/none.png");
    let refused = public.copy(&missing, &copy).await.unwrap_err();
    assert_eq!(refused.kind(), ErrorKind::NotFound);
    assert_eq!(public.get(&missing).await.unwrap(), None);

    public.delete(&photo).await.unwrap();
    public.delete(&photo).await.unwrap();
    assert_eq!(public.get(&photo).await.unwrap(), None);
    assert_eq!(
        private.get(&photo).await.unwrap().unwrap(),
        b"private bytes",
        "deleting a public file leaves the private one of the same path"
    );
}

const MODULES: &[Module] = &[
    platform::module::UPLOADS,
    Module::new("purposes", |_| {}).with_uploads(&[MOMENT, CARD]),
];

#[actix_web::test]
async fn uploads_go_to_the_bucket_and_only_public_ones_are_served_by_path() {
    let bucket = TestBucket::start();
    let config = bucket.config();
    let app = TestApp::spawn(
        Engine::Sqlite,
        MODULES,
        |_| Arc::new(EveryIdIsAMember),
        move |platform, _| platform.object_store = Some(config),
    )
    .await
    .unwrap();
    let member = Identity {
        user_id: UserId(7),
        uuid: "member-7".into(),
        role: Role::User,
    };

    let moment = store_image(&app.state, &member, MOMENT, images::png(40, 30))
        .await
        .unwrap();
    let served = app.get(&format!("/api/v1/{}", moment.path), None).await;
    assert_eq!(served.status, 200);
    // Re-encoded as JPEG, and typed by the stored name's extension.
    assert!(moment.path.ends_with(".jpg"), "{}", moment.path);
    assert_eq!(served.header("content-type"), Some("image/jpeg"));
    assert_eq!(
        served.bytes,
        std::fs::read(bucket.object_file(&moment.path)).unwrap(),
        "served from the bucket"
    );
    assert!(
        !app.state.config.data_dir.join("uploads").exists(),
        "nothing is written to the data dir"
    );

    let card = store_image(&app.state, &member, CARD, images::png(40, 30))
        .await
        .unwrap();
    assert!(
        bucket
            .object_file(&format!("private/{}", card.path))
            .is_file()
    );
    let by_path = app.get(&format!("/api/v1/{}", card.path), None).await;
    assert_eq!(by_path.status, 404, "a private file has no public address");
    let missing = app.get("/api/v1/uploads/moment/zz/none.png", None).await;
    assert_eq!(missing.status, 404);
}
