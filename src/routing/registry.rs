//! The routings every front end knows by name (`routing.algorithm`, `--routing`), with their
//! path-selection policies (`routing.paths`, `--paths`) and what they give a network: source
//! routes computed offline (for source-routed families, and route tables), and/or a routing
//! function per switch. Adding a routing is one file (the computation or the function) and one
//! entry in [`ROUTINGS`].

use super::function::adaptive::AdaptiveRouting;
use super::function::dfly::DflyRouting;
use super::function::dl_table::DlTableRouting;
use super::function::dor::{DorRouting, Tie, TorusKeys};
use super::function::ir_fir::IrFirRouting;
use super::function::opty::OptyRouting;
use super::function::Routing;
use super::ir_fir::{unit, Scheme};
use super::{dor, itb, updown, RouteSet};
use crate::error::{Error, Result};
use crate::topology::fattree::tree_of;
use crate::topology::{Shape, Topology};
use std::sync::Arc;

/// What a routing gives a network.
#[derive(Debug, Clone)]
pub struct Plan {
    /// The routing's name.
    pub algorithm: &'static str,
    /// One source route per ordered host pair, when the routing computes them offline.
    pub routes: Option<Arc<RouteSet>>,
    /// The routing function of every switch, when the routing has one of its own (otherwise
    /// a family that routes in its switches reads `routes` as tables).
    pub functions: Option<Vec<Routing>>,
    /// Why `routes` is None when the routing has source routes in general but not here (a
    /// route set too large for memory, while its switch routing functions need none).
    pub routes_error: Option<Error>,
    /// Virtual channels per link the routing needs (2 for dateline VCs).
    pub vcs: usize,
    /// VC 0 is an escape channel (adaptive routing with escape paths, seed 004): sources
    /// inject on the other VCs, the selection must try escape candidates, and the switches
    /// must cut through (Duato's condition for cut-through networks).
    pub escape_vc: bool,
    /// The switches may take any minimal path (adaptive, Opt-y, adaptive IR): the throughput
    /// bound is that of minimal paths split evenly ([`super::bound::minimal_even`]), not of
    /// `routes`.
    pub minimal_adaptive: bool,
}

impl Plan {
    /// The switches draw a dimension-order tie per packet (`routing.tie = "random"`): no one
    /// route per host pair.
    pub fn splits_ties(&self) -> bool {
        self.functions.as_ref().is_some_and(|f| {
            f.iter()
                .any(|r| matches!(r, Routing::Dor(d) if d.splits_ties()))
        })
    }

    /// The source routes, or the error that says why there are none (`why` when the routing
    /// never has any).
    pub fn source_routes(&self, why: impl FnOnce() -> Error) -> Result<Arc<RouteSet>> {
        match (&self.routes, &self.routes_error) {
            (Some(r), _) => Ok(r.clone()),
            (None, Some(e)) => Err(e.clone()),
            (None, None) => Err(why()),
        }
    }

    /// An error naming `key` when the routing needs more VCs than a family with `have` per
    /// port provides.
    pub fn check_vcs(&self, have: usize, family: &str) -> Result<()> {
        if self.vcs <= have {
            return Ok(());
        }
        Err(Error::field(
            "routing.algorithm",
            format!(
                "{} routing needs {} virtual channels per link, {family} switches have {have}; allowed: switch.family = \"vc\" with switch.vcs >= {}",
                self.algorithm, self.vcs, self.vcs
            ),
        ))
    }
}

/// What a plan is computed from besides the topology.
#[derive(Debug, Clone, Copy, Default)]
pub struct PlanArgs<'a> {
    /// Path-selection policy (`routing.paths`); the routing's default when None.
    pub paths: Option<&'a str>,
    /// The selection function will favour the candidates of priority 1 (SADP).
    pub priorities: bool,
    /// Seed of random path choices.
    pub seed: u64,
    /// Layered routings: the restriction inside the layers (dl), the layers (VCs) asked for
    /// (None: dl takes `default_layers`, updown stays on one layer).
    pub restriction: &'a str,
    pub layers: Option<usize>,
    pub default_layers: usize,
    /// The root of the up*/down* spanning tree (`routing.root`, resolved to a switch id) for
    /// every routing built on up*/down* orientation: updown, itb, dl, dl-table, adaptive.
    pub root: usize,
    /// Dimension order on tori: the tie-break (`routing.tie`) and dor-dateline's VC classes
    /// (`routing.classes`); None: the defaults (plus, dateline).
    pub tie: Option<&'a str>,
    pub classes: Option<&'a str>,
    /// UGAL-G's queue measure (`routing.global_queue`); None: the default (waiting).
    pub global_queue: Option<&'a str>,
}

