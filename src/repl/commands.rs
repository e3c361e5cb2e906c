//! The REPL's `:commands` and the evaluation of entries, as pure functions of the
//! interpreter and the session state (no terminal), so they can be tested directly.

use crate::eval::Interpreter;
use crate::eval::builtins::{self, BUILTINS};
use crate::eval::error::suggest;
use crate::game::Notation;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// A `:command`: its name, its argument (for help) and what it does.
pub struct Command {
    pub name: &'static str,
    pub args: &'static str,
    pub summary: &'static str,
}

/// Every command, in the order `:help` lists them.
pub static COMMANDS: &[Command] = &[
    Command {
        name: "help",
        args: "[NAME]",
        summary: "this help, or the signature and an example of the built-in NAME",
    },
    Command {
        name: "load",
        args: "FILE",
        summary: "run a .cgt file in this session (its bindings are kept)",
    },
    Command {
        name: "explain",
        args: "EXPR",
        summary: "the step-by-step derivation of the canonical form of a game literal",
    },
    Command {
        name: "play",
        args: "[left|right] [first|second] EXPR",
        summary: "play a game or sum against cgt, which plays perfectly and points out blunders",
    },
    Command {
        name: "resign",
        args: "",
        summary: "stop the game started by :play",
    },
    Command {
        name: "ascii",
        args: "",
        summary: "print games in ASCII, as CGSuite does (^, v, +-)",
    },
    Command {
        name: "unicode",
        args: "",
        summary: "print games with ↑, ↓, ⇑, ⇓, ± (the default)",
    },
    Command {
        name: "time",
        args: "",
        summary: "toggle printing the time each evaluation takes",
    },
    Command {
        name: "quit",
        args: "",
        summary: "leave the session (also :q or Ctrl-D)",
    },
];

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
}

/// During `:play`, an entry that is a move number.
pub fn play_choice(state: &ReplState, entry: &str) -> Option<usize> {
    state.play.as_ref()?;
    entry.trim().parse().ok()
}

