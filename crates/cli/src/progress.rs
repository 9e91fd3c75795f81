use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// A progress bar on stderr for long runs; silent when stderr is not a terminal.
pub struct Progress {
    total: u64,
    shown: bool,
    last: Instant,
    start: Instant,
}

impl Progress {
    pub fn new(total: u64) -> Progress {
        let now = Instant::now();
        Progress {
            total,
            shown: std::io::stderr().is_terminal() && total > 1,
            last: now,
            start: now,
        }
    }

    pub fn update(&mut self, done: u64) {
        if !self.shown || (self.last.elapsed() < Duration::from_millis(100) && done < self.total) {
            return;
        }
        self.last = Instant::now();
        // Nothing for the first half second: short runs stay quiet.
        if self.start.elapsed() < Duration::from_millis(500) && done < self.total {
            return;
        }
        let width = 30;
        let filled = (done * width / self.total.max(1)) as usize;
        eprint!(
            "\r[{}{}] {done}/{} ({:.0}%)",
            "#".repeat(filled),
            ".".repeat(width as usize - filled),
            self.total,
            done as f64 * 100.0 / self.total.max(1) as f64
        );
        let _ = std::io::stderr().flush();
    }

    pub fn finish(&mut self) {
        if self.shown && self.start.elapsed() >= Duration::from_millis(500) {
            eprintln!();
        }
    }
}
