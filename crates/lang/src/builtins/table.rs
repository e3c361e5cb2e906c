//! The table of built-ins: every topic file registers its built-ins in its `register`
//! function ([`Registry::add`]), and the table made from those calls is the only list
//! there is. It drives calls, `:help`, completion and the reference.
//!
//! A built-in is declared one of three ways, each one [`Registry::add`] line:
//! - [`Typed`]: arity and argument conversion come from the argument types
//!   (`Typed<GameId>`, `Typed<(GameId, Option<Value>)>`, see [`super::typed`]), so a call
//!   with a list where a game belongs says "expected a game, found a list" at that argument;
//! - [`Builtin`]: the raw form, a function over the evaluated [`Args`] that checks them
//!   itself (any entry written that way is registered as it is);
//! - [`Entry::new`]: a closure made at run time (the registered games' built-ins, one per
//!   game, each knowing its game).

use super::typed::{FromArgs, Typed};
use super::{Args, Builtin, BuiltinFn, Topic};
use crate::values::callable::Arity;
use crate::values::error::EvalError;
use crate::values::host::Host;
use crate::values::value::BuiltinId;
use crate::values::value::Value;

/// The body of a built-in made at run time: it may capture what it needs.
pub type Closure = Box<dyn Fn(&mut dyn Host, &Args) -> Result<Value, EvalError> + Send + Sync>;

/// How a table entry runs: a plain function (the raw form, called directly) or a closure
/// (typed built-ins converting their arguments first, and the registered games).
enum Run {
    Plain(BuiltinFn),
    Closure(Closure),
}

/// A built-in function in the table: its documentation and arity ([`Doc`], which the
/// entry reads as, `entry.name`) and its body.
pub struct Entry {
    doc: Doc,
    run: Run,
}

/// A built-in's documentation and arity: what `:help`, completion, the reference and the
/// arity check read. The only declaration of these fields: in the table `run` is `()`; a
/// raw declaration ([`Builtin`] = `Doc<BuiltinFn>`) carries its body there.
pub struct Doc<R = ()> {
    pub name: &'static str,
    /// What it is about, for grouping in help and the reference.
    pub topic: Topic,
    /// The parameter list as shown in help: `"g"`, `"a, b, …"`.
    pub params: &'static str,
    pub min_args: usize,
    /// `None`: any number of arguments.
    pub max_args: Option<usize>,
    pub summary: &'static str,
    /// An example input and the output it prints (ASCII notation); checked by the tests.
    pub example: (&'static str, &'static str),
    /// The body in a declaration; `()` once the documentation is in the table.
    pub run: R,
}

impl<R> Doc<R> {
    /// The documentation alone, and the body.
    fn split(self) -> (Doc, R) {
        let Doc {
            name,
            topic,
            params,
            min_args,
            max_args,
            summary,
            example,
            run,
        } = self;
        let doc = Doc {
            name,
            topic,
            params,
            min_args,
            max_args,
            summary,
            example,
            run: (),
        };
        (doc, run)
    }

    pub fn signature(&self) -> String {
        if self.is_constant() {
            return self.name.to_string();
        }
        format!("{}({})", self.name, self.params)
    }

    /// How many arguments it takes.
    pub fn arity(&self) -> Arity {
        Arity {
            min: self.min_args,
            max: self.max_args,
        }
    }

    /// Its help in an error: `abs(x) — the absolute value of a number`.
    pub fn usage(&self) -> String {
        format!("{} — {}", self.signature(), self.summary)
    }

    /// A built-in without arguments is a named value (`on`, `over`): the bare name is its
    /// value.
    pub fn is_constant(&self) -> bool {
        self.max_args == Some(0)
    }
}

/// An entry reads as its documentation: `entry.name`, `entry.signature()`.
impl std::ops::Deref for Entry {
    type Target = Doc;

    fn deref(&self) -> &Doc {
        &self.doc
    }
}

impl Entry {
    /// A built-in whose body is a closure made at run time.
    pub fn new(doc: Doc, run: Closure) -> Entry {
        Entry {
            doc,
            run: Run::Closure(run),
        }
    }

    /// Its documentation and arity.
    pub fn doc(&self) -> &Doc {
        &self.doc
    }

    /// Runs the built-in on arguments whose number has been checked (`call_with` checks).
    pub fn run(&self, i: &mut dyn Host, a: &Args) -> Result<Value, EvalError> {
        match &self.run {
            Run::Plain(f) => f(i, a),
            Run::Closure(f) => f(i, a),
        }
    }
}

impl std::fmt::Debug for Entry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "<built-in {}>", self.name)
    }
}

/// What [`Registry::add`] accepts: a raw [`Builtin`], a [`Typed`] built-in or an [`Entry`].
pub trait Declaration {
    fn into_entry(self) -> Entry;
}

