//! Records the git commit flitwave is built from (FLITWAVE_COMMIT), so every result file can
//! name it. No git, or no repository: no commit.
//!
//! The build script reruns when HEAD moves (a commit, a checkout, a rebase) and at no other
//! time: it watches only files that exist — the HEAD file, the branch's loose ref (or, when the
//! branch has none, the directory a commit would create it in) and `packed-refs` when present.
//! A watched file that does not exist would make every cargo call rebuild the library and the
//! binary (issue 26). Paths come from git itself, so a linked worktree (whose `.git` is a file)
//! watches its own HEAD and the shared refs.

use std::path::{Path, PathBuf};
use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    Command::new("git")
        .args(args)
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
}

/// The file git keeps `name` in (HEAD, refs/heads/x, packed-refs), absolute.
fn git_path(name: &str) -> Option<PathBuf> {
    let p = PathBuf::from(git(&["rev-parse", "--git-path", name])?);
    Some(if p.is_absolute() {
        p
    } else {
        std::env::current_dir().ok()?.join(p)
    })
}

/// `p` if it exists, else its nearest existing ancestor inside `refs` (a new file there changes
/// the directory); never `.git` itself, whose index and objects change on every `git add`.
fn existing<'a>(p: &'a Path, refs: &Path) -> Option<&'a Path> {
    p.ancestors()
        .take_while(|a| a.starts_with(refs))
        .find(|a| a.exists())
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let Some(commit) = git(&["rev-parse", "--short=12", "HEAD"]) else {
        println!("cargo:rustc-env=FLITWAVE_COMMIT=");
        return;
    };
    println!("cargo:rustc-env=FLITWAVE_COMMIT={commit}");
    let mut watch = vec![];
    if let Some(head) = git_path("HEAD") {
        watch.push(head);
    }
    // on a branch: its loose ref, or where a commit would write it
    if let Some(r) = git(&["symbolic-ref", "-q", "HEAD"]) {
        if let (Some(p), Some(refs)) = (git_path(&r), git_path("refs")) {
            if let Some(e) = existing(&p, &refs) {
                watch.push(e.to_path_buf());
            }
        }
    }
    if let Some(p) = git_path("packed-refs").filter(|p| p.exists()) {
        watch.push(p);
    }
    for f in watch.iter().filter(|f| f.exists()) {
        println!("cargo:rerun-if-changed={}", f.display());
    }
}
