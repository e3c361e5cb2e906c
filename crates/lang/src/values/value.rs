//! Runtime values of the cgt language.

pub use super::callable::Callable;
pub use super::game_value::GameValue;
use crate::game::{GameId, Outcome};
use crate::syntax::{Expr, Name};
use num_rational::BigRational;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// A value: exact numbers stay numbers (so `1/3` is legal in arithmetic) until a game is
/// needed; games are ids into the session's store.
#[derive(Clone, Debug)]
pub enum Value {
    Number(super::number::Num),
    /// A game of one of the game algebras (short, position, sum, misère, loopy,
    /// transfinite): see [`GameValue`].
    Game(GameValue),
    Bool(bool),
    Outcome(Outcome),
    Str(Rc<str>),
    List(Rc<Vec<Value>>),
    /// `{1, 2, 3}`: elements compared by `==`, in the order first added.
    Set(Rc<super::collections::SetValue>),
    /// `{"a" => 1}`: keys compared by `==`, in the order first added.
    Map(Rc<super::collections::MapValue>),
    /// A function: a user function or a built-in (see [`Callable`]).
    Function(Callable),
    /// Any other kind of object (a thermograph, a ruleset, …): see
    /// [`super::value_object::Object`].
    Object(Rc<dyn super::value_object::Object>),
    /// Text printed as it is (explanations, uptimal expansions).
    Text(Rc<str>),
    /// Named fields, e.g. the answer of `period(R)`; `r.name` reads a field.
    Record(Rc<Record>),
    /// The value of statements and of `print`: prints nothing.
    Unit,
}

impl Value {
    /// What kind of value this is, for error messages ("expected a game, found a list").
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Number(n) if n.is_integer() => "an integer",
            Value::Number(_) => "a rational number",
            Value::Game(g) => g.kind(),
            Value::Bool(_) => "a boolean",
            Value::Outcome(_) => "an outcome class",
            Value::Str(_) => "a string",
            Value::List(_) => "a list",
            Value::Set(_) => "a set",
            Value::Map(_) => "a map",
            Value::Function(_) => "a function",
            Value::Record(_) => "a record",
            Value::Object(o) => o.kind(),
            Value::Text(_) => "text",
            Value::Unit => "nothing",
        }
    }

    /// Empties the memo table of a function defined by `def` or of a ruleset written in
    /// cgt (`:forget`): the results or solved positions it held are returned, with those of
    /// the ruleset's own moves function. `None` for a value that keeps no such table.
    pub fn forget_memo(&self) -> Option<usize> {
        match self {
            Value::Function(Callable::Closure(c)) => Some(c.forget()),
            Value::Object(o) => o.forget_tables(),
            _ => None,
        }
    }

    /// A number value (an integer, a `BigInt` or a `BigRational`).
    pub fn number(n: impl Into<super::number::Num>) -> Value {
        Value::Number(n.into())
    }

    pub fn list(items: Vec<Value>) -> Value {
        Value::List(Rc::new(items))
    }

    /// The value of a built-in's name.
    pub fn builtin(b: BuiltinId) -> Value {
        Value::Function(Callable::Builtin(b))
    }

    /// The built-in this value is, if it is one.
    pub fn as_builtin(&self) -> Option<BuiltinId> {
        match self {
            Value::Function(Callable::Builtin(b)) => Some(*b),
            _ => None,
        }
    }

    /// The memo key of a value, if it has one (functions do not).
    pub fn key(&self) -> Option<Key> {
        Some(match self {
            // Integers, the most common coordinates, are keyed without an allocation.
            Value::Number(super::number::Num::Small(k)) => Key::Int(*k),
            Value::Number(super::number::Num::Big(n)) => Key::Number(n.clone()),
            Value::Game(g) => return g.key(),
            Value::Bool(b) => Key::Bool(*b),
            Value::Outcome(o) => Key::Outcome(*o),
            Value::Str(s) => Key::Str(s.clone()),
            // A list is keyed by itself, shared, with its hash computed once: a position
            // of fourteen cells is not copied into a key per look-up.
            Value::List(items) => Key::Shared(SharedKey::new(items)?),
            Value::Record(r) => Key::List(
                r.fields
                    .iter()
                    .map(|(_, v)| v.key())
                    .collect::<Option<_>>()?,
            ),
            Value::Text(s) => Key::Str(s.clone()),
            Value::Object(o) => return o.key(),
            Value::Set(s) => s.memo_key(),
            Value::Map(m) => m.memo_key()?,
            Value::Function(_) | Value::Unit => return None,
        })
    }
}

