//! The REPL's `:commands` and the evaluation of entries, as pure functions of the
//! interpreter and the session state (no terminal), so they can be tested directly.

use cgt::eval::Value;
use cgt::eval::builtins::{self, BUILTINS, Entry, Topic, fold};
use cgt::eval::error::suggest;
use cgt::eval::reference::ReplDoc;
use cgt::game::Notation;
use cgt::{Line, Session};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// A `:command`: its name, its argument (for help) and what it does.
pub struct Command {
    pub name: &'static str,
    pub args: &'static str,
    /// A few words for the short list `:help` prints.
    pub brief: &'static str,
    pub summary: &'static str,
}

/// Every command, in the order `:help` lists them.
pub static COMMANDS: &[Command] = &[
    Command {
        name: "help",
        brief: "this list",
        args: "[TOPIC|NAME|WORD]",
        summary: "this help; the built-ins of a TOPIC (values, theory, impartial, rulesets, \
                  misère, draws, language, repl); the signature and an example of the \
                  built-in NAME; or every built-in and command whose name or summary \
                  mentions WORD",
    },
    Command {
        name: "load",
        brief: "run a .cgt file in this session",
        args: "FILE",
        summary: "run a .cgt file in this session (its bindings are kept)",
    },
    Command {
        name: "type",
        brief: "what kind of value EXPR is",
        args: "EXPR",
        summary: "what kind of value EXPR is: an integer, a game (a nimber), a position of \
                  domineering, a function and its parameters…",
    },
    Command {
        name: "full",
        brief: "print the last value in full",
        args: "",
        summary: "print the last value in full (at a terminal a long value is cut)",
    },
    Command {
        name: "explain",
        brief: "how a game literal's canonical form is found",
        args: "EXPR",
        summary: "the step-by-step derivation of the canonical form of a game literal",
    },
    Command {
        name: "play",
        brief: "play a game against cgt",
        args: "[left|right] [first|second] EXPR",
        summary: "play a game or sum against cgt, which plays perfectly and points out blunders",
    },
    Command {
        name: "resign",
        brief: "stop the game started by :play",
        args: "",
        summary: "stop the game started by :play",
    },
    Command {
        name: "forget",
        brief: "empty the memo table of a function or ruleset",
        args: "NAME",
        summary: "empty the memo table of the function or ruleset NAME (a def, or a ruleset \
                  written in cgt) and say how many entries were freed",
    },
    Command {
        name: "reset",
        brief: "drop every binding, memo table and stored game",
        args: "",
        summary: "start afresh: every binding, memo table and stored game is dropped; the \
                  settings (:ascii, :time, :threads) are kept",
    },
    Command {
        name: "ascii",
        brief: "print games in ASCII (^, v, +-)",
        args: "",
        summary: "print games in ASCII, as CGSuite does (^, v, +-)",
    },
    Command {
        name: "unicode",
        brief: "print games with ↑, ↓, ± (the default)",
        args: "",
        summary: "print games with ↑, ↓, ⇑, ⇓, ± (the default)",
    },
    Command {
        name: "time",
        brief: "toggle timing each evaluation",
        args: "",
        summary: "toggle printing the time each evaluation takes, with the size of the game \
                  store and the number of positions solved",
    },
    Command {
        name: "threads",
        brief: "see or set the threads of the board solvers",
        args: "[N]",
        summary: "how many threads the board solvers (domineering, cram, clobber…) use: \
                  N sets it, 1 is the sequential solver; the default is every core",
    },
    Command {
        name: "memory",
        brief: "see or set the memory budget",
        args: "[SIZE]",
        summary: "the memory budget of the session: what its computations may hold (game \
                  store, solvers' tables, the values a program builds); SIZE (512M, 2G) sets \
                  it; the default is half the smallest of the physical memory, the \
                  address-space limit (ulimit -v) and the cgroup's memory limit",
    },
    Command {
        name: "quit",
        brief: "leave the session (also :q or Ctrl-D)",
        args: "",
        summary: "leave the session (also :q or Ctrl-D)",
    },
];

/// What `:help repl` and the reference say about the REPL besides its commands.
pub const REPL_NOTES: &str = "\
An entry continues on the next line while a bracket is open or a line ends with an
operator; that line's prompt is `… ` (`.. ` after `:ascii`). `_` is the last value printed (`_ + *`, `outcome(_)`). At a terminal a value
longer than about eight lines of the terminal is cut, ending with `… (N more characters;
:full to see all)`; `:full` prints it whole (the environment variable `CGT_TRUNCATE=N` cuts
after N characters instead, even when the output is not a terminal, and `CGT_TRUNCATE=0`
never cuts). Help longer than the terminal is shown through the pager `$PAGER` (else
`less -R`; printed whole if there is none, or when the output is not a terminal). A
computation that runs for more than a second shows its progress on standard
error (`computing… 3.4 s, 1.20 M positions, 340 k games`). Tab completes names; Ctrl-C
cancels the entry or a running computation; Ctrl-D quits. The history of entries is kept in
`cgt/history.txt` in the user's data directory: `~/.local/share/cgt/history.txt` on Linux
(or under `$XDG_DATA_HOME`), `~/Library/Application Support/cgt/history.txt` on macOS,
`%APPDATA%\\cgt\\history.txt` on Windows.";

/// The REPL's part of `docs/reference.md` (see [`cgt::eval::reference::reference_markdown`]).
pub fn reference_doc() -> ReplDoc {
    ReplDoc {
        commands: COMMANDS
            .iter()
            .map(|c| (plain_usage(c), c.summary))
            .collect(),
        notes: REPL_NOTES.to_string(),
    }
}

/// The words that complete after `:` (every command and the `:q` abbreviation).
pub fn command_names() -> impl Iterator<Item = &'static str> {
    COMMANDS.iter().map(|c| c.name).chain(std::iter::once("q"))
}

