//! Reading the EDA tools' logs: Yosys's `stat` tables, and the tail of a log for an error.

use std::collections::BTreeMap;

/// Parse the last `stat` section of a Yosys log.
pub(super) fn parse_stat(log: &str) -> Option<(u64, BTreeMap<String, u64>)> {
    let at = log.rfind("Number of cells:")?;
    let cells = log[at..]
        .lines()
        .next()?
        .split(':')
        .nth(1)?
        .trim()
        .parse()
        .ok()?;
    Some((cells, cell_counts(log).into_iter().collect()))
}

/// Cell type → count of the last `stat` of a Yosys log (the lines after `Number of cells:`).
pub fn cell_counts(log: &str) -> Vec<(String, u64)> {
    let Some(at) = log.rfind("Number of cells:") else {
        return vec![];
    };
    log[at..]
        .lines()
        .skip(1)
        .map_while(|l| {
            let mut it = l.split_whitespace();
            match (it.next(), it.next(), it.next()) {
                (Some(t), Some(n), None) => Some((t.to_string(), n.parse().ok()?)),
                _ => None,
            }
        })
        .collect()
}

/// The last `n` lines of a tool's log (for an error message).
pub(super) fn last_lines(log: &str, n: usize) -> String {
    let lines: Vec<&str> = log.lines().collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}
