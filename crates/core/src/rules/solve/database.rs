//! The solver's knowledge kept between runs: the transposition table of outcomes saved to
//! a file that a later run (or another machine running the same build) loads before it
//! searches, so that what was proven once is not searched again, and a search stopped
//! (interrupted, or past its bound on positions) resumes from what it had proven.
//!
//! **The file.** `CGTSOLVE` (8 bytes), the format version (u32), the fingerprint of a
//! fixed probe position (u128: the node keys are hashes, and a build that hashes
//! differently must not read them), the game's tag (u32 length, UTF-8: a table of one
//! game is no table of another), the number of entries (u64), then each entry's key (u128)
//! and flags (u8: which results are known and won, see `table`), then a checksum (u64,
//! FNV-1a of everything before it). All integers little-endian.
//!
//! **Safety.** A file is written to a temporary file beside it and renamed over it, so a
//! run killed while saving leaves the previous file whole; a file that is cut short,
//! altered, of another version, build or game is refused with an error that says which,
//! and nothing is loaded from it.

use super::node::print;
use super::table::Outcomes;
use std::io::Write;
use std::path::{Path, PathBuf};

const MAGIC: &[u8; 8] = b"CGTSOLVE";
const VERSION: u32 = 1;

/// A database file and the game whose positions it keeps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Database {
    pub path: PathBuf,
    /// The game's name (a file saved for one game is refused for another).
    pub game: String,
}

/// Why a database could not be read or written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DatabaseError {
    Io(String),
    /// Not a database file, or one whose checksum, length or header is wrong.
    Corrupt(String),
    /// A database of another version, build or game.
    Mismatch(String),
}

impl std::fmt::Display for DatabaseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DatabaseError::Io(m) | DatabaseError::Corrupt(m) | DatabaseError::Mismatch(m) => {
                f.write_str(m)
            }
        }
    }
}

/// FNV-1a over `bytes`.
fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The fingerprint of the probe: the same exactly when this build hashes positions as the
/// one that wrote the file.
fn probe() -> u128 {
    print(&("cgt solve database probe", 45u32, vec![1u8, 2, 3]))
}

/// The bytes of a database of `entries` for `game`.
pub(crate) fn encode(game: &str, entries: &[(u128, u8)]) -> Vec<u8> {
    let mut out = Vec::with_capacity(64 + game.len() + entries.len() * 17);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&probe().to_le_bytes());
    out.extend_from_slice(&(game.len() as u32).to_le_bytes());
    out.extend_from_slice(game.as_bytes());
    out.extend_from_slice(&(entries.len() as u64).to_le_bytes());
    for &(k, f) in entries {
        out.extend_from_slice(&k.to_le_bytes());
        out.push(f);
    }
    let sum = checksum(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// A reader of the bytes of a file, refusing to read past their end.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], DatabaseError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end =
            end.ok_or_else(|| DatabaseError::Corrupt("the database file is cut short".into()))?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], DatabaseError> {
        let mut a = [0u8; N];
        a.copy_from_slice(self.take(N)?);
        Ok(a)
    }
}

/// The entries of the database `bytes` for `game`.
pub(crate) fn decode(game: &str, bytes: &[u8]) -> Result<Vec<(u128, u8)>, DatabaseError> {
    if bytes.len() < MAGIC.len() + 8 || &bytes[..MAGIC.len()] != MAGIC {
        return Err(DatabaseError::Corrupt("not a cgt solve database".into()));
    }
    let (body, sum) = bytes.split_at(bytes.len() - 8);
    let mut sum_bytes = [0u8; 8];
    sum_bytes.copy_from_slice(sum);
    if checksum(body) != u64::from_le_bytes(sum_bytes) {
        return Err(DatabaseError::Corrupt(
            "the database file is damaged (its checksum does not match)".into(),
        ));
    }
    let mut r = Reader {
        bytes: body,
        at: MAGIC.len(),
    };
    let version = u32::from_le_bytes(r.array()?);
    if version != VERSION {
        return Err(DatabaseError::Mismatch(format!(
            "the database is of format {version}, this build reads {VERSION}"
        )));
    }
    if u128::from_le_bytes(r.array()?) != probe() {
        return Err(DatabaseError::Mismatch(
            "the database was written by a build that hashes positions differently".into(),
        ));
    }
    let len = u32::from_le_bytes(r.array()?) as usize;
    let name = r.take(len)?;
    if name != game.as_bytes() {
        return Err(DatabaseError::Mismatch(format!(
            "the database is of {}, not of {game}",
            String::from_utf8_lossy(name)
        )));
    }
    let count = u64::from_le_bytes(r.array()?);
    let left = (body.len() - r.at) as u64;
    if count.checked_mul(17) != Some(left) {
        return Err(DatabaseError::Corrupt(format!(
            "the database announces {count} entries but holds {left} bytes of them"
        )));
    }
    let mut entries = Vec::with_capacity(count as usize);
    for _ in 0..count {
        let k = u128::from_le_bytes(r.array()?);
        let f = r.array::<1>()?[0];
        entries.push((k, f));
    }
    Ok(entries)
}

impl Database {
    /// Loads the saved entries into `table`; a missing file is an empty database.
    pub(crate) fn load(&self, table: &mut Outcomes) -> Result<usize, DatabaseError> {
        let bytes = match std::fs::read(&self.path) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(0),
            Err(e) => return Err(io(&self.path, e)),
        };
        let entries = decode(&self.game, &bytes)?;
        for &(k, f) in &entries {
            table.insert_flags(k, f);
        }
        Ok(entries.len())
    }

    /// Saves `table`'s entries (through a temporary file renamed over the old one).
    pub(crate) fn save(&self, table: &Outcomes) -> Result<usize, DatabaseError> {
        let entries = table.entries();
        let bytes = encode(&self.game, &entries);
        let mut tmp = self.path.clone().into_os_string();
        tmp.push(".tmp");
        let tmp = PathBuf::from(tmp);
        let write = || -> std::io::Result<()> {
            let mut f = std::fs::File::create(&tmp)?;
            f.write_all(&bytes)?;
            f.sync_all()?;
            std::fs::rename(&tmp, &self.path)
        };
        write().map_err(|e| io(&self.path, e))?;
        Ok(entries.len())
    }
}

fn io(path: &Path, e: std::io::Error) -> DatabaseError {
    DatabaseError::Io(format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_database_reads_back_and_refuses_damage() {
        let entries = vec![(1u128 << 100 | 7, 3u8), (42, 12)];
        let bytes = encode("domineering", &entries);
        assert_eq!(decode("domineering", &bytes), Ok(entries));
        assert!(matches!(
            decode("clobber", &bytes),
            Err(DatabaseError::Mismatch(_))
        ));
        for at in [0, 9, 30, bytes.len() - 3, bytes.len() - 1] {
            let mut bad = bytes.clone();
            bad[at] ^= 0x10;
            assert!(
                decode("domineering", &bad).is_err(),
                "a flipped byte at {at}"
            );
        }
        for len in [0, 5, 20, bytes.len() - 1] {
            assert!(
                decode("domineering", &bytes[..len]).is_err(),
                "cut at {len}"
            );
        }
    }
}
