//! Writing the files a script asks for, safely: a script may come from someone else, so a
//! picture is written only under a name ending in its kind's extension, never over a file
//! that is not a picture cgt wrote (unless the call says `{"overwrite" => true}`), never
//! through a symbolic link (the file itself or a directory named in the path), never to a
//! path with `..` in it, and never into a FIFO or a directory. The picture is written to a
//! fresh file beside the old one and renamed over it, so a full disk or a crash leaves the
//! old picture whole.

use crate::syntax::Span;
use crate::values::error::EvalError;
use crate::values::value::Value;
use std::io::{Read, Write};
use std::path::{Component, Path, PathBuf};

/// How every SVG picture cgt writes begins.
const SVG_START: &str = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=";

/// What the options argument of `svg` asks for.
pub(super) struct SvgOptions {
    /// Replace any regular file (`{"overwrite" => true}`).
    pub overwrite: bool,
    /// Draw the picture's title (`{"title" => false}` leaves it out, for lecture notes
    /// that caption the picture themselves).
    pub title: bool,
    /// A game tree goes down to 0 through numbers and nimbers too (`{"unroll" => true}`).
    pub unroll: bool,
    /// A game tree of positions, each drawn at its node (`{"positions" => true}`).
    pub positions: bool,
    /// Values a game tree draws as leaves (`{"leaves" => [^, {1|-1}]}`).
    pub leaves: Vec<Value>,
}

/// The options `svg` knows, for its messages.
const KNOWN: &str = "\"overwrite\", \"title\", \"unroll\", \"positions\" and \"leaves\"";

/// The options argument of `svg`: a map such as `{"overwrite" => true, "title" => false}`.
pub(super) fn svg_options(options: Option<&Value>, span: Span) -> Result<SvgOptions, EvalError> {
    let mut out = SvgOptions {
        overwrite: false,
        title: true,
        unroll: false,
        positions: false,
        leaves: Vec::new(),
    };
    let Some(v) = options else { return Ok(out) };
    let Value::Map(m) = v else {
        return Err(EvalError::new(
            format!(
                "expected the options {{\"overwrite\" => true, \"title\" => false}}, found {}",
                v.kind()
            ),
            span,
        ));
    };
    for (k, val) in m.entries() {
        let what = match k {
            Value::Str(name) => format!("\"{name}\""),
            other => other.kind().to_string(),
        };
        let slot = match k {
            Value::Str(name) if &**name == "overwrite" => &mut out.overwrite,
            Value::Str(name) if &**name == "title" => &mut out.title,
            Value::Str(name) if &**name == "unroll" => &mut out.unroll,
            Value::Str(name) if &**name == "positions" => &mut out.positions,
            Value::Str(name) if &**name == "leaves" => {
                match val {
                    Value::List(items) => out.leaves = items.to_vec(),
                    _ => {
                        return Err(EvalError::new(
                            "the option \"leaves\" is a list of values, e.g. [^, {1|-1}]",
                            span,
                        ));
                    }
                }
                continue;
            }
            _ => {
                return Err(EvalError::new(
                    format!("unknown option {what}: the options are {KNOWN}"),
                    span,
                )
                .with_help("e.g. svg(g, \"g.svg\", {\"overwrite\" => true, \"title\" => false})"));
            }
        };
        match val {
            Value::Bool(b) => *slot = *b,
            _ => {
                return Err(EvalError::new(
                    format!("the option {what} is true or false"),
                    span,
                ));
            }
        }
    }
    Ok(out)
}

/// Writes an SVG picture to `path`, refusing what the module documentation says.
pub(super) fn write_svg(
    path: &str,
    text: &str,
    overwrite: bool,
    span: Span,
) -> Result<(), EvalError> {
    let refuse = |why: String| EvalError::new(format!("cannot write {path}: {why}"), span);
    if !path.to_ascii_lowercase().ends_with(".svg") {
        return Err(refuse(
            "an SVG picture is written only to a file whose name ends in .svg".into(),
        )
        .with_help("name the file e.g. picture.svg"));
    }
    let p = Path::new(path);
    if p.components().any(|c| c == Component::ParentDir) {
        return Err(refuse(
            "the path goes up through `..` (cgt writes a picture only down from where the path starts)"
                .into(),
        )
        .with_help("name the directory itself, e.g. pictures/g.svg or /home/me/g.svg"));
    }
    // Each directory written in the path, from the first: none may be a link.
    let mut dir = PathBuf::new();
    let parents: Vec<Component> = p
        .parent()
        .map(|d| d.components().collect())
        .unwrap_or_default();
    for c in parents {
        dir.push(c);
        if matches!(c, Component::Normal(_))
            && std::fs::symlink_metadata(&dir).is_ok_and(|m| m.file_type().is_symlink())
        {
            return Err(refuse(format!(
                "{} is a symbolic link (cgt does not write through links)",
                dir.display()
            )));
        }
    }
    match std::fs::symlink_metadata(p) {
        Ok(meta) => {
            let kind = meta.file_type();
            if kind.is_dir() {
                return Err(refuse("it is a directory".into()));
            }
            if kind.is_symlink() {
                return Err(refuse(
                    "it is a symbolic link (cgt does not write through links)".into(),
                ));
            }
            if !kind.is_file() {
                return Err(refuse(
                    "it is not a regular file (a FIFO, a socket or a device)".into(),
                ));
            }
            if !overwrite && !is_cgt_picture(p) {
                return Err(
                    refuse("the file exists and is not a picture cgt wrote".into()).with_help(
                        "pass {\"overwrite\" => true} as the last argument to replace it",
                    ),
                );
            }
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(refuse(e.to_string())),
    }
    replace_with(p, text).map_err(|e| refuse(e.to_string()))
}

/// Writes `text` to a fresh file beside `path` (`.NAME.PID.N.tmp`, created new, so no other
/// file is touched) and renames it over `path`; the fresh file is removed if anything fails.
fn replace_with(path: &Path, text: &str) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut n = 0u32;
    let (tmp, mut file) = loop {
        let tmp = dir.join(format!(".{name}.{}.{n}.tmp", std::process::id()));
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
        {
            Ok(f) => break (tmp, f),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && n < 1000 => n += 1,
            Err(e) => return Err(e),
        }
    };
    let written = file
        .write_all(text.as_bytes())
        .and_then(|_| file.sync_data())
        .and_then(|_| std::fs::rename(&tmp, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

/// Whether the regular file at `path` begins as cgt's SVG pictures do.
fn is_cgt_picture(path: &Path) -> bool {
    let mut start = vec![0u8; SVG_START.len()];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut start))
        .is_ok()
        && start == SVG_START.as_bytes()
}
