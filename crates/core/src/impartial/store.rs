//! Compact storage of a Grundy sequence `G(0), G(1), …`: two bytes a value while every value
//! fits (octal games in practice: the values of 0.6 stay below 600 up to 10^8), four bytes
//! from the first value that does not. The store widens itself; no value is ever truncated.
//!
//! Long sequences can be kept on disk ([`SequenceFile`]): a small header naming the game, the
//! value width and the number of values, then the values, little-endian. A run appends to
//! the file as it goes and a later run resumes from it.

use super::error::ImpartialError;
use super::regular_file::open_regular;
use super::sequence::MAX_FILE_HEAP;
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

/// The first bytes of a sequence file of the first format (no checksums; still read).
const MAGIC_V1: &[u8; 8] = b"CGTNIMV1";

/// The first bytes of a sequence file whose values are checked by blocks.
const MAGIC: &[u8; 8] = b"CGTNIMV2";

/// A game's name in a file header is at most this long.
const MAX_GAME_NAME: usize = 4096;

/// Values per checked block: each full block is followed by the checksum of its bytes.
const BLOCK: u64 = 1 << 16;

/// FNV-1a of `bytes`, 32 bits: every step is a bijection of the state, so a change of any
/// one byte of a block always changes its checksum.
fn checksum(bytes: impl IntoIterator<Item = u8>) -> u32 {
    bytes.into_iter().fold(0x811c_9dc5, |h: u32, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

/// The checksum of the values `first..end` of `store`, as their bytes in a file.
fn checksum_of(store: &Store, first: usize, end: usize) -> u32 {
    match store.view() {
        Values::Narrow(v) => checksum(v[first..end].iter().flat_map(|x| x.to_le_bytes())),
        Values::Wide(v) => checksum(v[first..end].iter().flat_map(|x| x.to_le_bytes())),
    }
}

/// A file of Grundy values: header `CGTNIMV2`, the value width (u32: 2 or 4), the number of
/// values (u64), the length of the game's name (u32), the name (UTF-8, e.g. `octal("0.6")`)
/// and the checksum (u32) of the values of the last, unfinished block; then the values
/// `G(0), G(1), …`, little-endian, in blocks of 65536, each full block followed by its
/// checksum. A file of the first format, `CGTNIMV1`, has the same header without the
/// checksum and its values with none: it is read, and rewritten checked when extended.
pub(crate) struct SequenceFile {
    path: PathBuf,
    game: String,
    width: u8,
    count: u64,
    /// The file has checksums (the second format).
    checked: bool,
    /// The checksum of the values of the unfinished last block.
    tail: u32,
    /// Values after `count` failed their checksum: the next sync cuts them off.
    damaged: bool,
}

fn io_error(path: &Path, what: &str, e: std::io::Error) -> ImpartialError {
    ImpartialError::File(format!("{what} {}: {e}", path.display()))
}

/// A fresh name beside `path` for a file to be renamed over it: `.NAME.PID.N.tmp`, N the
/// first number for which no file exists (the file is created, so no other writer takes it).
fn fresh_temporary(path: &Path) -> Result<(PathBuf, File), ImpartialError> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    for n in 0u32.. {
        let tmp = dir.join(format!(".{name}.{}.{n}.tmp", std::process::id()));
        match OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(f) => return Ok((tmp, f)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(io_error(&tmp, "cannot create", e)),
        }
    }
    Err(ImpartialError::File(format!(
        "no free temporary name beside {}",
        path.display()
    )))
}

impl SequenceFile {
    fn header_len(&self) -> u64 {
        (8 + 4 + 8 + 4 + self.game.len() + if self.checked { 4 } else { 0 }) as u64
    }

    /// Where in the file the value of heap `i` is (for `i == count`: where the next goes).
    fn offset(&self, i: u64) -> u64 {
        let w = self.width as u64;
        let values = if self.checked {
            (i / BLOCK) * (BLOCK * w + 4) + (i % BLOCK) * w
        } else {
            i * w
        };
        self.header_len() + values
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

    /// Reads the header of an existing file. Errors for a directory, for a file that is not
    /// a sequence file or is shorter than its header says.
    pub fn open(path: &Path) -> Result<SequenceFile, ImpartialError> {
        if path.is_dir() {
            return Err(ImpartialError::File(format!(
                "{} is a directory, not a file of Grundy values",
                path.display()
            )));
        }
        let mut f = open_regular(path, OpenOptions::new().read(true), false)?;
        let bad = |why: &str| {
            ImpartialError::File(format!(
                "{} is not a file of Grundy values written by cgt: {why}",
                path.display()
            ))
        };
        let mut fixed = [0u8; 24];
        f.read_exact(&mut fixed)
            .map_err(|_| bad("too short for a header"))?;
        let checked = match &fixed[..8] {
            m if m == MAGIC => true,
            m if m == MAGIC_V1 => false,
            _ => return Err(bad("it does not start with CGTNIMV2 (or CGTNIMV1)")),
        };
        let word = |at: usize| {
            u32::from_le_bytes([fixed[at], fixed[at + 1], fixed[at + 2], fixed[at + 3]])
        };
        let width = word(8);
        let count = u64::from(word(12)) | (u64::from(word(16)) << 32);
        let name_len = word(20) as usize;
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
        let mut tail = [0u8; 4];
        if checked {
            f.read_exact(&mut tail)
                .map_err(|_| bad("the header is cut short"))?;
        }
        let file = SequenceFile {
            path: path.to_path_buf(),
            game,
            width: width as u8,
            count,
            checked,
            tail: u32::from_le_bytes(tail),
            damaged: false,
        };
        let size = f
            .metadata()
            .map_err(|e| io_error(path, "cannot read", e))?
            .len();
        // A count beyond the largest file cgt writes is no file it wrote (and reading it
        // back would ask for terabytes); a sparse file long enough for its count still has
        // each block checked as it is read, so no more is held than the blocks found right.
        if count > MAX_FILE_HEAP + 1 || size < file.offset(count) {
            return Err(bad(&format!(
                "the header promises {count} values but the file is too short for them"
            )));
        }
        Ok(file)
    }

    /// Creates (or empties) a file for `game`, with no values yet.
    pub fn create(path: &Path, game: &str, width: u8) -> Result<SequenceFile, ImpartialError> {
        let mut f = open_regular(
            path,
            OpenOptions::new().write(true).create(true).truncate(true),
            true,
        )?;
        SequenceFile::start(path, &mut f, game, width)
    }

    /// Writes the header of an empty file for `game` into `f`, the file at `path`.
    fn start(
        path: &Path,
        f: &mut File,
        game: &str,
        width: u8,
    ) -> Result<SequenceFile, ImpartialError> {
        let file = SequenceFile {
            path: path.to_path_buf(),
            game: game.to_string(),
            width,
            count: 0,
            checked: true,
            tail: checksum([]),
            damaged: false,
        };
        f.write_all(&file.header())
            .map_err(|e| io_error(path, "cannot write", e))?;
        Ok(file)
    }

    fn header(&self) -> Vec<u8> {
        let mut h = Vec::with_capacity(self.header_len() as usize);
        h.extend_from_slice(if self.checked { MAGIC } else { MAGIC_V1 });
        h.extend_from_slice(&(self.width as u32).to_le_bytes());
        h.extend_from_slice(&self.count.to_le_bytes());
        h.extend_from_slice(&(self.game.len() as u32).to_le_bytes());
        h.extend_from_slice(self.game.as_bytes());
        if self.checked {
            h.extend_from_slice(&self.tail.to_le_bytes());
        }
        h
    }

    /// Reads the values of the blocks `first_block..`, one block at a time, handing each
    /// (its first heap and its values) to `visit` once its checksum is found right; stops
    /// when `visit` says so or after the last value. A block whose checksum is wrong ends
    /// the reading with `Ok(Some(first heap of the block))`.
    fn read_blocks(
        &self,
        first_block: u64,
        mut visit: impl FnMut(u64, &[u32]) -> bool,
    ) -> Result<Option<u64>, ImpartialError> {
        let path = &self.path;
        let mut f = open_regular(path, OpenOptions::new().read(true), false)?;
        let start = first_block.saturating_mul(BLOCK);
        f.seek(SeekFrom::Start(self.offset(start.min(self.count))))
            .map_err(|e| io_error(path, "cannot read", e))?;
        let mut reader = BufReader::with_capacity(1 << 20, f);
        let w = self.width as usize;
        let mut bytes = vec![0u8; BLOCK as usize * w];
        let mut values = Vec::with_capacity(BLOCK as usize);
        let mut first = start;
        while first < self.count {
            let n = (self.count - first).min(BLOCK) as usize;
            let chunk = &mut bytes[..n * w];
            reader
                .read_exact(chunk)
                .map_err(|e| io_error(path, "cannot read", e))?;
            if self.checked {
                let want = if n as u64 == BLOCK {
                    let mut sum = [0u8; 4];
                    reader
                        .read_exact(&mut sum)
                        .map_err(|e| io_error(path, "cannot read", e))?;
                    u32::from_le_bytes(sum)
                } else {
                    self.tail
                };
                if checksum(chunk.iter().copied()) != want {
                    return Ok(Some(first));
                }
            }
            values.clear();
            if w == 2 {
                values.extend(
                    chunk
                        .chunks_exact(2)
                        .map(|c| u32::from(u16::from_le_bytes([c[0], c[1]]))),
                );
            } else {
                values.extend(
                    chunk
                        .chunks_exact(4)
                        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])),
                );
            }
            if !visit(first, &values) {
                break;
            }
            first += n as u64;
        }
        Ok(None)
    }

    /// The values `G(first..first + len)` (within the file's count). A block whose values
    /// do not match its checksum is an error naming its heaps.
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
        // Grown as the blocks are read and checked, not reserved from the header's word.
        let mut out = Vec::with_capacity(len.min(BLOCK) as usize);
        let corrupt = self.read_blocks(first / BLOCK, |from, values| {
            let lo = first.max(from) - from;
            let hi = end.min(from + values.len() as u64).saturating_sub(from);
            if lo < hi {
                out.extend_from_slice(&values[lo as usize..hi as usize]);
            }
            from + (values.len() as u64) < end
        })?;
        match corrupt {
            Some(at) if at < end => Err(self.corrupted(at)),
            _ => Ok(out),
        }
    }

    fn corrupted(&self, at: u64) -> ImpartialError {
        ImpartialError::File(format!(
            "{}: the values of heaps {at} to {} do not match their checksum (the file was \
             changed or damaged)",
            self.path.display(),
            (at + BLOCK).min(self.count) - 1
        ))
    }

    /// All the values whose checksums are right, as a store of the file's width: up to the
    /// first damaged block, if any. The file's count is cut back to them (and the file
    /// truncated there at the next [`SequenceFile::sync`]), so that a resumed run computes
    /// the rest again instead of trusting a damaged value.
    pub fn read_all(&mut self) -> Result<Store, ImpartialError> {
        // Grown as the blocks are read and checked, not reserved from the header's count.
        let mut store = if self.width == 2 {
            Store::Narrow(Vec::new())
        } else {
            Store::Wide(Vec::new())
        };
        let corrupt = self.read_blocks(0, |_, values| {
            match &mut store {
                Store::Narrow(v) => v.extend(values.iter().map(|&x| x as u16)),
                Store::Wide(v) => v.extend_from_slice(values),
            }
            true
        })?;
        if let Some(at) = corrupt {
            self.count = at;
            self.tail = checksum([]);
            self.damaged = true;
        }
        Ok(store)
    }

    /// Brings the file up to date with `store` (which extends the file's values): appends the
    /// new values, the checksum of each block they complete, and then records the new count
    /// and the checksum of the unfinished block, so that a run stopped at any moment leaves
    /// a file whose header is true. If the store has become wider (or the file has the
    /// first format), the file is rewritten: beside it under a fresh name, then renamed.
    pub fn sync(&mut self, store: &Store) -> Result<(), ImpartialError> {
        let path = self.path.clone();
        if store.width() != self.width || !self.checked {
            // Renamed over the old file when complete, so a crash keeps one of them.
            let (tmp, mut f) = fresh_temporary(&path)?;
            let written = SequenceFile::start(&tmp, &mut f, &self.game, store.width())
                .and_then(|mut fresh| fresh.sync(store).map(|_| fresh));
            drop(f);
            let mut fresh = match written {
                Ok(fresh) => fresh,
                Err(e) => {
                    let _ = std::fs::remove_file(&tmp);
                    return Err(e);
                }
            };
            if let Err(e) = std::fs::rename(&tmp, &path) {
                let _ = std::fs::remove_file(&tmp);
                return Err(io_error(&path, "cannot replace", e));
            }
            fresh.path = path;
            *self = fresh;
            return Ok(());
        }
        let total = store.len() as u64;
        if total == self.count && !self.damaged {
            return Ok(());
        }
        let mut f = open_regular(&path, OpenOptions::new().write(true), true)?;
        if self.damaged {
            // Nothing after the last good block is kept.
            f.set_len(self.offset(self.count))
                .map_err(|e| io_error(&path, "cannot write", e))?;
            self.damaged = false;
        }
        f.seek(SeekFrom::Start(self.offset(self.count)))
            .map_err(|e| io_error(&path, "cannot write", e))?;
        {
            let mut w = BufWriter::with_capacity(1 << 20, &mut f);
            let (from, to) = (self.count as usize, total as usize);
            let block = BLOCK as usize;
            let mut written = Ok(());
            let mut at = from;
            while at < to && written.is_ok() {
                let stop = (at / block + 1) * block;
                let end = stop.min(to);
                written = match store.view() {
                    Values::Narrow(v) => v[at..end]
                        .iter()
                        .try_for_each(|x| w.write_all(&x.to_le_bytes())),
                    Values::Wide(v) => v[at..end]
                        .iter()
                        .try_for_each(|x| w.write_all(&x.to_le_bytes())),
                };
                if end == stop && written.is_ok() {
                    let sum = checksum_of(store, stop - block, stop);
                    written = w.write_all(&sum.to_le_bytes());
                }
                at = end;
            }
            written
                .and_then(|_| w.flush())
                .map_err(|e| io_error(&path, "cannot write", e))?;
        }
        f.sync_data()
            .map_err(|e| io_error(&path, "cannot write", e))?;
        self.count = total;
        let unfinished = (total - total % BLOCK) as usize;
        self.tail = checksum_of(store, unfinished, total as usize);
        f.seek(SeekFrom::Start(0))
            .and_then(|_| f.write_all(&self.header()))
            .and_then(|_| f.sync_data())
            .map_err(|e| io_error(&path, "cannot write", e))?;
        Ok(())
    }
}

