//! What `/metrics` shows, in the Prometheus text format: tables owned, actions stored, how
//! long storing each took (a histogram), lease takeovers.

use std::fmt::Write;
use std::sync::atomic::{AtomicU64, Ordering};

/// Upper bounds of the latency buckets, in seconds.
const BUCKETS: [f64; 12] = [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5];

#[derive(Default)]
pub struct Metrics {
    /// Actions stored (acknowledged) by this node.
    pub actions: AtomicU64,
    /// Tables this node took over from another (a lapsed or released lease).
    pub takeovers: AtomicU64,
    /// Appends refused because the lease was lost.
    pub fenced: AtomicU64,
    buckets: [AtomicU64; BUCKETS.len()],
    count: AtomicU64,
    sum_micros: AtomicU64,
}

impl Metrics {
    /// One append of `n` actions that took `took` (stored or not).
    pub fn appended(&self, n: usize, took: std::time::Duration) {
        self.actions.fetch_add(n as u64, Ordering::Relaxed);
        let s = took.as_secs_f64();
        for (i, b) in BUCKETS.iter().enumerate() {
            if s <= *b {
                self.buckets[i].fetch_add(1, Ordering::Relaxed);
            }
        }
        self.count.fetch_add(1, Ordering::Relaxed);
        self.sum_micros.fetch_add(took.as_micros() as u64, Ordering::Relaxed);
    }

    /// The text `/metrics` answers with.
    pub fn render(&self, node: &str, tables: usize) -> String {
        let mut o = String::new();
        let l = format!("node=\"{}\"", node.replace(['"', '\\', '\n'], "_"));
        let get = |a: &AtomicU64| a.load(Ordering::Relaxed);
        let _ = writeln!(
            o,
            "# HELP cardroom_tables_owned Tables this node owns (live in memory)."
        );
        let _ = writeln!(o, "# TYPE cardroom_tables_owned gauge");
        let _ = writeln!(o, "cardroom_tables_owned{{{l}}} {tables}");
        let _ = writeln!(
            o,
            "# HELP cardroom_actions_total Actions stored and acknowledged (rate() gives actions a second)."
        );
        let _ = writeln!(o, "# TYPE cardroom_actions_total counter");
        let _ = writeln!(o, "cardroom_actions_total{{{l}}} {}", get(&self.actions));
        let _ = writeln!(
            o,
            "# HELP cardroom_lease_takeovers_total Tables taken over from a node whose lease lapsed or was released."
        );
        let _ = writeln!(o, "# TYPE cardroom_lease_takeovers_total counter");
        let _ = writeln!(o, "cardroom_lease_takeovers_total{{{l}}} {}", get(&self.takeovers));
        let _ = writeln!(
            o,
            "# HELP cardroom_appends_fenced_total Appends refused because this node no longer held the lease."
        );
        let _ = writeln!(o, "# TYPE cardroom_appends_fenced_total counter");
        let _ = writeln!(o, "cardroom_appends_fenced_total{{{l}}} {}", get(&self.fenced));
        let _ = writeln!(
            o,
            "# HELP cardroom_append_seconds Time to store an action before it is acknowledged."
        );
        let _ = writeln!(o, "# TYPE cardroom_append_seconds histogram");
        for (i, b) in BUCKETS.iter().enumerate() {
            let _ = writeln!(
                o,
                "cardroom_append_seconds_bucket{{{l},le=\"{b}\"}} {}",
                get(&self.buckets[i])
            );
        }
        let count = get(&self.count);
        let _ = writeln!(o, "cardroom_append_seconds_bucket{{{l},le=\"+Inf\"}} {count}");
        let _ = writeln!(
            o,
            "cardroom_append_seconds_sum{{{l}}} {}",
            get(&self.sum_micros) as f64 / 1e6
        );
        let _ = writeln!(o, "cardroom_append_seconds_count{{{l}}} {count}");
        o
    }
}
