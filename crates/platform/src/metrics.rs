//! What an operator's Prometheus scrapes from each gateway at `GET /metrics` (OpenMetrics
//! text): requests by route, method and status with their latency, and what the modules
//! declare — counts of their events ([`Counted`], e.g. payment outcomes) and levels read at
//! each scrape ([`Sampled`], e.g. the database pool, open chat sockets).
//!
//! Only the operator reaches it: the endpoint answers only a request carrying
//! `XINQIAO_METRICS_TOKEN` as its bearer token, and does not exist when no token is set.
//! The numbers are this process's own; Prometheus adds up the gateways.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError, RwLock};
use std::time::Duration;

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;

use crate::module::Module;
use crate::state::AppState;

/// Every metric's name starts with this, so a shared Prometheus tells the site's apart.
const PREFIX: &str = "xinqiao";

/// Upper bounds of the latency buckets, in seconds: 1 ms to 10 s.
const LATENCY_BUCKETS: [f64; 13] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

/// A count a module keeps of one kind of event, by one label (`payment_outcomes` by
/// `outcome`). Exposed as `xinqiao_<name>_total`.
pub struct Counted {
    pub name: &'static str,
    pub help: &'static str,
    pub label: &'static str,
}

/// A level a module reads at each scrape (connections in use, sockets open). Exposed as
/// `xinqiao_<name>`.
#[derive(Clone, Copy)]
pub struct Sampled {
    pub name: &'static str,
    pub help: &'static str,
    pub read: fn(&AppState) -> i64,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    /// The route's pattern (`/api/v1/moment/{id}`), never the raw path, so members' ids and
    /// scanners' made-up paths cannot grow the series without bound.
    route: String,
    method: String,
    status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteLabels {
    route: String,
    method: String,
}

type Outcomes = Family<Vec<(&'static str, String)>, Counter>;
type Latencies = Family<RouteLabels, Histogram, fn() -> Histogram>;

/// The process's metrics: built once with the application state, before the workers.
pub struct Metrics {
    registry: Mutex<Registry>,
    requests: Family<RequestLabels, Counter>,
    latency: Latencies,
    /// Modules' event counts, registered at their first event.
    counted: RwLock<HashMap<&'static str, Outcomes>>,
    /// Modules' levels, registered at the first scrape.
    sampled: Mutex<HashMap<&'static str, Gauge>>,
}

impl Default for Metrics {
    fn default() -> Self {
        Self::new()
    }
}

impl Metrics {
    pub fn new() -> Self {
        let mut registry = Registry::with_prefix(PREFIX);
        let requests = Family::<RequestLabels, Counter>::default();
        registry.register(
            "http_requests",
            "HTTP requests answered, by route pattern, method and status",
            requests.clone(),
        );
        let latency: Latencies =
            Family::new_with_constructor(|| Histogram::new(LATENCY_BUCKETS.iter().copied()));
        registry.register(
            "http_request_duration_seconds",
            "Time from a request's arrival to its response, by route pattern and method",
            latency.clone(),
        );
        Self {
            registry: Mutex::new(registry),
            requests,
            latency,
            counted: RwLock::new(HashMap::new()),
            sampled: Mutex::new(HashMap::new()),
        }
    }

    /// Records one answered request; `route` is `None` for paths no route matched.
    pub fn observe_request(
        &self,
        route: Option<String>,
        method: &str,
        status: u16,
        elapsed: Duration,
    ) {
        let route = route.unwrap_or_else(|| "unmatched".into());
        let method = method.to_owned();
        self.latency
            .get_or_create(&RouteLabels {
                route: route.clone(),
                method: method.clone(),
            })
            .observe(elapsed.as_secs_f64());
        self.requests
            .get_or_create(&RequestLabels {
                route,
                method,
                status,
            })
            .inc();
    }

    /// Counts one event of `counted` with its label's `value` (an outcome's name).
    pub fn count(&self, counted: &'static Counted, value: &str) {
        let labels = vec![(counted.label, value.to_owned())];
        let read = self.counted.read().unwrap_or_else(PoisonError::into_inner);
        if let Some(family) = read.get(counted.name) {
            family.get_or_create(&labels).inc();
            return;
        }
        drop(read);
        let mut write = self.counted.write().unwrap_or_else(PoisonError::into_inner);
        let family = write.entry(counted.name).or_insert_with(|| {
            let family = Outcomes::default();
            self.registry
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .register(counted.name, counted.help, family.clone());
            family
        });
        family.get_or_create(&labels).inc();
    }

    /// The OpenMetrics text of everything, with the modules' levels read now.
    pub fn render(&self, state: &AppState, modules: &[Module]) -> String {
        let mut registry = self.registry.lock().unwrap_or_else(PoisonError::into_inner);
        let mut sampled = self.sampled.lock().unwrap_or_else(PoisonError::into_inner);
        for level in modules.iter().flat_map(|module| module.gauges) {
            let gauge = sampled.entry(level.name).or_insert_with(|| {
                let gauge = Gauge::default();
                registry.register(level.name, level.help, gauge.clone());
                gauge
            });
            gauge.set((level.read)(state));
        }
        drop(sampled);
        let mut text = String::new();
        // Writing into a String cannot fail.
        let _ = prometheus_client::encoding::text::encode(&mut text, &registry);
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static OUTCOMES: Counted = Counted {
        name: "test_outcomes",
        help: "Outcomes in a test",
        label: "outcome",
    };

    fn rendered(metrics: &Metrics) -> String {
        let registry = metrics
            .registry
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let mut text = String::new();
        prometheus_client::encoding::text::encode(&mut text, &registry).expect("encode");
        text
    }

    #[test]
    fn requests_are_counted_by_route_pattern_method_and_status() {
        let metrics = Metrics::new();
        let pattern = Some("/api/v1/moment/{id}".to_owned());
        for _ in 0..3 {
            metrics.observe_request(pattern.clone(), "GET", 200, Duration::from_millis(3));
        }
        metrics.observe_request(None, "GET", 404, Duration::from_millis(30));
        let text = rendered(&metrics);
        assert!(text.contains(
            "xinqiao_http_requests_total{route=\"/api/v1/moment/{id}\",method=\"GET\",status=\"200\"} 3"
        ), "{text}");
        assert!(
            text.contains(
                "xinqiao_http_requests_total{route=\"unmatched\",method=\"GET\",status=\"404\"} 1"
            ),
            "{text}"
        );
        // 3 ms falls in the 5 ms bucket and above, not the 2.5 ms one.
        assert!(text.contains(
            "xinqiao_http_request_duration_seconds_bucket{le=\"0.0025\",route=\"/api/v1/moment/{id}\",method=\"GET\"} 0"
        ), "{text}");
        assert!(text.contains(
            "xinqiao_http_request_duration_seconds_bucket{le=\"0.005\",route=\"/api/v1/moment/{id}\",method=\"GET\"} 3"
        ), "{text}");
    }

    #[test]
    fn a_modules_events_are_counted_by_their_label() {
        let metrics = Metrics::new();
        metrics.count(&OUTCOMES, "paid");
        metrics.count(&OUTCOMES, "paid");
        metrics.count(&OUTCOMES, "failed");
        let text = rendered(&metrics);
        assert!(
            text.contains("# HELP xinqiao_test_outcomes Outcomes in a test"),
            "{text}"
        );
        assert!(
            text.contains("xinqiao_test_outcomes_total{outcome=\"paid\"} 2"),
            "{text}"
        );
        assert!(
            text.contains("xinqiao_test_outcomes_total{outcome=\"failed\"} 1"),
            "{text}"
        );
    }
}
