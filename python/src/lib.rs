//! `cgt._native`: the engine of the Python module, over the embedding API `cgt::Session`.
//!
//! A session's values hold `Rc`s, so a `Session` and everything it made must stay on one
//! thread. Each `Engine` therefore owns a dedicated thread (with the 1 GB stack the
//! `cgt` binary uses, so deep recursion ends in a clean error) that keeps the session and a
//! table of the values Python holds; Python talks to it over a channel. A value reaches
//! Python as a `Handle` (a number in that table), which is `Send` and `Sync`, so the
//! Python objects are ordinary thread-safe classes (Dask's threads may share them), and
//! dropping the last reference to a handle frees the value on the engine's thread.
//!
//! While the engine computes, the calling thread releases the GIL and wakes every 50 ms to
//! check for signals: Ctrl-C sets the session's interrupt flag, the computation stops with
//! its "interrupted" error, and Python sees `KeyboardInterrupt`.
//!
//! The module's allocator is the memory budget's counting allocator, as the `cgt`
//! binary's is: the budget then bounds everything the engines hold on the heap (their
//! values, a printer's text), not only the tables' estimates, so a computation too big for
//! `Session(memory=…)` ends in `CgtError` instead of aborting Python. It counts the Rust
//! side only: what Python allocates goes through Python's allocator.

mod lifecycle;
mod state;

use cgt::Session;
use cgt::session::Plain;
use lifecycle::{Shared, Waiting};
use num_bigint::BigInt;
use pyo3::IntoPyObjectExt;
use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use state::{Failed, Problem, Shown, ShownLine, State};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::Duration;

create_exception!(
    cgt,
    CgtError,
    PyValueError,
    "An error in cgt source: message, span, help and the caret report."
);

/// The counting allocator of the memory budget (see the module documentation).
#[global_allocator]
static ALLOCATOR: cgt::game::budget_alloc::CountingAllocator =
    cgt::game::budget_alloc::CountingAllocator;

/// The stack of an engine thread, as the `cgt` binary's interpreter thread has.
const STACK_SIZE: usize = 1 << 30;

/// How often a waiting caller wakes to look for Ctrl-C.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

type Job = Box<dyn FnOnce(&mut State) + Send>;

/// A value kept by an engine for Python, in one generation of its session (a reset starts
/// the next). Dropping it frees the value.
#[pyclass(frozen, module = "cgt._native")]
struct Handle {
    id: u64,
    generation: u64,
    engine: u64,
    jobs: Sender<Job>,
}

impl Drop for Handle {
    fn drop(&mut self) {
        let id = self.id;
        // The engine may have stopped already: then there is nothing to free. (Numbers are
        // never reused, so a stale handle frees nothing of a later generation.)
        let _ = self.jobs.send(Box::new(move |s: &mut State| {
            s.values.remove(&id);
        }));
    }
}

#[pymethods]
impl Handle {
    #[getter]
    fn id(&self) -> u64 {
        self.id
    }
}

/// One cgt session on its own thread.
#[pyclass(frozen, module = "cgt._native")]
struct Engine {
    id: u64,
    jobs: Sender<Job>,
    shared: Arc<Shared>,
}

static ENGINES: AtomicU64 = AtomicU64::new(0);

/// A map's entry for Python: its key's and its value's tuples.
type Pair<'py> = (Bound<'py, PyAny>, Bound<'py, PyAny>);

/// A value as Python names it to the engine: its number and generation.
type Ref = (u64, u64);

/// Plain data from Python: a bool, an int of any size, a fraction as `(numerator,
/// denominator)`, a str, or None.
#[derive(FromPyObject)]
enum PlainIn {
    Bool(bool),
    Int(BigInt),
    Ratio(BigInt, BigInt),
    Str(String),
}