/// A built-in function, named by its place in the table of built-ins
/// ([`crate::builtins::BUILTINS`]): values do not hold the table's entries, whose functions
/// take the interpreter, so that the value layer does not depend on the interpreter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuiltinId(u16);

impl BuiltinId {
    /// The built-in at place `index` of the table (the table has fewer than 2^16 entries).
    pub fn new(index: usize) -> BuiltinId {
        // Cannot fire on any input: the table is made once, from the topic files' fixed
        // declarations and the registry's games (a few hundred), before any program runs.
        BuiltinId(u16::try_from(index).expect("fewer than 65536 built-ins"))
    }

    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// A sum of games or positions as written. `a + b + c` nests as `(a + b) + c`, so adding a
/// term to a long sum costs the same as to a short one; [`Sum::components`] flattens. The
/// value is remembered once known.
#[derive(Debug)]
pub struct Sum {
    terms: Vec<Value>,
    value: Cell<Option<GameId>>,
}

impl Sum {
    pub fn new(terms: Vec<Value>) -> Sum {
        Sum {
            terms,
            value: Cell::new(None),
        }
    }

    /// A sum whose value is already known.
    pub fn with_value(terms: Vec<Value>, value: GameId) -> Sum {
        Sum {
            terms,
            value: Cell::new(Some(value)),
        }
    }

    /// The terms as written (some may be sums themselves).
    pub fn terms(&self) -> &[Value] {
        &self.terms
    }

    pub fn value(&self) -> Option<GameId> {
        self.value.get()
    }

    pub fn remember_value(&self, g: GameId) {
        self.value.set(Some(g));
    }

    /// The components, with nested sums opened, in the order written.
    pub fn components(&self) -> Vec<Value> {
        let mut out = Vec::new();
        let mut stack: Vec<&Value> = self.terms.iter().rev().collect();
        while let Some(v) = stack.pop() {
            match v {
                Value::Game(GameValue::Sum(s)) => stack.extend(s.terms.iter().rev()),
                other => out.push(other.clone()),
            }
        }
        out
    }
}

/// A long sum is a deep chain of nested sums: take it apart iteratively, so that dropping it
/// never recurses once per term.
impl Drop for Sum {
    fn drop(&mut self) {
        let mut stack = std::mem::take(&mut self.terms);
        while let Some(v) = stack.pop() {
            if let Value::Game(GameValue::Sum(rc)) = v
                && let Ok(mut inner) = Rc::try_unwrap(rc)
            {
                stack.append(&mut inner.terms);
            }
        }
    }
}

/// A value with named fields, printed `(name: value, …)`; its first field may serve as a
/// summary (`kind`).
#[derive(Debug)]
pub struct Record {
    pub kind: &'static str,
    pub fields: Vec<(String, Value)>,
}

impl Record {
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.fields.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }
}

/// A thermograph with the printed game it belongs to (for titles of pictures).
#[derive(Debug)]
pub struct GameThermograph {
    pub thermograph: crate::game::theory::Thermograph,
    pub game: String,
}

/// The key of a list: the list itself (shared, not copied) and its hash. Two are equal when
/// their elements' keys are, element by element, as if each element had been turned into
/// its key.
#[derive(Clone, Debug)]
pub struct SharedKey {
    hash: u64,
    items: Rc<Vec<Value>>,
}

impl SharedKey {
    /// The key of a list, `None` if some element has no key (a function).
    fn new(items: &Rc<Vec<Value>>) -> Option<SharedKey> {
        Some(SharedKey {
            hash: list_hash(items)?,
            items: items.clone(),
        })
    }
}

/// How many lists [`list_hash`] remembers the hash of.
const LIST_HASHES: usize = 64;

thread_local! {
    /// The hashes of the lists hashed last, by address. A ruleset's position is hashed
    /// several times over (as an option, as the argument of the rules, as the argument of
    /// each helper they call); each entry holds its list, so the list is neither freed
    /// (its address cannot name another list) nor changed (it is shared: nothing changes
    /// a shared list in place) while the entry is there.
    static LIST_HASH_CACHE: RefCell<[Option<HashedList>; LIST_HASHES]> =
        const { RefCell::new([const { None }; LIST_HASHES]) };
}

/// A list with its hash, in [`LIST_HASH_CACHE`].
type HashedList = (Rc<Vec<Value>>, u64);

/// The longest list whose hash [`list_hash`] remembers: positions are short, and a long
/// list is not kept alive by the cache.
const LIST_HASHED_LEN: usize = 256;

