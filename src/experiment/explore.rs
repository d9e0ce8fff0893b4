//! `flitwave explore STORE...`: design-space exploration with area. Each design of a
//! saturation-search sweep (`sweep --search --grid ... --store`: a routing and a grid point) is
//! paired with the area of the VC router's control blocks and storage, from the RTL twins'
//! synthesis reports (`hdl::area`), and the designs on the Pareto front — no other design has
//! at most its area and at least its throughput (and, in the table, at most its latency) — are
//! drawn and listed (docs/explore.md).
//!
//! The router of the vc family with P ports and V VCs per port of D flits of W bits:
//! - switch allocator: a P x P separable allocator (the `allocator` twin is 5 x 5);
//! - VC allocator: a PV x PV separable allocator (`allocator` is 5 x 5, `vc_allocator` 10 x 10);
//! - credit counters: one per output VC (the `credit` twin is 16 bits; a counter of the
//!   buffer's depth needs ceil(log2(D + 1)) bits, so its area is scaled by bits / 16 and marked
//!   as an estimate);
//! - input buffers: P V D W bits of flip-flops at Yosys's CMOS cost of a flip-flop (16
//!   transistors; an SRAM macro would be smaller).
//!
//! Allocator sizes without a twin are interpolated from the two synthesized sizes with a power
//! law through them (area ~ n^e) and marked as estimates. Routing logic and the crossbar are not
//! counted in the parts. A router of the `vc_router` twin's shape (5 ports, 2 VCs of 8 flits,
//! 1-byte flits: the BookSim2 preset) also gets the twin's own synthesized figure, everything
//! included (routing, crossbar, VC state, the flits' 8 control bits), beside the parts' sum.

use super::store::{Kind, Record};
use crate::error::{Error, Result};
use crate::hdl::area::{area, Area};
use crate::stats::confidence::{mean_ci95, MeanCi};
use crate::stats::saturation::{Load, Saturation};
use std::collections::BTreeMap;

/// Yosys's transistor count of a CMOS flip-flop (`stat -tech cmos`, `$_DFF_P_`).
pub const FLOP_TRANSISTORS: u64 = 16;

/// Width of the `credit` twin's counter.
pub const CREDIT_TWIN_BITS: u64 = 16;

/// Area of one router, in the twins' figures.
#[derive(Debug, Clone, Copy, PartialEq, Default, serde::Serialize)]
pub struct RouterArea {
    pub switch_allocator: f64,
    pub vc_allocator: f64,
    pub credits: f64,
    pub buffers: f64,
    /// Some allocator size was interpolated, not synthesized.
    pub estimated: bool,
    /// The whole router as the `vc_router` twin synthesizes it, when the router has its shape.
    pub router_twin: Option<f64>,
}

impl RouterArea {
    /// Transistors in all.
    pub fn total(&self) -> f64 {
        self.switch_allocator + self.vc_allocator + self.credits + self.buffers
    }
}

/// What the area model reads of a configuration (a store record's `config` JSON).
#[derive(Debug, Clone, PartialEq)]
pub struct RouterShape {
    pub family: String,
    /// Ports of the largest router (hardware is uniform).
    pub ports: usize,
    pub vcs: usize,
    pub buffer_flits: u64,
    pub flit_bits: u64,
}

impl RouterShape {
    /// The shape from a configuration's JSON.
    pub fn from_json(c: &serde_json::Value) -> Result<Self> {
        let num = |p: &str| -> Result<u64> {
            c.pointer(p)
                .and_then(|v| v.as_u64())
                .ok_or_else(|| Error::new(format!("a store record's configuration lacks {p}")))
        };
        let t = |p: &str| c.pointer(p).and_then(|v| v.as_str()).unwrap_or_default();
        let ports = match t("/topology/kind") {
            "mesh" | "torus" => 4 + num("/topology/hosts_per_switch")? as usize,
            "irregular" => num("/topology/ports")? as usize,
            "fattree" => 2 * num("/topology/k")? as usize,
            other => {
                return Err(Error::new(format!(
                    "explore: the router size of a {other:?} topology is not known; use a generated topology"
                )))
            }
        };
        Ok(RouterShape {
            family: t("/switch/family").to_string(),
            ports,
            vcs: num("/switch/vcs")?.max(1) as usize,
            buffer_flits: num("/switch/vc_buffer_flits")?,
            flit_bits: num("/link/flit_bytes")? * 8,
        })
    }
}

/// Transistors of an n x n separable allocator: synthesized at 5 and 10, interpolated (or
/// extrapolated) as a power law through both otherwise.
pub fn allocator_transistors(n: usize) -> Result<(f64, bool)> {
    let a5 = area("allocator")?.transistors as f64;
    let a10 = area("vc_allocator")?.transistors as f64;
    Ok(match n {
        5 => (a5, false),
        10 => (a10, false),
        _ => {
            let e = (a10 / a5).ln() / 2f64.ln();
            (a5 * (n as f64 / 5.0).powf(e), true)
        }
    })
}

