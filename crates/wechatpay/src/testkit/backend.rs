//! The fake's state and behaviour behind its HTTP face: the merchant's and WeChat Pay's keys,
//! the orders, the call log, and paying an order.

use std::collections::BTreeMap;
use std::sync::{Mutex, MutexGuard, PoisonError};

use crate::aead::ApiV3Key;
use crate::authorization::{random_nonce, unix_now};
use crate::beijing_time;
use crate::signing::{PrivateKey, PublicKey};

use super::credentials::{APIV3_KEY, MERCHANT_PRIVATE_KEY_PEM, PLATFORM_PRIVATE_KEY_PEM};
use super::ledger::{FakeOrder, FakeTradeState, RecordedRequest, ResponseFault};

pub(crate) struct Backend {
    /// Checks the merchant's request signatures.
    pub(super) merchant_key: PublicKey,
    /// Signs as WeChat Pay.
    pub(super) platform_key: PrivateKey,
    /// Signs where a test wants a signature that is not WeChat Pay's.
    pub(super) impostor_key: PrivateKey,
    pub(super) apiv3_key: ApiV3Key,
    orders: Mutex<BTreeMap<String, FakeOrder>>,
    requests: Mutex<Vec<RecordedRequest>>,
    fault: Mutex<Option<ResponseFault>>,
}

/// A panic in one test's handler must not hide the state from the next assertion.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Backend {
    pub(super) fn new() -> Self {
        let merchant =
            PrivateKey::from_pem(MERCHANT_PRIVATE_KEY_PEM).expect("the test merchant key");
        Self {
            merchant_key: merchant.public_key(),
            platform_key: PrivateKey::from_pem(PLATFORM_PRIVATE_KEY_PEM)
                .expect("the test platform key"),
            impostor_key: merchant,
            apiv3_key: ApiV3Key::new(APIV3_KEY).expect("a 32-byte test APIv3 key"),
            orders: Mutex::default(),
            requests: Mutex::default(),
            fault: Mutex::default(),
        }
    }

    pub(super) fn orders(&self) -> MutexGuard<'_, BTreeMap<String, FakeOrder>> {
        lock(&self.orders)
    }

    pub(super) fn order(&self, out_trade_no: &str) -> Option<FakeOrder> {
        self.orders().get(out_trade_no).cloned()
    }

    pub(super) fn record(&self, request: RecordedRequest) {
        lock(&self.requests).push(request);
    }

    pub(super) fn requests(&self) -> Vec<RecordedRequest> {
        lock(&self.requests).clone()
    }

    pub(super) fn fault(&self) -> Option<ResponseFault> {
        *lock(&self.fault)
    }

    pub(super) fn set_fault(&self, fault: Option<ResponseFault>) {
        *lock(&self.fault) = fault;
    }

    /// The member pays: the order becomes SUCCESS (again paying a paid order changes nothing).
    pub(super) fn mark_paid(&self, out_trade_no: &str) -> Result<FakeOrder, String> {
        let mut orders = self.orders();
        let order = orders
            .get_mut(out_trade_no)
            .ok_or_else(|| format!("no order {out_trade_no} at the fake WeChat Pay"))?;
        match order.state {
            FakeTradeState::Closed => return Err(format!("order {out_trade_no} is closed")),
            FakeTradeState::Paid => {}
            FakeTradeState::NotPaid => {
                order.state = FakeTradeState::Paid;
                order.success_time = beijing_time::format(unix_now());
            }
        }
        Ok(order.clone())
    }
}

/// A new WeChat Pay order number: `4200…`, 28 digits like the real ones.
pub(super) fn new_transaction_id() -> String {
    let digits: String = uuid::Uuid::new_v4()
        .as_u128()
        .to_string()
        .chars()
        .take(24)
        .collect();
    format!("4200{digits:0>24}")
}

/// The `pr` of a Native code_url.
pub(super) fn new_code_url() -> String {
    format!("weixin://wxpay/bizpayurl?pr={}", &random_nonce()[..7])
}