/// The person's move `k` in the game in progress.
pub fn play_move(interp: &mut Interpreter, state: &mut ReplState, k: usize) -> CommandOutcome {
    let Some(m) = state.play.as_mut() else {
        return error("no game in progress", "start one with `:play EXPR`");
    };
    match super::play::human_move(interp, m, k) {
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

/// Runs cgt source in the session, recording the elapsed time in `state`. On error, the
/// miette report (naming the source `name`) is returned rendered, for standard error.
pub fn evaluate(
    interp: &mut Interpreter,
    state: &mut ReplState,
    name: &str,
    source: &str,
) -> Result<(), String> {
    let start = Instant::now();
    let result = interp.run(source);
    state.last_elapsed = Some(start.elapsed());
    result.map_err(|e| e.render(name, source))
}

/// Handles a `:command` line (with its leading `:`).
pub fn handle_command(
    interp: &mut Interpreter,
    line: &str,
    state: &mut ReplState,
) -> CommandOutcome {
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
                help_on(interp, arg)
            }
        }
        "load" => {
            if arg.is_empty() {
                error(
                    "`:load` needs a file name",
                    "usage: `:load FILE`, e.g. `:load games.cgt`",
                )
            } else {
                load(interp, state, arg)
            }
        }
        "explain" => {
            if arg.is_empty() {
                error(
                    "`:explain` needs a game",
                    "usage: `:explain EXPR`, e.g. `:explain {1, 0 | 2, 3/2}`",
                )
            } else {
                match evaluate(interp, state, "<input>", &format!("explain({arg})")) {
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
            match super::play::start(interp, source, human_left, human_first) {
                Ok((m, text)) => {
                    state.play = m;
                    CommandOutcome::Print(text)
                }
                Err(msg) => error(msg, super::play::USAGE),
            }
        }
        "resign" => no_argument(if state.play.take().is_some() {
            CommandOutcome::Print("You resign; the game is over.".into())
        } else {
            error("no game in progress", "start one with `:play EXPR`")
        }),
        "ascii" => no_argument({
            interp.notation = Notation::Ascii;
            CommandOutcome::Print("games print in ASCII: ^, v, +-".into())
        }),
        "unicode" => no_argument({
            interp.notation = Notation::Unicode;
            CommandOutcome::Print("games print in Unicode: ↑, ↓, ±".into())
        }),
        "time" => no_argument({
            state.time = !state.time;
            CommandOutcome::Print(format!("timing {}", if state.time { "on" } else { "off" }))
        }),
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

/// `:help`: the commands, the built-ins with their summaries and a few words of syntax.
pub fn general_help() -> String {
    let mut out = String::from("Commands:\n");
    let usages: Vec<String> = COMMANDS.iter().map(command_usage).collect();
    let width = usages.iter().map(|u| u.chars().count()).max().unwrap_or(0);
    for (c, usage) in COMMANDS.iter().zip(&usages) {
        out += &format!("  {usage:width$}  {}\n", c.summary);
    }
    out += "\nBuilt-ins (`:help NAME` shows an example):\n";
    let sigs: Vec<String> = BUILTINS.iter().map(|b| b.signature()).collect();
    let width = sigs.iter().map(|s| s.chars().count()).max().unwrap_or(0);
    for (b, sig) in BUILTINS.iter().zip(&sigs) {
        out += &format!("  {sig:width$}  {}\n", b.summary);
    }
    out += "\nLanguage:\n";
    out += "  {1 | -1}, <0 | 1/2>, *3, ^, v, 1/2*   games, numbers, nimbers, ups and downs\n";
    out += "  g + h, -g, g == h, g < h, g <> h       sums, negatives and comparisons\n";
    out += "  let x = ..., def f(n) = ...            bind a name, define a function\n";
    out += "  if c then a else b, [f(n) for n in 0..5], n -> n + 1\n";
    out += "\nAn entry continues on the next line while a bracket is open or a line ends\n";
    out += "with an operator. Ctrl-C cancels the entry or a running computation; Ctrl-D quits.";
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

/// `:help NAME`: a built-in's signature, summary and example, or a command's usage.
fn help_on(interp: &mut Interpreter, name: &str) -> CommandOutcome {
    if let Some(b) = builtins::lookup(name) {
        let (input, output) = b.example;
        // Examples that write files are shown, not run: help must not touch the disk.
        let runnable = !WRITES_FILES.contains(&b.name);
        let output = runnable
            .then(|| example_output(interp.notation, input))
            .flatten()
            .unwrap_or_else(|| output.to_string());
        return CommandOutcome::Print(format!(
            "{}\n  {}\n\nExample:\n  > {input}\n  {output}",
            b.signature(),
            b.summary
        ));
    }
    if let Some((_, meaning)) = OPERATORS.iter().find(|(op, _)| *op == name) {
        return CommandOutcome::Print(format!("{name}\n  {meaning}"));
    }
    let bare = name.strip_prefix(':').unwrap_or(name);
    let bare = if bare == "q" { "quit" } else { bare };
    if let Some(c) = COMMANDS.iter().find(|c| c.name == bare) {
        return CommandOutcome::Print(format!("{}\n  {}", command_usage(c), c.summary));
    }
    if interp.global_names().any(|n| n == name) {
        return CommandOutcome::Print(format!(
            "`{name}` is bound in this session (by `let` or `def`); type `{name}` to see its value"
        ));
    }
    let candidates = BUILTINS.iter().map(|b| b.name).chain(command_names());
    let help = match suggest(name, candidates) {
        Some(s) => format!("did you mean `{s}`? `:help` lists the built-ins and commands"),
        None => "`:help` lists the built-ins and commands".to_string(),
    };
    error(format!("no built-in or command named `{name}`"), help)
}

/// Built-ins whose examples write files.
const WRITES_FILES: &[&str] = &["svg"];

/// The example's output in the session's notation (the table holds it in ASCII): the
/// example is run in a fresh session; `None` if that fails (the table's text is used).
fn example_output(notation: Notation, input: &str) -> Option<String> {
    if notation == Notation::Ascii {
        return None;
    }
    let (mut fresh, lines) = Interpreter::collecting();
    fresh.notation = notation;
    fresh.run(input).ok()?;
    let lines = lines.borrow();
    (!lines.is_empty()).then(|| lines.join("\n"))
}

/// `:load FILE`: runs the file in the session; its bindings persist.
fn load(interp: &mut Interpreter, state: &mut ReplState, arg: &str) -> CommandOutcome {
    let path = expand_path(arg);
    let source = match std::fs::read_to_string(&path) {
        Ok(s) => s,
        Err(e) => {
            return error(
                format!("cannot read {}: {e}", path.display()),
                "give the path of a .cgt file, relative to the current directory",
            );
        }
    };
    match evaluate(interp, state, &path.display().to_string(), &source) {
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

    fn session() -> (
        Interpreter,
        std::rc::Rc<std::cell::RefCell<Vec<String>>>,
        ReplState,
    ) {
        let (interp, lines) = Interpreter::collecting();
        (interp, lines, ReplState::default())
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
    fn help_lists_commands_and_every_builtin() {
        let (mut interp, _, mut state) = session();
        let text = printed(handle_command(&mut interp, ":help", &mut state));
        for c in COMMANDS {
            assert!(text.contains(&format!(":{}", c.name)), "{}", c.name);
        }
        for b in BUILTINS {
            assert!(text.contains(&b.signature()), "{}", b.name);
            assert!(text.contains(b.summary), "{}", b.name);
        }
    }

    #[test]
    fn help_on_a_builtin_shows_signature_summary_and_example() {
        let (mut interp, _, mut state) = session();
        for b in BUILTINS {
            let text = printed(handle_command(
                &mut interp,
                &format!(":help {}", b.name),
                &mut state,
            ));
            assert!(text.starts_with(&b.signature()), "{text}");
            assert!(text.contains(b.summary));
            assert!(text.contains(&format!("> {}", b.example.0)), "{text}");
        }
        interp.notation = Notation::Ascii;
        for b in BUILTINS {
            let text = printed(handle_command(
                &mut interp,
                &format!(":help {}", b.name),
                &mut state,
            ));
            assert!(text.ends_with(b.example.1), "{text}");
        }
    }

    #[test]
    fn help_example_follows_the_notation() {
        let (mut interp, _, mut state) = session();
        // The table holds `value: ^^`; a Unicode session shows what it would print.
        let text = printed(handle_command(&mut interp, ":help print", &mut state));
        assert!(text.ends_with("value: ⇑"), "{text}");
        interp.notation = Notation::Ascii;
        let text = printed(handle_command(&mut interp, ":help print", &mut state));
        assert!(text.ends_with("value: ^^"), "{text}");
    }

    #[test]
    fn help_on_commands_and_unknown_names() {
        let (mut interp, _, mut state) = session();
        assert!(printed(handle_command(&mut interp, ":help load", &mut state)).contains("FILE"));
        assert!(printed(handle_command(&mut interp, ":help :q", &mut state)).contains(":quit"));
        let e = errored(handle_command(&mut interp, ":help outcom", &mut state));
        assert!(
            e.contains("outcom") && e.contains("did you mean `outcome`"),
            "{e}"
        );
        interp.run("let mine = 3").unwrap();
        assert!(printed(handle_command(&mut interp, ":help mine", &mut state)).contains("bound"));
    }

    #[test]
    fn notation_switches() {
        let (mut interp, lines, mut state) = session();
        interp.run("^").unwrap();
        handle_command(&mut interp, ":ascii", &mut state);
        assert_eq!(interp.notation, Notation::Ascii);
        interp.run("^").unwrap();
        handle_command(&mut interp, ":unicode", &mut state);
        interp.run("^").unwrap();
        assert_eq!(*lines.borrow(), vec!["↑", "^", "↑"]);
        errored(handle_command(&mut interp, ":ascii please", &mut state));
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
        assert!(state.last_elapsed.is_some());
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
        interp.run("f(2)").unwrap();
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
