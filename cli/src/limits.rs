//! How far the work on one puzzle may go: search nodes and wall-clock time, and the clock
//! that times it (the core reads no clock of its own).

use std::sync::OnceLock;
use std::time::{Duration, Instant};
use stepdoku::search::{Budget, Deadline};

/// The bounds on the work for one puzzle, from `--max-nodes` and `--max-seconds`.
#[derive(Copy, Clone, Debug)]
pub struct Limits {
    /// The most nodes one search may visit.
    pub nodes: u64,
    /// The longest one puzzle may take, searches and steps together.
    pub max_time: Duration,
}

impl Limits {
    /// The default of every command: the core's million nodes, and 30 seconds.
    pub const DEFAULT: Limits = Limits {
        nodes: Budget::DEFAULT.nodes,
        max_time: Duration::from_secs(DEFAULT_MAX_SECONDS),
    };

    /// The budget of work that starts now: its deadline is `max_time` from now.
    pub fn start(&self) -> Budget {
        let ms = self.max_time.as_secs_f64() * 1000.0;
        Budget::nodes(self.nodes).until(Deadline::after(now_ms, ms))
    }

    /// The time bound in whole seconds, as `--max-seconds` gave it.
    pub fn seconds(&self) -> u64 {
        self.max_time.as_secs()
    }
}

/// The default of `--max-seconds`.
pub const DEFAULT_MAX_SECONDS: u64 = 30;

/// Milliseconds since the first reading, on the monotonic clock.
fn now_ms() -> f64 {
    static EPOCH: OnceLock<Instant> = OnceLock::new();
    EPOCH.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_started_with_no_time_is_out_of_time_and_one_with_time_is_not() {
        let none = Limits {
            nodes: 10,
            max_time: Duration::ZERO,
        };
        assert!(none.start().is_out_of_time());
        let budget = Limits::DEFAULT.start();
        assert!(!budget.is_out_of_time());
        assert_eq!(budget.nodes, Budget::DEFAULT.nodes);
    }
}
