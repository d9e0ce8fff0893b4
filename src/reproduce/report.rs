//! The one report writer of every reproduction: a [`Report`] is the markdown and the raw
//! results a paper returns; [`Report::write`] puts them into `--out`, the markdown's links to
//! the documentation rewritten to reach it from there.

use crate::error::{Error, Result};
use crate::experiment::provenance::Provenance;
use crate::output::write as write_file;
use std::path::Path;

/// The file a reproduction writes its raw results into, in its `--out` (`dl_raw.json`); the
/// ledger reads it back by the same name.
pub fn raw_file(name: &str) -> String {
    format!("{name}_raw.json")
}

/// What a reproduction made: its report and its raw results, and whether every simulation was
/// healthy.
#[derive(Debug, Clone)]
pub struct Report {
    /// The markdown report's file name in `--out` (`dl.md`).
    pub md_file: &'static str,
    /// The report, its links as seen from `docs/results`.
    pub md: String,
    /// The raw results, pretty JSON.
    pub raw: String,
    /// Which simulations violated an invariant or deadlocked ("some simulation", "3
    /// simulations"), if any did.
    pub sick: Option<String>,
}

impl Report {
    /// Write the report (relinked for `out`) and the raw results of reproduction `paper`
    /// into `out`, the raw results under the name the ledger reads ([`raw_file`]).
    pub fn write(&self, out: &Path, paper: &str) -> Result<()> {
        write_file(&out.join(self.md_file), relink(&self.md, out))?;
        write_file(&out.join(raw_file(paper)), &self.raw)
    }

    /// The command's verdict: an error naming the raw results when a simulation was sick.
    pub fn verdict(&self, paper: &str) -> Result<()> {
        match &self.sick {
            None => Ok(()),
            Some(who) => Err(Error::new(format!(
                "{who} violated an invariant or deadlocked (see {})",
                raw_file(paper)
            ))),
        }
    }
}

/// `v` as pretty JSON, for a report's raw results.
pub fn pretty(v: &impl serde::Serialize) -> Result<String> {
    serde_json::to_string_pretty(v).map_err(|e| Error::new(e.to_string()))
}

/// `flitwave VERSION (commit HASH)`, as every report names the code that made it.
pub fn made_with(p: &Provenance) -> String {
    format!(
        "flitwave {} (commit {})",
        p.version,
        p.commit.as_deref().unwrap_or("unknown")
    )
}

/// The reports link to the documentation pages as seen from `docs/results` (`../inorder.md`);
/// written elsewhere, those links are rewritten to reach the same pages from `out` (the `docs`
/// folder of the working directory, or of the source tree flitwave was built from).
pub fn relink(md: &str, out: &std::path::Path) -> String {
    let docs = std::path::Path::new("docs");
    let docs = if docs.is_dir() {
        docs.to_path_buf()
    } else {
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs")
    };
    let (Ok(from), Ok(to)) = (
        std::fs::create_dir_all(out).and_then(|_| out.canonicalize()),
        docs.canonicalize(),
    ) else {
        return md.to_string();
    };
    let rel = relative(&from, &to);
    if rel == std::path::Path::new("..") {
        return md.to_string();
    }
    let prefix = rel.display().to_string().replace('\\', "/");
    md.replace("](../", &format!("]({prefix}/"))
        .replace("[../", &format!("[{prefix}/"))
}

/// The path that leads from directory `from` to `to` (both absolute and canonical).
fn relative(from: &std::path::Path, to: &std::path::Path) -> std::path::PathBuf {
    let (f, t): (Vec<_>, Vec<_>) = (from.components().collect(), to.components().collect());
    let common = f.iter().zip(&t).take_while(|(a, b)| a == b).count();
    let mut r = std::path::PathBuf::new();
    for _ in common..f.len() {
        r.push("..");
    }
    for c in &t[common..] {
        r.push(c);
    }
    r
}

#[cfg(test)]
mod tests {
    use super::relative;
    use std::path::Path;

    #[test]
    fn relative_paths_between_directories() {
        let r = |a: &str, b: &str| relative(Path::new(a), Path::new(b)).display().to_string();
        assert_eq!(r("/w/docs/results", "/w/docs"), "..");
        assert_eq!(r("/w/out/reproduce", "/w/docs"), "../../docs");
        assert_eq!(r("/tmp/x", "/w/docs"), "../../w/docs");
        assert_eq!(r("/w", "/w/docs"), "docs");
    }
}
