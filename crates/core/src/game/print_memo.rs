//! The printer's output buffer, which also remembers the text of small subgames.
//!
//! A subgame shared by many positions is written out each time it occurs (the notation has
//! no names for shared parts), so the printed form of a sum such as G + G + G for the 4×6
//! Domineering rectangle runs to a gigabyte while the game has a few thousand forms. Walking
//! every occurrence form by form costs tens of nanoseconds a character; instead, the text of
//! each form short enough ([`Limits::piece`]) is recorded the first time it is written and
//! copied from then on, so most of the output is copied by the kilobyte.
//!
//! The text goes out in chunks of about [`Limits::chunk`] bytes. A form being recorded
//! keeps its text in the buffer until it is complete; once it has outgrown the piece limit
//! it is given up (as are the forms around it, which are longer still), and its text may
//! go out. Memory is therefore bounded by the limits, never by the length of the output:
//! the buffer holds at most a chunk and a piece (and the last string written), and the
//! recorded texts at most [`Limits::memory`] bytes in all.

use std::fmt;
use std::ops::Range;

use rustc_hash::FxHashMap;

use super::store::GameId;

/// How much the printer holds: the buffer's chunk, the longest text recorded, and the
/// most recorded in all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Limits {
    /// Text is handed to the sink once this much can go (the last chunk may be shorter).
    pub(crate) chunk: usize,
    /// The longest text of one form that is recorded.
    pub(crate) piece: usize,
    /// The most bytes recorded in all; later forms are written out each time.
    pub(crate) memory: usize,
}

impl Limits {
    /// The limits of every print: 64 KiB chunks, forms of up to 4 KiB recorded, and at
    /// most 4 MiB recorded in all, or a sixteenth of the session's memory budget if that is
    /// less.
    pub(crate) fn standard() -> Limits {
        let budget = usize::try_from(super::budget::budget() / 16).unwrap_or(usize::MAX);
        Limits {
            chunk: 1 << 16,
            piece: 1 << 12,
            memory: budget.min(1 << 22),
        }
    }
}

/// The text of a form as written where it occurs: the form, and whether it was asked for in
/// braces (an option among several, the outermost game).
pub(crate) type Key = (GameId, bool);

/// The buffer between the printer and its sink, with the recorded texts.
pub(crate) struct PrintMemo {
    limits: Limits,
    /// Text not yet handed to the sink.
    pending: String,
    /// How many bytes went to the sink before `pending`.
    flushed: usize,
    /// Where the text of each form being recorded starts (as an offset into the whole
    /// output), outermost first.
    open: Vec<usize>,
    /// `open[..given_up]` have outgrown the piece limit and will not be recorded.
    given_up: usize,
    /// The recorded texts, one after another.
    recorded: String,
    /// Where each form's recorded text is in `recorded`.
    found: FxHashMap<Key, Range<usize>>,
}

impl PrintMemo {
    pub(crate) fn new(limits: Limits) -> PrintMemo {
        PrintMemo {
            limits,
            pending: String::new(),
            flushed: 0,
            open: Vec::new(),
            given_up: 0,
            recorded: String::new(),
            found: FxHashMap::default(),
        }
    }

    /// Writes the recorded text of `key` if there is one: whether there was.
    pub(crate) fn write_recorded(
        &mut self,
        key: Key,
        out: &mut dyn fmt::Write,
    ) -> Result<bool, fmt::Error> {
        let Some(range) = self.found.get(&key) else {
            return Ok(false);
        };
        self.pending.push_str(&self.recorded[range.clone()]);
        self.settle(out)?;
        Ok(true)
    }

    /// The text of a form starts here.
    pub(crate) fn begin(&mut self) {
        self.open.push(self.flushed + self.pending.len());
    }

    /// The text of the form begun last (by [`PrintMemo::begin`]) ends here: it is recorded
    /// under `key` unless it was given up or the recorded texts are full.
    pub(crate) fn end(&mut self, key: Key) {
        let Some(start) = self.open.pop() else {
            return;
        };
        let depth = self.open.len();
        if depth < self.given_up {
            self.given_up = depth;
            return;
        }
        let text = &self.pending[start - self.flushed..];
        if self.recorded.len() + text.len() > self.limits.memory {
            return;
        }
        let at = self.recorded.len();
        self.recorded.push_str(text);
        self.found.insert(key, at..self.recorded.len());
    }

    /// Writes `s`, handing a chunk to `out` when one can go.
    pub(crate) fn write(&mut self, s: &str, out: &mut dyn fmt::Write) -> fmt::Result {
        self.pending.push_str(s);
        self.settle(out)
    }

    /// Gives up the forms that outgrew the piece limit, and hands on the text before the
    /// first form still recorded if that is a chunk.
    fn settle(&mut self, out: &mut dyn fmt::Write) -> fmt::Result {
        let end = self.flushed + self.pending.len();
        while self.given_up < self.open.len() && end - self.open[self.given_up] > self.limits.piece
        {
            self.given_up += 1;
        }
        let free = match self.open.get(self.given_up) {
            Some(&start) => start - self.flushed,
            None => self.pending.len(),
        };
        if free >= self.limits.chunk {
            out.write_str(&self.pending[..free])?;
            self.pending.drain(..free);
            self.flushed += free;
        }
        Ok(())
    }

    /// Hands everything still held to `out` (at the end of the print).
    pub(crate) fn finish(&mut self, out: &mut dyn fmt::Write) -> fmt::Result {
        if !self.pending.is_empty() {
            out.write_str(&self.pending)?;
            self.flushed += self.pending.len();
            self.pending.clear();
        }
        Ok(())
    }
}