#[cfg(test)]
pub(super) mod tests {
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

    /// A path named `name` in a scratch directory of its own, removed when the first
    /// half of the pair is dropped (at the end of the test, failed or not). Also the
    /// scratch files of `sequence`'s tests.
    pub(in crate::impartial) fn temp(name: &str) -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::Builder::new()
            .prefix("cgt-impartial-")
            .tempdir()
            .unwrap();
        let path = dir.path().join(name);
        (dir, path)
    }

    #[test]
    fn file_round_trip_append_and_widen() {
        let (_dir, path) = temp("round.bin");
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
        let mut g = SequenceFile::open(&path).unwrap();
        assert_eq!((g.count(), g.width()), (1501, 4));
        let all = g.read_all().unwrap();
        let got: Vec<u32> = (0..all.len()).map(|n| all.get(n).unwrap()).collect();
        let want: Vec<u32> = (0..s.len()).map(|n| s.get(n).unwrap()).collect();
        assert_eq!(got, want);
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn bad_files_are_errors() {
        let (_dir, path) = temp("bad.bin");
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
        assert!(SequenceFile::open(&temp("missing.bin").1).is_err());
        std::fs::remove_file(&path).unwrap();
    }

    /// A store of `n` values that need `width` bytes, different from block to block.
    fn values(n: u32, wide: bool) -> Store {
        let mut s = Store::new();
        for v in 0..n {
            s.push(if wide {
                70_000 + v % 1000
            } else {
                (v * 7 + v / 9) % 5000
            });
        }
        s
    }

    /// Flips one byte of the file at `offset`.
    fn damage(path: &Path, offset: u64) {
        let mut bytes = std::fs::read(path).unwrap();
        bytes[offset as usize] ^= 0x40;
        std::fs::write(path, bytes).unwrap();
    }

    #[test]
    fn a_damaged_value_is_found_by_its_blocks_checksum() {
        for wide in [false, true] {
            let (_dir, path) = temp(&format!("damaged-{wide}.bin"));
            let n = (2 * BLOCK + 100) as u32;
            let s = values(n, wide);
            let mut f = SequenceFile::create(&path, "kayles", s.width()).unwrap();
            f.sync(&s).unwrap();
            let good = SequenceFile::open(&path).unwrap();
            assert_eq!(good.read_range(0, n as u64).unwrap().len(), n as usize);
            // A value of the second full block.
            let at = BLOCK + 5;
            damage(&path, good.offset(at));
            let g = SequenceFile::open(&path).unwrap();
            let Err(ImpartialError::File(message)) = g.read_range(at, 1) else {
                panic!("a damaged value was read")
            };
            assert!(message.contains("do not match their checksum"), "{message}");
            assert!(message.contains(&format!("heaps {BLOCK} to {}", 2 * BLOCK - 1)));
            // The first block is still readable.
            assert_eq!(g.read_range(0, 10).unwrap().len(), 10);
            // A resume keeps the values before the damaged block and rewrites the rest.
            let mut g = SequenceFile::open(&path).unwrap();
            let kept = g.read_all().unwrap();
            assert_eq!((kept.len() as u64, g.count()), (BLOCK, BLOCK));
            g.sync(&s).unwrap();
            let g = SequenceFile::open(&path).unwrap();
            let got = g.read_range(0, n as u64).unwrap();
            let want: Vec<u32> = (0..n as usize).map(|i| s.get(i).unwrap()).collect();
            assert_eq!(got, want);
            // A value of the unfinished last block is checked by the header's checksum.
            damage(&path, g.offset(2 * BLOCK + 50));
            let mut g = SequenceFile::open(&path).unwrap();
            assert!(g.read_range(2 * BLOCK, 100).is_err());
            assert_eq!(g.read_all().unwrap().len() as u64, 2 * BLOCK);
            std::fs::remove_file(&path).unwrap();
        }
    }

    #[test]
    fn widening_writes_a_fresh_temporary_beside_the_file() {
        let (_scratch, dir) = temp("widen-dir");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("results.bin");
        // The name the old code used for its temporary file.
        std::fs::write(dir.join("results.widening"), "precious").unwrap();
        let mut s = values(1000, false);
        let mut f = SequenceFile::create(&path, "kayles", 2).unwrap();
        f.sync(&s).unwrap();
        s.push(1 << 20);
        f.sync(&s).unwrap();
        assert_eq!(f.width(), 4);
        assert_eq!(
            std::fs::read_to_string(dir.join("results.widening")).unwrap(),
            "precious"
        );
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["results.bin", "results.widening"]);
        let g = SequenceFile::open(&path).unwrap();
        assert_eq!(g.read_range(1000, 1).unwrap(), vec![1 << 20]);
        // An existing file with the temporary's first name is not touched either.
        let taken = dir.join(format!(".results.bin.{}.0.tmp", std::process::id()));
        std::fs::write(&taken, "mine").unwrap();
        let (tmp, _) = fresh_temporary(&path).unwrap();
        assert_ne!(tmp, taken);
        assert_eq!(std::fs::read_to_string(&taken).unwrap(), "mine");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_directory_is_named_a_directory() {
        let (_scratch, dir) = temp("a-directory.bin");
        std::fs::create_dir_all(&dir).unwrap();
        let Err(ImpartialError::File(message)) = SequenceFile::open(&dir) else {
            panic!("a directory opened as a file of values")
        };
        assert!(message.contains("is a directory"), "{message}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn files_of_the_first_format_are_read_and_rewritten_checked() {
        let (_dir, path) = temp("first-format.bin");
        let s = values(300, false);
        let old = SequenceFile {
            path: path.clone(),
            game: "kayles".to_string(),
            width: 2,
            count: 300,
            checked: false,
            tail: 0,
            damaged: false,
        };
        let mut bytes = old.header();
        for i in 0..300 {
            bytes.extend_from_slice(&(s.get(i).unwrap() as u16).to_le_bytes());
        }
        std::fs::write(&path, bytes).unwrap();
        let mut g = SequenceFile::open(&path).unwrap();
        assert_eq!(
            g.read_range(298, 2).unwrap(),
            vec![s.get(298).unwrap(), s.get(299).unwrap()]
        );
        let mut store = g.read_all().unwrap();
        store.push(9);
        g.sync(&store).unwrap();
        assert!(std::fs::read(&path).unwrap().starts_with(MAGIC));
        let g = SequenceFile::open(&path).unwrap();
        assert_eq!((g.count(), g.read_range(300, 1).unwrap()), (301, vec![9]));
        std::fs::remove_file(&path).unwrap();
    }
}
