//! Compact storage of a Grundy sequence `G(0), G(1), …`: two bytes a value while every value
//! fits (octal games in practice: the values of 0.6 stay below 600 up to 10^8), four bytes
//! from the first value that does not. The store widens itself; no value is ever truncated.
//!
//! Long sequences can be kept on disk ([`SequenceFile`]): a small header naming the game, the
//! value width and the number of values, then the values, little-endian. A run appends to
//! the file as it goes and a later run resumes from it.

use super::error::ImpartialError;
use std::fs::{File, OpenOptions};
use std::io::{BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// A Grundy value as stored: `u16` or `u32`.
pub(crate) trait Grundy: Copy + Eq + Into<u32> + Into<u64> + Send + Sync + 'static {
    fn to_index(self) -> usize;
}

impl Grundy for u16 {
    #[inline(always)]
    fn to_index(self) -> usize {
        self as usize
    }
}

impl Grundy for u32 {
    #[inline(always)]
    fn to_index(self) -> usize {
        self as usize
    }
}

/// The values of a sequence, two or four bytes each.
#[derive(Clone, Debug)]
pub(crate) enum Store {
    Narrow(Vec<u16>),
    Wide(Vec<u32>),
}

/// A borrowed view of a [`Store`].
#[derive(Clone, Copy, Debug)]
pub(crate) enum Values<'a> {
    Narrow(&'a [u16]),
    Wide(&'a [u32]),
}

impl Store {
    pub fn new() -> Store {
        Store::Narrow(Vec::new())
    }

    pub fn len(&self) -> usize {
        match self {
            Store::Narrow(v) => v.len(),
            Store::Wide(v) => v.len(),
        }
    }

    pub fn get(&self, n: usize) -> Option<u32> {
        match self {
            Store::Narrow(v) => v.get(n).map(|&x| x as u32),
            Store::Wide(v) => v.get(n).copied(),
        }
    }

    /// Bytes per value: 2 or 4.
    pub fn width(&self) -> u8 {
        match self {
            Store::Narrow(_) => 2,
            Store::Wide(_) => 4,
        }
    }

    /// Appends a value, switching to four bytes a value first if it needs them.
    pub fn push(&mut self, value: u32) {
        if let Store::Narrow(v) = self {
            if value <= u16::MAX as u32 {
                v.push(value as u16);
                return;
            }
            let wide: Vec<u32> = v.iter().map(|&x| x as u32).collect();
            *self = Store::Wide(wide);
        }
        if let Store::Wide(v) = self {
            v.push(value);
        }
    }

    pub fn reserve(&mut self, extra: usize) {
        match self {
            Store::Narrow(v) => v.reserve(extra),
            Store::Wide(v) => v.reserve(extra),
        }
    }

    /// Room for exactly `extra` more values (a long run knows its length: no doubling).
    pub fn reserve_exact(&mut self, extra: usize) {
        match self {
            Store::Narrow(v) => v.reserve_exact(extra),
            Store::Wide(v) => v.reserve_exact(extra),
        }
    }

    pub fn view(&self) -> Values<'_> {
        match self {
            Store::Narrow(v) => Values::Narrow(v),
            Store::Wide(v) => Values::Wide(v),
        }
    }
}

impl Values<'_> {
    /// The first `len` values.
    pub fn prefix(self, len: usize) -> Self {
        match self {
            Values::Narrow(v) => Values::Narrow(&v[..len]),
            Values::Wide(v) => Values::Wide(&v[..len]),
        }
    }
}

/// The first bytes of every sequence file.
const MAGIC: &[u8; 8] = b"CGTNIMV1";

/// A game's name in a file header is at most this long.
const MAX_GAME_NAME: usize = 4096;

/// A file of Grundy values: header `CGTNIMV1`, the value width (u32: 2 or 4), the number of
/// values (u64), the length of the game's name (u32) and the name (UTF-8, e.g.
/// `octal("0.6")`), then the values `G(0), G(1), …`, little-endian.
pub(crate) struct SequenceFile {
    path: PathBuf,
    game: String,
    width: u8,
    count: u64,
}

fn io_error(path: &Path, what: &str, e: std::io::Error) -> ImpartialError {
    ImpartialError::File(format!("{what} {}: {e}", path.display()))
}

impl SequenceFile {
    fn header_len(&self) -> u64 {
        (8 + 4 + 8 + 4 + self.game.len()) as u64
    }

    /// The game named in the file.
    pub fn game(&self) -> &str {
        &self.game
    }

    /// The number of values in the file.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// Bytes per value (2 or 4).
    pub fn width(&self) -> u8 {
        self.width
    }

