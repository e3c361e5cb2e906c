//! The rustyline helper: tab completion of names and `:commands`.

use super::commands::{command_names, is_command};
use cgt::eval::builtins::{BUILTINS, Topic, fold};
use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::validate::Validator;
use rustyline::{Context, Helper};
use std::cell::RefCell;
use std::rc::Rc;

/// The language's keywords (completed like names).
const KEYWORDS: &[&str] = &[
    "let", "def", "fn", "if", "then", "else", "and", "or", "not", "true", "false", "for", "in",
];

/// The names the completer offers; the loop refreshes `session` after each entry.
pub struct ReplHelper {
    pub session: Rc<RefCell<Vec<String>>>,
    files: FilenameCompleter,
}

impl ReplHelper {
    pub fn new(session: Rc<RefCell<Vec<String>>>) -> ReplHelper {
        ReplHelper {
            session,
            files: FilenameCompleter::new(),
        }
    }
}

/// Completions of the word before `pos` in `line`: the start of that word and the
/// candidates, sorted. `None` means "complete a file name" (after `:load`).
pub fn complete_word(line: &str, pos: usize, session: &[String]) -> Option<(usize, Vec<String>)> {
    let before = &line[..pos];
    let start = before
        .char_indices()
        .rev()
        .take_while(|&(_, c)| c.is_alphanumeric() || c == '_')
        .last()
        .map_or(pos, |(i, _)| i);
    let prefix = &before[start..];
    let mut out: Vec<String> = if is_command(line) {
        // The command and what follows it, up to the cursor.
        let Some(head) = before.trim_start().strip_prefix(':') else {
            return Some((pos, Vec::new()));
        };
        match head.find(char::is_whitespace) {
            // Still typing the command name right after `:`.
            None if head == prefix => command_names()
                .filter(|c| c.starts_with(prefix))
                .map(String::from)
                .collect(),
            None => Vec::new(),
            Some(end) => match &head[..end] {
                "load" => return None,
                "help" | "h" | "?" => {
                    let topics: Vec<String> = Topic::ALL.iter().map(|t| fold(t.name())).collect();
                    BUILTINS
                        .iter()
                        .map(|b| b.name.to_string())
                        .chain(command_names().map(String::from))
                        .chain(topics)
                        .filter(|n| n.starts_with(prefix))
                        .collect()
                }
                "forget" => session
                    .iter()
                    .filter(|n| n.starts_with(prefix))
                    .cloned()
                    .collect(),
                "type" | "explain" | "play" => names(prefix, session),
                _ => Vec::new(),
            },
        }
    } else {
        names(prefix, session)
    };
    out.sort();
    out.dedup();
    Some((start, out))
}

/// The built-ins, keywords and session names that start with `prefix` (none for an empty
/// prefix or a number).
fn names(prefix: &str, session: &[String]) -> Vec<String> {
    if prefix.is_empty() || prefix.starts_with(|c: char| c.is_ascii_digit()) {
        return Vec::new();
    }
    BUILTINS
        .iter()
        .map(|b| b.name)
        .chain(KEYWORDS.iter().copied())
        .chain(session.iter().map(String::as_str))
        .filter(|n| n.starts_with(prefix))
        .map(String::from)
        .collect()
}

impl Completer for ReplHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let session = self.session.borrow();
        match complete_word(line, pos, &session) {
            Some((start, words)) => Ok((
                start,
                words
                    .into_iter()
                    .map(|w| Pair {
                        display: w.clone(),
                        replacement: w,
                    })
                    .collect(),
            )),
            None => self.files.complete(line, pos, ctx),
        }
    }
}

/// Every line is accepted as typed: the loop reads the next line of an incomplete entry
/// itself, under a continuation prompt (rustyline's own multi-line editing shows none).
impl Validator for ReplHelper {}

impl Hinter for ReplHelper {
    type Hint = String;
}

impl Highlighter for ReplHelper {}

impl Helper for ReplHelper {}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str, session: &[&str]) -> (usize, Vec<String>) {
        let session: Vec<String> = session.iter().map(|s| s.to_string()).collect();
        complete_word(line, line.len(), &session).expect("not a file completion")
    }

    #[test]
    fn completes_builtins_keywords_and_session_names() {
        assert_eq!(words("outc", &[]), (0, vec!["outcome".to_string()]));
        let (start, w) = words("1 + is_nu", &[]);
        assert_eq!(start, 4);
        assert_eq!(w, vec!["is_number", "is_number_tiny", "is_numberish"]);
        let (start, w) = words("left_options(my", &["mygame", "other", "my_f"]);
        assert_eq!(start, 13);
        assert_eq!(w, vec!["my_f", "mygame"]);
        assert_eq!(
            words("le", &[]).1,
            vec![
                "left_incentives",
                "left_moves",
                "left_options",
                "left_stop",
                "len",
                "let"
            ]
        );
        assert!(words("1 + ", &["x"]).1.is_empty());
    }

    #[test]
    fn completes_commands_and_help_topics() {
        assert_eq!(words(":h", &[]), (1, vec!["help".to_string()]));
        assert_eq!(words(":", &[]).1.len(), command_names().count());
        assert_eq!(words(":u", &[]).1, vec!["unicode"]);
        assert_eq!(words(":help outc", &[]), (6, vec!["outcome".to_string()]));
        assert_eq!(words(":help loa", &[]).1, vec!["load"]);
        assert_eq!(words(":help loo", &[]).1, vec!["loopy"]);
        assert!(words(":ascii a", &[]).1.is_empty());
        assert_eq!(
            words(":help mis", &[]).1,
            vec![
                "misere",
                "misere_birthday",
                "misere_canonical_form",
                "misere_distinguisher",
                "misere_equal",
                "misere_explain",
                "misere_leq",
                "misere_minus",
                "misere_monoid",
                "misere_nim_value",
                "misere_notation",
                "misere_options",
                "misere_outcome",
                "misere_quotient",
                "misere_winning_moves"
            ]
        );
        assert_eq!(
            words(":help impa", &[]).1,
            vec!["impartial", "impartial_game", "impartial_variant"]
        );
        assert_eq!(words(":forget f", &["fib", "g", "f2"]).1, vec!["f2", "fib"]);
        assert_eq!(words(":type kay", &["kx"]).1, vec!["kayles"]);
        assert!(complete_word(":load ex", 8, &[]).is_none());
    }

    #[test]
    fn completes_the_word_at_the_cursor() {
        let session = vec!["alpha".to_string()];
        let (start, w) = complete_word("alp + 1", 3, &session).unwrap();
        assert_eq!((start, w), (0, vec!["alpha".to_string()]));
    }
}
