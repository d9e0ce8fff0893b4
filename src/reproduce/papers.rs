//! The papers flitwave reproduces: the registry behind `flitwave reproduce`, its help and
//! `flitwave list`. They are the five papers that specify the hardware flitwave models, each
//! with one reproduction, named to users by their short titles (README.md, docs/models.md).
//! The code numbers them 000 to 004 (`shared/seeds`), which no user reads: "seed" there is
//! not a random seed.

use super::{dl::command::Dl, fattree::command::Fattree, inorder::command::Inorder};
use super::{itb::command::Itb, speculative::command::Speculative, Reproduction};

/// One reproduction: the name `reproduce` takes, the paper, and what it covers.
pub struct PaperEntry {
    pub name: &'static str,
    /// The short title users read (help, `flitwave list`, reports, the ledger, the docs).
    pub short: &'static str,
    /// The paper's number in the code, "000" to "004" (never shown to users).
    pub seed: &'static str,
    /// Authors and title of the paper.
    pub paper: &'static str,
    /// Its tables and figures that the reproduction recomputes.
    pub covers: &'static str,
    /// The reproduction itself.
    pub reproduction: &'static dyn Reproduction,
}

/// Every reproduction, in the papers' order (000 to 004).
pub const PAPERS: &[PaperEntry] = &[
    PaperEntry {
        name: "itb",
        short: "ITB",
        seed: "000",
        paper: "Flich et al., Performance Evaluation of a New Routing Strategy for Irregular Networks with Source Routing (in-transit buffers versus up*/down* on Myrinet)",
        covers: "Tables 1-9, Figures 6-9",
        reproduction: &Itb,
    },
    PaperEntry {
        name: "fattree",
        short: "Fat-trees",
        seed: "001",
        paper: "Gómez et al., Deterministic versus Adaptive Routing in Fat-Trees (IR/FIR, SADP and FF, reorder buffers)",
        covers: "Figures 5-7 and the bit-reversal case",
        reproduction: &Fattree,
    },
    PaperEntry {
        name: "speculative",
        short: "Speculative routing",
        seed: "002",
        paper: "So, Oyanagi, Yamazaki, Speculative Routing in Multicomputer Direct Networks (SSR over Opt-y on a 16x16 mesh)",
        covers: "Figures 4-5",
        reproduction: &Speculative,
    },
    PaperEntry {
        name: "dl",
        short: "DL",
        seed: "003",
        paper: "Koibuchi et al., Descending Layers Routing (virtual channels as layers)",
        covers: "Tables 6-7",
        reproduction: &Dl,
    },
    PaperEntry {
        name: "inorder",
        short: "In-order delivery",
        seed: "004",
        paper: "Martínez et al., In-Order Packet Delivery in Interconnection Networks using Adaptive Routing",
        covers: "Figures 5-8, Tables 1-2, the NIC on fat-trees",
        reproduction: &Inorder,
    },
];

/// The ledger's name: not a paper, the check of every paper's claims.
pub const CHECK: &str = "check";

/// The reproduction called `name`, if any.
pub fn paper(name: &str) -> Option<&'static PaperEntry> {
    PAPERS.iter().find(|p| p.name == name)
}

/// The short title of the paper whose reproduction is called `name` ("ITB" for `itb`).
///
/// # Panics
/// If no reproduction is called `name`: callers name registered reproductions only.
pub fn short(name: &str) -> &'static str {
    paper(name)
        .unwrap_or_else(|| panic!("{name:?} is no registered reproduction"))
        .short
}

/// Every name `reproduce` takes, for errors: the papers, then `check`.
pub fn allowed() -> String {
    let mut v: Vec<&str> = PAPERS.iter().map(|p| p.name).collect();
    v.push(CHECK);
    v.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_reproduction_per_paper_in_order() {
        let seeds: Vec<&str> = PAPERS.iter().map(|p| p.seed).collect();
        assert_eq!(seeds, ["000", "001", "002", "003", "004"]);
        // the short titles of README.md's table and docs/models.md, the papers' names to users
        let titles: Vec<&str> = PAPERS.iter().map(|p| p.short).collect();
        assert_eq!(
            titles,
            [
                "ITB",
                "Fat-trees",
                "Speculative routing",
                "DL",
                "In-order delivery"
            ]
        );
        assert_eq!(short("dl"), "DL");
        assert!(paper("inorder").is_some() && paper("check").is_none());
        assert_eq!(allowed(), "itb, fattree, speculative, dl, inorder, check");
    }
}