    /// Reads the header of an existing file. Errors for a file that is not a sequence file
    /// or is shorter than its header says.
    pub fn open(path: &Path) -> Result<SequenceFile, ImpartialError> {
        let mut f = File::open(path).map_err(|e| io_error(path, "cannot open", e))?;
        let bad = |why: &str| {
            ImpartialError::File(format!(
                "{} is not a file of Grundy values written by cgt: {why}",
                path.display()
            ))
        };
        let mut fixed = [0u8; 24];
        f.read_exact(&mut fixed)
            .map_err(|_| bad("too short for a header"))?;
        if &fixed[..8] != MAGIC {
            return Err(bad("it does not start with CGTNIMV1"));
        }
        let width = u32::from_le_bytes(fixed[8..12].try_into().expect("4 bytes"));
        let count = u64::from_le_bytes(fixed[12..20].try_into().expect("8 bytes"));
        let name_len = u32::from_le_bytes(fixed[20..24].try_into().expect("4 bytes")) as usize;
        if width != 2 && width != 4 {
            return Err(bad(&format!("value width {width} (expected 2 or 4)")));
        }
        if name_len > MAX_GAME_NAME {
            return Err(bad("the game's name is too long"));
        }
        let mut name = vec![0u8; name_len];
        f.read_exact(&mut name)
            .map_err(|_| bad("the header is cut short"))?;
        let game = String::from_utf8(name).map_err(|_| bad("the game's name is not UTF-8"))?;
        let file = SequenceFile {
            path: path.to_path_buf(),
            game,
            width: width as u8,
            count,
        };
        let size = f
            .metadata()
            .map_err(|e| io_error(path, "cannot read", e))?
            .len();
        if size < file.header_len() + count * width as u64 {
            return Err(bad(&format!(
                "the header promises {count} values but the file is too short for them"
            )));
        }
        Ok(file)
    }

    /// Creates (or empties) a file for `game`, with no values yet.
    pub fn create(path: &Path, game: &str, width: u8) -> Result<SequenceFile, ImpartialError> {
        let file = SequenceFile {
            path: path.to_path_buf(),
            game: game.to_string(),
            width,
            count: 0,
        };
        let mut f = File::create(path).map_err(|e| io_error(path, "cannot create", e))?;
        f.write_all(&file.header())
            .map_err(|e| io_error(path, "cannot write", e))?;
        Ok(file)
    }

    fn header(&self) -> Vec<u8> {
        let mut h = Vec::with_capacity(self.header_len() as usize);
        h.extend_from_slice(MAGIC);
        h.extend_from_slice(&(self.width as u32).to_le_bytes());
        h.extend_from_slice(&self.count.to_le_bytes());
        h.extend_from_slice(&(self.game.len() as u32).to_le_bytes());
        h.extend_from_slice(self.game.as_bytes());
        h
    }

    /// The values `G(first..first + len)` (within the file's count).
    pub fn read_range(&self, first: u64, len: u64) -> Result<Vec<u32>, ImpartialError> {
        let path = &self.path;
        let end = first.saturating_add(len);
        if end > self.count {
            return Err(ImpartialError::File(format!(
                "{} holds the values of heaps 0 to {} only",
                path.display(),
                self.count as i128 - 1
            )));
        }
        let mut f = File::open(path).map_err(|e| io_error(path, "cannot open", e))?;
        f.seek(SeekFrom::Start(
            self.header_len() + first * self.width as u64,
        ))
        .map_err(|e| io_error(path, "cannot read", e))?;
        let mut reader = BufReader::with_capacity(1 << 20, f);
        let mut out = Vec::with_capacity(len as usize);
        let mut buf = [0u8; 4];
        let w = self.width as usize;
        for _ in 0..len {
            reader
                .read_exact(&mut buf[..w])
                .map_err(|e| io_error(path, "cannot read", e))?;
            out.push(if w == 2 {
                u16::from_le_bytes([buf[0], buf[1]]) as u32
            } else {
                u32::from_le_bytes(buf)
            });
        }
        Ok(out)
    }

