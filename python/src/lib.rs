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

use cgt::eval::Value;
use cgt::{Diagnostic, Failure, Output, Session};
use pyo3::IntoPyObjectExt;
use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::Duration;

create_exception!(
    cgt,
    CgtError,
    PyValueError,
    "An error in cgt source: message, span, help and the caret report."
);

/// The stack of an engine thread, as the `cgt` binary's interpreter thread has.
const STACK_SIZE: usize = 1 << 30;

/// How often a waiting caller wakes to look for Ctrl-C.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// What lives on an engine thread.
struct State {
    session: Session,
    values: HashMap<u64, Value>,
    next: u64,
}

impl State {
    /// Keeps `value` for Python and returns its number.
    fn keep(&mut self, value: Value) -> u64 {
        self.next += 1;
        self.values.insert(self.next, value);
        self.next
    }

    /// An output as data that may cross threads.
    fn shown(&mut self, output: Output) -> Shown {
        Shown {
            kind: output.kind,
            unicode: output.unicode,
            ascii: output.ascii,
            svg: output.svg,
            tikz: output.tikz,
            id: self.keep(output.value),
        }
    }

    fn value(&self, id: u64) -> Result<Value, Problem> {
        self.values
            .get(&id)
            .cloned()
            .ok_or_else(|| Problem::Internal(format!("no value #{id} in this session")))
    }
}

type Job = Box<dyn FnOnce(&mut State) + Send>;

/// A value printed by the engine, without the value itself (which stays on its thread).
struct Shown {
    id: u64,
    kind: &'static str,
    unicode: String,
    ascii: String,
    svg: Option<String>,
    tikz: Option<String>,
}

/// A printed line: a value's index among the outputs, or text the program printed.
enum ShownLine {
    Value(usize),
    Text(String),
}

/// Why a call failed, as data that may cross threads.
enum Problem {
    /// An error in the cgt source (boxed: it is large and the happy path is not).
    Cgt(Box<Failed>),
    Internal(String),
}

/// A cgt error with what was printed before it.
struct Failed {
    diagnostic: Diagnostic,
    outputs: Vec<Shown>,
    lines: Vec<ShownLine>,
}

fn lines_of(lines: Vec<cgt::session::Line>) -> Vec<ShownLine> {
    lines
        .into_iter()
        .map(|l| match l {
            cgt::session::Line::Value(i) => ShownLine::Value(i),
            cgt::session::Line::Text(t) => ShownLine::Text(t),
        })
        .collect()
}

/// A value kept by an engine for Python. Dropping it frees the value.
#[pyclass(frozen, module = "cgt._native")]
struct Handle {
    id: u64,
    engine: u64,
    jobs: Sender<Job>,
}

impl Drop for Handle {
    fn drop(&mut self) {
        let id = self.id;
        // The engine may have stopped already: then there is nothing to free.
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
    interrupt: Arc<AtomicBool>,
}

static ENGINES: AtomicU64 = AtomicU64::new(0);

impl Engine {
    /// Runs `f` on the engine's thread and waits for it with the GIL released, turning
    /// Ctrl-C into the session's interrupt flag and then `KeyboardInterrupt`.
    fn call<R: Send + 'static>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut State) -> R + Send + 'static,
    ) -> PyResult<R> {
        let (reply, answer) = mpsc::sync_channel(1);
        self.jobs
            .send(Box::new(move |s: &mut State| {
                let _ = reply.send(f(s));
            }))
            .map_err(|_| stopped())?;
        self.wait(py, answer)
    }

    fn wait<R: Send>(&self, py: Python<'_>, mut answer: Receiver<R>) -> PyResult<R> {
        let mut interrupted: Option<PyErr> = None;
        loop {
            // The receiver goes to the GIL-free closure and comes back (it is not `Sync`).
            let (got, back) = py.allow_threads(move || (answer.recv_timeout(SIGNAL_POLL), answer));
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
                        self.interrupt.store(true, Ordering::SeqCst);
                    }
                }
            }
        }
    }

    fn handle(&self, id: u64) -> Handle {
        Handle {
            id,
            engine: self.id,
            jobs: self.jobs.clone(),
        }
    }

    fn own(&self, handle: &Handle) -> PyResult<u64> {
        if handle.engine == self.id {
            Ok(handle.id)
        } else {
            Err(PyValueError::new_err(
                "this value belongs to another cgt session",
            ))
        }
    }

    /// A printed value as the tuple `(handle, unicode, ascii, kind, svg, tikz)`.
    fn tuple<'py>(&self, py: Python<'py>, s: Shown) -> PyResult<Bound<'py, PyAny>> {
        let handle = Py::new(py, self.handle(s.id))?;
        (handle, s.unicode, s.ascii, s.kind, s.svg, s.tikz)
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
            Problem::Cgt(failed) => *failed,
        };
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
}

fn stopped() -> PyErr {
    PyRuntimeError::new_err("the cgt engine thread has stopped")
}

fn failure(f: Failure, s: &mut State) -> Problem {
    let outputs = f.outputs.into_iter().map(|o| s.shown(o)).collect();
    Problem::Cgt(Box::new(Failed {
        diagnostic: f.diagnostic,
        outputs,
        lines: lines_of(f.lines),
    }))
}