/// The hash of a list as a key (see [`hash_list`]), `None` if some element has no key.
fn list_hash(items: &Rc<Vec<Value>>) -> Option<u64> {
    if items.len() > LIST_HASHED_LEN {
        let mut h = rustc_hash::FxHasher::default();
        hash_list(items, &mut h)?;
        return Some(std::hash::Hasher::finish(&h));
    }
    let slot = (Rc::as_ptr(items) as usize >> 4) % LIST_HASHES;
    let known = LIST_HASH_CACHE.with(|c| match &c.borrow()[slot] {
        Some((list, hash)) if Rc::ptr_eq(list, items) => Some(*hash),
        _ => None,
    });
    if known.is_some() {
        return known;
    }
    let mut h = rustc_hash::FxHasher::default();
    hash_list(items, &mut h)?;
    let hash = std::hash::Hasher::finish(&h);
    // The entry it replaces is dropped after the borrow ends (dropping a list runs no
    // code that hashes, but this keeps the borrow short whatever a drop does).
    let old = LIST_HASH_CACHE.with(|c| c.borrow_mut()[slot].replace((items.clone(), hash)));
    drop(old);
    Some(hash)
}

/// Hashes a list's elements as their keys would hash (nested lists by the same walk), with
/// no key built for the commonest elements; `None` if some element has no key.
fn hash_list(items: &[Value], h: &mut rustc_hash::FxHasher) -> Option<()> {
    use std::hash::Hasher;
    h.write_usize(items.len());
    for v in items {
        // The cells of a board, short strings, inline (as `hash_value` hashes them).
        match v {
            Value::Str(s) if s.len() < 8 => h.write_u64(short_str_word(s.as_bytes()) ^ 1),
            v => hash_value(v, h)?,
        }
    }
    Some(())
}

/// A string of fewer than eight bytes as one word: its bytes, then its length in the top
/// byte. (Built byte by byte: a copy of a slice of variable length is a call of `memcpy`,
/// which cost more than the hash.)
#[inline(always)]
fn short_str_word(b: &[u8]) -> u64 {
    (b.iter().enumerate()).fold((b.len() as u64) << 56, |w, (i, &c)| {
        w | u64::from(c) << (8 * i)
    })
}

/// Hashes one keyable value for [`hash_list`] and the memo tables (equal under
/// [`keys_equal`] means equal hashes); `None` if it has no key.
fn hash_value(v: &Value, h: &mut rustc_hash::FxHasher) -> Option<()> {
    use std::hash::{Hash, Hasher};
    match v {
        Value::Number(super::number::Num::Small(k)) => {
            h.write_u8(0);
            h.write_i64(*k);
        }
        Value::Str(s) | Value::Text(s) => {
            // The cells of a board are strings of a character or two: one word holds them
            // with their length (longer strings are hashed byte by byte).
            let b = s.as_bytes();
            if b.len() < 8 {
                h.write_u64(short_str_word(b) ^ 1);
            } else {
                h.write_u8(1);
                s.hash(h);
            }
        }
        Value::List(inner) => {
            h.write_u8(2);
            h.write_u64(list_hash(inner)?);
        }
        other => {
            h.write_u8(3);
            other.key()?.hash(h);
        }
    }
    Some(())
}

/// Whether two keyable values have equal keys (the equality [`hash_list`] hashes for).
fn keys_equal(a: &Value, b: &Value) -> bool {
    use super::number::Num;
    match (a, b) {
        (Value::Number(Num::Small(x)), Value::Number(Num::Small(y))) => x == y,
        (Value::Str(x) | Value::Text(x), Value::Str(y) | Value::Text(y)) => {
            Rc::ptr_eq(x, y) || x == y
        }
        (Value::List(x), Value::List(y)) => lists_equal(x, y),
        (Value::List(_), _) | (_, Value::List(_)) => false,
        _ => a.key() == b.key(),
    }
}

fn lists_equal(x: &Rc<Vec<Value>>, y: &Rc<Vec<Value>>) -> bool {
    Rc::ptr_eq(x, y)
        || (x.len() == y.len()
            && x.iter().zip(y.iter()).all(|(p, q)| match (p, q) {
                // The cells of a board inline, as `keys_equal` compares them.
                (Value::Str(a), Value::Str(b)) => Rc::ptr_eq(a, b) || a == b,
                _ => keys_equal(p, q),
            }))
}

impl PartialEq for SharedKey {
    fn eq(&self, other: &SharedKey) -> bool {
        self.hash == other.hash && lists_equal(&self.items, &other.items)
    }
}

impl Eq for SharedKey {}

