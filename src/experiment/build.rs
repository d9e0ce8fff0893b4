//! From a [`Config`] to a ready-to-run network of any family: topology, routing plan (from the
//! routing registry), destination table, the family's builder (from the family registry), and
//! the trace or storage workload when the configuration names one.

use super::config::{Config, TopologyKind};
use crate::error::{Error, Result};
use crate::fabric::registry::{family, AnyNetwork};
use crate::fabric::storage::StorageRun;
use crate::fabric::{Family, NetParams, Network};
use crate::routing::bound::{self, Bound};
use crate::routing::plan_bound;
use crate::routing::registry::{routing, Plan, PlanArgs};
use crate::routing::selection::SelectionFunction;
use crate::topology::{fattree, irregular, json, mesh, Shape, Topology};
use crate::traffic::pattern::{DestTable, PairHops, Pattern};
use crate::traffic::storage::{self, StorageParams};
use crate::traffic::trace::{Packetize, Trace};
use std::path::Path;
use std::sync::Arc;

/// Build the topology a configuration names.
pub fn topology(cfg: &Config) -> Result<Topology> {
    let t = &cfg.topology;
    let seed = t.seed.unwrap_or(cfg.seed);
    match t.kind {
        TopologyKind::Irregular => {
            irregular::generate(t.switches, t.hosts_per_switch, t.ports, seed)
        }
        TopologyKind::Mesh => mesh::mesh(
            mesh::parse_dims(&t.dims).map_err(|e| e.context("topology.dims"))?,
            t.hosts_per_switch,
        ),
        TopologyKind::Torus => mesh::torus(
            mesh::parse_dims(&t.dims).map_err(|e| e.context("topology.dims"))?,
            t.hosts_per_switch,
        ),
        TopologyKind::Fattree => fattree::fattree(t.k, t.n).map_err(|e| e.context("topology")),
        TopologyKind::Dragonfly => crate::topology::dragonfly::dragonfly(t.dragonfly()),
        TopologyKind::File => {
            let f = t
                .file
                .as_deref()
                .ok_or_else(|| Error::field("topology.file", "missing"))?;
            json::load(Path::new(f))
        }
    }
}

/// An error naming `link.global_fly_cycles` when it is given for a topology without global
/// links.
pub fn check_link_classes(cfg: &Config, topo: &Topology) -> Result<()> {
    if cfg.link.global_fly_cycles.is_some() && !matches!(topo.shape, Shape::Dragonfly { .. }) {
        return Err(Error::field(
            "link.global_fly_cycles",
            format!(
                "global links are a dragonfly's links between groups; {} has none: remove the key",
                crate::topology::fattree::shape_name(&topo.shape)
            ),
        ));
    }
    Ok(())
}

/// The routing plan a configuration names, on `topo`.
pub fn plan(cfg: &Config, topo: &Topology) -> Result<Plan> {
    check_link_classes(cfg, topo)?;
    let r = routing(&cfg.routing.algorithm).map_err(|e| e.context("routing.algorithm"))?;
    let sel = cfg.routing.selection()?;
    let args = PlanArgs {
        paths: cfg.routing.paths.as_deref(),
        priorities: sel.uses_priority(),
        seed: cfg.seed,
        restriction: &cfg.routing.dl.restriction,
        layers: (cfg.routing.layers > 0).then_some(cfg.routing.layers),
        default_layers: cfg.switch.vc.vcs,
        root: cfg.routing.root.resolve(topo)?,
        tie: cfg.routing.torus.tie.as_deref(),
        classes: cfg.routing.torus.classes.as_deref(),
        global_queue: cfg.routing.ugal_g.global_queue.as_deref(),
    };
    r.plan(topo, &args)
        .map_err(|e| e.context(format!("routing {:?}", r.name)))
}

