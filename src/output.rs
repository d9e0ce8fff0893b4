//! Result files are written whole or not at all: every file goes to a temporary name beside its
//! destination (`NAME.partialPID`) and is renamed over it only when complete. The temporary
//! names in flight are registered, so Ctrl-C (SIGINT), SIGTERM or SIGHUP during a long run
//! removes them and exits with status 130: no half-written result is left, and an existing
//! file is never replaced by a partial one.

use crate::error::{Error, Result};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Temporary files being written.
static IN_FLIGHT: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Remove the temporary files in flight and exit 130 on an interrupt or termination signal.
/// Called once by the command-line front end.
pub fn on_interrupt_remove_partial_files() {
    // an error here means a handler is already installed (a second call): keep that one
    let _ = ctrlc::set_handler(|| {
        remove_in_flight();
        eprintln!("interrupted: no result file was left half-written");
        std::process::exit(130);
    });
}

fn remove_in_flight() {
    let files = IN_FLIGHT.lock().map(|v| v.clone()).unwrap_or_default();
    for f in files {
        let _ = std::fs::remove_file(f);
    }
}

/// The temporary name of `path` (registered as in flight until `commit` or `abandon`),
/// after creating `path`'s parent directories.
fn partial(path: &Path) -> Result<PathBuf> {
    if let Some(d) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(d)
            .map_err(|e| Error::new(format!("cannot create directory {}: {e}", d.display())))?;
    }
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".partial{}", std::process::id()));
    let tmp = path.with_file_name(name);
    if let Ok(mut v) = IN_FLIGHT.lock() {
        v.push(tmp.clone());
    }
    Ok(tmp)
}

fn forget(tmp: &Path) {
    if let Ok(mut v) = IN_FLIGHT.lock() {
        v.retain(|p| p != tmp);
    }
}

/// Move the finished temporary file `tmp` onto `path`.
fn commit(tmp: &Path, path: &Path) -> Result<()> {
    let r = std::fs::rename(tmp, path)
        .map_err(|e| Error::new(format!("cannot write {}: {e}", path.display())));
    if r.is_err() {
        let _ = std::fs::remove_file(tmp);
    }
    forget(tmp);
    r
}

/// Remove the temporary file `tmp` of a write that failed.
fn abandon(tmp: &Path) {
    let _ = std::fs::remove_file(tmp);
    forget(tmp);
}

/// A file being written under its temporary name: [`PartialFile::commit`] gives it its name;
/// dropped uncommitted (an error on the way), it is removed.
#[derive(Debug)]
pub struct PartialFile {
    tmp: PathBuf,
    path: PathBuf,
    done: bool,
}

impl PartialFile {
    /// Start writing `path`.
    pub fn new(path: &Path) -> Result<Self> {
        Ok(PartialFile {
            tmp: partial(path)?,
            path: path.to_path_buf(),
            done: false,
        })
    }

    /// Where to write meanwhile.
    pub fn tmp(&self) -> &Path {
        &self.tmp
    }

    /// The file is complete (and closed): give it its name.
    pub fn commit(mut self) -> Result<()> {
        self.done = true;
        commit(&self.tmp, &self.path)
    }
}

impl Drop for PartialFile {
    fn drop(&mut self) {
        if !self.done {
            abandon(&self.tmp);
        }
    }
}

/// Write `bytes` to `path` whole (temporary file, then rename).
pub fn write(path: &Path, bytes: impl AsRef<[u8]>) -> Result<()> {
    let tmp = partial(path)?;
    if let Err(e) = std::fs::write(&tmp, bytes) {
        abandon(&tmp);
        return Err(Error::new(format!("cannot write {}: {e}", path.display())));
    }
    commit(&tmp, path)
}

/// `flitwave VERSION (commit HASH)`: the program that made a file, as its header names it
/// (the commit when built from a repository).
pub fn made_by() -> String {
    let c = env!("FLITWAVE_COMMIT");
    let commit = if c.is_empty() { "unknown" } else { c };
    format!("flitwave {} (commit {commit})", env!("CARGO_PKG_VERSION"))
}

/// `svg` with what made it: a `<metadata>` element after the opening tag (the program and
/// commit, and `about`: what the picture shows) and a footer line with the program and commit
/// in its lower right corner.
pub fn svg_stamped(svg: &str, about: &str) -> String {
    let esc = |t: &str| {
        t.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
    };
    let made = made_by();
    let (Some(open), Some(close)) = (svg.find("<svg"), svg.rfind("</svg>")) else {
        return svg.to_string();
    };
    let Some(tag_end) = svg[open..].find('>').map(|i| open + i + 1) else {
        return svg.to_string();
    };
    let tag = &svg[open..tag_end];
    let attr = |name: &str| -> Option<f64> {
        let i = tag.find(&format!(" {name}=\""))? + name.len() + 3;
        tag[i..]
            .split('"')
            .next()?
            .trim_end_matches("px")
            .parse()
            .ok()
    };
    let (w, h) = (attr("width").unwrap_or(0.0), attr("height").unwrap_or(0.0));
    let mut out = String::with_capacity(svg.len() + 512);
    out += &svg[..tag_end];
    out += &format!("\n<metadata>{}; {}</metadata>", esc(&made), esc(about));
    out += &svg[tag_end..close];
    out += &format!(
        "<text x=\"{:.0}\" y=\"{:.0}\" text-anchor=\"end\" font-size=\"10\" fill=\"#888888\" font-family=\"DejaVu Sans, Arial, sans-serif\">{}</text>\n",
        (w - 4.0).max(0.0),
        (h - 11.0).max(0.0),
        esc(&made)
    );
    out += &svg[close..];
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_appears_whole_and_nothing_else_is_left() {
        let dir = std::env::temp_dir().join(format!("flitwave-output-{}", std::process::id()));
        let p = dir.join("sub/result.json");
        write(&p, "{}").unwrap();
        write(&p, "{\"a\":1}").unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "{\"a\":1}");
        let left: Vec<_> = std::fs::read_dir(dir.join("sub")).unwrap().collect();
        assert_eq!(left.len(), 1, "only the result: {left:?}");
        assert!(IN_FLIGHT.lock().unwrap().is_empty());
        // a destination that cannot be written leaves the temporary file removed
        let bad = dir.join("sub/result.json/inside");
        assert!(write(&bad, "x").is_err());
        assert!(IN_FLIGHT.lock().unwrap().is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_svg_is_stamped_with_what_made_it_inside_its_canvas() {
        let svg = "<svg xmlns=\"x\" width=\"900\" height=\"600\">\n<rect/>\n</svg>\n";
        let s = super::svg_stamped(svg, "a & b < c");
        assert!(
            s.starts_with("<svg xmlns=\"x\" width=\"900\" height=\"600\">\n<metadata>flitwave ")
        );
        assert!(s.contains("; a &amp; b &lt; c</metadata>"));
        assert!(s.contains("<text x=\"896\" y=\"589\" text-anchor=\"end\""));
        assert!(s.ends_with("</text>\n</svg>\n"), "{s}");
        assert_eq!(super::svg_stamped("not svg", "x"), "not svg");
    }
}
