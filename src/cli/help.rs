//! Help texts built from the registries, so every list a user reads is the one the code
//! accepts: switch families, routings with their path selections, selections, traffic
//! patterns and reproductions.

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

/// `routes --routing`: the list, and the default by topology.
pub(crate) fn routes_routing() -> String {
    format!(
        "Routing (`routing.algorithm`): {}. Default: fir-det on fat-trees, updown elsewhere (`flitwave list` says what each is)",
        names(ROUTINGS.iter().map(|r| r.name))
    )
}

/// `sweep --routings`.
pub(crate) fn routings() -> String {
    format!(
        "Compare routings on the same network: comma-separated ROUTING[:PATHS][/SELECTION], e.g. updown,itb or updown:shortest,itb:min-itb or fir-det,ir-adaptive/sadp; routings: {}. Prints the throughput factors",
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
        .map(|p| format!("{} ({}): {}", p.name, p.short, p.covers))
        .collect();
    format!(
        "Reproduce a modelled paper's evaluation (the five papers that specify flitwave's hardware; {}), or check every paper's headline claims",
        v.join("; ")
    )
}

/// `flitwave reproduce`'s PAPER argument.
pub(crate) fn reproduce_paper() -> String {
    let v: Vec<String> = PAPERS
        .iter()
        .map(|p| format!("{} ({}: {}; {})", p.name, p.short, p.paper, p.covers))
        .collect();
    format!(
        "Which paper: {}. Or {}: the fidelity ledger, every paper's headline claims read from the committed raw results (--results), written to their README.md",
        v.join("; "),
        papers::CHECK
    )
}

#[cfg(test)]
mod tests {
    use super::super::args::Cli;
    use clap::CommandFactory;
    use flitwave::routing::registry::ROUTINGS;

    /// Every option of every command that takes a routing (`--routing`, `--routings`) names
    /// every registered routing in its help, and every `--paths` every path selection: the
    /// lists come from the registry, so a routing registered later cannot be missing.
    #[test]
    fn every_routing_option_lists_every_registered_routing() {
        fn walk(c: &clap::Command, path: &str, seen: &mut Vec<String>, missing: &mut Vec<String>) {
            for a in c.get_arguments() {
                let id = a.get_id().as_str();
                let help = a
                    .get_help()
                    .or(a.get_long_help())
                    .map(|h| h.to_string())
                    .unwrap_or_default();
                let want: Vec<&str> = match id {
                    "routing" | "routings" => ROUTINGS.iter().map(|r| r.name).collect(),
                    // path selections of a routing (the reproductions' --paths is itb's own)
                    "paths" if !path.contains("reproduce") => ROUTINGS
                        .iter()
                        .flat_map(|r| r.paths.iter().copied())
                        .collect(),
                    _ => continue,
                };
                seen.push(format!("{path} --{id}"));
                for w in want {
                    // a whole word: "dl" is in "dl-table"
                    let word = help
                        .split(|ch: char| !(ch.is_alphanumeric() || ch == '-'))
                        .any(|x| x == w);
                    if !word {
                        missing.push(format!("{path} --{id}: {w}"));
                    }
                }
            }
            for s in c.get_subcommands() {
                walk(s, &format!("{path} {}", s.get_name()), seen, missing);
            }
        }
        let (mut seen, mut missing) = (vec![], vec![]);
        walk(&Cli::command(), "flitwave", &mut seen, &mut missing);
        for cmd in [
            "run --routing",
            "sweep --routing",
            "sweep --routings",
            "routes --routing",
        ] {
            assert!(
                seen.iter().any(|s| s.ends_with(cmd)),
                "{cmd} not found among {seen:?}"
            );
        }
        assert!(missing.is_empty(), "missing from help: {missing:#?}");
    }
}
