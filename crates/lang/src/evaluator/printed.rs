//! Where the printed form of a value goes as it is written: into a `String` (checked
//! against the session's memory budget as it grows), or out to the front end in pieces of
//! at most [`PIECE`] bytes (a script's output streamed to the terminal or a file), so that
//! printing a value takes memory bounded by the piece, not by the text.
//!
//! A front end that takes its output in pieces ([`crate::Session::streaming`]: the command
//! line) gets every value and every `print` line this way ([`Interpreter::print_value`],
//! [`Interpreter::print_values`]); one that collects lines (the Python module, the browser)
//! gets each text built whole, under the memory budget. Either way a value may be cut
//! after so many characters, the rest counted as it is printed but not kept ([`Cut`]).

use super::interp::Sink;
use crate::evaluator::interp::Interpreter;
use crate::game::abort::{Abort, raise};
use crate::game::catch_abort;
use crate::values::value::Value;
use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The most text held before a streamed print hands it on.
pub(crate) const PIECE: usize = 1 << 16;

/// Text written by [`crate::evaluator::interp::Interpreter`]'s printer.
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

/// A printer's text may be written through a borrowed one (a [`Cut`] of a stream).
impl<O: PrintOut + ?Sized> PrintOut for &mut O {
    fn put(&mut self, s: &str) {
        (**self).put(s);
    }

    fn put_char(&mut self, c: char) {
        (**self).put_char(c);
    }

    fn checkpoint(&mut self) {
        (**self).checkpoint();
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
    /// The interrupt flag, when Ctrl-C is to stop the print: looked at before each piece
    /// is handed on (and at each checkpoint), so that a print that runs for long (a slow
    /// terminal, gigabytes of text) is stopped within a piece.
    stop: Option<Arc<AtomicBool>>,
    /// Whether any text has been handed on.
    begun: bool,
}

impl<'a> Streamed<'a> {
    pub(crate) fn new(write: &'a mut dyn FnMut(&str)) -> Streamed<'a> {
        Streamed {
            held: String::with_capacity(PIECE + 64),
            write,
            stop: None,
            begun: false,
        }
    }

    /// The same, stopped with [`Abort::Interrupted`] when `flag` is set.
    pub(crate) fn stopped_by(mut self, flag: Arc<AtomicBool>) -> Streamed<'a> {
        self.stop = Some(flag);
        self
    }

    /// Hands on what is held.
    pub(crate) fn flush(&mut self) {
        if !self.held.is_empty() {
            self.hand_on_held();
        }
    }

    /// Hands `self.held` on (after a look at the interrupt flag) and empties it.
    fn hand_on_held(&mut self) {
        self.check_stop();
        self.begun = true;
        (self.write)(&self.held);
        self.held.clear();
    }

    /// Abandons the print if its interrupt flag is set (clearing it, as the store does).
    fn check_stop(&self) {
        if let Some(flag) = &self.stop
            && flag.load(Ordering::Relaxed)
            && flag.swap(false, Ordering::Relaxed)
        {
            raise(Abort::Interrupted);
        }
    }
}

impl PrintOut for Streamed<'_> {
    fn put(&mut self, s: &str) {
        if self.held.len() + s.len() > PIECE {
            self.flush();
            if s.len() > PIECE {
                self.check_stop();
                self.begun = true;
                (self.write)(s);
                return;
            }
        }
        self.held.push_str(s);
    }

    fn checkpoint(&mut self) {
        self.check_stop();
    }
}

/// A front end's writer of pieces of text, shared by the prints that may nest (a `print`
/// run by a ruleset's rules while a value of it is printed): each borrows it for one write.
#[derive(Clone)]
pub(crate) struct Pieces(Rc<RefCell<Sink>>);

impl Pieces {
    pub(crate) fn new(write: Sink) -> Pieces {
        Pieces(Rc::new(RefCell::new(write)))
    }

    /// Writes `s`. A write cannot be reached from inside another (the writer is the front
    /// end's, which does not call back into the session); were it, the text is dropped
    /// rather than the session stopped.
    pub(crate) fn write(&self, s: &str) {
        if let Ok(mut write) = self.0.try_borrow_mut() {
            write(s);
        }
    }
}

/// The first `limit` characters of a text handed on to `inner` (all of them without a
/// limit); the characters after them are only counted, in [`Cut::more`].
pub(crate) struct Cut<O: PrintOut> {
    pub(crate) inner: O,
    /// The characters that may still be handed on; `None`: all.
    left: Option<usize>,
    /// The characters past the limit.
    pub(crate) more: u64,
}

impl<O: PrintOut> Cut<O> {
    pub(crate) fn new(inner: O, limit: Option<usize>) -> Cut<O> {
        Cut {
            inner,
            left: limit,
            more: 0,
        }
    }
}