    /// All the values, as a store of the file's width (read a megabyte at a time, so that
    /// loading needs no more memory than the store itself).
    pub fn read_all(&self) -> Result<Store, ImpartialError> {
        let path = &self.path;
        let mut f = File::open(path).map_err(|e| io_error(path, "cannot open", e))?;
        f.seek(SeekFrom::Start(self.header_len()))
            .map_err(|e| io_error(path, "cannot read", e))?;
        let n = self.count as usize;
        let width = self.width as usize;
        let mut store = if width == 2 {
            Store::Narrow(Vec::with_capacity(n))
        } else {
            Store::Wide(Vec::with_capacity(n))
        };
        let mut buf = vec![0u8; 1 << 20];
        let mut left = n * width;
        while left > 0 {
            let chunk = &mut buf[..left.min(1 << 20)];
            f.read_exact(chunk)
                .map_err(|e| io_error(path, "cannot read", e))?;
            match &mut store {
                Store::Narrow(v) => v.extend(
                    chunk
                        .chunks_exact(2)
                        .map(|c| u16::from_le_bytes([c[0], c[1]])),
                ),
                Store::Wide(v) => v.extend(
                    chunk
                        .chunks_exact(4)
                        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])),
                ),
            }
            left -= chunk.len();
        }
        Ok(store)
    }

    /// Brings the file up to date with `store` (which extends the file's values): appends the
    /// new values and then records the new count, so that a run stopped at any moment leaves
    /// a file whose header is true. If the store has become wider, the file is rewritten.
    pub fn sync(&mut self, store: &Store) -> Result<(), ImpartialError> {
        let path = self.path.clone();
        if store.width() != self.width {
            // Written beside the old file and renamed over it, so a crash keeps one of them.
            let tmp = path.with_extension("widening");
            let mut wide = SequenceFile::create(&tmp, &self.game, store.width())?;
            wide.sync(store)?;
            std::fs::rename(&tmp, &path).map_err(|e| io_error(&path, "cannot replace", e))?;
            wide.path = path;
            *self = wide;
            return Ok(());
        }
        let total = store.len() as u64;
        if total == self.count {
            return Ok(());
        }
        let mut f = OpenOptions::new()
            .write(true)
            .open(&path)
            .map_err(|e| io_error(&path, "cannot open", e))?;
        f.seek(SeekFrom::Start(
            self.header_len() + self.count * self.width as u64,
        ))
        .map_err(|e| io_error(&path, "cannot write", e))?;
        {
            let mut w = BufWriter::with_capacity(1 << 20, &mut f);
            let (from, to) = (self.count as usize, total as usize);
            let written = match store.view() {
                Values::Narrow(v) => v[from..to]
                    .iter()
                    .try_for_each(|x| w.write_all(&x.to_le_bytes())),
                Values::Wide(v) => v[from..to]
                    .iter()
                    .try_for_each(|x| w.write_all(&x.to_le_bytes())),
            };
            written
                .and_then(|_| w.flush())
                .map_err(|e| io_error(&path, "cannot write", e))?;
        }
        f.sync_data()
            .map_err(|e| io_error(&path, "cannot write", e))?;
        self.count = total;
        f.seek(SeekFrom::Start(0))
            .and_then(|_| f.write_all(&self.header()))
            .and_then(|_| f.sync_data())
            .map_err(|e| io_error(&path, "cannot write", e))?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_widens_instead_of_truncating() {
        let mut s = Store::new();
        for v in [0, 7, 65535] {
            s.push(v);
        }
        assert_eq!(s.width(), 2);
        s.push(65536);
        s.push(3);
        assert_eq!(s.width(), 4);
        let got: Vec<u32> = (0..s.len()).map(|n| s.get(n).unwrap()).collect();
        assert_eq!(got, vec![0, 7, 65535, 65536, 3]);
        assert_eq!(s.get(5), None);
    }

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("cgt-store-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir.join(name)
    }

    #[test]
    fn file_round_trip_append_and_widen() {
        let path = temp("round.bin");
        let mut s = Store::new();
        let mut f = SequenceFile::create(&path, "octal(\"0.6\")", 2).unwrap();
        for v in 0..1000 {
            s.push(v % 300);
        }
        f.sync(&s).unwrap();
        for v in 0..500 {
            s.push(v % 17);
        }
        f.sync(&s).unwrap();
        let g = SequenceFile::open(&path).unwrap();
        assert_eq!(
            (g.game(), g.count(), g.width()),
            ("octal(\"0.6\")", 1500, 2)
        );
        assert_eq!(g.read_range(998, 4).unwrap(), vec![98, 99, 0, 1]);
        assert!(g.read_range(1499, 2).is_err());
        // A value needing four bytes rewrites the file wider.
        s.push(1 << 20);
        f.sync(&s).unwrap();
        let g = SequenceFile::open(&path).unwrap();
        assert_eq!((g.count(), g.width()), (1501, 4));
        let all = g.read_all().unwrap();
        let got: Vec<u32> = (0..all.len()).map(|n| all.get(n).unwrap()).collect();
        let want: Vec<u32> = (0..s.len()).map(|n| s.get(n).unwrap()).collect();
        assert_eq!(got, want);
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn bad_files_are_errors() {
        let path = temp("bad.bin");
        std::fs::write(&path, b"hello, world, this is not it").unwrap();
        assert!(matches!(
            SequenceFile::open(&path),
            Err(ImpartialError::File(_))
        ));
        // A header promising more values than the file holds.
        let mut f = SequenceFile::create(&path, "grundys_game", 2).unwrap();
        f.count = 10;
        std::fs::write(&path, f.header()).unwrap();
        assert!(SequenceFile::open(&path).is_err());
        assert!(SequenceFile::open(&temp("missing.bin")).is_err());
        std::fs::remove_file(&path).unwrap();
    }
}