/// Settings of the session that live outside the interpreter.
#[derive(Debug, Default)]
pub struct ReplState {
    /// `:time` is on: print the time each evaluation takes.
    pub time: bool,
    /// How long the last evaluation took (taken by the loop when it prints it).
    pub last_elapsed: Option<Duration>,
    /// The game started by `:play`, while it lasts.
    pub play: Option<super::play::Match>,
    /// The last value printed (`_` in the session; `:full` prints it whole).
    pub last: Option<Value>,
    /// A printed value longer than this many characters is cut (`None`: never).
    pub limit: Option<usize>,
    /// The entries of cgt source run so far (the next is named `<input N+1>`).
    pub entries: usize,
}

/// During `:play`, an entry that is a move number.
pub fn play_choice(state: &ReplState, entry: &str) -> Option<usize> {
    state.play.as_ref()?;
    entry.trim().parse().ok()
}

/// The person's move `k` in the game in progress.
pub fn play_move(session: &mut Session, state: &mut ReplState, k: usize) -> CommandOutcome {
    let Some(m) = state.play.as_mut() else {
        return error("no game in progress", "start one with `:play EXPR`");
    };
    match super::play::human_move(session, m, k) {
        Ok((text, over)) => {
            if over {
                state.play = None;
            }
            CommandOutcome::Print(text)
        }
        Err(msg) => error(msg, "type the number of one of the moves listed"),
    }
}

/// What the loop should do after a command.
#[derive(Debug, PartialEq, Eq)]
pub enum CommandOutcome {
    /// Print this text on standard output.
    Print(String),
    /// Print this (already rendered) diagnostic on standard error.
    Error(String),
    /// Nothing more to print (e.g. `:load` printed its values as it ran).
    Done,
    /// Leave the session.
    Quit,
}

/// Is this REPL entry a `:command` (rather than cgt source)?
pub fn is_command(entry: &str) -> bool {
    entry.trim_start().starts_with(':')
}

/// True for `:help` and its short forms `:h`, `:?`, with or without an argument: their
/// output may be long, and is paged at a terminal.
pub fn is_help(entry: &str) -> bool {
    let body = entry.trim_start().strip_prefix(':').unwrap_or("");
    let name = body.split(char::is_whitespace).next().unwrap_or("");
    matches!(name, "help" | "h" | "?")
}

/// Runs cgt source in the session, recording the elapsed time in `state`. On error, the
/// miette report (naming the source `name`) is returned rendered, for standard error.
pub fn evaluate(
    session: &mut Session,
    state: &mut ReplState,
    name: &str,
    source: &str,
) -> Result<(), String> {
    let start = Instant::now();
    let limit = state.limit;
    let mut last = None;
    // Each value is streamed to the output as it is printed, cut after `limit` characters
    // (the rest only counted): its text is never held whole, however long.
    let result = session.run_each(name, source, &mut |p, v| {
        // Thermographs are exempt: their description and plot have a bounded size.
        let limit = limit.filter(|_| v.as_thermograph().is_none());
        let more = p.print_value(&v, limit);
        if more > 0 {
            p.print(&left_out(more));
        }
        p.bind("_", v.clone());
        last = Some(v);
    });
    state.last_elapsed = Some(start.elapsed());
    if last.is_some() {
        state.last = last;
    }
    result.map_err(|d| d.report)
}

/// `text` cut after `limit` characters, with a last line saying how much was left out (as
/// [`evaluate`] prints a long value).
pub fn cut(text: &str, limit: usize) -> String {
    match text.char_indices().nth(limit) {
        None => text.to_string(),
        Some((end, _)) => {
            let rest = text[end..].chars().count() as u64;
            format!("{}\n{}", &text[..end], left_out(rest))
        }
    }
}

/// The line after a value cut short: how many characters were left out.
fn left_out(rest: u64) -> String {
    format!(
        "… ({rest} more character{}; :full to see all)",
        if rest == 1 { "" } else { "s" }
    )
}

/// Handles a `:command` line (with its leading `:`).
pub fn handle_command(session: &mut Session, line: &str, state: &mut ReplState) -> CommandOutcome {
    let line = line.trim();
    let body = line.strip_prefix(':').unwrap_or(line);
    let (name, arg) = match body.split_once(char::is_whitespace) {
        Some((n, a)) => (n, a.trim()),
        None => (body, ""),
    };
    let no_argument = |outcome: CommandOutcome| {
        if arg.is_empty() {
            outcome
        } else {
            error(
                format!("`:{name}` takes no argument"),
                format!("type `:{name}` alone"),
            )
        }
    };
    match name {
        "help" | "h" | "?" => {
            if arg.is_empty() {
                CommandOutcome::Print(general_help())
            } else {
                help_on(session, arg)
            }
        }
        "load" => {
            if arg.is_empty() {
                error(
                    "`:load` needs a file name",
                    "usage: `:load FILE`, e.g. `:load games.cgt`",
                )
            } else {
                load(session, state, arg)
            }
        }
        "explain" => {
            if arg.is_empty() {
                error(
                    "`:explain` needs a game",
                    "usage: `:explain EXPR`, e.g. `:explain {1, 0 | 2, 3/2}`",
                )
            } else {
                match evaluate(session, state, "<input>", &format!("explain({arg})")) {
                    Ok(()) => CommandOutcome::Done,
                    Err(report) => CommandOutcome::Error(report),
                }
            }
        }
        "play" => {
            let (human_left, human_first, source) = super::play::parse_args(arg);
            if source.is_empty() {
                return error("`:play` needs a game", super::play::USAGE);
            }
            match super::play::start(session, source, human_left, human_first) {
                Ok((m, text)) => {
                    state.play = m;
                    CommandOutcome::Print(text)
                }
                Err(msg) => error(msg, super::play::USAGE),
            }
        }
        "type" => {
            if arg.is_empty() {
                error(
                    "`:type` needs an expression",
                    "usage: `:type EXPR`, e.g. `:type kayles(3)`",
                )
            } else {
                match session.eval_value(arg) {
                    Ok(v) => CommandOutcome::Print(session.describe(&v)),
                    Err(d) => CommandOutcome::Error(d.report),
                }
            }
        }
        "full" => no_argument(match state.last.clone() {
            // Streamed to the output as it is printed, as the value was.
            Some(v) => match session.print_value(&v, None) {
                Ok(_) => CommandOutcome::Done,
                Err(d) => CommandOutcome::Error(d.report),
            },
            None => error(
                "no value has been printed yet",
                "`:full` prints the last value whole",
            ),
        }),
        "forget" => forget(session, arg),
        "reset" => no_argument({
            let bindings = session.global_names().count();
            session.reset();
            state.last = None;
            state.play = None;
            CommandOutcome::Print(format!(
                "session reset: {bindings} binding{} and every memo table dropped, the game \
                 store emptied; settings kept",
                if bindings == 1 { "" } else { "s" }
            ))
        }),
        "resign" => no_argument(if state.play.take().is_some() {
            CommandOutcome::Print("You resign; the game is over.".into())
        } else {
            error("no game in progress", "start one with `:play EXPR`")
        }),
        "ascii" => no_argument({
            session.set_notation(Notation::Ascii);
            CommandOutcome::Print("games print in ASCII: ^, v, +-".into())
        }),
        "unicode" => no_argument({
            session.set_notation(Notation::Unicode);
            CommandOutcome::Print("games print in Unicode: ↑, ↓, ±".into())
        }),
        "time" => no_argument({
            state.time = !state.time;
            CommandOutcome::Print(format!("timing {}", if state.time { "on" } else { "off" }))
        }),
        "threads" => threads(session, arg),
        "memory" => memory(session, arg),
        "quit" | "q" | "exit" => CommandOutcome::Quit,
        "" => error(
            "missing command after `:`",
            format!("the commands are {}", command_list()),
        ),
        _ => {
            let help = match suggest(name, command_names()) {
                Some(s) => format!("did you mean `:{s}`? The commands are {}", command_list()),
                None => format!("the commands are {}", command_list()),
            };
            error(format!("unknown command `:{name}`"), help)
        }
    }
}

