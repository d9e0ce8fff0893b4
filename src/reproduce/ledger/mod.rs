//! The fidelity ledger (`flitwave reproduce check`): every paper's headline claims as
//! statistics, read from the committed raw results of its reproduction. Each claim is one
//! number per replicate — per network where the paper's network is random, per seed where it
//! is fixed — their mean with its 95 % interval (Student t), the cells beside it, and a test
//! against the paper's figure with a tolerance defended in docs/statistics.md. Nothing is
//! simulated: a reproduction re-run updates the ledger (docs/results/README.md is this
//! ledger, generated).

pub mod claims;

pub use claims::rows;

use crate::error::{Error, Result};
use crate::reproduce::papers;
use crate::stats::confidence::{mean_ci95, MeanCi};
use serde_json::Value;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Networks a claim needs when the paper's network is random.
pub const NETWORKS: usize = 5;
/// Seeds a claim needs when the paper's network is fixed.
pub const SEEDS: usize = 3;

/// What one replicate of a claim varies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Over {
    /// Random networks (each with its own seed): at least [`NETWORKS`].
    Networks,
    /// Seeds of traffic and trace on one network: at least [`SEEDS`].
    Seeds,
}

impl Over {
    /// Replicates a claim needs.
    pub fn need(self) -> usize {
        match self {
            Over::Networks => NETWORKS,
            Over::Seeds => SEEDS,
        }
    }

    fn name(self, n: usize) -> &'static str {
        match (self, n) {
            (Over::Networks, 1) => "network",
            (Over::Networks, _) => "networks",
            (Over::Seeds, 1) => "seed",
            (Over::Seeds, _) => "seeds",
        }
    }
}

/// How the statistic is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// A plain number (hops, a ratio the paper writes bare).
    Plain,
    /// A factor: `1.75x`.
    Times,
    /// A signed percentage: `+12.6 %`.
    Percent,
    /// Percentage points: `1.2 points`.
    Points,
}

impl Unit {
    /// `x` in this unit.
    pub fn show(self, x: f64) -> String {
        match self {
            Unit::Plain => format!("{x:.2}"),
            Unit::Times => format!("{x:.2}x"),
            Unit::Percent => format!("{x:+.1} %"),
            Unit::Points => format!("{x:.1} points"),
        }
    }

    /// A width (an interval's half) in this unit.
    fn width(self, x: f64) -> String {
        match self {
            Unit::Plain | Unit::Times => format!("{x:.2}"),
            Unit::Percent => format!("{x:.1} %"),
            Unit::Points => format!("{x:.1}"),
        }
    }
}

/// The test of a claim against the 95 % interval `[lo, hi]` of its replicates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Test {
    /// The paper's figure within a relative tolerance: matches when the interval widened by
    /// `rel` × |paper| on both sides holds the paper's figure; differs otherwise.
    Near { paper: f64, rel: f64 },
    /// At least `b`: matches when `lo >= b`, differs when `hi < b`.
    AtLeast(f64),
    /// Above `b` (a gain): matches when `lo > b`, differs when `hi <= b`.
    Above(f64),
    /// Below `b` (a loss): matches when `hi < b`, differs when `lo >= b`.
    Below(f64),
    /// At most `b`: matches when `hi <= b`, differs when `lo > b`.
    AtMost(f64),
}

impl Test {
    /// The tolerance as the ledger prints it.
    pub fn describe(self, unit: Unit) -> String {
        let show = |b: f64| {
            if b == 0.0 && unit == Unit::Percent {
                "0 %".to_string()
            } else {
                unit.show(b)
            }
        };
        match self {
            Test::Near { rel, .. } => format!("±{:.0} %", rel * 100.0),
            Test::AtLeast(b) => format!("≥ {}", show(b)),
            Test::Above(b) => format!("> {}", show(b)),
            Test::Below(b) => format!("< {}", show(b)),
            Test::AtMost(b) => format!("≤ {}", show(b)),
        }
    }

