//! Help texts built from the registries, so every list a user reads is the one the code
//! accepts: switch families, routings with their path selections, selections, traffic
//! patterns and reproductions (issue 28).

use flitwave::fabric::registry::FAMILIES;
use flitwave::reproduce::papers::{self, PAPERS};
use flitwave::routing::registry::ROUTINGS;
use flitwave::routing::selection::SELECTIONS;
use flitwave::traffic::pattern;

fn names<'a>(it: impl Iterator<Item = &'a str>) -> String {
    it.collect::<Vec<_>>().join(", ")
}

/// `--family`.
pub(crate) fn family() -> String {
    format!(
        "Switch family (`switch.family`): {} (`flitwave list` says what each is)",
        names(FAMILIES.iter().map(|f| f.name))
    )
}

/// `--routing`.
pub(crate) fn routing() -> String {
    format!(
        "Routing (`routing.algorithm`): {} (`flitwave list` says what each is)",
        names(ROUTINGS.iter().map(|r| r.name))
    )
}

/// `--paths`: each routing's path selections, the default first.
pub(crate) fn paths() -> String {
    let per: Vec<String> = ROUTINGS
        .iter()
        .filter(|r| !r.paths.is_empty())
        .map(|r| format!("{} ({})", r.paths.join(", "), r.name))
        .collect();
    format!(
        "Path selection of the routing (`routing.paths`, alias --select), the default first: {}",
        per.join("; ")
    )
}

/// `--selection`.
pub(crate) fn selection() -> String {
    format!(
        "Selection function of routing switches (`routing.selection`): {} (`flitwave list`)",
        names(SELECTIONS.iter().map(|(n, _)| *n))
    )
}

/// `--pattern`.
pub(crate) fn pattern() -> String {
    format!(
        "Destination pattern (`traffic.pattern`): {} (`flitwave list`)",
        pattern::allowed()
    )
}

/// `flitwave reproduce`'s one-line description.
pub(crate) fn reproduce_about() -> String {
    let v: Vec<String> = PAPERS
        .iter()
        .map(|p| format!("{}: seed {}, {}", p.name, p.seed, p.covers))
        .collect();
    format!(
        "Reproduce a seed paper's evaluation (the five papers that specify flitwave's hardware; {}), or check every paper's headline claims",
        v.join("; ")
    )
}

/// `flitwave reproduce`'s PAPER argument.
pub(crate) fn reproduce_paper() -> String {
    let v: Vec<String> = PAPERS
        .iter()
        .map(|p| format!("{} (seed {}: {}; {})", p.name, p.seed, p.paper, p.covers))
        .collect();
    format!(
        "Which paper: {}. Or {}: the fidelity ledger, every seed's headline claims read from the committed raw results (--results), written to their README.md",
        v.join("; "),
        papers::CHECK
    )
}