impl Engine {
    /// Runs `f` on the engine's thread and waits for it with the GIL released, turning
    /// Ctrl-C into the session's interrupt flag and then `KeyboardInterrupt`.
    fn call<R: Send + 'static>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut State) -> R + Send + 'static,
    ) -> PyResult<R> {
        if !self.shared.here() {
            return Err(PyRuntimeError::new_err(
                "this cgt session was made in the parent of this process (before a fork), \
                 whose engine thread a forked process does not have; values made there \
                 cannot be used here (cgt's default session starts afresh in the child)",
            ));
        }
        let (reply, answer) = mpsc::sync_channel(1);
        self.jobs
            .send(Box::new(move |s: &mut State| {
                let _ = reply.send(f(s));
            }))
            .map_err(|_| stopped())?;
        self.wait(py, answer)
    }

    fn wait<R: Send>(&self, py: Python<'_>, mut answer: Receiver<R>) -> PyResult<R> {
        let waiting = Waiting::begin();
        let mut interrupted: Option<PyErr> = None;
        loop {
            // The receiver goes to the GIL-free closure and comes back (it is not `Sync`).
            let (got, back) = py.allow_threads(|| {
                let got = answer.recv_timeout(SIGNAL_POLL);
                waiting.park_if_exiting();
                (got, answer)
            });
            answer = back;
            match got {
                Ok(r) => return interrupted.map_or(Ok(r), Err),
                Err(RecvTimeoutError::Disconnected) => return Err(stopped()),
                Err(RecvTimeoutError::Timeout) => {
                    if interrupted.is_none() {
                        interrupted = py.check_signals().err();
                    }
                    // Set again while waiting: a call clears the flag when it starts, so a
                    // Ctrl-C that came before the job began must not be lost.
                    if interrupted.is_some() {
                        self.shared.interrupt.store(true, Ordering::SeqCst);
                    }
                }
            }
        }
    }

    fn handle(&self, id: u64, generation: u64) -> Handle {
        Handle {
            id,
            generation,
            engine: self.id,
            jobs: self.jobs.clone(),
        }
    }

    fn own(&self, handle: &Handle) -> PyResult<Ref> {
        if handle.engine == self.id {
            Ok((handle.id, handle.generation))
        } else {
            Err(PyValueError::new_err(
                "this value belongs to another cgt session",
            ))
        }
    }

    /// A value for Python as the tuple `(handle, kind, data)`: `data` is an int or a
    /// `(numerator, denominator)` pair for a number, a bool, the str of a string, the text
    /// of an outcome class or a text, and None for every other value (printed on request).
    fn tuple<'py>(&self, py: Python<'py>, s: Shown) -> PyResult<Bound<'py, PyAny>> {
        let handle = Py::new(py, self.handle(s.id, s.generation))?;
        let data: PyObject = match (s.plain, s.text) {
            (
                Some(Plain::Number {
                    numerator,
                    denominator,
                }),
                _,
            ) => {
                if denominator == BigInt::from(1) {
                    numerator.into_py_any(py)?
                } else {
                    (numerator, denominator).into_py_any(py)?
                }
            }
            (Some(Plain::Bool(b)), _) => b.into_py_any(py)?,
            (Some(Plain::Str(t)), _) | (_, Some(t)) => t.into_py_any(py)?,
            _ => py.None(),
        };
        (handle, s.kind, data)
            .into_pyobject(py)
            .map(|t| t.into_any())
    }

    fn tuples<'py>(&self, py: Python<'py>, shown: Vec<Shown>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        shown.into_iter().map(|s| self.tuple(py, s)).collect()
    }

    fn lines<'py>(&self, py: Python<'py>, lines: Vec<ShownLine>) -> PyResult<Vec<PyObject>> {
        lines
            .into_iter()
            .map(|l| match l {
                ShownLine::Value(i) => i.into_py_any(py),
                ShownLine::Text(t) => t.into_py_any(py),
            })
            .collect()
    }

    /// `CgtError` carrying the diagnostic (and what was printed before it).
    fn raise(&self, py: Python<'_>, problem: Problem) -> PyErr {
        let Failed {
            diagnostic: d,
            outputs,
            lines,
        } = match problem {
            Problem::Internal(message) => return PyRuntimeError::new_err(message),
            Problem::Stale => {
                return PyValueError::new_err(
                    "this value was made before its cgt session was reset (Session.reset), \
                     which emptied the games it was made of: compute it again",
                );
            }
            Problem::Cgt(failed) => *failed,
        };
        let d = for_python(d);
        let err = CgtError::new_err(d.report.clone());
        let value = err.value(py);
        let set = || -> PyResult<()> {
            value.setattr("message", d.message)?;
            value.setattr("span", (d.span.start, d.span.end))?;
            value.setattr("help", d.help)?;
            value.setattr("source_name", d.source_name)?;
            value.setattr("report", d.report)?;
            value.setattr("outputs", self.tuples(py, outputs)?)?;
            value.setattr("lines", self.lines(py, lines)?)?;
            Ok(())
        };
        match set() {
            Ok(()) => err,
            Err(e) => e,
        }
    }

    /// Runs `f` on the value of `handle`, raising what it fails with.
    fn with_value<R: Send + 'static>(
        &self,
        py: Python<'_>,
        handle: &Handle,
        f: impl FnOnce(&mut State, cgt::eval::Value) -> Result<R, Problem> + Send + 'static,
    ) -> PyResult<R> {
        let (id, generation) = self.own(handle)?;
        let done = self.call(py, move |s| {
            let value = s.value(id, generation)?;
            f(s, value)
        })?;
        done.map_err(|p| self.raise(py, p))
    }
}