/// One routing: its name, what it is, its path policies (the first is the default) and its
/// plan.
pub struct RoutingEntry {
    pub name: &'static str,
    pub help: &'static str,
    pub paths: &'static [&'static str],
    pub plan: fn(&Topology, &PlanArgs<'_>) -> Result<Plan>,
}

/// Every routing.
pub const ROUTINGS: &[RoutingEntry] = &[
    RoutingEntry {
        name: "updown",
        help: "up*/down* routes (ITB paper §2) on any topology; paths: balanced (GM simple_routes-like), shortest, or forwarding (InfiniBand forwarding tables: one port per destination at every switch, In-order delivery paper); with routing.layers (VCs) or a DL path selection (random, low-port, sancho, high-pch), the DL paper's baseline: the source picks one VC per path",
        paths: &["balanced", "shortest", "forwarding", "random", "low-port", "sancho", "high-pch"],
        plan: plan_updown,
    },
    RoutingEntry {
        name: "itb",
        help: "minimal routes split at in-transit buffers (ITB paper §3); paths: random (the paper's §4.3), legal-first (its §3) or min-itb; myrinet family",
        paths: &["random", "legal-first", "min-itb"],
        plan: plan_itb,
    },
    RoutingEntry {
        name: "dl",
        help: "Descending-Layers routing (DL paper): one layer per VC (routing.layers), a restriction inside each (routing.restriction: ud, ud-du, ud-dud, l-turn), shortest paths descending layers only; paths: random, low-port, sancho, high-pch; vc family",
        paths: crate::routing::dl::SELECTIONS,
        plan: plan_dl,
    },
    RoutingEntry {
        name: "dl-table",
        help: "DL in RHiNET-2/SW's table form (DL paper §4.1.2): every switch looks up the output port by destination and the VC change by (input, output) port; restrictions ud or l-turn, routing.layers layers; paths: random, low-port, sancho, high-pch; vc family",
        paths: crate::routing::dl::SELECTIONS,
        plan: plan_dl_table,
    },
    RoutingEntry {
        name: "adaptive",
        help: "the In-order delivery paper's InfiniBand adaptive switch: fully adaptive minimal routing on the adaptive VCs (1 and up) with up*/down* escape paths on VC 0, from either queue back to adaptive ones (docs/inorder.md); any topology; vc family, cut-through, a selection that tries escape candidates (duato, max-credits, ff, sadp)",
        paths: &[],
        plan: plan_adaptive,
    },
    RoutingEntry {
        name: "opt-y",
        help: "Opt-y (Schwiebert & Jayasimha, Speculative routing paper §5): fully adaptive minimal wormhole routing on a 2D mesh with one VC per x direction and two per y direction (switch.vcs = 2), channels of class W (X-, Y1) may lead to class E (X+, Y2) but not back (docs/speculative.md); vc family; selections straight, ssr, ssr-1hop, ff",
        paths: &[],
        plan: plan_opty,
    },
    RoutingEntry {
        name: "dor",
        help: "dimension order (X then Y) on 2D meshes and tori",
        paths: &[],
        plan: plan_dor,
    },
    RoutingEntry {
        name: "dor-dateline",
        help: "dimension order on 2D tori with dateline VCs: VC class 0 until the wraparound link, class 1 after it, per dimension (needs 2 VCs; vc family)",
        paths: &[],
        plan: plan_dor_dateline,
    },
    RoutingEntry {
        name: "dfly-min",
        help: "minimal routing on a dragonfly (BookSim2's min_dragonflynew): local, global, local hops at most; VC class 0 in the source group, 1 from the global link on (needs 2 VCs; vc family)",
        paths: &[],
        plan: plan_dfly_min,
    },
    RoutingEntry {
        name: "dfly-ugal",
        help: "UGAL on a dragonfly (BookSim2's ugal_dragonflynew paths): at the source the minimal path or a non-minimal one through a random intermediate router, chosen by the selection (ugal-l); 4 VC classes (phase and global link), deadlock-free; vc family",
        paths: &[],
        plan: plan_dfly_ugal,
    },
    RoutingEntry {
        name: "dfly-ugal-g",
        help: "UGAL-G on a dragonfly: dfly-ugal's paths, chosen at the source by the queues of the two paths' global channels (an ideal global view as of the last cycle, Kim et al. 2008): the minimal path unless its queue times its hops exceeds the other's; the queue (routing.global_queue): the flits waiting in the sending router for the channel (waiting, default) or its used credits (credits); 4 VC classes; vc family",
        paths: &[],
        plan: plan_dfly_ugal_g,
    },
    RoutingEntry {
        name: "dfly-valiant",
        help: "Valiant on a dragonfly: always through a random intermediate router (minimal when it is in the source group), 4 VC classes; vc family",
        paths: &[],
        plan: plan_dfly_valiant,
    },
    RoutingEntry {
        name: "fir-det",
        help: "deterministic routing with FIR registers (Fat-trees paper §4.1) on k-ary n-trees; vct family",
        paths: &[],
        plan: plan_fir_det,
    },
    RoutingEntry {
        name: "ir-adaptive",
        help: "adaptive minimal routing with IR registers (Fat-trees paper §3.1) on k-ary n-trees, with a selection (sadp, ff); vct family",
        paths: &[],
        plan: plan_ir_adaptive,
    },
];

