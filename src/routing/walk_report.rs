//! What `flitwave routes` shows of a routing decided in the switches without a route set
//! ([`super::walk`]): per pattern that applies (uniform, bit-reversal, next-group), hops (mean,
//! max, histogram), the load of each class of channel (host links, a dragonfly's local and
//! global links), the busiest channel and the throughput bound; for UGAL, its two candidates
//! walked apart and their best fixed split. Text and JSON.

use super::bound::Bound;
use super::function::Routing;
use super::registry::Plan;
use super::walk::{best_split, walk, Draws, Follow, Walked};
use crate::error::Result;
use crate::topology::Topology;
use crate::traffic::pattern::{DestTable, Pattern};
use serde_json::{json, Value};
use std::fmt::{self, Write};

/// One candidate's walk under every pattern that applies.
pub struct CandidateWalk {
    /// "the route" (one candidate a hop), "minimal", "non-minimal".
    pub candidate: &'static str,
    pub patterns: Vec<(&'static str, Walked)>,
}

/// The statistics of a plan's routing functions.
pub struct WalkReport {
    pub routing: &'static str,
    pub switches: usize,
    pub hosts: usize,
    /// What the walks are taken over ([`Draws::drawn`]).
    pub drawn: &'static str,
    pub walks: Vec<CandidateWalk>,
    /// UGAL: per pattern, the minimal share and the bound of the best fixed split.
    pub split: Vec<(&'static str, f64, Bound)>,
}

/// The patterns a topology's report shows, by their names in the report and in JSON.
fn patterns(topo: &Topology) -> Vec<(&'static str, DestTable)> {
    [
        ("uniform", Pattern::uniform()),
        ("bit_reversal", Pattern::bit_reversal()),
        ("next_group", Pattern::next_group()),
    ]
    .into_iter()
    .filter_map(|(n, p)| DestTable::new(&p, topo).ok().map(|d| (n, d)))
    .collect()
}

/// UGAL offers two candidates at the source (minimal first): walk each.
pub fn chooses(plan: &Plan) -> bool {
    plan.functions.as_ref().is_some_and(|f| {
        f.iter()
            .any(|r| matches!(r, Routing::DflyUgal(u) if !u.valiant))
    })
}

/// The bound of `plan`'s routing functions under `dests` (None without functions or when no
/// host sends): for UGAL, its best fixed split between its two candidates.
pub fn bound(topo: &Topology, plan: &Plan, dests: &DestTable) -> Result<Option<Bound>> {
    let one = |follow| -> Result<Option<Walked>> {
        match Draws::of(plan, follow) {
            Some(d) => walk(topo, &d, dests, "routing functions walked"),
            None => Ok(None),
        }
    };
    let Some(a) = one(Follow::First)? else {
        return Ok(None);
    };
    if !chooses(plan) {
        return Ok(Some(a.bound));
    }
    let Some(b) = one(Follow::Last)? else {
        return Ok(None);
    };
    Ok(Some(best_split(topo, &a, &b).1))
}

impl WalkReport {
    /// Walk `plan` on `topo` under every pattern that applies.
    pub fn compute(topo: &Topology, plan: &Plan) -> Result<WalkReport> {
        let pats = patterns(topo);
        let sides: &[(&'static str, Follow)] = if chooses(plan) {
            &[("minimal", Follow::First), ("non-minimal", Follow::Last)]
        } else {
            &[("the route", Follow::First)]
        };
        let mut walks = Vec::new();
        let mut drawn = "none";
        for &(candidate, follow) in sides {
            let Some(draws) = Draws::of(plan, follow) else {
                continue;
            };
            drawn = draws.drawn;
            let mut patterns = Vec::new();
            for (name, d) in &pats {
                if let Some(w) = walk(topo, &draws, d, "routing functions walked")? {
                    patterns.push((*name, w));
                }
            }
            walks.push(CandidateWalk {
                candidate,
                patterns,
            });
        }
        let split = match walks.as_slice() {
            [a, b] => a
                .patterns
                .iter()
                .zip(&b.patterns)
                .map(|((n, x), (_, y))| {
                    let (f, bd) = best_split(topo, x, y);
                    (*n, f, bd)
                })
                .collect(),
            _ => vec![],
        };
        Ok(WalkReport {
            routing: plan.algorithm,
            switches: topo.switches,
            hosts: topo.num_hosts(),
            drawn,
            walks,
            split,
        })
    }

    /// The bounds as `throughput_bound` of `routes --json` gives them (null where a pattern
    /// does not apply): the split's for UGAL, else the walk's.
    pub fn bound_json(&self) -> Value {
        let mut rate = serde_json::Map::new();
        let mut busiest = serde_json::Map::new();
        for n in ["uniform", "bit_reversal", "next_group"] {
            let b = self.bound_of(n);
            rate.insert(n.into(), json!(b.map(|b| b.rate)));
            busiest.insert(n.into(), json!(b.map(|b| &b.channel)));
        }
        let mut j = Value::Object(rate);
        j["kind"] = json!(self.bound_kind());
        j["unit"] = json!("flits/cycle/host");
        j["busiest"] = Value::Object(busiest);
        j
    }

    fn bound_of(&self, pattern: &str) -> Option<&Bound> {
        if !self.split.is_empty() {
            return self
                .split
                .iter()
                .find(|(n, _, _)| *n == pattern)
                .map(|x| &x.2);
        }
        self.walks
            .first()?
            .patterns
            .iter()
            .find(|(n, _)| *n == pattern)
            .map(|x| &x.1.bound)
    }

    fn bound_kind(&self) -> &'static str {
        if self.split.is_empty() {
            "routing functions walked"
        } else {
            "best split of the two candidates"
        }
    }

