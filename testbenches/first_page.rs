//! Testbench of the README as a first page: short enough to read at one sitting, with the rest
//! in docs/, and naming the modelled papers by their short titles — never as "seed 000" to
//! "seed 004", which a user reads as random seeds.

/// The most lines README.md may have.
const MAX_LINES: usize = 150;

fn readme() -> String {
    let path = format!("{}/README.md", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Every place `text` names a paper as a seed: "seed" or "seeds" in any case, then optional
/// whitespace (a line break included), then exactly three digits from 000 to 004. Returns the
/// line number (from 1) and the line of each.
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
        let d = rest.trim_start().as_bytes();
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
