//! The topology, routes, list and bench commands, and the helpers the commands share.

use super::args::{BenchArgs, RoutesArgs, TopoArgs};
use super::json::{json_only, write_json};
use flitwave::experiment::bench;
use flitwave::fabric::registry::FAMILIES;
use flitwave::routing::registry::{routing, Plan, PlanArgs, ROUTINGS};
use flitwave::routing::selection::SELECTIONS;
use flitwave::routing::walk_report::WalkReport;
use flitwave::routing::{bound, plan_bound};
use flitwave::routing::{deadlock, stats::RouteStats, tree_stats};
use flitwave::topology::{fattree, irregular, json, mesh, Shape, Topology};
use flitwave::traffic::pattern::{DestTable, Pattern};
use flitwave::{Error, Result};

/// The shape options of a generated topology.
pub(crate) struct TopoSpec<'a> {
    pub kind: &'a str,
    pub switches: usize,
    pub dims: &'a str,
    pub hosts_per_switch: usize,
    pub ports: usize,
    pub seed: u64,
    /// Fat-tree arity and stages (`--k`, `--n`); only fattree takes them.
    pub k: Option<u32>,
    pub n: Option<u32>,
    /// Dragonfly routers per group and global links per router (`--a`, `--h`).
    pub a: Option<usize>,
    pub h: Option<usize>,
}

pub(crate) fn make_topology(s: &TopoSpec) -> Result<Topology> {
    let tree = matches!(s.kind, "fattree" | "fat-tree");
    if !tree && (s.k.is_some() || s.n.is_some()) {
        return Err(Error::field(
            if s.k.is_some() { "--k" } else { "--n" },
            format!(
                "applies to fat-trees only (fattree), not to the {:?} topology",
                s.kind
            ),
        ));
    }
    if s.kind != "dragonfly" && (s.a.is_some() || s.h.is_some()) {
        return Err(Error::field(
            if s.a.is_some() { "--a" } else { "--h" },
            format!(
                "applies to dragonflies only, not to the {:?} topology",
                s.kind
            ),
        ));
    }
    match s.kind {
        "irregular" => irregular::generate(s.switches, s.hosts_per_switch, s.ports, s.seed),
        "dragonfly" => {
            flitwave::topology::dragonfly::dragonfly(flitwave::topology::dragonfly::Dragonfly {
                a: s.a.unwrap_or(8),
                p: s.hosts_per_switch,
                h: s.h.unwrap_or(4),
            })
        }
        "mesh" => mesh::mesh(mesh::parse_dims(s.dims)?, s.hosts_per_switch),
        "torus" => mesh::torus(mesh::parse_dims(s.dims)?, s.hosts_per_switch),
        _ if tree => {
            fattree::fattree(s.k.unwrap_or(2), s.n.unwrap_or(3)).map_err(|e| e.context("fattree"))
        }
        other => Err(Error::field(
            "topology",
            format!("{other:?} is unknown, allowed: irregular, mesh, torus, fattree, dragonfly"),
        )),
    }
}

pub(crate) fn cmd_topology(a: TopoArgs) -> Result<()> {
    let t = make_topology(&TopoSpec {
        kind: &a.kind,
        switches: a.shape.switches,
        dims: &a.shape.dims,
        hosts_per_switch: a.hosts_per_switch,
        ports: a.ports,
        seed: a.shape.seed,
        k: a.shape.k,
        n: a.shape.n,
        a: a.shape.a,
        h: a.shape.h,
    })?;
    match &a.output {
        Some(p) => {
            json::save(&t, p)?;
            errln!(
                "{} switches, {} hosts, {} links written to {}",
                t.switches,
                t.num_hosts(),
                t.links.len(),
                p.display()
            );
        }
        None => outln!("{}", json::to_json(&t)),
    }
    Ok(())
}

