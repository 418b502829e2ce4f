//! The fake merchant's identity and the checked-in test-only keys (see `keys/README.md`).

use crate::settings::Settings;

pub const MCHID: &str = "1900000001";
pub const APPID: &str = "wxtestappid0000001";
pub const MERCHANT_SERIAL_NO: &str = "5157F09EFDC096DE15EBE81A47057A7232F1B8E1";
/// 32 ASCII characters, as WeChat Pay's APIv3 keys are.
pub const APIV3_KEY: &str = "TestApiV3KeyForTheFakeOnly012345";
pub const PUBLIC_KEY_ID: &str = "PUB_KEY_ID_TEST";

pub const MERCHANT_PRIVATE_KEY_PEM: &str = include_str!("keys/merchant_private_key.pem");
pub const PLATFORM_PRIVATE_KEY_PEM: &str = include_str!("keys/platform_private_key.pem");
pub const PLATFORM_PUBLIC_KEY_PEM: &str = include_str!("keys/platform_public_key.pem");

/// Where the merchant key is on this machine, for configurations that name key files.
pub const MERCHANT_PRIVATE_KEY_FILE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/src/testkit/keys/merchant_private_key.pem"
);
pub const PLATFORM_PUBLIC_KEY_FILE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/src/testkit/keys/platform_public_key.pem"
);

/// Settings of the test merchant, talking to WeChat Pay at `base_url`.
pub fn settings(base_url: &str) -> Settings {
    Settings {
        mchid: MCHID.into(),
        appid: APPID.into(),
        merchant_serial_no: MERCHANT_SERIAL_NO.into(),
        merchant_private_key_pem: MERCHANT_PRIVATE_KEY_PEM.into(),
        apiv3_key: APIV3_KEY.into(),
        wechatpay_public_key_id: PUBLIC_KEY_ID.into(),
        wechatpay_public_key_pem: PLATFORM_PUBLIC_KEY_PEM.into(),
        base_url: base_url.into(),
    }
}
