//! `--json [FILE.json|-]`, one meaning in every command: the value parser,
//! the help line, and the writers — the JSON to the file with the text report still printed,
//! or to standard output in its place.

use flitwave::{Error, Result};
use std::path::{Path, PathBuf};

/// `--json [FILE]`, the same in every command.
pub(crate) const JSON_HELP: &str = "The result as JSON, with the configuration, seed and version: written to FILE.json (the text report still printed), or printed instead of the text report when no FILE is given (or -)";

/// `--json`'s value: `-` or a `.json` file, so that an input file written after the flag (a
/// trace, a topology) is refused instead of being overwritten.
pub(crate) fn json_path(s: &str) -> std::result::Result<PathBuf, String> {
    if s == "-" || s.ends_with(".json") {
        Ok(PathBuf::from(s))
    } else {
        Err(format!(
            "{s:?} is not a .json file; --json takes FILE.json, - (stdout) or nothing (stdout)"
        ))
    }
}

/// Write `v` as JSON where `--json` said: stdout for `-`, else the file.
pub(crate) fn write_json<T: serde::Serialize>(to: &Path, v: &T) -> Result<()> {
    let text = serde_json::to_string_pretty(v).map_err(|e| Error::new(e.to_string()))?;
    if to == Path::new("-") {
        outln!("{text}");
        Ok(())
    } else {
        flitwave::output::write(to, text)
    }
}

/// Whether `--json` replaces the text report (JSON to stdout).
pub(crate) fn json_only(json: &Option<PathBuf>) -> bool {
    json.as_deref() == Some(Path::new("-"))
}

/// Write `v` where `--json` said and print the text `report` unless the JSON replaced it.
pub(crate) fn emit_json<T: serde::Serialize>(
    json: Option<&Path>,
    v: &T,
    report: &str,
) -> Result<()> {
    let text = || serde_json::to_string_pretty(v).map_err(|e| Error::new(e.to_string()));
    match json {
        Some(p) if p == Path::new("-") => outln!("{}", text()?),
        Some(p) => {
            flitwave::output::write(p, text()?)?;
            out!("{report}");
        }
        None => out!("{report}"),
    }
    Ok(())
}