/// What every network takes from the configuration.
pub fn net_params(cfg: &Config) -> NetParams {
    NetParams {
        fly_cycles: cfg.link.fly_cycles,
        host_fly_cycles: cfg.link.host_fly(),
        global_fly_cycles: cfg.link.global_fly(),
        clock_ns: cfg.link.clock_ns,
        flit_bytes: cfg.link.flit_bytes,
        rate: if cfg.traffic.trace.is_some() || cfg.traffic.storage_us.is_some() {
            0.0
        } else {
            cfg.traffic.rate
        },
        warmup: cfg.warmup,
        watchdog_cycles: cfg.watchdog_cycles,
        seed: cfg.seed,
    }
}

/// Everything needed to simulate: topology, routing plan and the network itself.
pub struct Built {
    pub topology: Topology,
    pub plan: Plan,
    pub network: AnyNetwork,
}

/// The configuration's destination pattern on `topo`: parsed, its seed-drawn host fixed, its
/// "switches away" counted as `traffic.local_metric` says — with "route", along the routes
/// up*/down* routing gives (its paths and layers when the run's routing is up*/down*, its
/// defaults otherwise; the same root and seed), so that every routing gets the same
/// destinations.
pub fn pattern_of(cfg: &Config, topo: &Topology) -> Result<Pattern> {
    let pattern = Pattern::parse(&cfg.traffic.pattern)
        .map_err(|e| e.context("traffic.pattern"))?
        .resolve(topo.num_hosts(), cfg.seed);
    if cfg.traffic.local_metric != "route" || !pattern.counts_distance() {
        return Ok(pattern);
    }
    let mut ud = cfg.clone();
    if cfg.routing.algorithm != "updown" {
        ud.routing.algorithm = "updown".into();
        ud.routing.paths = None;
        ud.routing.layers = 0;
    }
    let routes = plan(&ud, topo)
        .and_then(|p| {
            p.source_routes(|| crate::error::Error::new("up*/down* gives no source routes"))
        })
        .map_err(|e| e.context("traffic.local_metric = \"route\" (up*/down* routes)"))?;
    let hosts = routes.hosts();
    let hops: PairHops = Arc::new(move |s, d| {
        if s < hosts && d < hosts {
            routes.get(s, d).hops() as u32
        } else {
            u32::MAX
        }
    });
    Ok(pattern.along_routes(&hops))
}

/// Build the network, reusing a topology and plan when given (sweeps compute them once), and
/// load the configuration's workload.
pub fn network_with(cfg: &Config, topo: &Topology, plan: &Plan) -> Result<AnyNetwork> {
    let pattern = pattern_of(cfg, topo)?;
    let dests = DestTable::new(&pattern, topo).map_err(|e| e.context("traffic.pattern"))?;
    let fam = family(&cfg.switch.family).map_err(|e| e.context("switch.family"))?;
    check_memory(cfg, topo)?;
    let mut net = (fam.build)(&cfg.fabric(), topo, plan, net_params(cfg), dests)?;
    with_network!(&mut net, n => load_workload(cfg, n))?;
    Ok(net)
}

/// The network's estimated memory (its family's bytes per port and per host) against the
/// limit, before anything of it is allocated: a clear refusal, naming the topology and the
/// estimate, where the allocator would abort.
pub fn check_memory(cfg: &Config, topo: &Topology) -> Result<()> {
    let fam = family(&cfg.switch.family).map_err(|e| e.context("switch.family"))?;
    let b = (fam.keys.bytes)(&cfg.fabric());
    let ports = (topo.switches as u64).saturating_mul(topo.ports_per_switch as u64);
    let hosts = topo.num_hosts() as u64;
    let bytes = (topo.switches as u64)
        .saturating_mul(b.switch)
        .saturating_add(ports.saturating_mul(b.port))
        .saturating_add(hosts.saturating_mul(b.host));
    crate::memory::check(
        "topology",
        crate::topology::fattree::shape_name(&topo.shape),
        &format!(
            "a {} network of {} switches, {ports} ports and {hosts} hosts",
            cfg.switch.family, topo.switches
        ),
        bytes,
    )
}