impl<O: PrintOut> PrintOut for Cut<O> {
    fn put(&mut self, s: &str) {
        let Some(left) = self.left else {
            return self.inner.put(s);
        };
        if left == 0 {
            self.more += s.chars().count() as u64;
            return;
        }
        match s.char_indices().nth(left) {
            None => {
                self.left = Some(left - s.chars().count());
                self.inner.put(s);
            }
            Some((end, _)) => {
                self.left = Some(0);
                self.inner.put(&s[..end]);
                self.more += s[end..].chars().count() as u64;
            }
        }
    }

    fn checkpoint(&mut self) {
        self.inner.checkpoint();
    }
}

impl Interpreter {
    /// Prints `v` as a statement's value prints (its text, then a line's end) to the
    /// session's output: streamed in pieces when the front end takes pieces, else built
    /// (under the memory budget) and sent a line at a time. With `limit`, only the first
    /// `limit` characters of the text are printed; the number left out is returned,
    /// counted as the rest is printed, not held (0 when nothing was left out).
    pub fn print_value(&mut self, v: &Value, limit: Option<usize>) -> u64 {
        let Some(pieces) = self.pieces.clone() else {
            let mut text = Cut::new(String::new(), limit);
            self.show_whole(v, &mut text);
            self.emit(&text.inner);
            return text.more;
        };
        self.streamed(&pieces, |i, out| {
            let mut text = Cut::new(out, limit);
            i.show_whole(v, &mut text);
            text.more
        })
    }

    /// `print(…)`: `values` on one line, separated by spaces, strings without their
    /// quotes; streamed as [`Interpreter::print_value`] streams.
    pub(crate) fn print_values(&mut self, values: &[Value]) {
        let Some(pieces) = self.pieces.clone() else {
            let mut line = String::new();
            self.show_separated(values, &mut line);
            self.emit(&line);
            return;
        };
        self.streamed(&pieces, |i, out| i.show_separated(values, out));
    }

    /// `values` written as `print` writes them.
    fn show_separated<O: PrintOut>(&mut self, values: &[Value], out: &mut O) {
        for (k, v) in values.iter().enumerate() {
            if k > 0 {
                out.put_char(' ');
            }
            match v {
                Value::Str(s) => out.put(s),
                other => self.show_whole(other, out),
            }
        }
    }

    /// The printed form of `v` as [`Interpreter::show`] gives it (a table or a long record
    /// laid out), written to `out`.
    pub(crate) fn show_whole<O: PrintOut>(&mut self, v: &Value, out: &mut O) {
        match crate::builtins::tables::laid_out(self, v) {
            Some(text) => out.put(&text),
            None => self.show_into(v, out),
        }
    }