impl Declaration for Entry {
    fn into_entry(self) -> Entry {
        self
    }
}

impl Declaration for Builtin {
    fn into_entry(self) -> Entry {
        let (doc, run) = self.split();
        Entry {
            doc,
            run: Run::Plain(run),
        }
    }
}

impl<A: FromArgs + 'static> Declaration for Typed<A> {
    fn into_entry(self) -> Entry {
        let body = self.run;
        let doc = Doc {
            name: self.name,
            topic: self.topic,
            params: self.params,
            min_args: A::MIN,
            max_args: A::MAX,
            summary: self.summary,
            example: self.example,
            run: (),
        };
        Entry::new(
            doc,
            Box::new(move |i, a| {
                let args = A::from_args(i, a)?;
                body(i, a, args)
            }),
        )
    }
}

/// The table being made: the topic files' `register` functions add to it, in the order
/// `:help` lists the built-ins.
#[derive(Default)]
pub struct Registry {
    entries: Vec<Entry>,
}

impl Registry {
    /// Adds a built-in after those added so far.
    pub fn add(&mut self, declaration: impl Declaration) {
        self.entries.push(declaration.into_entry());
    }
}

/// Every built-in, in the order `:help` lists them: what the topic files register
/// (`register`). Every name is taken once (a test checks, so a game registered
/// under the name of another built-in is caught).
pub static BUILTINS: std::sync::LazyLock<Vec<Entry>> = std::sync::LazyLock::new(|| {
    let mut r = Registry::default();
    super::register(&mut r);
    r.entries
});

pub fn lookup(name: &str) -> Option<&'static Entry> {
    lookup_id(name).map(BuiltinId::get)
}

/// The place in [`BUILTINS`] of the built-in of this name, as a value holds it.
pub fn lookup_id(name: &str) -> Option<BuiltinId> {
    // Names are looked up on every use of a built-in in a running program: by hash, not
    // by a scan of the table. The first entry of a name wins, as the scan found it.
    static BY_NAME: std::sync::OnceLock<rustc_hash::FxHashMap<&'static str, BuiltinId>> =
        std::sync::OnceLock::new();
    BY_NAME
        .get_or_init(|| {
            let mut map = rustc_hash::FxHashMap::default();
            for (k, b) in BUILTINS.iter().enumerate() {
                map.entry(b.name).or_insert(BuiltinId::new(k));
            }
            map
        })
        .get(name)
        .copied()
}

/// The built-ins an embedder added ([`crate::Session::register`]), after the table's: a
/// value names one by its place in the table followed by these. Each lives as long as the
/// process (an embedder adds a few); only the sessions that registered it bind its name.
static ADDED: std::sync::Mutex<Vec<&'static Entry>> = std::sync::Mutex::new(Vec::new());

/// The most built-ins there may be, the table's and the added ones (a value holds the
/// place of one in 16 bits).
const MAX_BUILTINS: usize = 1 << 16;

/// Adds a built-in after the table, for a value that names it: its place, or `None` when
/// there are already [`MAX_BUILTINS`].
pub(crate) fn add_entry(entry: Entry) -> Option<BuiltinId> {
    let mut added = ADDED.lock().unwrap_or_else(|e| e.into_inner());
    let index = BUILTINS.len() + added.len();
    if index >= MAX_BUILTINS {
        return None;
    }
    added.push(Box::leak(Box::new(entry)));
    Some(BuiltinId::new(index))
}

impl BuiltinId {
    /// The table's entry of the built-in (or the added one's).
    pub fn get(self) -> &'static Entry {
        let k = self.index();
        match BUILTINS.get(k) {
            Some(entry) => entry,
            None => {
                let added = ADDED.lock().unwrap_or_else(|e| e.into_inner());
                // Cannot be out of range: an id past the table is made only by `add_entry`,
                // for the entry it has just pushed, and entries are never removed.
                added[k - BUILTINS.len()]
            }
        }
    }
}

/// A built-in value reads as its table entry: `b.name`, `b.run(…)`.
impl std::ops::Deref for BuiltinId {
    type Target = Entry;

    fn deref(&self) -> &Entry {
        self.get()
    }
}

pub(crate) fn call(
    interp: &mut dyn Host,
    b: &'static Entry,
    args: Args,
) -> Result<Value, EvalError> {
    call_with(interp, b, &args)
}

/// [`call`] on arguments the caller keeps (compiled code reuses them for its next call).
pub(crate) fn call_with(
    interp: &mut dyn Host,
    b: &'static Entry,
    args: &Args,
) -> Result<Value, EvalError> {
    let n = args.values.len();
    let arity = b.arity();
    if !arity.accepts(n) {
        return Err(arity.error(b.name, &b.usage(), n, args.call));
    }
    b.run(interp, args)
}
