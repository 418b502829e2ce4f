//! A fake WeChat Pay on loopback, for tests and browser journeys.
//!
//! It serves the three Native endpoints the client calls, checks each request's signature with
//! the test merchant's public key (401 `SIGN_ERROR` otherwise), keeps the orders, and signs each
//! answer with its own "WeChat Pay" key, exactly as the real service does. Tests drive payments
//! from outside: [`FakeWeChatPay::mark_paid`], [`FakeWeChatPay::notification`] (or
//! [`FakeWeChatPay::notification_with`] to spoil one) and [`FakeWeChatPay::pay_and_notify`].
//!
//! ```no_run
//! # async fn example() {
//! use wechatpay::testkit::FakeWeChatPay;
//! let fake = FakeWeChatPay::start();
//! let client = wechatpay::Client::new(fake.settings()).expect("client");
//! // … create an order through the code under test, then:
//! let notification = fake.notification("R20261123000001");
//! let paid = client.verify_notification(&notification.signed_headers(), &notification.body, wechatpay::testkit::unix_now());
//! # }
//! ```

mod backend;
pub mod credentials;
mod ledger;
mod notification;
mod server;

use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::mpsc;

use actix_web::dev::ServerHandle;
use actix_web::web::Data;
use actix_web::{App, HttpServer};

pub use ledger::{FakeOrder, FakeTradeState, RecordedRequest, ResponseFault};
pub use notification::{NotificationDraft, SignedNotification};

use crate::client::Client;
use crate::settings::Settings;
use backend::Backend;

/// Seconds since the Unix epoch, the `now_unix` that `Client::verify_notification` takes.
pub fn unix_now() -> i64 {
    crate::authorization::unix_now()
}

/// A running fake; clones share it, and it stops when the last clone is dropped.
#[derive(Clone)]
pub struct FakeWeChatPay {
    running: Arc<Running>,
}

struct Running {
    address: SocketAddr,
    backend: Arc<Backend>,
    server: ServerHandle,
}

impl Drop for Running {
    fn drop(&mut self) {
        // The stop command is sent at once; nothing here waits for it to finish.
        let _stopping = self.server.stop(false);
    }
}

impl FakeWeChatPay {
    /// Starts a fake on a free loopback port, on its own thread and actix system, so it serves
    /// whatever runtime (or none) the caller is on.
    pub fn start() -> Self {
        Self::start_on(0).expect("the fake WeChat Pay starts on loopback")
    }

    /// Starts a fake on `127.0.0.1:port` (0 for any free port).
    pub fn start_on(port: u16) -> io::Result<Self> {
        let backend = Arc::new(Backend::new());
        let served = backend.clone();
        let (sender, receiver) = mpsc::channel();
        std::thread::Builder::new()
            .name("fake-wechatpay".into())
            .spawn(move || {
                actix_web::rt::System::new().block_on(async move {
                    let server = HttpServer::new(move || {
                        App::new()
                            .app_data(Data::from(served.clone()))
                            .configure(server::routes)
                    })
                    .workers(1)
                    // Whoever started it ends it; a test's Ctrl-C is not the fake's business.
                    .disable_signals()
                    .bind(("127.0.0.1", port));
                    let bound = server.and_then(|server| {
                        let address = server
                            .addrs()
                            .first()
                            .copied()
                            .ok_or_else(|| io::Error::other("bound to no address"))?;
                        Ok((address, server.run()))
                    });
                    match bound {
                        Ok((address, server)) => {
                            let _ = sender.send(Ok((address, server.handle())));
                            let _ = server.await;
                        }
                        Err(error) => {
                            let _ = sender.send(Err(error));
                        }
                    }
                });
            })?;
        let (address, server) = receiver
            .recv()
            .map_err(|_| io::Error::other("the fake WeChat Pay thread ended"))??;
        Ok(Self {
            running: Arc::new(Running {
                address,
                backend,
                server,
            }),
        })
    }

    /// `http://127.0.0.1:PORT`, no trailing slash.
    pub fn base_url(&self) -> String {
        format!("http://{}", self.running.address)
    }

    /// The test merchant's settings, pointing at this fake.
    pub fn settings(&self) -> Settings {
        credentials::settings(&self.base_url())
    }

    /// A client for the test merchant, pointing at this fake.
    pub fn client(&self) -> Client {
        Client::new(self.settings()).expect("the test settings are valid")
    }

    /// The member pays the order (queries answer SUCCESS); no notification is sent.
    /// Panics for an unknown or closed order.
    pub fn mark_paid(&self, out_trade_no: &str) {
        if let Err(reason) = self.running.backend.mark_paid(out_trade_no) {
            panic!("{reason}");
        }
    }

    /// A correctly signed and encrypted success notification for the stored order.
    pub fn notification(&self, out_trade_no: &str) -> SignedNotification {
        self.notification_with(out_trade_no, |_| {})
    }

    /// A notification for the stored order after `adjust` changed its draft (another amount,
    /// merchant, app or state, an old timestamp, a wrong key or serial, a tampered ciphertext).
    pub fn notification_with(
        &self,
        out_trade_no: &str,
        adjust: impl FnOnce(&mut NotificationDraft),
    ) -> SignedNotification {
        self.running
            .backend
            .notification(out_trade_no, adjust)
            .unwrap_or_else(|reason| panic!("{reason}"))
    }

    /// Pays the order and POSTs its notification to the order's `notify_url` (loopback only);
    /// returns the HTTP status the merchant answered.
    pub async fn pay_and_notify(&self, out_trade_no: &str) -> u16 {
        self.running
            .backend
            .pay_and_notify(out_trade_no)
            .await
            .unwrap_or_else(|reason| panic!("{reason}"))
    }

    /// Every API call received, in order.
    pub fn requests(&self) -> Vec<RecordedRequest> {
        self.running.backend.requests()
    }

    /// Every order, by `out_trade_no`.
    pub fn orders(&self) -> Vec<FakeOrder> {
        self.running.backend.orders().values().cloned().collect()
    }

    pub fn order(&self, out_trade_no: &str) -> Option<FakeOrder> {
        self.running.backend.order(out_trade_no)
    }

    /// Spoils the signature of every answer from now on (`None` to stop).
    pub fn set_response_fault(&self, fault: Option<ResponseFault>) {
        self.running.backend.set_fault(fault);
    }
}
