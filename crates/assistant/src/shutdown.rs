//! Replies streaming when the server is told to stop. The gateway gives what is in flight a
//! deadline and then drops it in the middle of its body: the member's last line would be an
//! ordinary piece and the part they were sent never saved. So a stopping server's replies
//! stream on for a grace shorter than that deadline and are then cut the way any cut reply is:
//! a last line with `done` and a note, the part sent saved and marked incomplete.

use std::time::Duration;

use platform::AppState;
use platform::settings::Settings;
use tokio::sync::watch;
use tokio::time::{Instant, sleep_until};

/// When the replies still streaming must end (none while the server runs). One per process,
/// made with the settings before the server's workers, which all share it.
struct Stopping {
    cut_at: watch::Sender<Option<Instant>>,
    grace: Duration,
}

/// Installs the process's signal; replies get `grace` once the server is stopping.
pub(crate) fn install(settings: &mut Settings, grace: Duration) {
    settings.insert(Stopping {
        cut_at: watch::Sender::new(None),
        grace,
    });
}

/// The module's shutdown hook: every open reply, and any started later, is cut once the
/// grace is over.
pub(crate) fn cut_replies(state: &AppState) {
    if let Some(stopping) = state.settings.get::<Stopping>() {
        stopping
            .cut_at
            .send_replace(Some(Instant::now() + stopping.grace));
    }
}

/// What a reply watches to learn that it must end.
pub(crate) struct CutSignal(Option<watch::Receiver<Option<Instant>>>);

impl CutSignal {
    pub fn of(state: &AppState) -> Self {
        Self(
            state
                .settings
                .get::<Stopping>()
                .map(|stopping| stopping.cut_at.subscribe()),
        )
    }

    /// Resolves when the reply must be cut; never while the server runs.
    pub async fn cut(&self) {
        let Some(mut receiver) = self.0.clone() else {
            return std::future::pending().await;
        };
        // The sender lives as long as the settings, so it is never dropped while a reply runs.
        let cut_at = match receiver.wait_for(Option::is_some).await {
            Ok(cut_at) => *cut_at,
            Err(_) => None,
        };
        match cut_at {
            Some(at) => sleep_until(at).await,
            None => std::future::pending().await,
        }
    }
}
