//! Where the printed form of a value goes as it is written: into a `String` (checked
//! against the session's memory budget as it grows), or out to the front end in pieces of
//! at most [`PIECE`] bytes (a script's output streamed to the terminal or a file), so that
//! printing a value takes memory bounded by the piece, not by the text.

use std::fmt;

/// The most text held before a streamed print hands it on.
pub(crate) const PIECE: usize = 1 << 16;

/// Text written by [`super::Interpreter`]'s printer.
pub(crate) trait PrintOut {
    fn put(&mut self, s: &str);

    fn put_char(&mut self, c: char) {
        let mut bytes = [0u8; 4];
        self.put(c.encode_utf8(&mut bytes));
    }

    /// Called before each list, set, map or record, and at each megabyte of a game's text:
    /// a text held whole is checked against the memory budget here.
    fn checkpoint(&mut self);

    /// A `fmt::Write` for the game printer, calling [`PrintOut::checkpoint`] each megabyte.
    fn games(&mut self) -> Games<'_, Self>
    where
        Self: Sized,
    {
        Games {
            out: self,
            since: 0,
        }
    }
}

impl PrintOut for String {
    fn put(&mut self, s: &str) {
        self.push_str(s);
    }

    fn put_char(&mut self, c: char) {
        self.push(c);
    }

    /// Stops printing (with [`crate::game::Abort::TooLarge`]) before the text of a value
    /// would outgrow the session's memory budget: a value such as `h(1000)` for
    /// `def h(n) = [h(k) for k in 0..n-1]` has 2^1000 characters. The text doubles its
    /// buffer as it grows, holding the old and the new one (three times its length) for a
    /// moment.
    fn checkpoint(&mut self) {
        let len = self.len() as u64;
        crate::game::budget::check("the printed text", len, "characters", len.saturating_mul(3));
    }
}

/// See [`PrintOut::games`].
pub(crate) struct Games<'a, O: PrintOut> {
    out: &'a mut O,
    since: usize,
}

impl<O: PrintOut> fmt::Write for Games<'_, O> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.out.put(s);
        self.since += s.len();
        if self.since >= 1 << 20 {
            self.since = 0;
            self.out.checkpoint();
        }
        Ok(())
    }
}

/// Text handed to `write` in pieces of about [`PIECE`] bytes as it is printed.
pub(crate) struct Streamed<'a> {
    held: String,
    write: &'a mut dyn FnMut(&str),
}

impl<'a> Streamed<'a> {
    pub(crate) fn new(write: &'a mut dyn FnMut(&str)) -> Streamed<'a> {
        Streamed {
            held: String::with_capacity(PIECE + 64),
            write,
        }
    }

    /// Hands on what is held.
    pub(crate) fn flush(&mut self) {
        if !self.held.is_empty() {
            (self.write)(&self.held);
            self.held.clear();
        }
    }
}

impl PrintOut for Streamed<'_> {
    fn put(&mut self, s: &str) {
        if self.held.len() + s.len() > PIECE {
            self.flush();
            if s.len() > PIECE {
                (self.write)(s);
                return;
            }
        }
        self.held.push_str(s);
    }

    fn checkpoint(&mut self) {}
}