/// How the command line's advice on the memory budget reads in Python.
const BUDGET_ADVICE: (&str, &str) = (
    "(set it with --memory or :memory)",
    "(set it with Session(memory=…), or :memory in the kernel)",
);

/// A diagnostic whose advice names Python's settings instead of the command line's.
fn for_python(mut d: cgt::Diagnostic) -> cgt::Diagnostic {
    let (cli, python) = BUDGET_ADVICE;
    if d.message.contains(cli) {
        d.message = d.message.replace(cli, python);
        d.report = d.report.replace(cli, python);
    }
    d
}

fn stopped() -> PyErr {
    PyRuntimeError::new_err("the cgt engine thread has stopped")
}

/// Binds each `(name, value)` in the session, for the source to name Python's values.
fn bind(s: &mut State, bindings: &[(String, Ref)]) -> Result<(), Problem> {
    for (name, (id, generation)) in bindings {
        let value = s.value(*id, *generation)?;
        s.session.set(name, value);
    }
    Ok(())
}

#[pymethods]
impl Engine {
    /// A new session on a new thread.
    #[new]
    fn new() -> PyResult<Engine> {
        let (jobs, inbox) = mpsc::channel::<Job>();
        let (shared_out, shared_in) = mpsc::channel();
        std::thread::Builder::new()
            .name("cgt-engine".into())
            .stack_size(STACK_SIZE)
            .spawn(move || {
                let session = Session::new();
                let shared = Shared::register(session.interrupt_flag());
                let _ = shared_out.send(shared.clone());
                let mut state = State::new(session);
                // A job that panics drops its reply channel (the caller gets an error); the
                // session goes on with the next job.
                for job in inbox {
                    shared.run(|| {
                        let _ = catch_unwind(AssertUnwindSafe(|| job(&mut state)));
                    });
                }
            })
            .map_err(|e| PyRuntimeError::new_err(format!("cannot start the engine: {e}")))?;
        let shared = shared_in.recv().map_err(|_| stopped())?;
        Ok(Engine {
            id: ENGINES.fetch_add(1, Ordering::Relaxed),
            jobs,
            shared,
        })
    }

    /// Runs cgt `source` after binding `bindings` (name → handle); returns the values of
    /// its expression statements as tuples `(handle, kind, data)` (see [`Engine::tuple`];
    /// nothing is printed) and the printed lines (an int: the index of a value; a str:
    /// text the program printed).
    #[pyo3(signature = (source, bindings = Vec::new()))]
    fn eval<'py>(
        &self,
        py: Python<'py>,
        source: String,
        bindings: Vec<(String, PyRef<'py, Handle>)>,
    ) -> PyResult<(Vec<Bound<'py, PyAny>>, Vec<PyObject>)> {
        let bindings = bindings
            .iter()
            .map(|(n, h)| Ok((n.clone(), self.own(h)?)))
            .collect::<PyResult<Vec<_>>>()?;
        let done = self.call(py, move |s| {
            bind(s, &bindings)?;
            let run = s.session.eval_unprinted(&source);
            s.unprinted(run)
        })?;
        match done {
            Ok((shown, lines)) => Ok((self.tuples(py, shown)?, self.lines(py, lines)?)),
            Err(p) => Err(self.raise(py, p)),
        }
    }