/// Binds each `(name, id)` in the session, for the source to name Python's values.
fn bind(s: &mut State, bindings: &[(String, u64)]) -> Result<(), Problem> {
    for (name, id) in bindings {
        let value = s.value(*id)?;
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
        let (flag_out, flag_in) = mpsc::channel();
        std::thread::Builder::new()
            .name("cgt-engine".into())
            .stack_size(STACK_SIZE)
            .spawn(move || {
                let session = Session::new();
                let _ = flag_out.send(session.interrupt_flag());
                let mut state = State {
                    session,
                    values: HashMap::new(),
                    next: 0,
                };
                // A job that panics drops its reply channel (the caller gets an error); the
                // session goes on with the next job.
                for job in inbox {
                    let _ = catch_unwind(AssertUnwindSafe(|| job(&mut state)));
                }
            })
            .map_err(|e| PyRuntimeError::new_err(format!("cannot start the engine: {e}")))?;
        let interrupt = flag_in.recv().map_err(|_| stopped())?;
        Ok(Engine {
            id: ENGINES.fetch_add(1, Ordering::Relaxed),
            jobs,
            interrupt,
        })
    }

    /// Runs cgt `source` after binding `bindings` (name → handle); returns the printed
    /// values as tuples `(handle, unicode, ascii, kind, svg, tikz)` and the printed lines
    /// (an int: the index of a value; a str: text the program printed).
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
            match s.session.eval_with_lines(&source) {
                Ok((outputs, lines)) => {
                    let shown = outputs.into_iter().map(|o| s.shown(o)).collect();
                    Ok((shown, lines_of(lines)))
                }
                Err(f) => Err(failure(*f, s)),
            }
        })?;
        match done {
            Ok((shown, lines)) => Ok((self.tuples(py, shown)?, self.lines(py, lines)?)),
            Err(p) => Err(self.raise(py, p)),
        }
    }

    /// The picture of a value as `(svg, tikz or None)`: its own, or a short game's game
    /// tree; `None` for a value with no picture.
    fn picture(
        &self,
        py: Python<'_>,
        handle: PyRef<'_, Handle>,
    ) -> PyResult<Option<(String, Option<String>)>> {
        let id = self.own(&handle)?;
        let drawn = self.call(py, move |s| {
            let value = s.value(id)?;
            s.session
                .picture(&value)
                .map(|p| p.map(|p| (p.svg, p.tikz)))
                .map_err(|diagnostic| {
                    Problem::Cgt(Box::new(Failed {
                        diagnostic,
                        outputs: Vec::new(),
                        lines: Vec::new(),
                    }))
                })
        })?;
        drawn.map_err(|p| self.raise(py, p))
    }

    /// How a value is written back as cgt source (a position as its game's call).
    fn written(&self, py: Python<'_>, handle: PyRef<'_, Handle>) -> PyResult<String> {
        let id = self.own(&handle)?;
        let text = self.call(py, move |s| s.value(id).map(|v| s.session.written(&v)))?;
        text.map_err(|p| self.raise(py, p))
    }

    /// The elements of a list or set as tuples (as `eval` gives them); `None` otherwise.
    fn elements<'py>(
        &self,
        py: Python<'py>,
        handle: PyRef<'py, Handle>,
    ) -> PyResult<Option<Vec<Bound<'py, PyAny>>>> {
        let id = self.own(&handle)?;
        let items = self.call(py, move |s| {
            let value = s.value(id)?;
            let outputs = s.session.elements(&value);
            Ok(outputs.map(|os| os.into_iter().map(|o| s.shown(o)).collect::<Vec<_>>()))
        })?;
        match items {
            Ok(Some(shown)) => Ok(Some(self.tuples(py, shown)?)),
            Ok(None) => Ok(None),
            Err(p) => Err(self.raise(py, p)),
        }
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
        self.interrupt.store(true, Ordering::SeqCst);
    }

    /// Forgets every binding and empties every cache.
    fn reset(&self, py: Python<'_>) -> PyResult<()> {
        self.call(py, |s| s.session.reset())
    }

    /// The name error reports give the source (`<input>` unless told).
    fn set_source_name(&self, py: Python<'_>, name: String) -> PyResult<()> {
        self.call(py, move |s| s.session.set_source_name(&name))
    }

    /// Prints values in ASCII (CGSuite's `^`, `+-`) when `ascii`, else in Unicode; both
    /// forms come with every value, this chooses the one `print` writes.
    fn set_notation(&self, py: Python<'_>, ascii: bool) -> PyResult<()> {
        let notation = if ascii {
            cgt::game::Notation::Ascii
        } else {
            cgt::game::Notation::Unicode
        };
        self.call(py, move |s| s.session.set_notation(notation))
    }

    /// How many values Python holds in this session (for tests of freeing).
    fn held(&self, py: Python<'_>) -> PyResult<usize> {
        self.call(py, |s| s.values.len())
    }
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Engine>()?;
    m.add_class::<Handle>()?;
    m.add("CgtError", m.py().get_type::<CgtError>())?;
    Ok(())
}
