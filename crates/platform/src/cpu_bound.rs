//! CPU-bound jobs (image decodes, password hashes, captcha drawings) run on a few threads of
//! their own, at a lower scheduling priority than the threads that answer requests. Without a
//! bound, a burst of uploads or sign-ins fills the blocking pool with jobs that take every CPU
//! from the async workers (and, for decodes, gigabytes of memory); bounded but at the same
//! priority, a storm of sign-ins still made other requests' p99 1.6 to 1.8 times as long
//! (`scripts/bench/login_storm.sh`). Each use keeps its pool in a static, because the bound is
//! about the machine: every actix worker, application instance and runtime shares it.

use std::num::NonZeroUsize;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex, mpsc};

use tokio::sync::{Semaphore, oneshot};

use crate::error::ApiError;

/// The CPUs this process may use.
pub fn cpus() -> usize {
    std::thread::available_parallelism().map_or(1, NonZeroUsize::get)
}

/// How much lower than the request threads a pool's threads run (a Unix nice value: with 10,
/// the scheduler gives a request thread about ten times their share of a busy CPU).
const NICENESS: i32 = 10;

type Job = Box<dyn FnOnce() + Send>;

pub struct CpuBound {
    slots: Arc<Semaphore>,
    jobs: mpsc::Sender<Job>,
}

impl CpuBound {
    /// A pool of `threads` threads (at least one) named `name-N`; they end when it is dropped.
    pub fn new(name: &str, threads: usize) -> Self {
        let threads = threads.max(1);
        let (jobs, queue) = mpsc::channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        for index in 0..threads {
            let queue = queue.clone();
            std::thread::Builder::new()
                .name(format!("{name}-{index}"))
                .spawn(move || {
                    lower_priority();
                    loop {
                        // The lock is held only while waiting for the next job.
                        let next = match queue.lock() {
                            Ok(queue) => queue.recv(),
                            Err(_) => break,
                        };
                        let Ok(job) = next else { break };
                        job();
                    }
                })
                .expect("the operating system starts a thread");
        }
        Self {
            slots: Arc::new(Semaphore::new(threads)),
            jobs,
        }
    }

    /// Runs `job` on the pool once a thread is free. The wait is asynchronous, so a queued
    /// request holds no async worker thread, and a request dropped while it waits never runs
    /// its job; the slot travels with the job, so it stays taken until the job ends.
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
        let (done, outcome) = oneshot::channel();
        self.jobs
            .send(Box::new(move || {
                // A panicking job drops `done`, which the caller sees as an error; the thread
                // lives on.
                if let Ok(value) = catch_unwind(AssertUnwindSafe(job)) {
                    let _ = done.send(value);
                }
                drop(slot);
            }))
            .map_err(|_| ApiError::internal("the CPU-bound pool has stopped"))?;
        outcome
            .await
            .map_err(|_| ApiError::internal("a CPU-bound job panicked"))
    }
}

/// Lowers the calling thread's priority. Linux keeps a nice value per thread; elsewhere
/// `setpriority` would lower the whole process, so the pool runs at the normal priority.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    if let Err(error) =
        rustix::process::setpriority_process(Some(rustix::thread::gettid()), NICENESS)
    {
        tracing::warn!(%error, "could not lower the priority of a CPU-bound thread");
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    use super::*;

    #[actix_web::test]
    async fn at_most_as_many_jobs_run_at_once_as_there_are_threads() {
        let pool = CpuBound::new("test", 2);
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let jobs = (0..6).map(|_| {
            let (running, most) = (running.clone(), most.clone());
            pool.run(move || {
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

    #[actix_web::test]
    async fn a_panicking_job_is_an_error_and_the_pool_goes_on() {
        let pool = CpuBound::new("test", 1);
        let failed = pool.run(|| -> u32 { panic!("a broken decoder") }).await;
        assert!(failed.is_err());
        assert_eq!(pool.run(|| 6 * 7).await.ok(), Some(42));
    }

    #[cfg(target_os = "linux")]
    #[actix_web::test]
    async fn jobs_run_below_the_request_threads_priority() {
        let here = rustix::process::getpriority_process(None).expect("a priority");
        let pool = CpuBound::new("test", 1);
        let there = pool
            .run(|| rustix::process::getpriority_process(Some(rustix::thread::gettid())))
            .await
            .expect("the job ran")
            .expect("a priority");
        assert_eq!(there, (here + NICENESS).min(19));
    }
}
