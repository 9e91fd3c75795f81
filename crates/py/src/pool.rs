//! A small pool of worker threads kept for the life of a batched environment, so that a step
//! costs no thread start. [`Pool::run`] lends a job (a closure that takes work items from a
//! queue until it is empty) to the workers and runs it on the calling thread too; it returns
//! once the job is finished by every thread that entered it. A worker that wakes late (on a
//! busy machine) finds no job and goes back to sleep: the caller never waits for a worker to
//! start, only for work a worker has taken.

use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;

/// The job lent to the workers: a pointer to the caller's closure, valid while `run` waits.
#[derive(Clone, Copy)]
struct Job(*const (dyn Fn() + Sync));

// SAFETY: the pointee is `Sync`, and `run` keeps it alive until no worker can reach it.
unsafe impl Send for Job {}

struct State {
    job: Option<Job>,
    generation: u64,
    /// Workers inside the current job.
    active: usize,
    /// A worker's call panicked during the current job.
    panicked: bool,
    shutdown: bool,
}

struct Shared {
    state: Mutex<State>,
    wake: Condvar,
    idle: Condvar,
}

pub struct Pool {
    shared: Arc<Shared>,
    workers: Vec<JoinHandle<()>>,
}

impl Pool {
    /// A pool with `workers` threads besides the caller's.
    pub fn new(workers: usize) -> Pool {
        let shared = Arc::new(Shared {
            state: Mutex::new(State {
                job: None,
                generation: 0,
                active: 0,
                panicked: false,
                shutdown: false,
            }),
            wake: Condvar::new(),
            idle: Condvar::new(),
        });
        let workers = (0..workers)
            .map(|_| {
                let shared = shared.clone();
                std::thread::spawn(move || worker(&shared))
            })
            .collect();
        Pool { shared, workers }
    }

    pub fn workers(&self) -> usize {
        self.workers.len()
    }

    /// Runs `job` on this thread and on every worker that wakes while it is lent; returns when
    /// this thread's call and every worker's call have returned: false if one of them panicked.
    pub fn run(&self, job: &(dyn Fn() + Sync)) -> bool {
        if self.workers.is_empty() {
            return std::panic::catch_unwind(std::panic::AssertUnwindSafe(job)).is_ok();
        }
        // SAFETY (lifetime erased): the pointer is withdrawn below, under the lock, before
        // waiting for `active == 0`; a worker copies it only under the lock while it is lent and
        // counts itself in `active` until its call returns.
        let ptr: *const (dyn Fn() + Sync + '_) = job;
        let ptr: *const (dyn Fn() + Sync) = unsafe { std::mem::transmute(ptr) };
        {
            let mut s = self.shared.state.lock().unwrap_or_else(|e| e.into_inner());
            s.job = Some(Job(ptr));
            s.generation = s.generation.wrapping_add(1);
        }
        self.shared.wake.notify_all();
        let mine = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job)).is_ok();
        let mut s = self.shared.state.lock().unwrap_or_else(|e| e.into_inner());
        s.job = None;
        while s.active > 0 {
            s = self.shared.idle.wait(s).unwrap_or_else(|e| e.into_inner());
        }
        let theirs = !std::mem::replace(&mut s.panicked, false);
        mine && theirs
    }
}

fn worker(shared: &Shared) {
    let mut seen = 0u64;
    loop {
        let job = {
            let mut s = shared.state.lock().unwrap_or_else(|e| e.into_inner());
            loop {
                if s.shutdown {
                    return;
                }
                if s.generation != seen {
                    seen = s.generation;
                    if let Some(j) = s.job {
                        s.active += 1;
                        break j;
                    }
                }
                s = shared.wake.wait(s).unwrap_or_else(|e| e.into_inner());
            }
        };
        // SAFETY: see `Pool::run`: the closure outlives this call.
        let f = unsafe { &*job.0 };
        // A panic in the job is caught so that `active` is always decremented.
        let ok = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).is_ok();
        let mut s = shared.state.lock().unwrap_or_else(|e| e.into_inner());
        s.panicked |= !ok;
        s.active -= 1;
        if s.active == 0 {
            shared.idle.notify_all();
        }
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.shared.state.lock().unwrap_or_else(|e| e.into_inner()).shutdown = true;
        self.shared.wake.notify_all();
        for w in self.workers.drain(..) {
            let _ = w.join();
        }
    }
}
