//! A bound on CPU-bound jobs (image decodes, password hashes) running at once on the blocking
//! pool. Without one, a burst of uploads or sign-ins fills the pool with jobs that take every
//! CPU from the async workers (and, for decodes, gigabytes of memory). Each use keeps its own
//! bound in a static, because the bound is about the machine: every actix worker and every
//! application instance shares it.

use std::num::NonZeroUsize;
use std::sync::Arc;

use tokio::sync::Semaphore;

use crate::error::ApiError;

/// The CPUs this process may use.
pub fn cpus() -> usize {
    std::thread::available_parallelism().map_or(1, NonZeroUsize::get)
}

pub struct CpuBound {
    slots: Arc<Semaphore>,
}

impl CpuBound {
    /// At most `slots` jobs at once (at least one).
    pub fn new(slots: usize) -> Self {
        Self {
            slots: Arc::new(Semaphore::new(slots.max(1))),
        }
    }

    /// Runs `job` on the blocking pool once a slot is free. The wait is asynchronous, so a
    /// queued request does not hold an async worker thread; the slot travels with the job, so
    /// it stays taken until the job ends even when the request is dropped mid-way.
    pub async fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let slot = self
            .slots
            .clone()
            .acquire_owned()
            .await
            .map_err(ApiError::internal)?;
        actix_web::web::block(move || {
            let outcome = job();
            drop(slot);
            outcome
        })
        .await
        .map_err(ApiError::internal)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    use super::*;

    #[actix_web::test]
    async fn at_most_as_many_jobs_run_at_once_as_there_are_slots() {
        let limiter = CpuBound::new(2);
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let jobs = (0..6).map(|_| {
            let (running, most) = (running.clone(), most.clone());
            limiter.run(move || {
                let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                most.fetch_max(now, Ordering::SeqCst);
                std::thread::sleep(Duration::from_millis(40));
                running.fetch_sub(1, Ordering::SeqCst);
            })
        });
        let outcomes = futures_util::future::join_all(jobs).await;
        assert!(outcomes.iter().all(Result::is_ok));
        assert_eq!(most.load(Ordering::SeqCst), 2);
    }
}
