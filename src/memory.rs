//! Bounds before allocation: every structure sized by input (route sets, switch and NIC state,
//! per-host tables) is estimated first and refused, with the key, the value, the estimate and the
//! limit, when the machine cannot hold it — instead of aborting in the allocator.
//!
//! The limit is the memory the kernel reports available (`MemAvailable` in /proc/meminfo), or
//! `FLITWAVE_MEMORY_LIMIT` (bytes, or a number with K, M, G or T: `FLITWAVE_MEMORY_LIMIT=4G`);
//! and never more than the room the process's own limits leave it (`ulimit -v`, the address
//! space, and `ulimit -d`, the data segment, less what it has mapped already), where an
//! allocation beyond it would abort.

use crate::error::{Error, Result};

/// The environment variable that sets the limit.
pub const LIMIT_VAR: &str = "FLITWAVE_MEMORY_LIMIT";

/// Parse "4096", "512M", "4G", "1.5T" (powers of 1024).
pub fn parse_size(s: &str) -> Option<u64> {
    let s = s.trim();
    let (num, mul) = match s.char_indices().last()? {
        (i, 'k' | 'K') => (&s[..i], 1u64 << 10),
        (i, 'm' | 'M') => (&s[..i], 1 << 20),
        (i, 'g' | 'G') => (&s[..i], 1 << 30),
        (i, 't' | 'T') => (&s[..i], 1 << 40),
        _ => (s, 1),
    };
    let v: f64 = num.trim().parse().ok()?;
    let b = v * mul as f64;
    (b.is_finite() && b >= 1.0 && b < u64::MAX as f64).then_some(b as u64)
}

/// The memory flitwave may use, in bytes; an error when `FLITWAVE_MEMORY_LIMIT` is malformed.
pub fn limit() -> Result<u64> {
    Ok(bound()?.0)
}

/// The limit and where it comes from (for the error that names it).
fn bound() -> Result<(u64, String)> {
    let (lim, whence) = match std::env::var(LIMIT_VAR) {
        Ok(v) => {
            let lim = parse_size(&v).ok_or_else(|| {
                Error::new(format!(
                    "{LIMIT_VAR}={v:?} is not a size; allowed: bytes, or a number with K, M, G or T (e.g. 4G)"
                ))
            })?;
            (lim, format!("{LIMIT_VAR}={v}"))
        }
        Err(_) => (
            available().unwrap_or(u64::MAX),
            format!("the memory available; {LIMIT_VAR} sets another limit"),
        ),
    };
    Ok(match room() {
        Some((room, what)) if room < lim => (room, what),
        _ => (lim, whence),
    })
}

/// The room the process's soft limits on its address space (`ulimit -v`) and data segment
/// (`ulimit -d`) leave it — the limit less what is mapped now (`VmSize`, `VmData`) — the
/// smaller, with what sets it; None when both are unlimited or unknown (not Linux).
fn room() -> Option<(u64, String)> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let soft = |name: &str| -> Option<u64> {
        let rest = limits.lines().find_map(|l| l.strip_prefix(name))?;
        // "unlimited" is no number
        rest.split_whitespace().next()?.parse().ok()
    };
    let used = |name: &str| -> u64 {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|r| r.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            .map_or(0, |kb| kb * 1024)
    };
    [
        ("Max address space", "VmSize:", "ulimit -v", "address space"),
        ("Max data size", "VmData:", "ulimit -d", "data segment"),
    ]
    .into_iter()
    .filter_map(|(limit, vm, cmd, what)| {
        let (lim, now) = (soft(limit)?, used(vm));
        let room = lim.saturating_sub(now);
        let whence = format!(
            "what the process's {what} limit leaves it: `{cmd}` {} less the {} mapped",
            human(lim),
            human(now)
        );
        Some((room, whence))
    })
    .min_by_key(|x| x.0)
}

/// `MemAvailable` (else `MemTotal`) from /proc/meminfo.
fn available() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let field = |name: &str| {
        info.lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|r| r.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            .map(|kb| kb * 1024)
    };
    field("MemAvailable:").or_else(|| field("MemTotal:"))
}

/// "1.5 GiB", "300 MiB", "12 KiB".
pub fn human(bytes: u64) -> String {
    let b = bytes as f64;
    match bytes {
        0..=1023 => format!("{bytes} B"),
        1024..=1048575 => format!("{:.0} KiB", b / 1024.0),
        1048576..=1073741823 => format!("{:.0} MiB", b / 1048576.0),
        _ => format!("{:.1} GiB", b / 1073741824.0),
    }
}

/// Refuse `what` (sized by `key = value`) when its estimated `bytes` exceed the limit.
pub fn check(key: &str, value: impl std::fmt::Display, what: &str, bytes: u64) -> Result<()> {
    let (lim, whence) = bound()?;
    if bytes > lim {
        return Err(Error::new(format!(
            "{key} = {value}: {what} needs an estimated {}, more than the {} allowed ({whence})",
            human(bytes),
            human(lim)
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_with_units() {
        assert_eq!(parse_size("4096"), Some(4096));
        assert_eq!(parse_size("4G"), Some(4 << 30));
        assert_eq!(parse_size("1.5k"), Some(1536));
        assert_eq!(parse_size("0"), None);
        assert_eq!(parse_size("-1G"), None);
        assert_eq!(parse_size("G"), None);
        assert_eq!(parse_size("nan"), None);
        assert_eq!(human(3 << 30), "3.0 GiB");
    }
}