    /// A handle to plain data: a bool, an int of any size, a `(numerator, denominator)`
    /// pair, a str (kept exactly, whatever its characters), or None (the unit).
    fn plain(&self, py: Python<'_>, data: Option<PlainIn>) -> PyResult<Handle> {
        let plain = match data {
            None => Plain::Unit,
            Some(PlainIn::Bool(b)) => Plain::Bool(b),
            Some(PlainIn::Int(n)) => Plain::Number {
                numerator: n,
                denominator: BigInt::from(1),
            },
            Some(PlainIn::Ratio(n, d)) => {
                if d == BigInt::from(0) {
                    return Err(PyValueError::new_err("a fraction with denominator 0"));
                }
                Plain::Number {
                    numerator: n,
                    denominator: d,
                }
            }
            Some(PlainIn::Str(t)) => Plain::Str(t),
        };
        let (id, generation) = self.call(py, move |s| {
            let value = s.session.from_plain(plain);
            (s.keep(value), s.session.generation())
        })?;
        Ok(self.handle(id, generation))
    }

    /// The printed form of a value, in ASCII when `ascii`, cut after `limit` characters
    /// when given (the rest is not printed): `(text, whether it was cut)`.
    #[pyo3(signature = (handle, ascii = false, limit = None))]
    fn text(
        &self,
        py: Python<'_>,
        handle: PyRef<'_, Handle>,
        ascii: bool,
        limit: Option<usize>,
    ) -> PyResult<(String, bool)> {
        let notation = if ascii {
            cgt::game::Notation::Ascii
        } else {
            cgt::game::Notation::Unicode
        };
        self.with_value(py, &handle, move |s, v| {
            s.session.text(&v, notation, limit).map_err(Problem::cgt)
        })
    }

    /// The value's own picture as `(svg, tikz or None)` (a board, a thermograph), or None.
    fn own_picture(
        &self,
        py: Python<'_>,
        handle: PyRef<'_, Handle>,
    ) -> PyResult<Option<(String, Option<String>)>> {
        self.with_value(py, &handle, |s, v| {
            Ok(s.session.own_picture(&v).map(|p| (p.svg, p.tikz)))
        })
    }

    /// The picture of a value as `(svg, tikz or None)`: its own, or a short game's game
    /// tree; `None` for a value with no picture.
    fn picture(
        &self,
        py: Python<'_>,
        handle: PyRef<'_, Handle>,
    ) -> PyResult<Option<(String, Option<String>)>> {
        self.with_value(py, &handle, |s, v| {
            s.session
                .picture(&v)
                .map(|p| p.map(|p| (p.svg, p.tikz)))
                .map_err(Problem::cgt)
        })
    }

    /// How a value is written back as cgt source (a position as its game's call).
    fn written(&self, py: Python<'_>, handle: PyRef<'_, Handle>) -> PyResult<String> {
        self.with_value(py, &handle, |s, v| Ok(s.session.written(&v)))
    }