impl std::hash::Hash for SharedKey {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

/// A hashable image of a value, used to memoize functions on their arguments.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    /// An integer that fits in 64 bits (always keyed this way, so equal numbers have equal
    /// keys).
    Int(i64),
    /// Any other number (shared, to keep keys small: tables of millions of positions hold
    /// them).
    Number(Rc<BigRational>),
    Game(GameId),
    Bool(bool),
    Outcome(Outcome),
    Str(Rc<str>),
    /// A list of values (see [`SharedKey`]).
    Shared(SharedKey),
    /// The keys of a record's fields.
    List(Vec<Key>),
    Sum(Vec<Key>),
    Misere(crate::impartial::misere_forms::MisereId),
    /// A set's keys, in an order independent of how it was built.
    Set(Vec<Key>),
    /// A map's `[key, value]` pairs, in an order independent of how it was built.
    Map(Vec<Key>),
    /// A position: its game and its key within that game.
    Position(FamilyKey, Box<Key>),
}

/// The game a position belongs to, as a key: the ruleset itself (compared by identity and
/// kept alive by the key, so that a key never outlives the family that gave it meaning),
/// or the name of a family that is one fixed game (`staircase_nim`).
#[derive(Clone, Debug)]
pub enum FamilyKey {
    Shared(Rc<dyn std::any::Any>),
    Named(&'static str),
}

impl FamilyKey {
    /// The family's address, for a shared one (its identity).
    fn address(&self) -> Option<*const ()> {
        match self {
            FamilyKey::Shared(rc) => Some(Rc::as_ptr(rc) as *const ()),
            FamilyKey::Named(_) => None,
        }
    }
}

impl PartialEq for FamilyKey {
    fn eq(&self, other: &FamilyKey) -> bool {
        match (self, other) {
            (FamilyKey::Named(a), FamilyKey::Named(b)) => a == b,
            _ => self.address().is_some() && self.address() == other.address(),
        }
    }
}

impl Eq for FamilyKey {}

impl std::hash::Hash for FamilyKey {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        match self {
            FamilyKey::Shared(_) => state.write_usize(self.address().map_or(0, |a| a as usize)),
            FamilyKey::Named(name) => name.hash(state),
        }
    }
}

/// A user function (`def` or lambda) with the local scope it was created in.
#[derive(Debug)]
pub struct Closure {
    pub name: Option<String>,
    pub params: Vec<Name>,
    /// The parameters' names, shared by every call's scope (a call allocates no name).
    pub param_names: Rc<[Rc<str>]>,
    pub body: Rc<Expr>,
    pub scope: Option<Rc<Scope>>,
    /// Results by arguments: `def` functions are memoized (they should be pure).
    pub memo: RefCell<Memo>,
    pub memoize: bool,
}

impl Closure {
    /// A function of `params` computing `body` in `scope`, with an empty memo table.
    pub fn new(
        name: Option<String>,
        params: &[Name],
        body: Rc<Expr>,
        scope: Option<Rc<Scope>>,
        memoize: bool,
    ) -> Closure {
        Closure {
            name,
            params: params.to_vec(),
            param_names: params.iter().map(|p| Rc::from(p.text.as_str())).collect(),
            body,
            scope,
            memo: Default::default(),
            memoize,
        }
    }

    /// How many results the memo table holds.
    pub fn memo_len(&self) -> usize {
        self.memo.borrow().len()
    }

    /// Empties the memo table (`:forget`), freeing its memory; returns how many results it
    /// held.
    pub fn forget(&self) -> usize {
        std::mem::take(&mut *self.memo.borrow_mut()).len()
    }
}

/// The memo table of a `def` function: each result with the arguments it was computed
/// from, held as they were given (shared, not copied into keys: a position of fourteen
/// cells costs one pointer per entry) and compared as their keys would be (see
/// `keys_equal`). One argument is held in the entry itself, more in one allocation.
///
/// A table keeps every result until it has computed [`MEMO_WARM_UP`] of them; from then on
/// it keeps a result only while it is asked for a result it holds at least once in every
/// [`MEMO_HIT_RATE`] calls it computes, or when the result took at least [`MEMO_COSTLY`]
/// steps of work to compute. A function called once per argument (the helpers of a
/// ruleset, whose positions the ruleset already remembers) then stops filling memory with
/// results nobody asks for again, while a recursion stays polynomial: a result left out
/// cost less than [`MEMO_COSTLY`] steps, so computing it again costs a bounded factor.
#[derive(Default)]
pub struct Memo {
    table: hashbrown::HashTable<MemoEntry>,
    /// Calls answered from the table.
    hits: Cell<u64>,
    /// Calls computed (kept or not).
    computed: u64,
}

