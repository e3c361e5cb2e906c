//! The machine's memory limits and the default budget taken from them.
//!
//! A process may use less memory than the machine has: a container or a shared Jupyter hub
//! puts it in a cgroup with a memory limit (`memory.max` in cgroup v2,
//! `memory.limit_in_bytes` in v1), and `ulimit -v` (`prlimit --as`) caps its address space.
//! The default budget is half the smallest of these limits: half, because the budget counts
//! the heap (and the tables' estimates) while the process also needs room for its code, its
//! allocator's slack, and a table's old buffer beside its new one while it grows. The
//! interpreter's stacks (reserved address space) come off the address-space limit first.
//!
//! Everything is read from `/proc` and the cgroup file system on Linux; elsewhere the
//! default is [`FALLBACK_BYTES`]. The cgroup file system is read under `/sys/fs/cgroup`, or
//! under the directory named by the environment variable [`CGROUP_ROOT_VAR`] (a test points
//! it at a directory of its own).

use std::path::{Path, PathBuf};

/// The budget when no limit of the machine can be read: 4 GB.
pub const FALLBACK_BYTES: u64 = 4 << 30;

/// The environment variable naming the root of the cgroup file system (default
/// `/sys/fs/cgroup`).
pub const CGROUP_ROOT_VAR: &str = "CGT_CGROUP_ROOT";

/// Address space the threads' stacks reserve (the interpreter runs on a 1 GB stack), not
/// available to the heap under an address-space limit.
const STACKS_BYTES: u64 = (1 << 30) + (64 << 20);

/// A cgroup limit at least this large means "no limit" (cgroup v1 writes 2^63 rounded down
/// to a page).
const UNLIMITED: u64 = 1 << 62;

/// The default budget and the limit it was taken from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DefaultBudget {
    /// The budget in bytes.
    pub bytes: u64,
    /// Where it came from, for `:memory` and `cgt --help`: "half of the cgroup's memory
    /// limit (memory.max, 1.0 GB)".
    pub source: String,
}

/// The limits of the machine and the process that bound the heap.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// `MemTotal` of `/proc/meminfo`.
    pub physical: Option<u64>,
    /// The soft address-space limit (`RLIMIT_AS`).
    pub address_space: Option<u64>,
    /// The smallest memory limit of the process's cgroup and its ancestors, and the file
    /// it was read from (`memory.max` or `memory.limit_in_bytes`).
    pub cgroup: Option<(u64, &'static str)>,
}

impl Limits {
    /// The limits of this process, the cgroup file system read under `cgroup_root`.
    pub fn read(cgroup_root: &Path) -> Limits {
        let physical = std::fs::read_to_string("/proc/meminfo")
            .ok()
            .and_then(|t| mem_total(&t));
        let address_space = std::fs::read_to_string("/proc/self/limits")
            .ok()
            .and_then(|t| address_space_limit(&t));
        let cgroup = std::fs::read_to_string("/proc/self/cgroup")
            .ok()
            .and_then(|t| cgroup_limit(cgroup_root, &t));
        Limits {
            physical,
            address_space,
            cgroup,
        }
    }

    /// Half the smallest limit (the address-space limit less the stacks), and which it was.
    pub fn default_budget(&self) -> DefaultBudget {
        let mut best: Option<(u64, String)> = None;
        let mut consider = |usable: u64, what: String| {
            if best.as_ref().is_none_or(|(b, _)| usable < *b) {
                best = Some((usable, what));
            }
        };
        if let Some(p) = self.physical {
            consider(
                p,
                format!("the physical memory ({})", super::budget::human(p)),
            );
        }
        if let Some(l) = self.address_space {
            consider(
                l.saturating_sub(STACKS_BYTES),
                format!(
                    "the address-space limit (ulimit -v, {}) less the stacks",
                    super::budget::human(l)
                ),
            );
        }
        if let Some((c, file)) = self.cgroup {
            consider(
                c,
                format!(
                    "the cgroup's memory limit ({file}, {})",
                    super::budget::human(c)
                ),
            );
        }
        match best {
            Some((usable, what)) => DefaultBudget {
                bytes: (usable / 2).max(1 << 20),
                source: format!("half of {what}"),
            },
            None => DefaultBudget {
                bytes: FALLBACK_BYTES,
                source: "the fallback (the machine's memory could not be read)".into(),
            },
        }
    }
}

/// The root of the cgroup file system: [`CGROUP_ROOT_VAR`] when set, else `/sys/fs/cgroup`.
pub fn cgroup_root() -> PathBuf {
    std::env::var_os(CGROUP_ROOT_VAR)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/sys/fs/cgroup"))
}

/// The default budget of this process (see the module documentation).
pub fn machine_default() -> DefaultBudget {
    Limits::read(&cgroup_root()).default_budget()
}

/// `MemTotal` of `/proc/meminfo`, in bytes.
pub(crate) fn mem_total(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kb.checked_mul(1024)
}

/// The soft "Max address space" of `/proc/self/limits`, in bytes (`None` when unlimited).
pub(crate) fn address_space_limit(limits: &str) -> Option<u64> {
    let line = limits
        .lines()
        .find(|l| l.starts_with("Max address space"))?;
    let soft = line
        .trim_start_matches("Max address space")
        .split_whitespace()
        .next()?;
    soft.parse().ok()
}