/// `:help`: the commands, each in a few words, and the topics of the built-ins; short
/// enough for one screen. `:help repl`, `:help TOPIC` and `:help NAME` say more.
pub fn general_help() -> String {
    let mut out = String::from("Commands (`:help repl` describes each in full):\n");
    out += &table(COMMANDS.iter().map(|c| (command_usage(c), c.brief)));
    out += "\nTopics (`:help TOPIC` lists its built-ins with their summaries):\n";
    out += &table(Topic::ALL.into_iter().map(|t| {
        let count = t.builtins().count();
        let what = if count == 0 {
            String::new()
        } else {
            format!(" ({count} built-ins)")
        };
        (fold(t.name()), format!("{}{what}", t.title()))
    }));
    out += "\n`:help NAME` shows a built-in's signature and an example; `:help WORD` lists every\n\
            built-in and command whose name or summary mentions WORD. `:help language` gives\n\
            the syntax. Ctrl-C cancels the entry or a running computation; Ctrl-D quits.";
    out
}

/// A few words of syntax, for `:help` and `:help language`.
const SYNTAX: &str = "  \
  {1 | -1}, <0 | 1/2>, *3, ^, v, 1/2*   games, numbers, nimbers, ups and downs
  g + h, -g, g == h, g < h, g <> h       sums, negatives and comparisons
  let x = ..., def f(n) = ...            bind a name, define a function
  if c then a else b, [f(n) for n in 0..5], n -> n + 1
";

/// `:help TOPIC`: the topic's built-ins (for `repl`, the commands and how the REPL works).
fn topic_help(topic: Topic) -> String {
    let mut out = format!("{}\n{}\n\n", topic.title(), wrap(topic.intro(), "  "));
    match topic {
        Topic::Repl => {
            out += &table(COMMANDS.iter().map(|c| (command_usage(c), c.summary)));
            out += "\n";
            out += &wrap(REPL_NOTES, "");
            if let Some(path) = super::history_file() {
                out += &format!("\nThis session keeps its history in {}.", path.display());
            }
        }
        _ => {
            out += &builtin_table(topic.builtins());
            if topic == Topic::Language {
                out += "\nSyntax:\n";
                out += SYNTAX;
            }
        }
    }
    out.trim_end().to_string()
}

/// Rows of `usage  summary`, the usages padded to one width.
fn table<S: AsRef<str>>(rows: impl Iterator<Item = (String, S)>) -> String {
    let rows: Vec<(String, S)> = rows.collect();
    let width = rows
        .iter()
        .map(|(u, _)| u.chars().count())
        .max()
        .unwrap_or(0);
    rows.iter()
        .map(|(usage, summary)| format!("  {usage:width$}  {}\n", summary.as_ref()))
        .collect()
}

fn builtin_table<'a>(builtins: impl Iterator<Item = &'a Entry>) -> String {
    table(builtins.map(|b| (b.signature(), b.summary)))
}

/// `text` joined into one paragraph and broken into lines of at most 88 characters, each
/// starting with `indent`.
fn wrap(text: &str, indent: &str) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > 88 {
            out += &format!("{indent}{line}\n");
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line += word;
    }
    if !line.is_empty() {
        out += &format!("{indent}{line}");
    }
    out
}

fn command_usage(c: &Command) -> String {
    let name = if c.name == "quit" {
        ":quit, :q".to_string()
    } else {
        format!(":{}", c.name)
    };
    if c.args.is_empty() {
        name
    } else {
        format!("{name} {}", c.args)
    }
}

/// A command's usage as the reference writes it: `:load FILE`.
fn plain_usage(c: &Command) -> String {
    if c.args.is_empty() {
        format!(":{}", c.name)
    } else {
        format!(":{} {}", c.name, c.args)
    }
}

