//! How engines meet the ends of processes: the interpreter's exit and `fork`.
//!
//! **Exit.** At interpreter exit CPython ends a daemon thread that tries to take the GIL
//! back by unwinding it with `pthread_exit`, which aborts the process (SIGABRT) when the
//! unwinding meets a Rust frame. A thread waiting on an engine takes the GIL back every
//! 50 ms (to look for Ctrl-C), so a daemon thread inside a cgt call at exit would abort
//! the process, and the engine's own thread would be killed in the middle of its job (a
//! file being written left as it was when it began). So an `atexit` hook ([`at_exit`])
//! first marks the process as exiting: a waiting thread that sees it parks for good
//! without the GIL (the process ends it at exit, as CPython ends daemon threads running
//! Python code); then it interrupts every engine and waits, with the GIL released, until
//! each has finished its job (an interrupted `nim_values_to_file` brings its file up to
//! date before it returns) and every waiting thread has parked. No job starts after that.
//!
//! **Fork.** A forked child has none of its parent's threads, so an engine made before the
//! fork would never answer. Every engine remembers the process that made it, and a call in
//! another process is an error at once (the Python side also starts a fresh default
//! session in the child, through `os.register_at_fork`).

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock, Weak};
use std::thread::ThreadId;
use std::time::{Duration, Instant};

/// Set when the interpreter exits: no job starts, and waiting threads park.
static EXITING: AtomicBool = AtomicBool::new(false);

/// Threads inside an engine call that have not parked.
static WAITING: AtomicUsize = AtomicUsize::new(0);

/// The thread that runs the exit (the main thread, running `atexit`): it may go on using
/// cgt in later exit hooks (its calls then fail, as no job starts), and never parks.
static EXIT_THREAD: OnceLock<ThreadId> = OnceLock::new();

/// The engines alive in this process.
static LIVE: Mutex<Vec<Weak<Shared>>> = Mutex::new(Vec::new());

/// The longest the exit waits for the engines to stop their jobs and for waiting threads
/// to park: a job that does not look at its interrupt flag for this long is abandoned.
const EXIT_WAIT: Duration = Duration::from_secs(10);

/// What an engine's thread and its callers share.
pub struct Shared {
    /// The session's interrupt flag.
    pub interrupt: Arc<AtomicBool>,
    /// Whether the engine's thread is running a job.
    pub busy: AtomicBool,
    /// The process the engine was made in.
    pub pid: u32,
}

impl Shared {
    /// Registers a new engine's shared state for [`at_exit`].
    pub fn register(interrupt: Arc<AtomicBool>) -> Arc<Shared> {
        let shared = Arc::new(Shared {
            interrupt,
            busy: AtomicBool::new(false),
            pid: std::process::id(),
        });
        // A poisoned lock only means a thread panicked while pushing: the list is sound.
        let mut live = LIVE.lock().unwrap_or_else(|p| p.into_inner());
        live.retain(|w| w.strong_count() > 0);
        live.push(Arc::downgrade(&shared));
        shared
    }

    /// Whether the engine belongs to this process (not to the parent of a fork).
    pub fn here(&self) -> bool {
        self.pid == std::process::id()
    }

    /// Runs one job on the engine's thread, unless the process is exiting.
    pub fn run(&self, job: impl FnOnce()) {
        self.busy.store(true, Ordering::SeqCst);
        if !EXITING.load(Ordering::SeqCst) {
            job();
        }
        self.busy.store(false, Ordering::SeqCst);
    }
}

/// Counts a thread as waiting on an engine until dropped.
pub struct Waiting;

impl Waiting {
    pub fn begin() -> Waiting {
        WAITING.fetch_add(1, Ordering::SeqCst);
        Waiting
    }

    /// Called by a waiting thread without the GIL: if the process is exiting, the thread
    /// must not take the GIL again, so it parks until the process ends.
    pub fn park_if_exiting(&self) {
        if EXITING.load(Ordering::SeqCst) && EXIT_THREAD.get() != Some(&std::thread::current().id())
        {
            WAITING.fetch_sub(1, Ordering::SeqCst);
            loop {
                std::thread::park();
            }
        }
    }
}

impl Drop for Waiting {
    fn drop(&mut self) {
        WAITING.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The exit: see the module's documentation. Called without the GIL, by `thread` (the
/// thread running `atexit`).
pub fn at_exit(thread: ThreadId) {
    let _ = EXIT_THREAD.set(thread);
    EXITING.store(true, Ordering::SeqCst);
    let live: Vec<Arc<Shared>> = LIVE
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .iter()
        .filter_map(Weak::upgrade)
        .filter(|s| s.here())
        .collect();
    let start = Instant::now();
    loop {
        let mut busy = false;
        for engine in &live {
            if engine.busy.load(Ordering::SeqCst) {
                // Again each time: a job clears the flag when it starts.
                engine.interrupt.store(true, Ordering::SeqCst);
                busy = true;
            }
        }
        if (!busy && WAITING.load(Ordering::SeqCst) == 0) || start.elapsed() > EXIT_WAIT {
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}