    /// The one-line bound in the form route sets print it.
    pub fn bound_line(&self) -> String {
        let v: Vec<String> = ["uniform", "bit_reversal", "next_group"]
            .iter()
            .filter_map(|n| {
                self.bound_of(n)
                    .map(|b| format!("{} {:.4} ({})", n.replace('_', "-"), b.rate, b.channel))
            })
            .collect();
        format!(
            "throughput bound ({}): {} flits/cycle/host offered, where the busiest channel is full",
            self.bound_kind(),
            v.join(", ")
        )
    }

    /// Everything as JSON: `walks[].candidate`, `walks[].patterns.<name>.{mean_hops, max_hops,
    /// hops_histogram, link_classes.<class>.{channels, mean, max, busiest}, bound}`, `split`.
    pub fn to_json(&self) -> Value {
        let walks: Vec<Value> = self
            .walks
            .iter()
            .map(|c| {
                let mut p = serde_json::Map::new();
                for (n, w) in &c.patterns {
                    let mut cl = serde_json::Map::new();
                    for x in &w.classes {
                        cl.insert(
                            x.class.name().into(),
                            json!({"channels": x.channels, "mean": x.mean, "max": x.max, "busiest": x.busiest}),
                        );
                    }
                    p.insert(
                        (*n).into(),
                        json!({
                            "mean_hops": w.mean_hops,
                            "max_hops": w.max_hops,
                            "hops_histogram": w.histogram,
                            "link_classes": cl,
                            "bound": {"rate": w.bound.rate, "channel": w.bound.channel, "load": w.bound.load},
                        }),
                    );
                }
                json!({"candidate": c.candidate, "patterns": p})
            })
            .collect();
        let split: Vec<Value> = self
            .split
            .iter()
            .map(|(n, f, b)| json!({"pattern": n, "minimal_share": f, "rate": b.rate, "channel": b.channel}))
            .collect();
        json!({
            "switches": self.switches,
            "hosts": self.hosts,
            "drawn": self.drawn,
            "unit": "flits/cycle on a channel per flit/cycle/host offered",
            "walks": walks,
            "split": split,
        })
    }
}

/// One candidate's table: a column per pattern.
fn table(f: &mut String, c: &CandidateWalk) -> fmt::Result {
    let cols: Vec<&Walked> = c.patterns.iter().map(|x| &x.1).collect();
    let row = |f: &mut String, label: &str, cells: &mut dyn Iterator<Item = String>| {
        write!(f, "{label:<22}")?;
        for x in cells {
            write!(f, " {x:>15}")?;
        }
        writeln!(f)
    };
    row(
        f,
        "",
        &mut c.patterns.iter().map(|(n, _)| n.replace('_', "-")),
    )?;
    row(
        f,
        "mean hops",
        &mut cols.iter().map(|w| format!("{:.3}", w.mean_hops)),
    )?;
    row(
        f,
        "max hops",
        &mut cols.iter().map(|w| w.max_hops.to_string()),
    )?;
    // one row a hop count, or about ten rows of equal ranges on a large network (JSON: every
    // count)
    let most = cols.iter().map(|w| w.histogram.len()).max().unwrap_or(0);
    let width = if most > 13 { most.div_ceil(10) } else { 1 };
    for lo in (0..most).step_by(width) {
        let hi = (lo + width).min(most) - 1;
        let label = if hi == lo {
            format!("  {lo} hops")
        } else {
            format!("  {lo}-{hi} hops")
        };
        row(
            f,
            &label,
            &mut cols.iter().map(|w| {
                let share: f64 = (lo..=hi)
                    .map(|h| w.histogram.get(h).copied().unwrap_or(0.0))
                    .sum();
                format!("{:.1} %", 100.0 * share)
            }),
        )?;
    }
    writeln!(
        f,
        "channel load, mean / max (flits/cycle per flit/cycle/host offered):"
    )?;
    let first = cols.first().map_or(&[][..], |w| &w.classes[..]);
    for (k, x) in first.iter().enumerate() {
        row(
            f,
            &format!("  {} ({})", x.class.name(), x.channels),
            &mut cols.iter().map(|w| {
                let y = &w.classes[k];
                format!("{:.3} / {:.3}", y.mean, y.max)
            }),
        )?;
    }
    for (n, w) in &c.patterns {
        writeln!(
            f,
            "busiest, {:<13} {} ({:.3}): bound {:.4} flits/cycle/host",
            n.replace('_', "-"),
            w.bound.channel,
            w.bound.load,
            w.bound.rate
        )?;
    }
    Ok(())
}

impl fmt::Display for WalkReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        writeln!(
            s,
            "{} switches, {} hosts: every router pair's path walked through the routing functions{}",
            self.switches,
            self.hosts,
            if self.drawn == "none" {
                String::new()
            } else {
                format!(", over every draw of {} (exact expectation)", self.drawn)
            }
        )?;
        for c in &self.walks {
            if self.walks.len() > 1 {
                writeln!(
                    s,
                    "{} candidate{}:",
                    c.candidate,
                    if c.candidate == "minimal" {
                        " (UGAL's choice on an idle network)"
                    } else {
                        " (every packet through its intermediate router)"
                    }
                )?;
            }
            table(&mut s, c)?;
        }
        for (n, share, b) in &self.split {
            writeln!(
                s,
                "best fixed split, {:<6} {:.1} % minimal: bound {:.4} ({}); a choice per packet may do better",
                n.replace('_', "-"),
                100.0 * share,
                b.rate,
                b.channel
            )?;
        }
        write!(f, "{}", s.trim_end())
    }
}
