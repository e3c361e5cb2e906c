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

/// Whether the options argument (a map such as `{"overwrite" => true}`) allows replacing
/// any regular file.
pub(super) fn overwrite_option(options: Option<&Value>, span: Span) -> Result<bool, EvalError> {
    let Some(v) = options else { return Ok(false) };
    let bad = || {
        EvalError::new(
            format!(
                "expected the options {{\"overwrite\" => true}}, found {}",
                v.kind()
            ),
            span,
        )
    };
    let Value::Map(m) = v else { return Err(bad()) };
    let mut overwrite = false;
    for (k, val) in m.entries() {
        match (k, val) {
            (Value::Str(name), Value::Bool(b)) if &**name == "overwrite" => overwrite = *b,
            (Value::Str(name), _) if &**name == "overwrite" => {
                return Err(EvalError::new(
                    "the option \"overwrite\" is true or false",
                    span,
                ));
            }
            (other, _) => {
                return Err(EvalError::new(
                    format!(
                        "unknown option {}: the only option is \"overwrite\"",
                        other.kind()
                    ),
                    span,
                )
                .with_help("e.g. svg(g, \"g.svg\", {\"overwrite\" => true})"));
            }
        }
    }
    Ok(overwrite)
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
