//! Writing the files a script asks for, safely: a script may come from someone else, so a
//! picture is written only under a name ending in its kind's extension, never over a file
//! that is not a picture cgt wrote (unless the call says `{"overwrite" => true}`), never
//! through a symbolic link, and never into a FIFO or a directory.

use crate::eval::error::EvalError;
use crate::eval::value::Value;
use crate::syntax::Span;
use std::io::Read;
use std::path::Path;

/// How every SVG picture cgt writes begins.
const SVG_START: &str = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=";

/// What the options argument of `svg` asks for.
pub(super) struct SvgOptions {
    /// Replace any regular file (`{"overwrite" => true}`).
    pub overwrite: bool,
    /// Draw the picture's title (`{"title" => false}` leaves it out, for lecture notes
    /// that caption the picture themselves).
    pub title: bool,
}

/// The options argument of `svg`: a map such as `{"overwrite" => true, "title" => false}`.
pub(super) fn svg_options(options: Option<&Value>, span: Span) -> Result<SvgOptions, EvalError> {
    let mut out = SvgOptions {
        overwrite: false,
        title: true,
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
            _ => {
                return Err(EvalError::new(
                    format!("unknown option {what}: the options are \"overwrite\" and \"title\""),
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
    std::fs::write(p, text).map_err(|e| refuse(e.to_string()))
}

/// Whether the regular file at `path` begins as cgt's SVG pictures do.
fn is_cgt_picture(path: &Path) -> bool {
    let mut start = vec![0u8; SVG_START.len()];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut start))
        .is_ok()
        && start == SVG_START.as_bytes()
}
