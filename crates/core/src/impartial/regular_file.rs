//! Opening a file of Grundy values safely: never blocking on a FIFO, never writing through
//! a symbolic link, never reading or writing what is not a regular file.

use super::error::ImpartialError;
use std::fs::{File, OpenOptions};
use std::path::Path;

fn io_error(path: &Path, what: &str, e: std::io::Error) -> ImpartialError {
    ImpartialError::File(format!("{what} {}: {e}", path.display()))
}

/// Opens `path` with `options` without ever blocking (a FIFO with no writer or reader would
/// wait for ever, deaf to Ctrl-C) and, when writing, without following a symbolic link (a
/// link, even a dangling one, is refused, as `svg` refuses it); what is not a regular file
/// (a FIFO, a device, a socket, a directory) is refused once open.
pub(crate) fn open_regular(
    path: &Path,
    options: &mut OpenOptions,
    writing: bool,
) -> Result<File, ImpartialError> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        let nofollow = if writing { libc::O_NOFOLLOW } else { 0 };
        options.custom_flags(libc::O_NONBLOCK | nofollow);
    }
    let what = if writing {
        "cannot write"
    } else {
        "cannot open"
    };
    let not_regular = || {
        ImpartialError::File(format!(
            "{what} {}: it is not a regular file (a FIFO, a device, a directory{})",
            path.display(),
            if writing { " or a symbolic link" } else { "" }
        ))
    };
    if writing && std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
        return Err(ImpartialError::File(format!(
            "{what} {}: it is a symbolic link (cgt does not write through links)",
            path.display()
        )));
    }
    let f = match options.open(path) {
        Ok(f) => f,
        // A FIFO opened for writing with no reader, or a link met by O_NOFOLLOW.
        #[cfg(unix)]
        Err(e) if matches!(e.raw_os_error(), Some(libc::ENXIO | libc::ELOOP)) => {
            return Err(not_regular());
        }
        Err(e) => return Err(io_error(path, what, e)),
    };
    match f.metadata() {
        Ok(m) if m.is_file() => Ok(f),
        Ok(_) => Err(not_regular()),
        Err(e) => Err(io_error(path, what, e)),
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use crate::impartial::{HeapRuleset, nim_values_from_file, nim_values_to_file};
    use std::process::Command;

    fn fifo(dir: &Path) -> std::path::PathBuf {
        let path = dir.join("values.bin");
        let made = Command::new("mkfifo")
            .arg(&path)
            .status()
            .expect("mkfifo runs");
        assert!(made.success());
        path
    }

    /// Before, both calls waited for ever for the other end of the FIFO.
    #[test]
    fn a_fifo_is_refused_at_once_for_reading_and_writing() {
        let dir = tempfile::tempdir().unwrap();
        let path = fifo(dir.path());
        let read = nim_values_from_file(&path, 0..=3);
        assert!(
            matches!(&read, Err(ImpartialError::File(m)) if m.contains("not a regular file")),
            "{read:?}"
        );
        let write = nim_values_to_file(&HeapRuleset::kayles(), 10, &path, None);
        assert!(
            matches!(&write, Err(ImpartialError::File(m)) if m.contains("not a regular file")),
            "{write:?}"
        );
    }

    /// Before, the file was created where the dangling link pointed.
    #[test]
    fn a_dangling_link_is_not_followed() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("elsewhere.bin");
        let link = dir.path().join("values.bin");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        let write = nim_values_to_file(&HeapRuleset::kayles(), 10, &link, None);
        assert!(
            matches!(&write, Err(ImpartialError::File(m)) if m.contains("symbolic link")),
            "{write:?}"
        );
        assert!(!target.exists(), "the link's target was created");
    }

    /// A header that promises 2^39 values over a sparse file long enough for them: before,
    /// resuming from it reserved room for all of them (1 TiB) and the process aborted; now
    /// the header is refused, as no file cgt writes is that long.
    #[test]
    fn a_header_promising_more_values_than_cgt_writes_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("values.bin");
        let game = HeapRuleset::kayles().to_string();
        let count: u64 = 1 << 39;
        let mut header = Vec::new();
        header.extend_from_slice(b"CGTNIMV2");
        header.extend_from_slice(&2u32.to_le_bytes());
        header.extend_from_slice(&count.to_le_bytes());
        header.extend_from_slice(&(game.len() as u32).to_le_bytes());
        header.extend_from_slice(game.as_bytes());
        header.extend_from_slice(&0u32.to_le_bytes());
        std::fs::write(&path, &header).unwrap();
        // Sparse: no disk is used for the hole.
        let f = OpenOptions::new().write(true).open(&path).unwrap();
        f.set_len(count * 2 + (count >> 16) * 4 + 4096).unwrap();
        drop(f);
        let write = nim_values_to_file(&HeapRuleset::kayles(), 10, &path, None);
        assert!(
            matches!(&write, Err(ImpartialError::File(m)) if m.contains("promises")),
            "{write:?}"
        );
        let read = nim_values_from_file(&path, 0..=3);
        assert!(read.is_err(), "{read:?}");
    }
}