fn command_list() -> String {
    COMMANDS
        .iter()
        .map(|c| format!(":{}", c.name))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The operators, for `:help +` and the like.
const OPERATORS: [(&str, &str); 17] = [
    (
        "+",
        "the sum of games (keeping its components for winning_moves and :play), of numbers; lists and strings are concatenated",
    ),
    (
        "-",
        "difference (G - H = G + -H); in front of a value, its negative",
    ),
    (
        "*",
        "multiplication of numbers, or of a game by an integer (n copies added); `*3` alone is a nimber",
    ),
    (
        "/",
        "division of numbers (1/3 is exact; a game needs a dyadic number)",
    ),
    (
        ":",
        "the ordinal sum G : H: moves in H as usual, while a move in G takes H away",
    ),
    ("+-", "+-G = {G | -G}; x +- y = {x + y | x - y}"),
    (
        "==",
        "equality of games (G - H is a second-player win) or of values",
    ),
    ("!=", "not equal"),
    (
        "<=",
        "less than or equal (Left never loses H - G moving second)",
    ),
    (">=", "greater than or equal"),
    ("<", "less than: <= and not equal"),
    (">", "greater than: >= and not equal"),
    ("<>", "confused with: neither <= nor >="),
    ("<|", "less than or confused with: not >="),
    ("|>", "greater than or confused with: not <="),
    ("..", "a range of integers, both ends included: 0..5"),
    (
        "at",
        "R at heaps: the position of ruleset R on those heaps (as R(heaps))",
    ),
];

/// A built-in's signature, summary and example (run in the session's notation).
fn builtin_help(session: &mut Session, b: &Entry) -> String {
    let (input, output) = b.example;
    // Examples that write files are shown, not run: help must not touch the disk.
    let runnable = !WRITES_FILES.contains(&b.name);
    let output = runnable
        .then(|| example_output(session.notation(), input))
        .flatten()
        .unwrap_or_else(|| output.to_string());
    // Every line of the output is indented, so a table keeps its columns.
    format!(
        "{}\n  {}\n\nExample:\n  > {input}\n  {}",
        b.signature(),
        b.summary,
        output.replace('\n', "\n  ")
    )
}

/// `:help NAME`: a built-in's signature, summary and example, or a command's usage.
fn help_on(session: &mut Session, name: &str) -> CommandOutcome {
    let builtin = builtins::lookup(name);
    // `values` is a topic and a built-in: the topic, then the built-in.
    if let (Some(b), Some(topic)) = (builtin, Topic::named(name)) {
        return CommandOutcome::Print(format!(
            "{}\n\nThe built-in {}:\n{}",
            topic_help(topic),
            b.name,
            builtin_help(session, b)
        ));
    }
    if let Some(b) = builtin {
        return CommandOutcome::Print(builtin_help(session, b));
    }
    if let Some((_, meaning)) = OPERATORS.iter().find(|(op, _)| *op == name) {
        return CommandOutcome::Print(format!("{name}\n  {meaning}"));
    }
    let bare = name.strip_prefix(':').unwrap_or(name);
    let bare = if bare == "q" { "quit" } else { bare };
    if let Some(c) = COMMANDS.iter().find(|c| c.name == bare) {
        return CommandOutcome::Print(format!("{}\n  {}", command_usage(c), c.summary));
    }
    if let Some(topic) = Topic::named(name) {
        let mut text = topic_help(topic);
        let others = search(name, |b| b.topic != topic);
        if topic != Topic::Repl && !others.is_empty() {
            text += &format!("\n\nElsewhere, mentioning “{name}”:\n{}", others.trim_end());
        }
        return CommandOutcome::Print(text);
    }
    if session.global_names().any(|n| n == name) {
        return CommandOutcome::Print(format!(
            "`{name}` is bound in this session (by `let` or `def`); type `{name}` to see its \
             value, `:type {name}` to see what it is"
        ));
    }
    let found = search(name, |_| true);
    if !found.is_empty() {
        return CommandOutcome::Print(format!(
            "Built-ins and commands mentioning “{name}”:\n{}",
            found.trim_end()
        ));
    }
    let candidates = BUILTINS.iter().map(|b| b.name).chain(command_names());
    let help = match suggest(name, candidates) {
        Some(s) => format!("did you mean `{s}`? `:help` lists the built-ins and commands"),
        None => "`:help` lists the built-ins and commands".to_string(),
    };
    error(
        format!("no built-in, command or topic named or mentioning `{name}`"),
        help,
    )
}

/// The built-ins (those `keep` accepts) and the commands whose name or summary contains
/// `word`, ignoring case and accents, as help rows; empty if none does. `:help` itself,
/// whose summary names every topic, is left out.
fn search(word: &str, keep: impl Fn(&Entry) -> bool) -> String {
    let word = fold(word);
    let mentions =
        |name: &str, summary: &str| fold(name).contains(&word) || fold(summary).contains(&word);
    let builtins = BUILTINS
        .iter()
        .filter(|b| keep(b) && mentions(b.name, b.summary));
    let commands = COMMANDS
        .iter()
        .filter(|c| c.name != "help" && mentions(c.name, c.summary))
        .map(|c| (command_usage(c), c.summary));
    table(builtins.map(|b| (b.signature(), b.summary)).chain(commands))
}

/// `:forget NAME`: empties the memo table of the function or ruleset bound to NAME.
fn forget(session: &mut Session, name: &str) -> CommandOutcome {
    const HELP: &str = "functions defined by `def` and rulesets written in cgt \
                        (partizan_game, impartial_game, heap_game) keep a memo table";
    if name.is_empty() {
        return error(
            "`:forget` needs a name",
            "usage: `:forget NAME`, e.g. `:forget f`",
        );
    }
    match session.get(name) {
        Some(v) => match v.forget_memo() {
            Some(n) => CommandOutcome::Print(format!(
                "{name}: {n} memo entr{} freed",
                if n == 1 { "y" } else { "ies" }
            )),
            None => error(
                format!("`{name}` is {}, which keeps no memo table", v.kind()),
                HELP,
            ),
        },
        None if builtins::lookup(name).is_some() => error(
            format!("`{name}` is a built-in: its tables are kept until `:reset`"),
            HELP,
        ),
        None => {
            let help = match suggest(name, session.global_names()) {
                Some(s) => format!("did you mean `{s}`? {HELP}"),
                None => HELP.to_string(),
            };
            error(format!("nothing is bound to `{name}`"), help)
        }
    }
}

/// Built-ins whose examples write files.
const WRITES_FILES: &[&str] = &["svg", "nim_values_to_file", "nim_values_from_file"];

/// The example's output in the session's notation (the table holds it in ASCII): the
/// example is run in a fresh session; `None` if that fails (the table's text is used).
fn example_output(notation: Notation, input: &str) -> Option<String> {
    if notation == Notation::Ascii {
        return None;
    }
    let mut fresh = Session::new();
    fresh.set_notation(notation);
    let (outputs, lines) = fresh.eval_with_lines(input).ok()?;
    let lines: Vec<&str> = lines
        .iter()
        .map(|line| match line {
            Line::Text(text) => text.as_str(),
            Line::Value(k) => outputs[*k].text(notation),
        })
        .collect();
    (!lines.is_empty()).then(|| lines.join("\n"))
}

/// `:load FILE`: runs the file in the session; its bindings persist.
fn load(session: &mut Session, state: &mut ReplState, arg: &str) -> CommandOutcome {
    let path = expand_path(arg);
    let source = match crate::output::read_source_file(&path) {
        Ok(s) => s,
        Err(e) => {
            return error(
                format!("cannot read {}: {e}", path.display()),
                "give the path of a .cgt file, relative to the current directory",
            );
        }
    };
    match evaluate(session, state, &path.display().to_string(), &source) {
        Ok(()) => CommandOutcome::Done,
        Err(report) => CommandOutcome::Error(report),
    }
}

/// A `:load` argument as a path: surrounding quotes removed, a leading `~` expanded.
fn expand_path(arg: &str) -> PathBuf {
    let arg = arg.trim();
    let unquoted = ['"', '\'']
        .iter()
        .find_map(|&q| arg.strip_prefix(q).and_then(|a| a.strip_suffix(q)))
        .unwrap_or(arg);
    if let Some(rest) = unquoted.strip_prefix("~/")
        && let Some(home) = dirs::home_dir()
    {
        return home.join(rest);
    }
    PathBuf::from(unquoted)
}

/// A command error rendered as a miette diagnostic, like the language's errors.
/// `:threads` shows, `:threads N` sets, the threads the board solvers use.
fn threads(session: &mut Session, arg: &str) -> CommandOutcome {
    if !arg.is_empty() {
        match arg.parse::<usize>() {
            Ok(n) if n >= 1 => session.set_threads(n),
            _ => {
                return error(
                    format!("`{arg}` is not a number of threads"),
                    "usage: `:threads N` with N at least 1 (1 is the sequential solver), \
                     or `:threads` to see the setting",
                );
            }
        }
    }
    let n = session.threads();
    CommandOutcome::Print(format!(
        "board solvers use {n} thread{} ({} core{} available)",
        if n == 1 { "" } else { "s" },
        cgt::rulesets::parallel::available_threads(),
        if cgt::rulesets::parallel::available_threads() == 1 {
            ""
        } else {
            "s"
        },
    ))
}

/// `:memory [SIZE]`: shows (and sets) the session's memory budget.
fn memory(session: &mut Session, arg: &str) -> CommandOutcome {
    use cgt::game::budget;
    if !arg.is_empty() {
        match budget::parse_size(arg) {
            Some(bytes) => session.set_memory_budget(bytes),
            None => {
                return error(
                    format!("`{arg}` is not a size"),
                    "usage: `:memory SIZE` with SIZE in bytes or with a unit (512M, 2G), \
                     or `:memory` to see the budget",
                );
            }
        }
    }
    let default = budget::machine_default();
    CommandOutcome::Print(format!(
        "memory budget: {} (the default is {}: {})",
        budget::human(session.memory_budget()),
        budget::human(default.bytes),
        default.source
    ))
}

fn error(message: impl Into<String>, help: impl Into<String>) -> CommandOutcome {
    let message = message.into();
    let help = help.into();
    CommandOutcome::Error(format!("{:?}", miette::miette!(help = help, "{message}")))
}

/// A duration as the REPL prints it after an evaluation when `:time` is on.
pub fn format_duration(d: Duration) -> String {
    let secs = d.as_secs_f64();
    if secs < 1e-3 {
        format!("{:.1} µs", secs * 1e6)
    } else if secs < 1.0 {
        format!("{:.2} ms", secs * 1e3)
    } else {
        format!("{secs:.3} s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A session whose printed lines and notes are collected, with fresh REPL state.
    fn session() -> (
        Session,
        std::rc::Rc<std::cell::RefCell<Vec<String>>>,
        ReplState,
    ) {
        let lines = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
        let (out, notes) = (lines.clone(), lines.clone());
        let session = Session::printing(
            Box::new(move |l| out.borrow_mut().push(l.to_string())),
            Box::new(move |l| notes.borrow_mut().push(l.to_string())),
        );
        (session, lines, ReplState::default())
    }

    fn printed(outcome: CommandOutcome) -> String {
        match outcome {
            CommandOutcome::Print(s) => s,
            other => panic!("expected Print, got {other:?}"),
        }
    }

    fn errored(outcome: CommandOutcome) -> String {
        match outcome {
            CommandOutcome::Error(s) => s,
            other => panic!("expected Error, got {other:?}"),
        }
    }

    #[test]
    fn help_lists_commands_and_topics_and_each_topic_its_builtins() {
        let (mut interp, _, mut state) = session();
        let text = printed(handle_command(&mut interp, ":help", &mut state));
        for c in COMMANDS {
            assert!(text.contains(&format!(":{}", c.name)), "{}", c.name);
        }
        for t in Topic::ALL {
            assert!(text.contains(&fold(t.name())), "{}", t.name());
        }
        // One screen: the built-ins are listed by `:help TOPIC`.
        assert!(text.lines().count() < 40, "{text}");
        for b in BUILTINS.iter() {
            let topic = fold(b.topic.name());
            let text = printed(handle_command(
                &mut interp,
                &format!(":help {topic}"),
                &mut state,
            ));
            assert!(text.contains(&b.signature()), "{}", b.name);
            assert!(text.contains(b.summary), "{}", b.name);
        }
    }

    #[test]
    fn help_on_a_builtin_shows_signature_summary_and_example() {
        let (mut interp, _, mut state) = session();
        for b in BUILTINS.iter() {
            let text = printed(handle_command(
                &mut interp,
                &format!(":help {}", b.name),
                &mut state,
            ));
            // `values` is also a topic: the built-in comes after it.
            let heading = format!("The built-in {}:\n", b.name);
            let text = text
                .split_once(&heading)
                .map_or(text.as_str(), |(_, own)| own);
            assert!(text.starts_with(&b.signature()), "{text}");
            assert!(text.contains(b.summary));
            assert!(text.contains(&format!("> {}", b.example.0)), "{text}");
        }
        interp.set_notation(Notation::Ascii);
        for b in BUILTINS.iter() {
            let text = printed(handle_command(
                &mut interp,
                &format!(":help {}", b.name),
                &mut state,
            ));
            // Every line of the example's output is shown indented.
            assert!(text.ends_with(&b.example.1.replace('\n', "\n  ")), "{text}");
        }
    }

    #[test]
    fn help_example_follows_the_notation() {
        let (mut interp, _, mut state) = session();
        // The table holds `value: ^^`; a Unicode session shows what it would print.
        let text = printed(handle_command(&mut interp, ":help print", &mut state));
        assert!(text.ends_with("value: ⇑"), "{text}");
        interp.set_notation(Notation::Ascii);
        let text = printed(handle_command(&mut interp, ":help print", &mut state));
        assert!(text.ends_with("value: ^^"), "{text}");
    }

    #[test]
    fn help_on_commands_and_unknown_names() {
        let (mut interp, _, mut state) = session();
        assert!(printed(handle_command(&mut interp, ":help load", &mut state)).contains("FILE"));
        assert!(printed(handle_command(&mut interp, ":help :q", &mut state)).contains(":quit"));
        let e = errored(handle_command(&mut interp, ":help outcmoe", &mut state));
        assert!(
            e.contains("outcmoe") && e.contains("did you mean `outcome`"),
            "{e}"
        );
        interp.run_script("<input>", "let mine = 3").unwrap();
        assert!(printed(handle_command(&mut interp, ":help mine", &mut state)).contains("bound"));
    }

    #[test]
    fn help_lists_the_topics_in_order_after_the_commands() {
        let (mut interp, _, mut state) = session();
        let text = printed(handle_command(&mut interp, ":help", &mut state));
        let mut at = text.find("Topics").unwrap();
        assert!(text.find(":quit").unwrap() < at, "{text}");
        for topic in Topic::ALL {
            let row = format!("  {:<9}  {}", fold(topic.name()), topic.title());
            let start = text.find(&row).unwrap_or_else(|| panic!("{row}\n{text}"));
            assert!(start > at, "{row}");
            at = start;
            let count = topic.builtins().count();
            if count > 0 {
                assert!(text[start..].starts_with(&format!("{row} ({count} built-ins)")));
            }
        }
    }

    #[test]
    fn help_on_a_name_that_is_a_topic_and_a_builtin_shows_both() {
        let (mut interp, _, mut state) = session();
        let text = printed(handle_command(&mut interp, ":help values", &mut state));
        assert!(text.starts_with(Topic::Values.title()), "{text}");
        assert!(text.contains("  outcome(g)"), "{text}");
        assert!(text.contains("The built-in values:\nvalues(map)"), "{text}");
    }

    #[test]
    fn help_on_a_topic_lists_its_builtins() {
        let (mut interp, _, mut state) = session();
        let text = printed(handle_command(&mut interp, ":help impartial", &mut state));
        assert!(text.starts_with("Impartial games\n"), "{text}");
        for b in Topic::Impartial.builtins() {
            assert!(text.contains(&format!("  {}", b.signature())), "{}", b.name);
        }
        assert!(!text.contains("domineering("), "{text}");
        let text = printed(handle_command(&mut interp, ":help REPL", &mut state));
        for c in COMMANDS {
            assert!(text.contains(&format!(":{}", c.name)), "{}", c.name);
        }
        assert!(
            text.contains("history.txt") && text.contains("`_`"),
            "{text}"
        );
    }

    #[test]
    fn help_on_misere_lists_every_misere_function_with_or_without_accent() {
        let (mut interp, _, mut state) = session();
        let mentioning: Vec<&Entry> = BUILTINS
            .iter()
            .filter(|b| fold(b.name).contains("misere") || fold(b.summary).contains("misere"))
            .collect();
        assert!(mentioning.len() >= 2);
        for word in ["misere", "misère", "MISÈRE"] {
            let text = printed(handle_command(
                &mut interp,
                &format!(":help {word}"),
                &mut state,
            ));
            assert!(text.starts_with("Misère play\n"), "{text}");
            for b in &mentioning {
                assert!(text.contains(&b.signature()), "{word}: {}", b.name);
            }
        }
    }

    #[test]
    fn help_searches_names_and_summaries() {
        let (mut interp, _, mut state) = session();
        let text = printed(handle_command(&mut interp, ":help memo", &mut state));
        assert!(
            text.starts_with("Built-ins and commands mentioning “memo”:"),
            "{text}"
        );
        assert!(
            text.contains(":forget NAME") && text.contains("partizan_game("),
            "{text}"
        );
        // Names count as well as summaries, in any case.
        let text = printed(handle_command(&mut interp, ":help STOP", &mut state));
        assert!(
            text.contains("left_stop(g)") && text.contains("stop_count(g)"),
            "{text}"
        );
        // `:help` itself names every topic, so it is never a match.
        assert!(!text.contains(":help ["), "{text}");
        let text = printed(handle_command(&mut interp, ":help GRUNDY", &mut state));
        assert!(
            text.contains("grundy(") && text.contains("grundys_game("),
            "{text}"
        );
    }

    #[test]
    fn underscore_is_the_last_value_printed() {
        let (mut interp, lines, mut state) = session();
        evaluate(&mut interp, &mut state, "<input>", "{1|-1}\nlet x = 5").unwrap();
        evaluate(&mut interp, &mut state, "<input>", "_ + *").unwrap();
        evaluate(&mut interp, &mut state, "<input>", "outcome(_)").unwrap();
        assert_eq!(*lines.borrow(), vec!["±1", "±(1*)", "N"]);
        let Some(Value::Outcome(_)) = state.last else {
            panic!("{:?}", state.last)
        };
    }

    #[test]
    fn long_values_are_cut_and_full_prints_them_whole() {
        let (mut interp, lines, mut state) = session();
        errored(handle_command(&mut interp, ":full", &mut state));
        state.limit = Some(20);
        evaluate(&mut interp, &mut state, "<input>", "[n for n in 0..99]").unwrap();
        let whole: String = format!(
            "[{}]",
            (0..100)
                .map(|n| n.to_string())
                .collect::<Vec<_>>()
                .join(",")
        );
        assert_eq!(
            *lines.borrow(),
            vec![
                whole[..20].to_string(),
                format!("… ({} more characters; :full to see all)", whole.len() - 20)
            ]
        );
        lines.borrow_mut().clear();
        assert_eq!(
            handle_command(&mut interp, ":full", &mut state),
            CommandOutcome::Done
        );
        assert_eq!(*lines.borrow(), vec![whole]);
        errored(handle_command(&mut interp, ":full now", &mut state));
        // `_` is the whole value, not the text shown.
        lines.borrow_mut().clear();
        evaluate(&mut interp, &mut state, "<input>", "len(_)").unwrap();
        assert_eq!(*lines.borrow(), vec!["100"]);
    }

    #[test]
    fn cut_counts_characters_not_bytes() {
        assert_eq!(cut("↑↑↑", 3), "↑↑↑");
        assert_eq!(
            cut("↑↑↑↑", 3),
            "↑↑↑\n… (1 more character; :full to see all)"
        );
        assert_eq!(
            cut("ab\ncd", 2),
            "ab\n… (3 more characters; :full to see all)"
        );
    }

    #[test]
    fn type_describes_values() {
        let (mut interp, _, mut state) = session();
        let mut kind = |line: &str| printed(handle_command(&mut interp, line, &mut state));
        assert_eq!(kind(":type 3"), "an integer");
        assert_eq!(kind(":type *5"), "a game (a nimber)");
        assert_eq!(kind(":type domineering(2, 3)"), "a position of domineering");
        assert_eq!(kind(":type (a, b) -> a"), "a function of (a, b)");
        let (mut interp, _, mut state) = session();
        let e = errored(handle_command(&mut interp, ":type nosuch", &mut state));
        assert!(e.contains("unknown name `nosuch`"), "{e}");
        errored(handle_command(&mut interp, ":type", &mut state));
    }

    #[test]
    fn forget_empties_the_memo_of_a_function_or_ruleset() {
        let (mut interp, lines, mut state) = session();
        interp
            .run_script(
                "<input>",
                "def f(n) = if n == 0 then 0 else {f(n - 1) |}\nf(10)",
            )
            .unwrap();
        interp
            .run_script(
                "<input>",
                "let S = impartial_game(n -> [k for k in 0..n-1])\nS(4)",
            )
            .unwrap();
        let mut say = |line: &str| printed(handle_command(&mut interp, line, &mut state));
        assert_eq!(say(":forget f"), "f: 11 memo entries freed");
        assert_eq!(say(":forget f"), "f: 0 memo entries freed");
        // The ruleset's positions 0 to 4 (its moves function is a lambda, unmemoized).
        assert_eq!(say(":forget S"), "S: 5 memo entries freed");
        interp.run_script("<input>", "f(2)").unwrap();
        assert_eq!(lines.borrow().last().unwrap(), "2");
        let e = errored(handle_command(
            &mut interp,
            ":forget nothing_here",
            &mut state,
        ));
        assert!(e.contains("nothing is bound to `nothing_here`"), "{e}");
        interp.run_script("<input>", "let xs = [1]").unwrap();
        let e = errored(handle_command(&mut interp, ":forget xs", &mut state));
        assert!(
            e.contains("`xs` is a list, which keeps no memo table"),
            "{e}"
        );
        let e = errored(handle_command(&mut interp, ":forget outcome", &mut state));
        assert!(e.contains("built-in"), "{e}");
        errored(handle_command(&mut interp, ":forget", &mut state));
    }

    #[test]
    fn reset_drops_bindings_and_keeps_settings() {
        let (mut interp, lines, mut state) = session();
        interp.set_notation(Notation::Ascii);
        handle_command(&mut interp, ":time", &mut state);
        evaluate(
            &mut interp,
            &mut state,
            "<input>",
            "let a = ^\ndef f(n) = n\na",
        )
        .unwrap();
        let text = printed(handle_command(&mut interp, ":reset", &mut state));
        assert!(text.starts_with("session reset: 3 bindings"), "{text}");
        assert_eq!(interp.global_names().count(), 0);
        assert!(state.last.is_none());
        assert!(state.time);
        assert_eq!(interp.notation(), Notation::Ascii);
        let e = evaluate(&mut interp, &mut state, "<input>", "a").unwrap_err();
        assert!(e.contains("unknown name `a`"), "{e}");
        // The session works on with its output and notation.
        evaluate(&mut interp, &mut state, "<input>", "^ + ^").unwrap();
        assert_eq!(lines.borrow().last().unwrap(), "^^");
        errored(handle_command(&mut interp, ":reset all", &mut state));
    }

    #[test]
    fn reference_doc_lists_every_command() {
        let doc = reference_doc();
        assert_eq!(doc.commands.len(), COMMANDS.len());
        assert!(doc.commands.iter().any(|(u, _)| u == ":forget NAME"));
        assert!(doc.notes.contains("history.txt"));
    }

    #[test]
    fn notation_switches() {
        let (mut interp, lines, mut state) = session();
        interp.run_script("<input>", "^").unwrap();
        handle_command(&mut interp, ":ascii", &mut state);
        assert_eq!(interp.notation(), Notation::Ascii);
        interp.run_script("<input>", "^").unwrap();
        handle_command(&mut interp, ":unicode", &mut state);
        interp.run_script("<input>", "^").unwrap();
        assert_eq!(*lines.borrow(), vec!["↑", "^", "↑"]);
        errored(handle_command(&mut interp, ":ascii please", &mut state));
    }

    #[test]
    fn memory_shows_and_sets_the_budget() {
        let (mut interp, _lines, mut state) = session();
        let shown = printed(handle_command(&mut interp, ":memory", &mut state));
        assert!(shown.starts_with("memory budget: "), "{shown}");
        assert!(shown.contains("the default is"), "{shown}");
        assert!(shown.contains("half of"), "{shown}");
        let set = printed(handle_command(&mut interp, ":memory 64T", &mut state));
        assert!(set.starts_with("memory budget: 70.4 TB"), "{set}");
        assert_eq!(interp.memory_budget(), 64 << 40);
        // The session's own: another session keeps the default.
        let (other, _, _) = session();
        assert_eq!(other.memory_budget(), cgt::game::budget::default_budget());
        for bad in [":memory lots", ":memory -1G", ":memory 0"] {
            assert!(errored(handle_command(&mut interp, bad, &mut state)).contains("size"));
        }
    }

    #[test]
    fn threads_shows_sets_and_survives_reset() {
        let (mut interp, lines, mut state) = session();
        let cores = cgt::rulesets::parallel::available_threads();
        assert_eq!(interp.threads(), cores);
        assert!(
            printed(handle_command(&mut interp, ":threads", &mut state))
                .starts_with(&format!("board solvers use {cores} thread"))
        );
        assert!(
            printed(handle_command(&mut interp, ":threads 1", &mut state))
                .starts_with("board solvers use 1 thread (")
        );
        assert_eq!(interp.threads(), 1);
        handle_command(&mut interp, ":threads 3", &mut state);
        handle_command(&mut interp, ":reset", &mut state);
        assert_eq!(interp.threads(), 3);
        for bad in [":threads 0", ":threads two", ":threads -1"] {
            assert!(errored(handle_command(&mut interp, bad, &mut state)).contains("threads"));
        }
        assert_eq!(interp.threads(), 3);
        // The value is the same on any number of threads.
        interp.run_script("<input>", "domineering(4, 4)").unwrap();
        handle_command(&mut interp, ":threads 1", &mut state);
        interp.run_script("<input>", "domineering(4, 4)").unwrap();
        let lines = lines.borrow();
        assert_eq!(lines[lines.len() - 1], lines[lines.len() - 2]);
    }

    #[test]
    fn time_toggles_and_evaluate_records_elapsed() {
        let (mut interp, lines, mut state) = session();
        assert_eq!(
            printed(handle_command(&mut interp, ":time", &mut state)),
            "timing on"
        );
        assert!(state.time);
        evaluate(&mut interp, &mut state, "<input>", "1+1").unwrap();
        // The entry was timed: the line `:time` prints after it can be written (its
        // figures are the clock's, so only its form is checked).
        let timed = state.last_elapsed.map(|d| {
            crate::repl::time_line(d, interp.store_size(), cgt::progress::Counts::default())
        });
        let timed = timed.expect("the entry was timed");
        assert!(
            timed.starts_with("time: ") && timed.contains(" (store: "),
            "{timed}"
        );
        assert_eq!(*lines.borrow(), vec!["2"]);
        handle_command(&mut interp, ":time", &mut state);
        assert!(!state.time);
    }

    #[test]
    fn evaluate_reports_errors_with_the_source_name() {
        let (mut interp, _, mut state) = session();
        let e = evaluate(&mut interp, &mut state, "<input>", "nosuch + 1").unwrap_err();
        assert!(e.contains("unknown name") && e.contains("<input>"), "{e}");
    }

    #[test]
    fn quit_and_unknown_commands() {
        let (mut interp, _, mut state) = session();
        assert_eq!(
            handle_command(&mut interp, ":quit", &mut state),
            CommandOutcome::Quit
        );
        assert_eq!(
            handle_command(&mut interp, "  :q  ", &mut state),
            CommandOutcome::Quit
        );
        let e = errored(handle_command(&mut interp, ":hepl", &mut state));
        assert!(e.contains("unknown command `:hepl`"), "{e}");
        assert!(e.contains("did you mean `:help`"), "{e}");
        assert!(e.contains(":load") && e.contains(":unicode"), "{e}");
        let e = errored(handle_command(&mut interp, ":", &mut state));
        assert!(e.contains("missing command"), "{e}");
    }

    #[test]
    fn load_runs_a_file_and_keeps_bindings() {
        let dir = std::env::temp_dir().join(format!("cgt-repl-unit-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("defs.cgt");
        std::fs::write(&file, "let a = {1 |\n -1}\ndef f(n) = n + 1\na + a\n").unwrap();
        let (mut interp, lines, mut state) = session();
        let outcome = handle_command(
            &mut interp,
            &format!(":load {}", file.display()),
            &mut state,
        );
        assert_eq!(outcome, CommandOutcome::Done);
        interp.run_script("<input>", "f(2)").unwrap();
        assert_eq!(*lines.borrow(), vec!["0", "3"]);
        assert!(interp.global_names().any(|n| n == "a"));

        let bad = dir.join("bad.cgt");
        std::fs::write(&bad, "let b = 1\nb + nosuch\n").unwrap();
        let e = errored(handle_command(
            &mut interp,
            &format!(":load \"{}\"", bad.display()),
            &mut state,
        ));
        assert!(e.contains("bad.cgt") && e.contains("unknown name"), "{e}");
        // Bindings made before the error are kept.
        assert!(interp.global_names().any(|n| n == "b"));

        let e = errored(handle_command(
            &mut interp,
            ":load /no/such/file.cgt",
            &mut state,
        ));
        assert!(e.contains("cannot read"), "{e}");
        errored(handle_command(&mut interp, ":load", &mut state));
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn durations_are_readable() {
        assert_eq!(format_duration(Duration::from_micros(250)), "250.0 µs");
        assert_eq!(format_duration(Duration::from_micros(12_345)), "12.35 ms");
        assert_eq!(format_duration(Duration::from_millis(2_500)), "2.500 s");
    }
}
