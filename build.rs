//! Records the git commit flitwave is built from (FLITWAVE_COMMIT), so every result file can
//! name it. No git, or no repository: no commit.

use std::process::Command;

fn main() {
    let commit = Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string())
        .unwrap_or_default();
    println!("cargo:rustc-env=FLITWAVE_COMMIT={commit}");
    // rebuild when HEAD moves (a commit, a checkout)
    for f in [".git/HEAD", ".git/packed-refs"] {
        println!("cargo:rerun-if-changed={f}");
    }
    if let Ok(head) = std::fs::read_to_string(".git/HEAD") {
        if let Some(r) = head.strip_prefix("ref: ") {
            println!("cargo:rerun-if-changed=.git/{}", r.trim());
        }
    }
}