pub(crate) fn cmd_routes(a: RoutesArgs) -> Result<()> {
    let topo = match &a.topology_file {
        Some(f) => {
            if a.shape.k.is_some() || a.shape.n.is_some() {
                return Err(Error::new(
                    "--k and --n shape a generated fat-tree (--topology fattree); a topology file brings its own shape",
                ));
            }
            json::load(f)?
        }
        None => make_topology(&TopoSpec {
            kind: &a.topology,
            switches: a.shape.switches,
            dims: &a.shape.dims,
            hosts_per_switch: a.hosts_per_switch,
            ports: 8,
            seed: a.shape.seed,
            k: a.shape.k,
            n: a.shape.n,
            a: a.shape.a,
            h: a.shape.h,
        })?,
    };
    let name = match (&a.routing, &topo.shape) {
        (Some(r), _) => r.as_str(),
        (None, Shape::FatTree { .. }) => "fir-det",
        (None, _) => "updown",
    };
    let entry = routing(name).map_err(|e| e.context("--routing"))?;
    if matches!(name, "fir-det" | "ir-adaptive") {
        return tree_routes(&a, &topo, name);
    }
    if a.registers {
        return Err(Error::field(
            "--registers",
            format!("applies to the fat-tree routings fir-det and ir-adaptive, not {name:?}"),
        ));
    }
    let root = root_arg(&a.root)
        .resolve(&topo)
        .map_err(|e| e.context("--root"))?;
    let t0 = std::time::Instant::now();
    let plan = entry
        .plan(
            &topo,
            &PlanArgs {
                paths: a.paths.as_deref(),
                priorities: false,
                seed: a.shape.seed,
                restriction: &a.restriction,
                tie: a.tie.as_deref(),
                classes: a.classes.as_deref(),
                global_queue: None,
                layers: a.layers,
                default_layers: 3,
                root,
            },
        )
        .map_err(|e| e.context(format!("routing {name}")))?;
    // the route computation alone, before the statistics (docs/performance-journal.md)
    super::progress::announce(&format!(
        "routes: {name} on {} switches and {} hosts computed in {:.2} s",
        topo.switches,
        topo.num_hosts(),
        t0.elapsed().as_secs_f64()
    ));
    if plan.routes.is_none() && plan.functions.is_some() && !plan.minimal_adaptive {
        // routing functions without routes, every path walked (routing::walk)
        return walked_routes(&a, &topo, &plan);
    }
    let (bound_json, bound_text) = throughput_bounds(&topo, &plan);
    if let (None, None, Some(_), true) = (
        &plan.routes,
        &plan.routes_error,
        &plan.functions,
        plan.escape_vc,
    ) {
        // adaptive routing with escape channels: no routes, its escape paths are checked when
        // the network is built; its bound is that of its minimal paths
        if let Some(to) = &a.json {
            let j = serde_json::json!({
                "routing": name,
                "vcs": plan.vcs,
                "switches": topo.switches,
                "hosts": topo.num_hosts(),
                "throughput_bound": bound_json,
            });
            write_json(to, &j)?;
        }
        if !json_only(&a.json) {
            outln!("{name}: routing functions in the switches with escape channels, {} VCs per link; its full dependency graph has cycles by design (Duato), its escape paths are checked when the network is built", plan.vcs);
            outln!("{bound_text}");
        }
        return Ok(());
    }
    let per_packet = plan.routes_error.is_none() || plan.splits_ties();
    if let (None, true, Some(f)) = (&plan.routes, per_packet, &plan.functions) {
        // a routing decided in the switches (or per packet): its functions' dependency graph
        let check = flitwave::routing::function::check::check_function(&topo, plan.vcs, f);
        if let Some(to) = &a.json {
            let j = serde_json::json!({
                "routing": name,
                "vcs": plan.vcs,
                "acyclic": check.acyclic,
                "channels": check.channels,
                "dependencies": check.dependencies,
                "throughput_bound": bound_json,
            });
            write_json(to, &j)?;
        }
        if !json_only(&a.json) {
            outln!(
                "{name}: routing functions in the switches, {} VCs per link",
                plan.vcs
            );
            outln!("deadlock check (every channel a packet can hold, every candidate it may take next): {check}");
            outln!("{bound_text}");
        }
        return Ok(());
    }
    let routes =
        plan.source_routes(|| Error::new(format!("{name} routing gives no routes to show")))?;
    let st = RouteStats::compute(&topo, &routes);
    if let Some(to) = &a.json {
        let mut v = st.to_json();
        v["throughput_bound"] = bound_json;
        write_json(to, &v)?;
    }
    if !json_only(&a.json) {
        outln!("{st}");
        outln!("deadlock check: {}", deadlock::check(&topo, &routes));
        outln!("{bound_text}");
    }
    Ok(())
}