    /// The status of an interval `[lo, hi]` around `mean`.
    pub fn judge(self, mean: f64, lo: f64, hi: f64) -> Status {
        let (yes, no) = match self {
            Test::Near { paper, rel } => {
                let w = rel * paper.abs();
                let yes = lo - w <= paper && paper <= hi + w;
                (yes, !yes)
            }
            Test::AtLeast(b) => (lo >= b, hi < b),
            Test::Above(b) => (lo > b, hi <= b),
            Test::Below(b) => (hi < b, lo >= b),
            Test::AtMost(b) => (hi <= b, lo > b),
        };
        if !mean.is_finite() {
            Status::Differs
        } else if yes {
            Status::Matches
        } else if no {
            Status::Differs
        } else {
            Status::Undecided
        }
    }
}

/// A claim's verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// The interval (widened by the tolerance) agrees with the paper.
    Matches,
    /// It does not.
    Differs,
    /// A one-sided claim whose interval holds both sides of its bound: more replicates decide.
    Undecided,
    /// Fewer replicates than the claim needs: no verdict.
    TooFew,
}

impl Status {
    pub fn word(self) -> &'static str {
        match self {
            Status::Matches => "matches",
            Status::Differs => "differs",
            Status::Undecided => "undecided",
            Status::TooFew => "too few replicates",
        }
    }
}

/// One headline claim over its replicates.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// The reproduction of the claim's paper (`itb`); the ledger shows its short title.
    pub reproduction: &'static str,
    pub claim: String,
    /// The paper's figure as the paper gives it.
    pub paper: String,
    pub unit: Unit,
    /// The statistic of each replicate, in replicate order.
    pub cells: Vec<f64>,
    pub over: Over,
    pub stat: MeanCi,
    /// Figures shown beside the statistic (other readings, other measures).
    pub note: String,
    pub test: Test,
    pub status: Status,
    /// Where the docs isolate the difference (or describe the match).
    pub why: &'static str,
}

/// What a row is made of, before its statistic and verdict.
pub struct Claim {
    /// The reproduction of the claim's paper (`itb`).
    pub reproduction: &'static str,
    pub claim: String,
    pub paper: String,
    pub unit: Unit,
    pub over: Over,
    pub test: Test,
    pub why: &'static str,
}

impl Claim {
    /// The row of this claim over `cells` (non-finite cells are left out), `note` beside.
    pub fn over(self, cells: Vec<f64>, note: String) -> Row {
        let cells: Vec<f64> = cells.into_iter().filter(|x| x.is_finite()).collect();
        let stat = mean_ci95(&cells);
        let h = stat.half_width.unwrap_or(0.0);
        let status = if cells.len() < self.over.need() {
            Status::TooFew
        } else {
            self.test.judge(stat.mean, stat.mean - h, stat.mean + h)
        };
        Row {
            reproduction: self.reproduction,
            claim: self.claim,
            paper: self.paper,
            unit: self.unit,
            cells,
            over: self.over,
            stat,
            note,
            test: self.test,
            status,
            why: self.why,
        }
    }
}

impl Row {
    pub fn matches(&self) -> bool {
        self.status == Status::Matches
    }

    /// The mean with its 95 % half-width and how many replicates.
    pub fn statistic(&self) -> String {
        let n = self.cells.len();
        if n == 0 {
            return format!(
                "no replicate in the file (a claim needs {} {})",
                self.over.need(),
                self.over.name(2)
            );
        }
        let mut s = self.unit.show(self.stat.mean);
        if let Some(h) = self.stat.half_width {
            s += &format!(" ± {}", self.unit.width(h));
        }
        s += &format!(" ({n} {})", self.over.name(n));
        if n < self.over.need() {
            s += &format!(", fewer than the {} a claim needs", self.over.need());
        }
        s
    }
}

/// One raw result file the ledger reads: the paper, the file under the results directory,
/// and the flags of the reproduction that writes it there (the replicates each claim needs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Source {
    /// The reproduction that writes the file (`flitwave reproduce PAPER`).
    pub paper: &'static str,
    /// The folder under the results directory it writes into (its `--out`), "" for the
    /// results directory itself.
    pub dir: &'static str,
    pub flags: &'static str,
}

