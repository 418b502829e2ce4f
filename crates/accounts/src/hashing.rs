//! Password hashes (bcrypt), off the async workers and behind a bounded queue.
//!
//! A hash keeps a CPU busy for about a quarter of a second at the production cost. Hashes run
//! on a pool of their own (`platform::cpu_bound`, below the request threads' priority) with
//! half the CPUs, at least one: on the 2-core machine one hash at a time, so bcrypt never has
//! more than one core and the site keeps the other. Unbounded, a storm of sign-ins filled the
//! blocking pool with hashes that took every CPU from the workers (the feeds' p99 rose 25
//! times, `scripts/bench/login_storm.sh`).
//!
//! A request that will hash takes a [`Place`] first, before any other work: eight per hashing
//! thread, about two seconds of hashes at the production cost. When every place is taken it is
//! refused at once, 503 服务繁忙，请稍后再试 with Retry-After, having changed nothing (no
//! captcha spent, no failure counted). Waiting instead, a storm of 200 sign-ins kept 200
//! requests' captchas, rate-limit rows and database connections busy, and other endpoints'
//! p99 grew about 2.1 times.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Instant;

use platform::cpu_bound::CpuBound;
use platform::{ApiError, AppState};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, TryAcquireError};

use crate::model::NewPassword;

/// The OpenAPI description of the answer every route that checks or sets a password may give.
pub(crate) const BUSY: &str = "服务繁忙，请稍后再试: the password queue is full. Nothing was changed (no captcha spent, no failure counted); send the same request again after Retry-After seconds";

/// Places per hashing thread: how many requests may run or wait for a hash at once.
const PLACES_PER_THREAD: usize = 8;

/// Hashes running at once, for the whole process.
fn threads() -> usize {
    (platform::cpu_bound::cpus() / 2).max(1)
}

struct Hashing {
    pool: CpuBound,
    /// How long a hash has taken lately (microseconds, a moving average; 0 before the first),
    /// for an honest Retry-After.
    recent_micros: AtomicU64,
}

fn hashing() -> &'static Hashing {
    static HASHING: OnceLock<Hashing> = OnceLock::new();
    HASHING.get_or_init(|| Hashing {
        pool: CpuBound::new("password-hash", threads()),
        recent_micros: AtomicU64::new(0),
    })
}

impl Hashing {
    async fn run<T: Send + 'static>(
        &'static self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        self.pool
            .run(move || {
                let started = Instant::now();
                let outcome = job();
                let took = u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX);
                // Each hash moves the average an eighth of the way; races only lose a sample.
                let recent = self.recent_micros.load(Ordering::Relaxed);
                let next = if recent == 0 {
                    took
                } else {
                    recent - recent / 8 + took / 8
                };
                self.recent_micros.store(next, Ordering::Relaxed);
                outcome
            })
            .await
    }
}

/// The places of the password queue, kept with the accounts settings: one state, so one queue,
/// per gateway process (and one per test application).
pub(crate) struct PasswordQueue {
    places: Arc<Semaphore>,
    size: usize,
}

impl PasswordQueue {
    pub(crate) fn new() -> Self {
        Self::with_places(threads() * PLACES_PER_THREAD)
    }

    pub(crate) fn with_places(size: usize) -> Self {
        Self {
            places: Arc::new(Semaphore::new(size)),
            size,
        }
    }

    /// A place for one request's hashes, or 503 with Retry-After at once when every place is
    /// taken.
    fn admit(&self) -> Result<Place, ApiError> {
        match self.places.clone().try_acquire_owned() {
            Ok(permit) => Ok(Place { _permit: permit }),
            Err(TryAcquireError::NoPermits) => Err(ApiError::busy(self.drain_seconds())),
            Err(TryAcquireError::Closed) => Err(ApiError::internal("the password queue closed")),
        }
    }

    /// When the requests holding the places now will have had their hashes: every place's hash
    /// on the hashing threads at the recent pace, in whole seconds. Sooner, most of those
    /// refused would meet a full queue again.
    fn drain_seconds(&self) -> u64 {
        let recent = hashing().recent_micros.load(Ordering::Relaxed);
        let places = u64::try_from(self.size).unwrap_or(u64::MAX);
        let threads = u64::try_from(threads()).unwrap_or(1);
        recent
            .saturating_mul(places)
            .div_ceil(threads.saturating_mul(1_000_000))
            .max(1)
    }

    /// Takes every free place until the guard is dropped, as a storm would.
    #[cfg(feature = "testkit")]
    pub(crate) fn take_every_place(&self) -> Option<OwnedSemaphorePermit> {
        let free = u32::try_from(self.places.available_permits()).ok()?;
        self.places.clone().try_acquire_many_owned(free).ok()
    }
}

/// A request's place in the password queue, held until the request ends.
pub(crate) struct Place {
    _permit: OwnedSemaphorePermit,
}

/// Takes a place in the process's password queue: the first step of every request that checks
/// or sets a password.
pub(crate) fn admit(state: &AppState) -> Result<Place, ApiError> {
    state
        .settings
        .get::<PasswordQueue>()
        .ok_or_else(|| ApiError::internal("the password queue is not loaded"))?
        .admit()
}

impl Place {
    pub(crate) async fn hash(&self, password: NewPassword, cost: u32) -> Result<String, ApiError> {
        hash_password(password, cost).await
    }

    /// Whether `password` matches `stored_hash`; without a stored hash, false after as long as
    /// a check takes, so timing does not tell whether a username exists.
    pub(crate) async fn verify(
        &self,
        password: String,
        stored_hash: Option<String>,
        cost: u32,
    ) -> Result<bool, ApiError> {
        hashing()
            .run(move || match stored_hash {
                Some(hash) => bcrypt::verify(&password, &hash).unwrap_or(false),
                None => {
                    let _ = bcrypt::verify(&password, timing_decoy(cost));
                    false
                }
            })
            .await
    }
}

/// Hashes without a place, waiting for a thread: for the command line and the seeds, which
/// serve no request.
pub(crate) async fn hash_password(password: NewPassword, cost: u32) -> Result<String, ApiError> {
    hashing()
        .run(move || bcrypt::hash(password.expose(), cost))
        .await?
        .map_err(ApiError::internal)
}

/// A hash of the configured cost to verify against when there is no real one.
fn timing_decoy(cost: u32) -> &'static str {
    static DECOY: OnceLock<String> = OnceLock::new();
    DECOY.get_or_init(|| bcrypt::hash("timing decoy", cost).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use actix_web::ResponseError;

    use super::*;

    #[test]
    fn a_full_queue_refuses_at_once_and_a_freed_place_admits_again() {
        let queue = PasswordQueue::with_places(2);
        let first = queue.admit().expect("a place");
        let _second = queue.admit().expect("a place");
        let refused = queue.admit().err().expect("no place left");
        assert_eq!(refused.code(), 503);
        assert_eq!(refused.message(), "服务繁忙，请稍后再试");
        let retry_after = refused
            .error_response()
            .headers()
            .get("retry-after")
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.parse::<u64>().ok())
            .expect("Retry-After in seconds");
        assert!(retry_after >= 1);
        drop(first);
        assert!(queue.admit().is_ok());
    }

    #[test]
    fn hashes_take_at_most_half_the_cpus() {
        let cpus = platform::cpu_bound::cpus();
        assert!(threads() == 1 || threads() * 2 <= cpus, "{} of {cpus}", threads());
        assert_eq!(PasswordQueue::new().size, threads() * PLACES_PER_THREAD);
    }
}