/// `flitwave routes` for routing functions without a route set (dragonflies, dimension order
/// with random ties or beyond its route set's memory): the dependency-graph check and every
/// path walked through the functions (`routing::walk_report`).
fn walked_routes(a: &RoutesArgs, topo: &Topology, plan: &Plan) -> Result<()> {
    let name = plan.algorithm;
    let f = plan.functions.as_deref().unwrap_or_default();
    let check = flitwave::routing::function::check::check_function(topo, plan.vcs, f);
    let w = WalkReport::compute(topo, plan).map_err(|e| e.context(format!("routing {name}")))?;
    if let Some(to) = &a.json {
        let mut j = serde_json::json!({
            "routing": name,
            "vcs": plan.vcs,
            "acyclic": check.acyclic,
            "channels": check.channels,
            "dependencies": check.dependencies,
            "throughput_bound": w.bound_json(),
        });
        j["walk"] = w.to_json();
        write_json(to, &j)?;
    }
    if !json_only(&a.json) {
        outln!(
            "{name}: routing functions in the switches, {} VCs per link",
            plan.vcs
        );
        outln!("{w}");
        outln!("deadlock check (every channel a packet can hold, every candidate it may take next): {check}");
        outln!("{}", w.bound_line());
    }
    Ok(())
}

/// `--root`: a switch id or a rule.
fn root_arg(s: &str) -> flitwave::routing::updown::Root {
    use flitwave::routing::updown::Root;
    s.parse()
        .map_or_else(|_| Root::Rule(s.into()), Root::Switch)
}

/// The throughput bounds of a plan under uniform and bit-reversal traffic, as JSON
/// (`throughput_bound.uniform`, `.bit_reversal`: offered flits/cycle/host, null when the pattern
/// does not apply; `.kind`; `.busiest`: the channel of each) and as a text line.
fn throughput_bounds(topo: &Topology, plan: &Plan) -> (serde_json::Value, String) {
    let of = |p: Pattern| {
        DestTable::new(&p, topo)
            .ok()
            .and_then(|d| plan_bound::of_plan(topo, plan, &d))
    };
    let (u, br) = (of(Pattern::uniform()), of(Pattern::bit_reversal()));
    let kind = if plan.minimal_adaptive {
        "minimal paths split evenly"
    } else {
        "routes"
    };
    let mut j = serde_json::json!({
        "uniform": u.as_ref().map(|b| b.rate),
        "bit_reversal": br.as_ref().map(|b| b.rate),
        "kind": kind,
        "unit": "flits/cycle/host",
        "busiest": {
            "uniform": u.as_ref().map(|b| &b.channel),
            "bit_reversal": br.as_ref().map(|b| &b.channel),
        },
    });
    let one = |b: &Option<bound::Bound>| match b {
        Some(b) => format!("{:.4} ({})", b.rate, b.channel),
        None => "n/a".into(),
    };
    let mut t = format!(
        "throughput bound ({kind}): uniform {}, bit-reversal {} flits/cycle/host offered, where the busiest channel is full",
        one(&u),
        one(&br)
    );
    if plan.minimal_adaptive {
        // what no minimal routing can exceed (the even split is an estimate, not a limit)
        let lim = |p: Pattern| {
            DestTable::new(&p, topo)
                .ok()
                .and_then(|d| bound::minimal_limit(topo, &d))
        };
        let (lu, lb) = (lim(Pattern::uniform()), lim(Pattern::bit_reversal()));
        j["limit"] = serde_json::json!({
            "uniform": lu.as_ref().map(|b| b.rate),
            "bit_reversal": lb.as_ref().map(|b| b.rate),
            "kind": "any minimal routing",
        });
        let r = |b: &Option<bound::Bound>| {
            b.as_ref()
                .map_or("n/a".into(), |b| format!("{:.4}", b.rate))
        };
        t += &format!(
            "\nno minimal routing exceeds: uniform {}, bit-reversal {} flits/cycle/host",
            r(&lu),
            r(&lb)
        );
    }
    (j, t)
}

