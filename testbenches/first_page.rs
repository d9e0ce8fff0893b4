//! Testbench of the README as a first page: short enough to read at one sitting, with the rest
//! in docs/, and naming the modelled papers by their short titles — never as "seed 000" to
//! "seed 004", which a user reads as random seeds. The same rule holds wherever else a user
//! reads about the papers: the command line's help and lists, and the pages under docs/.

/// The most lines README.md may have.
const MAX_LINES: usize = 150;

fn readme() -> String {
    let path = format!("{}/README.md", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Every place `text` names a paper as a seed: "seed" or "seeds" in any case, then optional
/// whitespace (a line break included) or one hyphen or underscore, then exactly three digits
/// from 000 to 004. Returns the line number (from 1) and the line of each.
fn papers_named_as_seeds(text: &str) -> Vec<(usize, String)> {
    // ASCII lowering keeps every byte offset.
    let lower = text.to_ascii_lowercase();
    let lines: Vec<&str> = text.lines().collect();
    let mut hits = vec![];
    let mut from = 0;
    while let Some(i) = lower[from..].find("seed") {
        let at = from + i;
        from = at + "seed".len();
        let rest = lower[from..].strip_prefix('s').unwrap_or(&lower[from..]);
        let rest = rest.strip_prefix(['-', '_']).unwrap_or(rest.trim_start());
        let d = rest.as_bytes();
        let paper = d.len() >= 3
            && d[0] == b'0'
            && d[1] == b'0'
            && (b'0'..=b'4').contains(&d[2])
            && !d.get(3).is_some_and(|c| c.is_ascii_digit());
        if paper {
            let line = lower[..at].matches('\n').count();
            hits.push((line + 1, lines.get(line).unwrap_or(&"").to_string()));
        }
    }
    hits
}

#[test]
fn readme_is_at_most_150_lines() {
    let n = readme().lines().count();
    assert!(
        n <= MAX_LINES,
        "README.md has {n} lines, more than {MAX_LINES}: it is a first page; move the rest \
         into docs/ and link it"
    );
}

#[test]
fn readme_names_no_paper_as_a_seed() {
    // The rule itself, on examples.
    for named in [
        "seed 000",
        "Seed 004's network",
        "(SEED 002)",
        "seeds 000-004",
        "Seeds 001 and 003",
        "seed001",
        "the routing of seed\n003",
        "the seed-004 preset",
        "seed_002",
    ] {
        assert_eq!(
            papers_named_as_seeds(named).len(),
            1,
            "{named:?} names a paper"
        );
    }
    for not_named in [
        "--seed 3",
        "--seeds 5",
        "seeds 1..=5",
        "seed 005",
        "seed 0001",
        "seeded 000",
        "a seed, 000",
        "seed- 000",
        "seed--001",
    ] {
        assert!(
            papers_named_as_seeds(not_named).is_empty(),
            "{not_named:?} names no paper"
        );
    }
    assert_eq!(
        papers_named_as_seeds("line one\nseed 000 and seed 001\nseed 002").len(),
        3
    );
    assert_eq!(papers_named_as_seeds("a\nb seed 004")[0].0, 2);

    let hits = papers_named_as_seeds(&readme());
    assert!(
        hits.is_empty(),
        "README.md names papers as seeds; use their short titles (docs/models.md):\n{}",
        hits.iter()
            .map(|(n, l)| format!("  line {n}: {l}"))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// `hits` as lines to read in a failure: `place`, then each line with its number.
fn show(place: &str, hits: &[(usize, String)]) -> String {
    hits.iter()
        .map(|(n, l)| format!("  {place}:{n}: {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The subcommands a `--help` lists under "Commands:" (not `help`).
fn subcommands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter(|l| !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|n| *n != "help")
        .map(String::from)
        .collect()
}

/// What a user reads of the command line: `flitwave --help`, every subcommand's help (walked
/// from the "Commands:" lists, so a new command is covered), `flitwave list` and
/// `flitwave rtl list` name no paper as a seed.
#[test]
fn help_and_lists_name_no_paper_as_a_seed() {
    use crate::common::flitwave;
    let run = |args: &[String]| {
        let a: Vec<&str> = args.iter().map(String::as_str).collect();
        let (ok, out, err) = flitwave(&a);
        assert!(ok, "flitwave {}: {err}", a.join(" "));
        out
    };
    let (mut seen, mut found) = (vec![], vec![]);
    let mut todo: Vec<Vec<String>> = vec![vec![]];
    while let Some(path) = todo.pop() {
        let mut args = path.clone();
        args.push("--help".into());
        let help = run(&args);
        found.push(show(
            &format!("flitwave {}", args.join(" ")),
            &papers_named_as_seeds(&help),
        ));
        for s in subcommands(&help) {
            let mut sub = path.clone();
            sub.push(s);
            todo.push(sub);
        }
        seen.push(path.join(" "));
    }
    // the walk reached the commands that name papers
    for cmd in [
        "",
        "reproduce",
        "list",
        "fattree",
        "topology",
        "trace generate",
        "rtl list",
    ] {
        assert!(
            seen.iter().any(|s| s == cmd),
            "`flitwave {cmd} --help` not walked: {seen:?}"
        );
    }
    for args in [&["list"][..], &["rtl", "list"]] {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        let out = run(&args);
        assert!(out.len() > 100, "flitwave {}: {out}", args.join(" "));
        found.push(show(
            &format!("flitwave {}", args.join(" ")),
            &papers_named_as_seeds(&out),
        ));
    }
    found.retain(|f| !f.is_empty());
    assert!(
        found.is_empty(),
        "the command line names papers as seeds; use their short titles (docs/models.md):\n{}",
        found.join("\n")
    );
}

/// The one place allowed to say which paper each number is: the note of docs/models.md that
/// maps the code's "seed 000" to "seed 004" to the short titles, for readers of the code and of
/// the archive docs/performance-journal.md. The exception is this paragraph alone, found by
/// its first words; every other line of docs/models.md is held to the rule.
const MAPPING_NOTE: &str = "In flitwave's code and tests, and in the dated";

/// Every page under docs/ (docs/results/ and its folders included) names the papers by their
/// short titles, never as seeds — except the dated archive docs/performance-journal.md, kept
/// as written, and the mapping note of docs/models.md ([`MAPPING_NOTE`]).
#[test]
fn docs_name_no_paper_as_a_seed() {
    fn pages(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                pages(&p, out);
            } else if p.extension().is_some_and(|x| x == "md") {
                out.push(p);
            }
        }
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut all = vec![];
    pages(&root.join("docs"), &mut all);
    all.sort();
    for must in [
        "docs/models.md",
        "docs/results/README.md",
        "docs/results/itb.md",
    ] {
        assert!(all.contains(&root.join(must)), "{must} not scanned");
    }
    let mut found = vec![];
    let mut notes = 0;
    for p in &all {
        let rel = p.strip_prefix(root).unwrap().to_string_lossy().into_owned();
        if rel == "docs/performance-journal.md" {
            continue;
        }
        let text = std::fs::read_to_string(p).unwrap();
        let mut hits = papers_named_as_seeds(&text);
        if rel == "docs/models.md" {
            // the lines of the mapping note's paragraph, from its first line to a blank one
            let lines: Vec<&str> = text.lines().collect();
            let starts: Vec<usize> = (0..lines.len())
                .filter(|&i| lines[i].starts_with(MAPPING_NOTE))
                .collect();
            assert_eq!(
                starts.len(),
                1,
                "docs/models.md: one mapping note, found {starts:?}"
            );
            let first = starts[0] + 1;
            let end = first
                + lines[starts[0]..]
                    .iter()
                    .take_while(|l| !l.trim().is_empty())
                    .count();
            let before = hits.len();
            hits.retain(|(n, _)| !(first..end).contains(n));
            notes += before - hits.len();
        }
        if !hits.is_empty() {
            found.push(show(&rel, &hits));
        }
    }
    // the exception is used, and only by the note (it names both ends of the numbering)
    assert!(
        (1..=5).contains(&notes),
        "the mapping note names {notes} papers as seeds"
    );
    assert!(
        found.is_empty(),
        "pages under docs/ name papers as seeds; use their short titles (docs/models.md):\n{}",
        found.join("\n")
    );
}