/// Results a memo table keeps whatever they cost or how often it is asked for them.
pub const MEMO_WARM_UP: u64 = 1024;
/// Past the warm-up, a table keeps every result while at least one call in this many
/// (counting those it computes) finds its result there.
pub const MEMO_HIT_RATE: u64 = 16;
/// Past the warm-up, a result that took at least this many steps (checks for Ctrl-C: calls,
/// elements of comprehensions, steps of built-ins) is kept whatever the hit rate. Keeping
/// one costs about as much time as 30 steps (and a hundred bytes or more): at a hit rate
/// under 1/16 it pays only for results costing over about 500 steps.
pub const MEMO_COSTLY: u64 = 512;

struct MemoEntry {
    hash: u64,
    args: MemoArgs,
    value: Value,
}

enum MemoArgs {
    One(Value),
    Many(Box<[Value]>),
}

impl MemoArgs {
    fn as_slice(&self) -> &[Value] {
        match self {
            MemoArgs::One(v) => std::slice::from_ref(v),
            MemoArgs::Many(vs) => vs,
        }
    }
}

impl std::fmt::Debug for Memo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Memo({} results)", self.len())
    }
}

impl Memo {
    /// The hash of a call's arguments, `None` if one has no key (a function): such a call
    /// is not memoized.
    pub fn hash_args(args: &[Value]) -> Option<u64> {
        let mut h = rustc_hash::FxHasher::default();
        hash_list(args, &mut h)?;
        Some(std::hash::Hasher::finish(&h))
    }

    fn matches(e: &MemoEntry, hash: u64, args: &[Value]) -> bool {
        let held = e.args.as_slice();
        e.hash == hash
            && held.len() == args.len()
            && held.iter().zip(args).all(|(a, b)| keys_equal(a, b))
    }

    /// The result remembered for `args`, whose hash is `hash` (from [`Memo::hash_args`]).
    pub fn get(&self, hash: u64, args: &[Value]) -> Option<&Value> {
        let found = self
            .table
            .find(hash, |e| Memo::matches(e, hash, args))
            .map(|e| &e.value);
        if found.is_some() {
            self.hits.set(self.hits.get() + 1);
        }
        found
    }

    /// Counts a computed call and says whether its result, which took `cost` steps, is
    /// worth keeping (see [`Memo`]).
    pub fn worth_keeping(&mut self, cost: u64) -> bool {
        self.computed += 1;
        self.computed <= MEMO_WARM_UP
            || self.hits.get().saturating_mul(MEMO_HIT_RATE) >= self.computed
            || cost >= MEMO_COSTLY
    }

    /// Remembers `value` as the result for `args` (replacing one already there).
    pub fn insert(&mut self, hash: u64, args: &[Value], value: Value) {
        if let Some(e) = self.table.find_mut(hash, |e| Memo::matches(e, hash, args)) {
            e.value = value;
            return;
        }
        let args = match args {
            [one] => MemoArgs::One(one.clone()),
            many => MemoArgs::Many(many.into()),
        };
        self.table
            .insert_unique(hash, MemoEntry { hash, args, value }, |e| e.hash);
    }

    /// How many results it holds.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }
}

/// A frame of local bindings (function parameters, comprehension variables). Names are
/// shared with the closure or expression that binds them, so making a frame copies no text.
#[derive(Debug)]
pub struct Scope {
    pub vars: Vec<(Rc<str>, Value)>,
    pub parent: Option<Rc<Scope>>,
}

/// `a == b` for the short names of variables, compared inline (`str`'s equality calls
/// `memcmp`, which costs more than the names).
fn same_name(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).all(|(x, y)| x == y)
}

impl Scope {
    /// The value bound to `name` in the innermost frame that binds it.
    pub fn get<'s>(scope: &'s Option<Rc<Scope>>, name: &str) -> Option<&'s Value> {
        let mut cur = scope.as_ref();
        while let Some(s) = cur {
            if let Some((_, v)) = s.vars.iter().find(|(n, _)| same_name(n, name)) {
                return Some(v);
            }
            cur = s.parent.as_ref();
        }
        None
    }

    pub fn lookup(scope: &Option<Rc<Scope>>, name: &str) -> Option<Value> {
        Scope::get(scope, name).cloned()
    }

    pub fn names(scope: &Option<Rc<Scope>>) -> Vec<String> {
        let mut out = Vec::new();
        let mut cur = scope.as_ref();
        while let Some(s) = cur {
            out.extend(s.vars.iter().map(|(n, _)| n.to_string()));
            cur = s.parent.as_ref();
        }
        out
    }
}