/// `flitwave routes` on a fat-tree with IR/FIR routing: statistics, per-stage link loads and
/// (text with --registers, JSON always) the registers.
fn tree_routes(a: &RoutesArgs, topo: &Topology, routing: &str) -> Result<()> {
    let scheme = tree_stats::parse_scheme(routing)?;
    if let Some(s) = &a.paths {
        return Err(Error::field(
            "--paths",
            format!("{s:?}: {routing} takes no path selection (deterministic FIR allows one port; adaptive statistics follow the SADP-preferred port)"),
        ));
    }
    let st = tree_stats::compute(topo, scheme)?;
    let t = fattree::tree_of(topo, routing)?;
    if let Some(to) = &a.json {
        write_json(to, &st.to_json(&tree_stats::register_rows(&t, scheme)))?;
    }
    if !json_only(&a.json) {
        if a.registers {
            outln!("{}", tree_stats::register_table(&t, scheme));
        }
        outln!("{st}");
    }
    Ok(())
}

pub(crate) fn cmd_bench(a: BenchArgs) -> Result<()> {
    if !(a.scale > 0.0 && a.scale <= 100.0) {
        return Err(Error::field(
            "--scale",
            format!("{} is out of range, allowed (0, 100]", a.scale),
        ));
    }
    super::simulate::run_threads(Some(a.threads))?;
    let mut out = Vec::new();
    for s in bench::scenarios(a.scale) {
        if let Some(o) = &a.only {
            if !s.name.contains(o.as_str()) {
                continue;
            }
        }
        let r = bench::run_one(&s, a.threads)?;
        if !json_only(&a.json) {
            outln!(
                "{:<36} {:>4} sw {:>8} cycles {:>7.2} s  {:>7.2} M switch-cycles/s  {:>7.2} M flits/s  ({:.1} ns/switch-cycle, accepted {:.3} flits/cycle/host)",
                r.name,
                r.switches,
                r.cycles,
                r.seconds,
                r.switch_cycles_per_sec / 1e6,
                r.delivered_flits_per_sec / 1e6,
                r.ns_per_switch_cycle,
                r.accepted_flits_per_cycle_per_host
            );
        }
        out.push(r);
    }
    if let Some(to) = &a.json {
        write_json(to, &out)?;
    }
    Ok(())
}

/// `flitwave list`: every name the registries know, with what it is.
pub(crate) fn cmd_list() -> Result<()> {
    outln!("switch families (switch.family, --family):");
    for f in FAMILIES {
        outln!("  {:<12} {}", f.name, f.help);
    }
    outln!("routings (routing.algorithm, --routing; path selections: routing.paths, --paths):");
    for r in ROUTINGS {
        outln!("  {:<12} {}", r.name, r.help);
    }
    outln!("selections (routing.selection, --selection):");
    for (name, help) in SELECTIONS {
        outln!("  {:<12} {help}", name);
    }
    outln!("traffic patterns (traffic.pattern, --pattern):");
    for p in flitwave::traffic::pattern::PATTERNS {
        outln!("  {:<17} {}", p.name, p.help);
    }
    outln!(
        "reproductions of the modelled papers (flitwave reproduce PAPER; check: the fidelity ledger):"
    );
    for p in flitwave::reproduce::papers::PAPERS {
        outln!("  {:<12} {}: {}; {}", p.name, p.short, p.paper, p.covers);
    }
    Ok(())
}