/// The throughput bounds of a configuration's routing under its traffic pattern
/// (routing::bound): the bound of its routes, or for a routing over minimal paths the even
/// split with what no minimal routing exceeds. None when the routing gives neither (a fat-tree
/// routing decided in the switches) or the workload is a trace.
pub fn throughput_bounds(
    cfg: &Config,
    topo: &Topology,
    plan: &Plan,
) -> Result<Option<(Bound, Option<Bound>)>> {
    if cfg.traffic.trace.is_some() || cfg.traffic.storage_us.is_some() {
        return Ok(None);
    }
    let pattern = pattern_of(cfg, topo)?;
    let dests = DestTable::new(&pattern, topo).map_err(|e| e.context("traffic.pattern"))?;
    let Some(b) = plan_bound::of_plan(topo, plan, &dests) else {
        return Ok(None);
    };
    let limit = plan
        .minimal_adaptive
        .then(|| bound::minimal_limit(topo, &dests))
        .flatten();
    Ok(Some((b, limit)))
}

/// "bound 0.1712 flits/cycle/host (routes: sw15.p5 -> sw3.p7 full)" and, for a routing over
/// minimal paths, what no minimal routing exceeds.
pub fn bound_text(b: &(Bound, Option<Bound>)) -> String {
    let mut s = format!(
        "bound {:.4} flits/cycle/host ({}: {} full)",
        b.0.rate, b.0.kind, b.0.channel
    );
    if let Some(l) = &b.1 {
        s += &format!(", no minimal routing above {:.4}", l.rate);
    }
    s
}

/// Build everything from scratch.
pub fn build(cfg: &Config) -> Result<Built> {
    let topology = topology(cfg)?;
    let plan = plan(cfg, &topology)?;
    let network = network_with(cfg, &topology, &plan)?;
    Ok(Built {
        topology,
        plan,
        network,
    })
}

/// Load the trace or storage workload the configuration names, if any.
pub fn load_workload<F: Family>(cfg: &Config, net: &mut Network<F>) -> Result<()> {
    let clock = cfg.link.clock_ns;
    if let Some(path) = &cfg.traffic.trace {
        let t = Trace::load(Path::new(path), Some(net.nics.len()))
            .map_err(|e| e.context("traffic.trace"))?;
        let pk = Packetize {
            compression: cfg.traffic.compression,
            clock_ns: clock,
            max_payload: cfg.traffic.mtu_bytes,
        };
        let inj: Vec<_> = t
            .injections(&pk)?
            .iter()
            .map(|i| (i.cycle, i.src, i.dst, i.payload))
            .collect();
        let max = F::max_payload(&net.build);
        net.load_trace(&inj, max)?;
    }
    if let Some(us) = cfg.traffic.storage_us {
        let sp = StorageParams {
            seed: cfg.seed,
            duration_us: us,
            nodes: net.nics.len(),
            ..Default::default()
        };
        let reqs = storage::workload(&sp).map_err(|e| e.context("traffic.storage_us"))?;
        net.load_storage(StorageRun::new(
            reqs,
            &sp,
            cfg.traffic.compression,
            clock,
            cfg.traffic.mtu_bytes,
            cfg.traffic.storage_outstanding,
        )?)?;
    }
    Ok(())
}

/// How long a run of `cfg` may last: `cycles`, or for a trace or storage workload (which
/// runs until it is done) at least 20 times its span plus 2,000,000 cycles.
pub fn run_limit(cfg: &Config, net: &AnyNetwork) -> u64 {
    let span = with_network!(net, n => n.workload_span());
    match span {
        Some(s) => cfg
            .cycles
            .max(s.saturating_mul(20).saturating_add(2_000_000)),
        None => cfg.cycles,
    }
}