impl Source {
    /// The raw file under the results directory: the folder, then the name every
    /// reproduction gives its raw results ([`crate::reproduce::report::raw_file`]).
    pub fn file(&self) -> PathBuf {
        Path::new(self.dir).join(crate::reproduce::report::raw_file(self.paper))
    }
}

/// The raw result files, per paper: each row reads the file of the scale it names (ITB's
/// tables from the run with ITB's paths as its §3 describes them — a legal up*/down* minimal
/// path where one exists — and local traffic counted along up*/down* routes, the runs with
/// random minimal paths beside; the Fat-trees paper's Figure 5 from the paper's
/// 4-ary 4-tree with 8 KB packets, its Figure 7 from the reduced trace, which has the
/// variants with acknowledgement packets; In-order delivery's claims from the run with five
/// networks and five trace seeds).
pub const RAW: [Source; 8] = [
    Source {
        paper: "itb",
        dir: "itb-legal",
        flags: "--topologies 5 --paths legal-first --local-metric route",
    },
    Source {
        paper: "itb",
        dir: "itb",
        flags: "--topologies 5",
    },
    Source {
        paper: "itb",
        dir: "itb-route",
        flags: "--topologies 5 --patterns local3,local5 --local-metric route",
    },
    Source {
        paper: "fattree",
        dir: "fattree-fig5",
        flags: "--full --figures fig5 --seeds 3",
    },
    Source {
        paper: "fattree",
        dir: "fattree-fig7",
        flags: "--figures fig7,fig7closed,fig7sync --seeds 3",
    },
    Source {
        paper: "speculative",
        dir: "",
        flags: "--seeds 3",
    },
    Source {
        paper: "dl",
        dir: "",
        flags: "--topologies 5",
    },
    Source {
        paper: "inorder",
        dir: "inorder-stats",
        flags: "--figures fig5,tables --topologies 5 --seeds 5",
    },
];

/// The reproduction that writes raw file `s` under results directory `dir`: its paper, its
/// flags, the folder it writes into.
pub fn command(dir: &Path, s: &Source) -> String {
    format!(
        "flitwave reproduce {} {} --out {}",
        s.paper,
        s.flags,
        dir.join(s.dir).display()
    )
}

/// The raw file `s` under `dir`, parsed.
fn read(dir: &Path, s: &Source) -> Result<Value> {
    let p = dir.join(s.file());
    let text = std::fs::read_to_string(&p).map_err(|e| {
        Error::new(format!(
            "{}: {e}; run `{}` first",
            p.display(),
            command(dir, s)
        ))
    })?;
    serde_json::from_str(&text).map_err(|e| Error::new(format!("{}: not JSON: {e}", p.display())))
}

/// Every raw file under `dir`, in [`RAW`]'s order.
fn read_all(dir: &Path) -> Result<Vec<Value>> {
    RAW.iter().map(|s| read(dir, s)).collect()
}

/// The ledger as markdown: one table, every paper, each named by its short title.
pub fn markdown(rows: &[Row]) -> String {
    let mut md = String::from(
        "| paper | headline claim | in the paper | flitwave (mean ± 95 %) | cells | tolerance | status | why |\n|---|---|---|---|---|---|---|---|\n",
    );
    for r in rows {
        let cells = r
            .cells
            .iter()
            .map(|&x| r.unit.show(x))
            .collect::<Vec<_>>()
            .join(", ");
        let mut flitwave = r.statistic();
        if !r.note.is_empty() {
            flitwave += &format!("; {}", r.note);
        }
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {} | {} | {} | {} |",
            papers::short(r.reproduction),
            r.claim,
            r.paper,
            flitwave,
            cells,
            r.test.describe(r.unit),
            r.status.word(),
            r.why
        );
    }
    md
}