/// The routing called `name`; the error lists them all.
pub fn routing(name: &str) -> Result<&'static RoutingEntry> {
    ROUTINGS.iter().find(|r| r.name == name).ok_or_else(|| {
        Error::new(format!(
            "{name:?} is not a routing; allowed: {}",
            names(ROUTINGS.iter().map(|r| r.name))
        ))
    })
}

/// "a, b, c".
pub fn names<'a>(it: impl Iterator<Item = &'a str>) -> String {
    it.collect::<Vec<_>>().join(", ")
}

impl RoutingEntry {
    /// The path policy in force: `given`, or the default; an error when it is not allowed.
    pub fn paths_name<'a>(&self, given: Option<&'a str>) -> Result<Option<&'a str>>
    where
        'static: 'a,
    {
        match (given, self.paths.first()) {
            (None, d) => Ok(d.copied()),
            (Some(p), _) if self.paths.contains(&p) => Ok(Some(p)),
            (Some(p), None) => Err(Error::new(format!(
                "{p:?}: {} routing has no path selection; remove it",
                self.name
            ))),
            (Some(p), Some(_)) => Err(Error::new(format!(
                "{p:?} is not a path selection of {} routing; allowed: {}",
                self.name,
                self.paths.join(", ")
            ))),
        }
    }

    /// The plan of this routing on `topo`.
    pub fn plan(&self, topo: &Topology, a: &PlanArgs<'_>) -> Result<Plan> {
        self.paths_name(a.paths)?;
        self.torus_keys(a.tie, a.classes)?;
        super::function::global_queues::QueueMeasure::resolve(a.global_queue, self.name)?;
        (self.plan)(topo, a)
    }

    /// An error naming the key when a dimension-order key on tori (`routing.tie`,
    /// `routing.classes`) is given to another routing.
    pub fn torus_keys(&self, tie: Option<&str>, classes: Option<&str>) -> Result<()> {
        for (key, v) in [("routing.tie", tie), ("routing.classes", classes)] {
            if let (Some(v), false) = (v, matches!(self.name, "dor" | "dor-dateline")) {
                return Err(Error::field(
                    key,
                    format!("{v:?}: the key belongs to dimension order on tori (routing.algorithm = \"dor\" or \"dor-dateline\"), not {}; remove it", self.name),
                ));
            }
        }
        Ok(())
    }
}

fn source(algorithm: &'static str, routes: RouteSet) -> Plan {
    Plan {
        algorithm,
        routes: Some(Arc::new(routes)),
        functions: None,
        routes_error: None,
        vcs: 1,
        escape_vc: false,
        minimal_adaptive: false,
    }
}

fn plan_updown(topo: &Topology, a: &PlanArgs<'_>) -> Result<Plan> {
    let paths = a.paths.unwrap_or("balanced");
    if a.layers.is_some() || super::dl::SELECTIONS.contains(&paths) {
        // seed 003's baseline: shortest up*/down* paths, the source picks the VC of the path
        let layers = a.layers.unwrap_or(a.default_layers);
        let sel = if paths == "balanced" { "random" } else { paths };
        let routes = super::dl::updown_layers(topo, layers, sel, a.seed, a.root)?;
        return Ok(Plan {
            vcs: layers,
            ..source("updown", routes)
        });
    }
    let sel = updown::Select::parse(paths)?;
    Ok(source("updown", updown::routes(topo, sel, a.seed, a.root)?))
}