/// The area of a router of shape `r` (vc family only).
pub fn router_area(r: &RouterShape) -> Result<RouterArea> {
    if r.family != "vc" {
        return Err(Error::field(
            "switch.family",
            format!(
                "explore's area model is the vc family's router; {:?} has none",
                r.family
            ),
        ));
    }
    let (p, v) = (r.ports, r.vcs);
    let (sa, e1) = allocator_transistors(p)?;
    let (va, e2) = allocator_transistors(p * v)?;
    let Area {
        transistors: cr, ..
    } = area("credit")?;
    let credit_bits = 64 - r.buffer_flits.leading_zeros() as u64; // ceil(log2(D + 1))
    let bits = (p * v) as u64 * r.buffer_flits * r.flit_bits;
    let twin_shape = (p, v, r.buffer_flits, r.flit_bits) == (5, 2, 8, 8);
    let router_twin = match twin_shape {
        true => Some(area("vc_router")?.transistors as f64),
        false => None,
    };
    Ok(RouterArea {
        switch_allocator: sa,
        vc_allocator: va,
        credits: (p * v) as f64 * cr as f64 * credit_bits as f64 / CREDIT_TWIN_BITS as f64,
        buffers: (bits * FLOP_TRANSISTORS) as f64,
        estimated: e1 || e2 || credit_bits != CREDIT_TWIN_BITS,
        router_twin,
    })
}

/// One design: its measures over the seeds and its area.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Design {
    /// Routing and grid values, e.g. `dor switch.vcs=2 switch.vc_buffer_flits=8`.
    pub label: String,
    pub routing: String,
    pub grid: serde_json::Map<String, serde_json::Value>,
    /// Saturation throughput by the 3x zero-load rule (`stats::saturation`) of each seed's
    /// search, flits/cycle/host: the figure `sweep` prints for the same store.
    pub throughput: MeanCi,
    /// The highest accepted traffic of each seed's search (beyond saturation too),
    /// flits/cycle/host.
    pub highest_accepted: MeanCi,
    /// Latency (cycles) at the common load.
    pub latency: MeanCi,
    pub area: RouterArea,
    /// On the (area, throughput) Pareto front.
    pub front: bool,
    /// On the (area, throughput, latency) Pareto front.
    pub front3: bool,
}

/// The designs of `records` (one or more stores of `sweep --search`), with latency at `rate`
/// (None: the lowest rate every design ran).
pub fn designs(records: &[Record], rate: Option<f64>) -> Result<(Vec<Design>, f64)> {
    // design -> seed -> its point records
    type Seeds<'a> = BTreeMap<u64, Vec<&'a Record>>;
    let mut by: BTreeMap<String, (&Record, Seeds)> = BTreeMap::new();
    let mut searches = 0;
    for r in records {
        let key = format!(
            "{}\u{0}{}\u{0}{}",
            r.base_hash,
            r.routing,
            serde_json::Value::Object(r.grid.clone())
        );
        let e = by.entry(key).or_insert_with(|| (r, BTreeMap::new()));
        let pts = e.1.entry(r.seed).or_default();
        match r.kind {
            Kind::Point => pts.push(r),
            Kind::Search => searches += 1,
        }
    }
    if searches == 0 {
        return Err(Error::new(
            "explore needs saturation searches: run `flitwave sweep --search --grid ... --store FILE` first (docs/explore.md)",
        ));
    }
    let rate = match rate {
        Some(r) => r,
        None => {
            // the lowest rate every design ran with every seed
            let mut common: Option<Vec<u64>> = None;
            for (_, seeds) in by.values() {
                for pts in seeds.values() {
                    let rs: Vec<u64> = pts
                        .iter()
                        .filter_map(|p| p.rate)
                        .map(f64::to_bits)
                        .collect();
                    common = Some(match common {
                        None => rs,
                        Some(c) => c.into_iter().filter(|x| rs.contains(x)).collect(),
                    });
                }
            }
            common
                .unwrap_or_default()
                .into_iter()
                .map(f64::from_bits)
                .min_by(f64::total_cmp)
                .ok_or_else(|| {
                    Error::new("the designs share no rate; give the load of the latency with --latency-rate")
                })?
        }
    };
    let mut out = vec![];
    for (first, seeds) in by.values() {
        let shape = RouterShape::from_json(&first.config)?;
        let (mut thr, mut peak, mut lat) = (vec![], vec![], vec![]);
        for pts in seeds.values() {
            let loads: Vec<Load> = pts
                .iter()
                .filter_map(|p| Load::of_json(p.rate?, p.summary.as_ref()?))
                .collect();
            if !loads.is_empty() {
                let sat = Saturation::of(&loads);
                thr.push(sat.throughput);
                peak.push(sat.highest_accepted);
            }
            let at = pts.iter().find(|p| p.rate == Some(rate));
            if let Some(l) = at.and_then(|p| p.summary.as_ref()?["latency"]["cycles"].as_f64()) {
                lat.push(l);
            }
        }
        let mut label = first.routing.clone();
        for (k, v) in &first.grid {
            label += &format!(" {}={}", k.rsplit('.').next().unwrap_or(k), v);
        }
        if lat.is_empty() {
            return Err(Error::field(
                "--latency-rate",
                format!("design {label:?} has no point at rate {rate}; the search ran other rates"),
            ));
        }
        out.push(Design {
            label,
            routing: first.routing.clone(),
            grid: first.grid.clone(),
            throughput: mean_ci95(&thr),
            highest_accepted: mean_ci95(&peak),
            latency: mean_ci95(&lat),
            area: router_area(&shape)?,
            front: false,
            front3: false,
        });
    }
    mark_fronts(&mut out);
    Ok((out, rate))
}