/// The smallest memory limit on the way from the process's cgroup (as `/proc/self/cgroup`
/// names it) up to the root, under `root`: `memory.max` for cgroup v2 (the line `0::PATH`),
/// `memory/…/memory.limit_in_bytes` for v1 (the line naming the `memory` controller).
pub fn cgroup_limit(root: &Path, self_cgroup: &str) -> Option<(u64, &'static str)> {
    let mut found: Option<(u64, &'static str)> = None;
    for line in self_cgroup.lines() {
        let mut fields = line.splitn(3, ':');
        let (Some(id), Some(controllers), Some(path)) =
            (fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        let (base, file) = if id == "0" && controllers.is_empty() {
            (root.to_path_buf(), "memory.max")
        } else if controllers.split(',').any(|c| c == "memory") {
            (root.join("memory"), "memory.limit_in_bytes")
        } else {
            continue;
        };
        if let Some(limit) = smallest_on_path(&base, path, file)
            && found.is_none_or(|(f, _)| limit < f)
        {
            found = Some((limit, file));
        }
    }
    found
}

/// The smallest limit in `file` in the directories from `base/path` up to `base`.
fn smallest_on_path(base: &Path, path: &str, file: &str) -> Option<u64> {
    let mut dir = base.to_path_buf();
    let mut dirs = vec![dir.clone()];
    for part in path.split('/').filter(|p| !p.is_empty() && *p != "..") {
        dir.push(part);
        dirs.push(dir.clone());
    }
    dirs.iter()
        .filter_map(|d| std::fs::read_to_string(d.join(file)).ok())
        .filter_map(|t| t.trim().parse::<u64>().ok())
        .filter(|&l| l < UNLIMITED)
        .min()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn machine_memory_and_limits_are_read() {
        let meminfo = "MemTotal:       24000000 kB\nMemFree: 1 kB\n";
        assert_eq!(mem_total(meminfo), Some(24_000_000 * 1024));
        let limits = "Limit                     Soft Limit           Hard Limit           Units\n\
                      Max address space         3000000000           unlimited            bytes\n";
        assert_eq!(address_space_limit(limits), Some(3_000_000_000));
        let unlimited =
            "Max address space         unlimited            unlimited            bytes\n";
        assert_eq!(address_space_limit(unlimited), None);
        assert!(machine_default().bytes >= 1 << 20);
    }

    #[test]
    fn the_smallest_limit_makes_the_default() {
        let mut l = Limits {
            physical: Some(24 << 30),
            address_space: None,
            cgroup: None,
        };
        assert_eq!(l.default_budget().bytes, 12 << 30);
        assert!(l.default_budget().source.contains("physical memory"));
        l.address_space = Some(3_000_000_000);
        let d = l.default_budget();
        assert_eq!(d.bytes, (3_000_000_000 - STACKS_BYTES) / 2);
        assert!(d.source.contains("address-space limit"), "{}", d.source);
        l.cgroup = Some((1 << 30, "memory.max"));
        let d = l.default_budget();
        assert_eq!(d.bytes, 1 << 29);
        assert!(d.source.contains("memory.max"), "{}", d.source);
        assert_eq!(Limits::default().default_budget().bytes, FALLBACK_BYTES);
    }

    /// A cgroup file system of the test's own: v2 with limits on the way down (the smallest
    /// counts), v1's `memory` controller, and "max" (no limit).
    #[test]
    fn cgroup_limits_are_read_on_the_way_to_the_root() {
        let root = std::env::temp_dir().join(format!("cgt-cgroup-{}", std::process::id()));
        let leaf = root.join("user.slice/session-1.scope");
        std::fs::create_dir_all(&leaf).expect("temp dir");
        std::fs::create_dir_all(root.join("memory/box")).expect("temp dir");
        let write = |p: PathBuf, t: &str| std::fs::write(p, t).expect("write");
        write(root.join("memory.max"), "max\n");
        write(root.join("user.slice/memory.max"), "2147483648\n");
        write(leaf.join("memory.max"), "4294967296\n");
        write(
            root.join("memory/memory.limit_in_bytes"),
            "9223372036854771712\n",
        );
        write(
            root.join("memory/box/memory.limit_in_bytes"),
            "1073741824\n",
        );

        let v2 = "0::/user.slice/session-1.scope\n";
        assert_eq!(cgroup_limit(&root, v2), Some((2 << 30, "memory.max")));
        let v1 = "4:memory:/box\n1:cpu:/\n";
        assert_eq!(
            cgroup_limit(&root, v1),
            Some((1 << 30, "memory.limit_in_bytes"))
        );
        assert_eq!(cgroup_limit(&root, "4:memory:/\n0::/\n"), None);
        // A container: the process's own cgroup is the root of what it sees.
        write(root.join("memory.max"), "536870912\n");
        assert_eq!(
            cgroup_limit(&root, "0::/\n"),
            Some((512 << 20, "memory.max"))
        );
        let _ = std::fs::remove_dir_all(&root);
    }
}