fn plan_dl(topo: &Topology, a: &PlanArgs<'_>) -> Result<Plan> {
    let r = super::dl::Restriction::parse(a.restriction)?;
    let layers = a.layers.unwrap_or(a.default_layers);
    let routes = super::dl::routes(topo, layers, r, a.paths.unwrap_or("random"), a.seed, a.root)?;
    Ok(Plan {
        vcs: layers,
        ..source("dl", routes)
    })
}

fn plan_dl_table(topo: &Topology, a: &PlanArgs<'_>) -> Result<Plan> {
    let r = super::dl::Restriction::parse(a.restriction)?;
    let layers = a.layers.unwrap_or(a.default_layers);
    let sel = a.paths.unwrap_or("random");
    let tables = Arc::new(super::dl_table::build(
        topo, layers, r, sel, a.seed, a.root,
    )?);
    let routes = tables.route_set(topo)?;
    let functions = (0..topo.switches)
        .map(|sw| {
            Routing::DlTable(DlTableRouting {
                sw: sw as u32,
                tables: tables.clone(),
            })
        })
        .collect();
    Ok(Plan {
        functions: Some(functions),
        vcs: layers,
        ..source("dl-table", routes)
    })
}

fn plan_adaptive(topo: &Topology, a: &PlanArgs<'_>) -> Result<Plan> {
    let tables = Arc::new(super::adaptive::AdaptiveTables::build(topo, a.root)?);
    let functions = (0..topo.switches)
        .map(|sw| {
            Routing::Adaptive(AdaptiveRouting {
                sw: sw as u32,
                tables: tables.clone(),
            })
        })
        .collect();
    Ok(Plan {
        algorithm: "adaptive",
        routes: None,
        functions: Some(functions),
        routes_error: None,
        vcs: 2,
        escape_vc: true,
        minimal_adaptive: true,
    })
}

fn plan_opty(topo: &Topology, _a: &PlanArgs<'_>) -> Result<Plan> {
    let functions = OptyRouting::units(topo)?
        .into_iter()
        .map(Routing::Opty)
        .collect();
    Ok(Plan {
        algorithm: "opt-y",
        routes: None,
        functions: Some(functions),
        routes_error: None,
        vcs: 2,
        escape_vc: false,
        minimal_adaptive: true,
    })
}

fn plan_itb(topo: &Topology, a: &PlanArgs<'_>) -> Result<Plan> {
    let sel = itb::ItbSelect::parse(a.paths.unwrap_or("random"))?;
    Ok(source("itb", itb::routes(topo, sel, a.seed, a.root)?))
}

fn plan_dor(topo: &Topology, a: &PlanArgs<'_>) -> Result<Plan> {
    dor_plan(topo, "dor", a)
}

fn plan_dor_dateline(topo: &Topology, a: &PlanArgs<'_>) -> Result<Plan> {
    if let (_, false) = dor::grid_of(topo)? {
        return Err(Error::new(
            "dateline VCs break the cycles of a torus's rings; a mesh has none: route it with dor",
        ));
    }
    dor_plan(topo, "dor-dateline", a)
}

/// The largest dimension-order route set a plan builds (1 GiB, a 48x48 mesh): beyond it the
/// plan has none (`Plan::routes_error` says why).
pub const DOR_ROUTES_MAX: u64 = 1 << 30;

pub(crate) fn dor_plan(topo: &Topology, name: &'static str, a: &PlanArgs<'_>) -> Result<Plan> {
    let (_, wrap) = dor::grid_of(topo)?;
    let (tie, classes) = TorusKeys::resolve(a.tie, a.classes, name, wrap, a.seed)?;
    let dateline = name == "dor-dateline";
    let functions = DorRouting::units(topo, tie, classes)?
        .into_iter()
        .map(Routing::Dor)
        .collect();
    // switches that route with the DOR function need no route set: one too large is an
    // error only for the families that read it (the throughput bound walks the paths one at
    // a time then: bound::of_dor)
    let bytes = dor::route_set_bytes(topo)?;
    let routes = if bytes > DOR_ROUTES_MAX {
        Err(Error::new(format!(
            "the dimension-order route set of {} hosts would take an estimated {}, more than the {} kept for it: switches that route with the DOR function (the vc and vct families) need none, the myrinet family's source routes do; use a smaller mesh or another family",
            topo.num_hosts(),
            crate::memory::human(bytes),
            crate::memory::human(DOR_ROUTES_MAX)
        )))
    } else if let Tie::Random(_) = tie {
        Err(Error::field(
            "routing.tie",
            "\"random\" draws the direction of a tie per packet in the switches: there is no one route per host pair, which the myrinet family's source routes need; allowed there: plus",
        ))
    } else {
        dor::routes(topo).and_then(|r| dor::with_classes(topo, r, classes))
    };
    let (routes, routes_error) = match routes {
        Ok(r) => (Some(Arc::new(r)), None),
        Err(e) => (None, Some(e)),
    };
    Ok(Plan {
        algorithm: if dateline { "dor-dateline" } else { "dor" },
        routes,
        functions: Some(functions),
        routes_error,
        vcs: 1 + dateline as usize,
        escape_vc: false,
        minimal_adaptive: false,
    })
}