    /// The elements of a list or set as tuples (as `eval` gives them); `None` otherwise.
    fn elements<'py>(
        &self,
        py: Python<'py>,
        handle: PyRef<'py, Handle>,
    ) -> PyResult<Option<Vec<Bound<'py, PyAny>>>> {
        let items = self.with_value(py, &handle, |s, v| {
            let items = s.session.element_values(&v);
            Ok(items.map(|vs| vs.into_iter().map(|v| s.shown(v)).collect::<Vec<_>>()))
        })?;
        items.map(|shown| self.tuples(py, shown)).transpose()
    }

    /// The entries of a map as pairs of tuples (as `eval` gives values); `None` otherwise.
    fn entries<'py>(
        &self,
        py: Python<'py>,
        handle: PyRef<'py, Handle>,
    ) -> PyResult<Option<Vec<Pair<'py>>>> {
        let pairs = self.with_value(py, &handle, |s, v| {
            let pairs = s.session.entries(&v);
            Ok(pairs.map(|ps| {
                ps.into_iter()
                    .map(|(k, v)| (s.shown(k), s.shown(v)))
                    .collect::<Vec<_>>()
            }))
        })?;
        pairs
            .map(|ps| {
                ps.into_iter()
                    .map(|(k, v)| Ok((self.tuple(py, k)?, self.tuple(py, v)?)))
                    .collect()
            })
            .transpose()
    }

    /// The names that complete `prefix`: bindings, then built-ins.
    fn completions(&self, py: Python<'_>, prefix: String) -> PyResult<Vec<String>> {
        self.call(py, move |s| s.session.completions(&prefix))
    }

    /// Every built-in's documentation as `(name, signature, summary, example input,
    /// example output, topic)`.
    #[staticmethod]
    fn docs() -> Vec<(String, String, String, String, String, String)> {
        Session::docs()
            .into_iter()
            .map(|d| {
                (
                    d.name.to_string(),
                    d.signature,
                    d.summary.to_string(),
                    d.example.0.to_string(),
                    d.example.1.to_string(),
                    d.topic,
                )
            })
            .collect()
    }

    /// Stops the running computation (it ends with an "interrupted" error).
    fn interrupt(&self) {
        self.shared.interrupt.store(true, Ordering::SeqCst);
    }

    /// Forgets every binding and empties every cache. The values Python holds become
    /// stale: using one raises ValueError.
    fn reset(&self, py: Python<'_>) -> PyResult<()> {
        self.call(py, |s| s.reset())
    }

    /// The name error reports give the source (`<input>` unless told).
    fn set_source_name(&self, py: Python<'_>, name: String) -> PyResult<()> {
        self.call(py, move |s| s.session.set_source_name(&name))
    }

    /// Prints values in ASCII (CGSuite's `^`, `+-`) when `ascii`, else in Unicode (what
    /// cgt's own `print` writes).
    fn set_notation(&self, py: Python<'_>, ascii: bool) -> PyResult<()> {
        let notation = if ascii {
            cgt::game::Notation::Ascii
        } else {
            cgt::game::Notation::Unicode
        };
        self.call(py, move |s| s.session.set_notation(notation))
    }

    /// How many threads the board solvers use (1: the sequential solver).
    fn set_threads(&self, py: Python<'_>, threads: usize) -> PyResult<()> {
        self.call(py, move |s| s.session.set_threads(threads))
    }

    /// How many threads the board solvers use.
    fn threads(&self, py: Python<'_>) -> PyResult<usize> {
        self.call(py, |s| s.session.threads())
    }

    /// How many bytes this session's computations may hold.
    fn memory(&self, py: Python<'_>) -> PyResult<u64> {
        self.call(py, |s| s.session.memory_budget())
    }

    /// Sets the memory budget of this session (at least 1 MB; 0: the machine's default
    /// again).
    fn set_memory(&self, py: Python<'_>, bytes: u64) -> PyResult<()> {
        self.call(py, move |s| s.session.set_memory_budget(bytes))
    }

    /// The machine's default budget as `(bytes, where it came from)`: half the smallest of
    /// the physical memory, the address-space limit and the cgroup's memory limit.
    #[staticmethod]
    fn default_memory() -> (u64, String) {
        let d = Session::default_memory_budget();
        (d.bytes, d.source)
    }

    /// `text` read as a size (bytes, or with a unit: `512M`, `2G`), or None.
    #[staticmethod]
    fn parse_size(text: &str) -> Option<u64> {
        cgt::game::budget::parse_size(text)
    }

    /// The bytes the module holds on its heap now (all engines together).
    #[staticmethod]
    fn heap_in_use() -> u64 {
        cgt::game::budget::in_use()
    }

    /// How many values Python holds in this session (for tests of freeing).
    fn held(&self, py: Python<'_>) -> PyResult<usize> {
        self.call(py, |s| s.values.len())
    }
}

/// Called by `atexit` (see the `lifecycle` module): stops the engines' jobs and parks the
/// threads waiting on them, so that the interpreter's exit neither aborts nor cuts a job.
#[pyfunction]
fn _at_exit(py: Python<'_>) {
    let thread = std::thread::current().id();
    py.allow_threads(move || lifecycle::at_exit(thread));
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Engine>()?;
    m.add_class::<Handle>()?;
    m.add("CgtError", m.py().get_type::<CgtError>())?;
    m.add_function(wrap_pyfunction!(_at_exit, m)?)?;
    let at_exit = m.getattr("_at_exit")?;
    m.py()
        .import("atexit")?
        .call_method1("register", (at_exit,))?;
    Ok(())
}
