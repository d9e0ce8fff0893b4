//! Testbench of the commit stamp (build.rs): a clean tree never rebuilds, and a new
//! commit is always stamped. A scratch crate carrying flitwave's own build.rs is built twice in
//! a row in every state of a git repository a user meets — a fresh `git init`, refs packed (no
//! loose ref), a fresh clone, a linked worktree (`.git` a file) — and the second build must
//! compile nothing (cargo reports the crate `Fresh`); after a commit the binary names the new
//! commit. And the README's two commands build each crate they share once: the tests ask for
//! no feature of a dependency that the binary does not.

use std::path::{Path, PathBuf};
use std::process::Command;

fn run(dir: &Path, prog: &str, args: &[&str]) -> String {
    let out = Command::new(prog)
        .args(args)
        .current_dir(dir)
        .env("GIT_AUTHOR_NAME", "t")
        .env("GIT_AUTHOR_EMAIL", "t@t")
        .env("GIT_COMMITTER_NAME", "t")
        .env("GIT_COMMITTER_EMAIL", "t@t")
        .output()
        .unwrap_or_else(|e| panic!("{prog} {args:?}: {e}"));
    assert!(
        out.status.success(),
        "{prog} {args:?} in {}: {}",
        dir.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

fn git(dir: &Path, args: &[&str]) -> String {
    run(dir, "git", args)
}

/// A crate named `stamp` whose build script is flitwave's build.rs and whose binary prints
/// FLITWAVE_COMMIT, committed into a new repository at `dir`.
fn stamp_crate(dir: &Path) {
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::write(
        dir.join("Cargo.toml"),
        "[package]\nname = \"stamp\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    )
    .unwrap();
    let build = Path::new(env!("CARGO_MANIFEST_DIR")).join("build.rs");
    std::fs::copy(build, dir.join("build.rs")).unwrap();
    std::fs::write(
        dir.join("src/main.rs"),
        "fn main() { println!(\"{}\", env!(\"FLITWAVE_COMMIT\")); }\n",
    )
    .unwrap();
    std::fs::write(dir.join(".gitignore"), "target\n").unwrap();
    git(dir, &["init", "-q", "-b", "main"]);
    git(dir, &["add", "."]);
    git(dir, &["commit", "-q", "-m", "first"]);
}

/// `cargo build -v` of the crate at `dir`: (the crate was compiled, what the binary prints).
fn build(dir: &Path, target: &Path) -> (bool, String) {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut cmd = Command::new(cargo);
    // the outer cargo's settings must not leak into the scratch build
    for (k, _) in std::env::vars() {
        if (k.starts_with("CARGO_") && k != "CARGO_HOME")
            || (k.starts_with("RUST") && k != "RUSTUP_HOME")
        {
            cmd.env_remove(k);
        }
    }
    let out = cmd
        .args(["build", "-v", "--offline", "--target-dir"])
        .arg(target)
        .current_dir(dir)
        .output()
        .unwrap();
    let log = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{log}");
    let compiled = log.contains("Compiling stamp");
    assert!(
        compiled || log.contains("Fresh stamp"),
        "cargo said neither Compiling nor Fresh: {log}"
    );
    let bin = target.join("debug/stamp");
    let printed = run(dir, bin.to_str().unwrap(), &[]);
    (compiled, printed)
}

/// Two builds in a row: the first stamps HEAD, the second compiles nothing.
fn fresh_after_one_build(dir: &Path, target: &Path, what: &str) {
    let head = git(dir, &["rev-parse", "--short=12", "HEAD"]);
    let (_, printed) = build(dir, target);
    assert_eq!(printed, head, "{what}: the stamp is HEAD");
    let (compiled, printed) = build(dir, target);
    assert!(
        !compiled,
        "{what}: a second build with nothing changed compiled again"
    );
    assert_eq!(printed, head);
}

/// A commit is stamped by the next build, and the build after it is fresh.
fn commit_is_stamped(dir: &Path, target: &Path, what: &str) {
    git(dir, &["commit", "-q", "--allow-empty", "-m", what]);
    let head = git(dir, &["rev-parse", "--short=12", "HEAD"]);
    let (compiled, printed) = build(dir, target);
    assert!(compiled, "{what}: a new commit must rerun the build script");
    assert_eq!(printed, head, "{what}: the new commit is stamped");
    fresh_after_one_build(dir, target, what);
}

fn scratch() -> PathBuf {
    let d = std::env::temp_dir().join(format!("flitwave_build_stamp_{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn a_clean_tree_never_rebuilds_and_every_commit_is_stamped() {
    let root = scratch();
    let repo = root.join("repo");
    let target = root.join("target");
    stamp_crate(&repo);

    // a new repository: a loose ref, no packed-refs
    assert!(!repo.join(".git/packed-refs").exists());
    fresh_after_one_build(&repo, &target, "loose ref, no packed-refs");
    commit_is_stamped(&repo, &target, "a commit on a loose ref");

    // every ref packed: no loose ref file, packed-refs present
    git(&repo, &["pack-refs", "--all", "--prune"]);
    assert!(!repo.join(".git/refs/heads/main").exists());
    assert!(repo.join(".git/packed-refs").exists());
    fresh_after_one_build(&repo, &target, "packed refs");
    commit_is_stamped(&repo, &target, "a commit over packed refs");

    // a fresh clone, as a user gets it
    let clone = root.join("clone");
    git(
        &root,
        &[
            "clone",
            "-q",
            repo.to_str().unwrap(),
            clone.to_str().unwrap(),
        ],
    );
    let ctarget = root.join("clone-target");
    fresh_after_one_build(&clone, &ctarget, "fresh clone");
    commit_is_stamped(&clone, &ctarget, "a commit in a clone");
    // and the clone without packed-refs
    let _ = std::fs::remove_file(clone.join(".git/packed-refs"));
    fresh_after_one_build(&clone, &ctarget, "fresh clone without packed-refs");

    // a linked worktree: .git is a file, HEAD lives under the main repository's .git
    let wt = root.join("worktree");
    git(
        &repo,
        &["worktree", "add", "-q", "-b", "side", wt.to_str().unwrap()],
    );
    assert!(wt.join(".git").is_file());
    let wtarget = root.join("worktree-target");
    fresh_after_one_build(&wt, &wtarget, "linked worktree");
    commit_is_stamped(&wt, &wtarget, "a commit in a worktree");

    // a checkout of another branch moves HEAD: stamped
    git(&repo, &["checkout", "-q", "-b", "other"]);
    git(&repo, &["commit", "-q", "--allow-empty", "-m", "on other"]);
    git(&repo, &["checkout", "-q", "main"]);
    let head = git(&repo, &["rev-parse", "--short=12", "HEAD"]);
    assert_eq!(build(&repo, &target).1, head, "checkout: stamped");
    let _ = std::fs::remove_dir_all(&root);
}

/// `cargo tree` of flitwave over the dependency `edges`: every package with the features it is
/// built with ("name version (source)" -> features).
fn features(edges: &str) -> std::collections::BTreeMap<String, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let args = [
        "tree",
        "--offline",
        "-e",
        edges,
        "--prefix",
        "none",
        "-f",
        "{p}|{f}",
    ];
    run(dir, &cargo, &args)
        .lines()
        .filter_map(|l| {
            let (p, f) = l.trim_end_matches(" (*)").split_once('|')?;
            Some((p.to_string(), f.to_string()))
        })
        .collect()
}

/// The README's two commands share every compiled crate: `cargo run --profile ci` builds
/// flitwave and its dependencies, and `cargo test --profile ci` must find each of them built
/// with the same features. A dev-dependency that turns on a feature of a crate flitwave uses
/// (the tests' FST reader turns on miniz_oxide's `std`) would make the second command compile
/// that crate, and the whole flitwave library after it, again (docs/testing.md).
#[test]
fn the_binary_and_the_tests_build_each_shared_crate_once() {
    let built = features("normal,build");
    let tested = features("normal,build,dev");
    assert!(built.len() > 20 && built.keys().any(|p| p.starts_with("flitwave ")));
    let differ: Vec<String> = built
        .iter()
        .filter(|&(p, f)| tested.get(p) != Some(f))
        .map(|(p, f)| {
            let t = tested.get(p).map_or("none", String::as_str);
            format!("{p}: [{f}] for the binary, [{t}] for the tests")
        })
        .collect();
    assert!(
        differ.is_empty(),
        "the tests build these crates with other features than the binary, so `cargo test` \
         compiles them and flitwave again: ask for the same features in [dependencies]:\n{}",
        differ.join("\n")
    );
}