/// The dragonfly `name` routes; an error naming the topology otherwise.
fn dragonfly_of(topo: &Topology, name: &str) -> Result<crate::topology::dragonfly::Dragonfly> {
    match topo.shape {
        Shape::Dragonfly { a, p, h } => Ok(crate::topology::dragonfly::Dragonfly { a, p, h }),
        _ => Err(Error::new(format!(
            "{name} routes a dragonfly (topology.kind = \"dragonfly\"), not {}",
            crate::topology::fattree::shape_name(&topo.shape)
        ))),
    }
}

fn plan_dfly_ugal(topo: &Topology, a: &PlanArgs<'_>) -> Result<Plan> {
    dfly_nonminimal(topo, a, "dfly-ugal")
}

fn plan_dfly_valiant(topo: &Topology, a: &PlanArgs<'_>) -> Result<Plan> {
    dfly_nonminimal(topo, a, "dfly-valiant")
}

fn plan_dfly_ugal_g(topo: &Topology, a: &PlanArgs<'_>) -> Result<Plan> {
    dfly_nonminimal(topo, a, "dfly-ugal-g")
}

/// UGAL (the selection picks) or Valiant (always non-minimal): four VC classes.
fn dfly_nonminimal(topo: &Topology, a: &PlanArgs<'_>, name: &'static str) -> Result<Plan> {
    use super::function::dfly_ugal::{DflyUgal, Intermediate, VcMap};
    let d = dragonfly_of(topo, name)?;
    let valiant = name == "dfly-valiant";
    let units = if name == "dfly-ugal-g" {
        use super::function::global_queues::{GlobalQueues, QueueMeasure};
        let measure = QueueMeasure::resolve(a.global_queue, name)?;
        let queues = std::sync::Arc::new(GlobalQueues::new(d, measure));
        DflyUgal::units_global(d, Intermediate::Random(a.seed), queues)
    } else {
        DflyUgal::units(d, Intermediate::Random(a.seed), valiant, VcMap::Classes)
    };
    Ok(Plan {
        algorithm: name,
        routes: None,
        functions: Some(units.into_iter().map(Routing::DflyUgal).collect()),
        routes_error: None,
        vcs: 4,
        escape_vc: false,
        minimal_adaptive: false,
    })
}

fn plan_dfly_min(topo: &Topology, _a: &PlanArgs<'_>) -> Result<Plan> {
    let d = dragonfly_of(topo, "dfly-min")?;
    Ok(Plan {
        algorithm: "dfly-min",
        routes: None,
        functions: Some(
            DflyRouting::units(d)
                .into_iter()
                .map(Routing::Dfly)
                .collect(),
        ),
        routes_error: None,
        vcs: 2,
        escape_vc: false,
        minimal_adaptive: false,
    })
}

fn tree_plan(topo: &Topology, name: &'static str, scheme: Scheme, pref: bool) -> Result<Plan> {
    let t = tree_of(topo, &format!("{name} routing"))?;
    t.routable()?;
    let functions = (0..t.switches())
        .map(|id| {
            let sw = t.switch_of(id);
            Routing::IrFir(IrFirRouting {
                unit: unit(&t, scheme, sw),
                preference: pref.then(|| unit(&t, Scheme::DeterministicFir, sw)),
            })
        })
        .collect();
    Ok(Plan {
        algorithm: name,
        routes: None,
        functions: Some(functions),
        routes_error: None,
        vcs: 1,
        escape_vc: false,
        minimal_adaptive: scheme == Scheme::AdaptiveIr,
    })
}

fn plan_fir_det(topo: &Topology, _a: &PlanArgs<'_>) -> Result<Plan> {
    tree_plan(topo, "fir-det", Scheme::DeterministicFir, false)
}

fn plan_ir_adaptive(topo: &Topology, a: &PlanArgs<'_>) -> Result<Plan> {
    tree_plan(topo, "ir-adaptive", Scheme::AdaptiveIr, a.priorities)
}
