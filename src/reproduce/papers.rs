//! The seed papers flitwave reproduces: the registry behind `flitwave reproduce`, its help and
//! `flitwave list`. A "seed" is one of the five papers of `shared/seeds` that specify the
//! hardware flitwave models; each has one reproduction.

use super::{dl::command::Dl, fattree::command::Fattree, inorder::command::Inorder};
use super::{itb::command::Itb, speculative::command::Speculative, Reproduction};

/// One reproduction: the name `reproduce` takes, the seed paper, and what it covers.
pub struct PaperEntry {
    pub name: &'static str,
    /// The seed number, "000" to "004".
    pub seed: &'static str,
    /// Authors and title of the paper.
    pub paper: &'static str,
    /// Its tables and figures that the reproduction recomputes.
    pub covers: &'static str,
    /// The reproduction itself.
    pub reproduction: &'static dyn Reproduction,
}

/// Every reproduction, in seed order.
pub const PAPERS: &[PaperEntry] = &[
    PaperEntry {
        name: "itb",
        seed: "000",
        paper: "Flich et al., Performance Evaluation of a New Routing Strategy for Irregular Networks with Source Routing (in-transit buffers versus up*/down* on Myrinet)",
        covers: "Tables 1-9, Figures 6-9",
        reproduction: &Itb,
    },
    PaperEntry {
        name: "fattree",
        seed: "001",
        paper: "Gómez et al., Deterministic versus Adaptive Routing in Fat-Trees (IR/FIR, SADP and FF, reorder buffers)",
        covers: "Figures 5-7 and the bit-reversal case",
        reproduction: &Fattree,
    },
    PaperEntry {
        name: "speculative",
        seed: "002",
        paper: "So, Oyanagi, Yamazaki, Speculative Routing in Multicomputer Direct Networks (SSR over Opt-y on a 16x16 mesh)",
        covers: "Figures 4-5",
        reproduction: &Speculative,
    },
    PaperEntry {
        name: "dl",
        seed: "003",
        paper: "Koibuchi et al., Descending Layers Routing (virtual channels as layers)",
        covers: "Tables 6-7",
        reproduction: &Dl,
    },
    PaperEntry {
        name: "inorder",
        seed: "004",
        paper: "Martínez et al., In-Order Packet Delivery in Interconnection Networks using Adaptive Routing",
        covers: "Figures 5-8, Tables 1-2, the NIC on fat-trees",
        reproduction: &Inorder,
    },
];

/// The file a reproduction writes its raw results into, in its `--out` (`dl_raw.json`); the
/// ledger reads it back by the same name.
pub fn raw_file(name: &str) -> String {
    format!("{name}_raw.json")
}

/// The ledger's name: not a paper, the check of every paper's claims.
pub const CHECK: &str = "check";

/// The reproduction called `name`, if any.
pub fn paper(name: &str) -> Option<&'static PaperEntry> {
    PAPERS.iter().find(|p| p.name == name)
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
    fn one_reproduction_per_seed_in_order() {
        let seeds: Vec<&str> = PAPERS.iter().map(|p| p.seed).collect();
        assert_eq!(seeds, ["000", "001", "002", "003", "004"]);
        assert!(paper("inorder").is_some() && paper("check").is_none());
        assert_eq!(allowed(), "itb, fattree, speculative, dl, inorder, check");
    }
}