/// Mark the designs no other design dominates: (area, throughput), and (area, throughput,
/// latency).
pub fn mark_fronts(ds: &mut [Design]) {
    let key = |d: &Design| (d.area.total(), d.throughput.mean, d.latency.mean);
    let keys: Vec<(f64, f64, f64)> = ds.iter().map(key).collect();
    for (i, d) in ds.iter_mut().enumerate() {
        let (a, t, l) = keys[i];
        let dom2 = |&(b, u, _): &(f64, f64, f64)| b <= a && u >= t && (b < a || u > t);
        let dom3 =
            |&(b, u, m): &(f64, f64, f64)| b <= a && u >= t && m <= l && (b < a || u > t || m < l);
        d.front = !keys.iter().any(dom2);
        d.front3 = !keys.iter().any(dom3);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(ports: usize, vcs: usize, depth: u64) -> RouterShape {
        RouterShape {
            family: "vc".into(),
            ports,
            vcs,
            buffer_flits: depth,
            flit_bits: 8,
        }
    }

    #[test]
    fn synthesized_sizes_are_exact_and_others_interpolated() {
        let a5 = area("allocator").unwrap().transistors as f64;
        let a10 = area("vc_allocator").unwrap().transistors as f64;
        assert_eq!(allocator_transistors(5).unwrap(), (a5, false));
        assert_eq!(allocator_transistors(10).unwrap(), (a10, false));
        let (a20, est) = allocator_transistors(20).unwrap();
        assert!(est && a20 > a10 && (a20 / a10 - a10 / a5).abs() < 1e-9);
        let (a7, _) = allocator_transistors(7).unwrap();
        assert!(a5 < a7 && a7 < a10);
    }

    #[test]
    fn area_grows_with_depth_and_vcs_and_is_exact_where_twinned() {
        // 5 x 5 allocators and 16-bit credit counters: every figure synthesized
        let full = router_area(&shape(5, 1, 65535)).unwrap();
        assert!(!full.estimated, "{full:?}");
        // 4-bit credit counters for 15 flits: scaled from the 16-bit twin
        let a = router_area(&shape(5, 1, 15)).unwrap();
        assert!(a.estimated && (a.credits * 4.0 - full.credits).abs() < 1e-6);
        let b = router_area(&shape(5, 1, 16)).unwrap();
        assert!(b.buffers > a.buffers && b.credits > a.credits);
        let c = router_area(&shape(5, 2, 16)).unwrap();
        assert_eq!(c.router_twin, None);
        let preset = router_area(&shape(5, 2, 8)).unwrap();
        let whole = area("vc_router").unwrap().transistors as f64;
        assert_eq!(preset.router_twin, Some(whole));
        assert!(whole > preset.switch_allocator + preset.vc_allocator);
        assert!(c.vc_allocator > b.vc_allocator && c.total() > b.total());
        assert_eq!(c.buffers, (5 * 2 * 16 * 8 * FLOP_TRANSISTORS) as f64);
        let mut other = shape(5, 1, 4);
        other.family = "vct".into();
        assert!(router_area(&other).is_err());
    }

    fn design(area: f64, thr: f64, lat: f64) -> Design {
        let m = |x| MeanCi {
            mean: x,
            half_width: None,
            n: 1,
        };
        Design {
            label: String::new(),
            routing: "dor".into(),
            grid: Default::default(),
            throughput: m(thr),
            highest_accepted: m(thr),
            latency: m(lat),
            area: RouterArea {
                buffers: area,
                ..Default::default()
            },
            front: false,
            front3: false,
        }
    }

    #[test]
    fn fronts_keep_the_undominated_designs() {
        let mut ds = vec![
            design(10.0, 0.2, 50.0),
            design(20.0, 0.4, 40.0),
            design(30.0, 0.3, 30.0), // more area, less throughput than the second: off front 2
            design(20.0, 0.4, 45.0), // equal area and throughput, worse latency
            design(40.0, 0.5, 60.0),
        ];
        mark_fronts(&mut ds);
        let f2: Vec<bool> = ds.iter().map(|d| d.front).collect();
        let f3: Vec<bool> = ds.iter().map(|d| d.front3).collect();
        assert_eq!(f2, [true, true, false, true, true]);
        assert_eq!(f3, [true, true, true, false, true]);
    }
}