/// The ledger's count line: how many rows have each status.
pub fn tally(rows: &[Row]) -> String {
    let count = |s: Status| rows.iter().filter(|r| r.status == s).count();
    let mut t = format!(
        "{} of {} claims match; {} differ",
        count(Status::Matches),
        rows.len(),
        count(Status::Differs)
    );
    for s in [Status::Undecided, Status::TooFew] {
        if count(s) > 0 {
            t += &format!("; {} {}", count(s), s.word());
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every raw file's command names a registered reproduction and writes into the file's
    /// own folder.
    #[test]
    fn every_raw_file_names_the_reproduction_that_writes_it() {
        for s in RAW {
            let c = command(Path::new("res"), &s);
            let paper = c.split_whitespace().nth(2).unwrap();
            assert!(crate::reproduce::papers::paper(paper).is_some(), "{c}");
            let out = c.rsplit_once("--out ").unwrap().1;
            assert_eq!(
                Path::new(out).join(crate::reproduce::report::raw_file(paper)),
                Path::new("res").join(s.file()),
                "{c}"
            );
        }
    }

    /// The verdicts of each test at the edges of an interval.
    #[test]
    fn a_claim_is_judged_by_its_interval() {
        let near = Test::Near {
            paper: 2.0,
            rel: 0.1,
        };
        // the interval 1.5..1.7 widened by 0.2 reaches 1.9, not 2.0
        assert_eq!(near.judge(1.6, 1.5, 1.7), Status::Differs);
        assert_eq!(near.judge(1.7, 1.5, 1.85), Status::Matches);
        assert_eq!(near.judge(2.6, 2.3, 2.4), Status::Differs);
        assert_eq!(Test::AtLeast(4.0).judge(4.3, 4.1, 4.5), Status::Matches);
        assert_eq!(Test::AtLeast(4.0).judge(4.1, 3.8, 4.4), Status::Undecided);
        assert_eq!(Test::AtLeast(4.0).judge(3.5, 3.2, 3.8), Status::Differs);
        assert_eq!(Test::Above(0.0).judge(-5.0, -9.0, -1.0), Status::Differs);
        assert_eq!(Test::Above(0.0).judge(-1.0, -4.0, 2.0), Status::Undecided);
        assert_eq!(Test::Below(0.0).judge(12.0, 6.0, 18.0), Status::Differs);
        assert_eq!(Test::AtMost(7.0).judge(2.0, 0.5, 3.5), Status::Matches);
    }

    /// Each row names its paper by the short title users read, in the table's first column.
    #[test]
    fn rows_name_their_paper_by_its_short_title() {
        let row = Claim {
            reproduction: "inorder",
            claim: "c".into(),
            paper: "2".into(),
            unit: Unit::Plain,
            over: Over::Seeds,
            test: Test::AtLeast(1.0),
            why: "w",
        }
        .over(vec![2.0, 2.1, 1.9], String::new());
        let md = markdown(&[row]);
        let lines: Vec<&str> = md.lines().collect();
        assert!(
            lines[0].starts_with("| paper | headline claim | in the paper | flitwave"),
            "{md}"
        );
        assert!(
            lines[2].starts_with("| In-order delivery | c | 2 | "),
            "{md}"
        );
    }

    /// Fewer replicates than a claim needs give no verdict, whatever the mean.
    #[test]
    fn too_few_replicates_give_no_verdict() {
        let claim = |over| Claim {
            reproduction: "itb",
            claim: "c".into(),
            paper: "2".into(),
            unit: Unit::Plain,
            over,
            test: Test::Near {
                paper: 2.0,
                rel: 0.2,
            },
            why: "",
        };
        let r = claim(Over::Networks).over(vec![2.0, 2.1], String::new());
        assert_eq!(r.status, Status::TooFew);
        assert!(
            r.statistic().contains("fewer than the 5"),
            "{}",
            r.statistic()
        );
        let r = claim(Over::Seeds).over(vec![2.0, 2.1, 1.9], String::new());
        assert_eq!(r.status, Status::Matches);
        assert_eq!(r.cells.len(), 3);
        assert!(
            r.statistic().starts_with("2.00 ± 0.25 (3 seeds)"),
            "{}",
            r.statistic()
        );
    }
}