    /// Runs `print` on a stream to `pieces` that Ctrl-C stops, then ends the line. A print
    /// abandoned after some of its text went out (Ctrl-C, a form too large) ends its line
    /// before the abort goes on, so that what follows (the error, the prompt) starts on a
    /// line of its own.
    fn streamed<T>(
        &mut self,
        pieces: &Pieces,
        print: impl FnOnce(&mut Interpreter, &mut Streamed<'_>) -> T,
    ) -> T {
        let mut write = |s: &str| pieces.write(s);
        let mut out = Streamed::new(&mut write).stopped_by(self.interrupt_flag());
        match catch_abort(|| print(self, &mut out)) {
            Ok(result) => {
                out.put_char('\n');
                out.flush();
                result
            }
            Err(abort) => {
                if out.begun {
                    pieces.write("\n");
                }
                raise(abort)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::Session;
    use std::cell::RefCell;
    use std::rc::Rc;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};

    /// Values of every kind that print differently: games with Unicode arrows, nested
    /// lists, maps, sets, records, a table (laid out over lines), a thermograph, loopy
    /// games, strings, and a sum of positions.
    const PROGRAM: &str = "let g = domineering(3, 4)
g + g
[1, {2 | 1}, ^, *3, \"s\"]
{1 => ^, 2 => [*2]}
{^, v, *}
table([[1, ^], [10, *]], [\"n\", \"g\"])
thermograph({3 || 2* | 1*})
on
backsliding_toads_and_frogs(\"T.F\")
print(\"a\", g, [^, \"b\"], table([[1]]))
print()
{1 | -1} + ^ + *
[n for n in 0..40]";

    /// A session streaming into a string, and the string.
    fn streaming() -> (Session, Rc<RefCell<String>>) {
        let text = Rc::new(RefCell::new(String::new()));
        let out = text.clone();
        let session = Session::streaming(
            Box::new(move |piece| out.borrow_mut().push_str(piece)),
            Box::new(|_| {}),
        );
        (session, text)
    }

    /// A session collecting lines, and the lines.
    fn collecting() -> (Session, Rc<RefCell<Vec<String>>>) {
        let lines = Rc::new(RefCell::new(Vec::new()));
        let out = lines.clone();
        let session = Session::printing(
            Box::new(move |l| out.borrow_mut().push(l.to_string())),
            Box::new(|_| {}),
        );
        (session, lines)
    }

    /// `text` cut after `limit` characters: the part kept and the count of the others.
    fn cut(text: &str, limit: usize) -> (&str, u64) {
        match text.char_indices().nth(limit) {
            None => (text, 0),
            Some((end, _)) => (&text[..end], text[end..].chars().count() as u64),
        }
    }

    #[test]
    fn streamed_values_and_print_lines_are_the_collected_lines() {
        for limit in [
            None,
            Some(0),
            Some(1),
            Some(3),
            Some(7),
            Some(40),
            Some(1000),
        ] {
            let (mut s, text) = streaming();
            let (mut c, lines) = collecting();
            let mut more_streamed = Vec::new();
            let mut more_collected = Vec::new();
            s.run_each("<input>", PROGRAM, &mut |p, v| {
                more_streamed.push(p.print_value(&v, limit));
            })
            .unwrap();
            c.run_each("<input>", PROGRAM, &mut |p, v| {
                more_collected.push(p.print_value(&v, limit));
            })
            .unwrap();
            let collected: String = lines.borrow().iter().map(|l| format!("{l}\n")).collect();
            assert_eq!(*text.borrow(), collected, "limit {limit:?}");
            assert_eq!(more_streamed, more_collected);
            // Against the whole texts, cut here.
            let (mut whole, _) = collecting();
            let values = whole.eval(PROGRAM).unwrap();
            assert_eq!(values.len(), more_streamed.len());
            for (o, &more) in values.iter().zip(&more_streamed) {
                let (kept, rest) = match limit {
                    Some(n) => cut(&o.unicode, n),
                    None => (o.unicode.as_str(), 0),
                };
                assert_eq!(rest, more, "{}", o.unicode);
                assert!(text.borrow().contains(&format!("{kept}\n")), "{kept}");
            }
        }
    }

    #[test]
    fn the_last_value_prints_whole_through_the_session() {
        let (mut s, text) = streaming();
        let (mut c, lines) = collecting();
        for (session, v) in [
            (&mut s, "[^ for n in 0..299]"),
            (&mut c, "[^ for n in 0..299]"),
        ] {
            let v = session.eval_value(v).unwrap();
            assert_eq!(session.print_value(&v, None).unwrap(), 0);
            assert_eq!(session.print_value(&v, Some(10)).unwrap(), 601 - 10);
        }
        let whole = format!("[{}]", vec!["↑"; 300].join(","));
        let (kept, _) = cut(&whole, 10);
        assert_eq!(*text.borrow(), format!("{whole}\n{kept}\n"));
        assert_eq!(*lines.borrow(), [whole.clone(), kept.to_string()]);
    }

    /// Ctrl-C while a value of 2^40 characters is streamed: the print stops within a
    /// piece or two, its line is ended, and the session goes on.
    #[test]
    fn an_interrupt_stops_a_streamed_print_and_ends_its_line() {
        let flag: Rc<RefCell<Option<Arc<AtomicBool>>>> = Rc::default();
        let text = Rc::new(RefCell::new(String::new()));
        let (out, set) = (text.clone(), flag.clone());
        let mut s = Session::streaming(
            Box::new(move |piece| {
                out.borrow_mut().push_str(piece);
                // Ctrl-C as soon as the first piece is out.
                if let Some(f) = &*set.borrow() {
                    f.store(true, Ordering::SeqCst);
                }
            }),
            Box::new(|_| {}),
        );
        *flag.borrow_mut() = Some(s.interrupt_flag());
        s.eval("def h(n) = [h(k) for k in 0..n-1]\nlet keep = 5")
            .unwrap();
        for program in ["h(40)", "print(\"x\", h(40))"] {
            text.borrow_mut().clear();
            let e = s
                .run_each("<input>", program, &mut |p, v| {
                    p.print_value(&v, None);
                })
                .unwrap_err();
            assert_eq!(e.message, "interrupted", "{program}");
            let shown = text.borrow().clone();
            assert!(shown.len() <= 3 * super::PIECE, "{}", shown.len());
            assert!(shown.ends_with('\n') && shown.matches('\n').count() == 1);
            text.borrow_mut().clear();
            s.run_each("<input>", "keep", &mut |p, v| {
                p.print_value(&v, None);
            })
            .unwrap();
            assert_eq!(*text.borrow(), "5\n");
        }
    }
}
