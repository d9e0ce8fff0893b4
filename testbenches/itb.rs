//! In-transit buffer testbench (seed 000 §3, §4.5): ITB routes and the NIC's ITB engine.
//! - one packet on a 5-switch ring is detected, buffered and re-injected with the paper's
//!   timing (waves/tb_itb.vcd shows it);
//! - ITB routes are minimal, their sub-routes legal up*/down* routes, and deadlock-free;
//!   `legal-first` splits a path only where no legal minimal path exists;
//! - whole networks with ITB routes never deadlock, conserve flits, and deliver every packet
//!   exactly once, also when the pool is too small and packets spill to host memory.

use flitwave::experiment::build;
use flitwave::experiment::config::Config;
use flitwave::fabric::myrinet::nic::NicParams;
use flitwave::fabric::myrinet::switch::SwitchParams;
use flitwave::fabric::myrinet::{MyrinetBuild, MyrinetExt, MyrinetFamily};
use flitwave::fabric::{AnyNetwork, NetParams, Network, Section, Summary};
use flitwave::routing::itb::{self, ItbSelect};
use flitwave::routing::updown::UpDown;
use flitwave::routing::{deadlock, ITB_MARK};
use flitwave::sim::packet::{Header, Packet};
use flitwave::sim::trace::{TraceConfig, Tracer};
use flitwave::topology::{irregular, HostSpec, LinkSpec, Shape, Topology};
use flitwave::traffic::pattern::{DestTable, Pattern};

fn ring5() -> Topology {
    let links = (0..5)
        .map(|s| LinkSpec {
            a: s,
            pa: 1,
            b: (s + 1) % 5,
            pb: 2,
        })
        .collect();
    let hosts = (0..5)
        .map(|h| HostSpec {
            host: h,
            sw: h,
            port: 0,
        })
        .collect();
    Topology::new(5, 8, links, hosts, Shape::Irregular).unwrap()
}

#[test]
fn one_packet_is_detected_buffered_and_reinjected_with_the_papers_timing() {
    let t = ring5();
    let routes = itb::routes(&t, ItbSelect::Random, 1, 0).unwrap();
    // 2 -> 3 -> 4 turns down then up at switch 3: split there, host 3 is the in-transit host
    let r = routes.get(2, 4);
    assert_eq!(r.switches, vec![2, 3, 4]);
    assert_eq!(r.itbs.len(), 1);
    assert_eq!(r.itbs[0].host, 3);
    assert_eq!(
        r.header().to_vec(),
        vec![1, 0, ITB_MARK, 1, 0],
        "Figure 4: route, ITB host, mark, next sub-route"
    );
    let p = NetParams {
        rate: 0.0,
        warmup: 0,
        ..Default::default()
    };
    let b = MyrinetBuild {
        switch: SwitchParams::default(),
        nic: NicParams {
            payload: 512,
            rate: 0.0,
            process: flitwave::traffic::injection::Process::Constant,
            queue_limit: 1000,
            load_cycles: 0,
            recv_bytes_per_cycle: 1,
            slack: Default::default(),
            itb: Default::default(),
        },
        routes: std::sync::Arc::new(routes),
    };
    let dests = DestTable::new(&Pattern::uniform(), &t).unwrap();
    let mut net = Network::<MyrinetFamily>::new(&t, p, b, dests).unwrap();
    let payload = 100;
    let id = net.packets.alloc(Packet {
        h: Header {
            src: 2,
            dst: 4,
            payload,
            measured: true,
            ..Default::default()
        },
        x: MyrinetExt {
            route_len: 5,
            ..Default::default()
        },
    });
    net.nics[2].core.src.gen.queue.push_back(id);
    let mut tr = Tracer::create_file(
        std::path::Path::new("waves/tb_itb.vcd"),
        "network",
        &net,
        TraceConfig {
            scopes: vec!["network.nic3".into(), "network.sw3".into()],
            window: None,
            period_ps: 6250,
            ..Default::default()
        },
    )
    .unwrap();
    let mut states = Vec::new();
    let mut first_reinjected = None;
    let mut tail_in = None;
    for now in 0..400u64 {
        net.step();
        tr.sample(now, &net).unwrap();
        states.push(net.nics[3].itb.state(now).name());
        if first_reinjected.is_none() && net.nics[3].core.injected_flits > 0 {
            first_reinjected = Some(now);
        }
        // the in-transit NIC has taken in the whole packet: route bytes left + payload
        if tail_in.is_none() && net.nics[3].core.ejected_flits == 3 + payload as u64 {
            tail_in = Some(now);
        }
    }
    tr.finish().unwrap();
    // the GTKWave save file beside it shows the traced cycles
    let gtkw = std::fs::read_to_string("waves/tb_itb.gtkw").unwrap();
    assert!(
        crate::common::gtkw_body(&gtkw).starts_with("[dumpfile] \"tb_itb.vcd\"\n"),
        "{gtkw}"
    );
    assert!(gtkw.contains("\nnetwork.nic3.itb.state\n"), "{gtkw}");
    // the mark reaches NIC 3 at 72: NIC→sw2 8, sw2 24, link 8, sw3 24, link 8
    let h = 72;
    assert_eq!(states[h - 1], "IDLE");
    assert!(
        states[h..h + 44].iter().all(|&s| s == "DETECT"),
        "{:?}",
        &states[h..h + 50]
    );
    // detected at h + 44, programmed 32 later: re-injection starts at h + 76 = 148, before the
    // tail (which arrives at h + 102) — cut-through
    assert_eq!(first_reinjected, Some(h as u64 + 76));
    assert_eq!(states[h + 76], "REINJECT");
    assert_eq!(
        tail_in,
        Some(h as u64 + 102),
        "the tail reaches the in-transit NIC at h + 102"
    );
    assert!(
        first_reinjected < tail_in,
        "cut-through: re-injection before the tail is in"
    );
    assert_eq!(states[399], "IDLE");
    let s = net.summary();
    assert_eq!(s.delivered_packets, 1);
    let m = myrinet(&s);
    assert_eq!(m.itb_forwarded, 1);
    assert_eq!(m.itb_spills, 0);
    assert_eq!(m.itbs_per_packet, Some(1.0));
    // re-injected head: sw3 at 156, out at 180, sw4 at 188, out 212, NIC 4 at 220; the tail
    // (2 route bytes + 100 payload, minus the 2 stripped) 99 cycles later; latency = delivery
    // cycle - generation cycle (as BookSim2 counts it)
    assert_eq!(net.stats.lat_sum, 220 + 99);
    assert_eq!(s.avg_hops, Some(2.0));
    assert!(net.conservation_ok() && net.drained());
}

#[test]
fn itb_routes_are_minimal_legal_per_sub_route_and_deadlock_free() {
    for &n in &[8usize, 16, 32, 64] {
        for seed in 0..(if n == 64 { 3 } else { 8 }) {
            let t = irregular::generate(n, 4, 8, seed).unwrap();
            let ud = UpDown::new(&t);
            let dist = t.switch_distances();
            let mut itbs = [0usize; 3];
            for (k, sel) in [ItbSelect::Random, ItbSelect::MinItb, ItbSelect::LegalFirst]
                .into_iter()
                .enumerate()
            {
                let rs = itb::routes(&t, sel, seed, 0).unwrap();
                for s in 0..t.num_hosts() {
                    for d in 0..t.num_hosts() {
                        if s == d {
                            continue;
                        }
                        let r = rs.get(s, d);
                        assert_eq!(r.hops() as u32, dist[t.host(s).sw][t.host(d).sw], "minimal");
                        itbs[k] += r.itbs.len();
                        let mut start = 0;
                        for h in r
                            .itbs
                            .iter()
                            .map(|h| h.at as usize)
                            .chain([r.switches.len() - 1])
                        {
                            assert!(ud.is_legal(&r.switches[start..=h]), "sub-route legal");
                            start = h;
                        }
                        for h in r.itbs {
                            assert_eq!(
                                t.host(h.host as usize).sw,
                                r.switches[h.at as usize] as usize
                            );
                        }
                        let head = r.header().to_vec();
                        assert_eq!(head, r.to_route().header_bytes());
                        let marks = head.iter().filter(|&&b| b == ITB_MARK).count();
                        assert_eq!(marks, r.itbs.len());
                    }
                }
                let dl = deadlock::check(&t, &rs);
                assert!(dl.acyclic, "{n} sw seed {seed} {sel:?}: {dl}");
            }
            assert!(itbs[1] <= itbs[0], "min-itb uses no more ITBs than random");
            assert!(
                itbs[1] <= itbs[2],
                "min-itb uses no more ITBs than legal-first"
            );
        }
    }
}

/// Seed 000 §3: in-transit hosts only where up*/down* has no minimal path. Under
/// `legal-first` a host pair's route has none exactly when some minimal path is a legal
/// up*/down* route (min-itb's route then has none either), while `random` splits some of
/// those pairs' paths too.
#[test]
fn legal_first_splits_a_path_only_where_no_legal_minimal_path_exists() {
    for &(n, seed) in &[(16usize, 1u64), (32, 2), (64, 1)] {
        let t = irregular::generate(n, 4, 8, seed).unwrap();
        let legal = itb::routes(&t, ItbSelect::LegalFirst, seed, 0).unwrap();
        let fewest = itb::routes(&t, ItbSelect::MinItb, seed, 0).unwrap();
        let random = itb::routes(&t, ItbSelect::Random, seed, 0).unwrap();
        let (mut split_for_nothing, mut needed) = (0, 0);
        for s in 0..t.num_hosts() {
            for d in (0..t.num_hosts()).filter(|&d| d != s) {
                let has_legal = fewest.get(s, d).itbs.is_empty();
                assert_eq!(
                    legal.get(s, d).itbs.is_empty(),
                    has_legal,
                    "{n} switches, hosts {s} -> {d}"
                );
                split_for_nothing += usize::from(has_legal && !random.get(s, d).itbs.is_empty());
                needed += usize::from(!has_legal);
            }
        }
        assert!(
            needed > 0,
            "{n} switches: some pair needs an in-transit host"
        );
        assert!(
            split_for_nothing > 0,
            "{n} switches: random splits paths that have a legal minimal twin"
        );
    }
}

fn cfg(overrides: &[&str]) -> Config {
    let mut o: Vec<String> = vec!["routing.algorithm=\"itb\"".into()];
    o.extend(overrides.iter().map(|s| s.to_string()));
    Config::from_toml(flitwave::experiment::config::DEFAULT_TOML, &o).unwrap()
}

/// Run, stop the traffic, drain, and check that every packet was delivered exactly once.
fn run_and_drain(c: &Config) -> Summary {
    let mut net = myrinet_net(build::build(c).unwrap().network);
    net.run(c.cycles);
    let loaded = net.summary();
    assert!(loaded.healthy(), "{}", loaded.report());
    net.stop_traffic();
    let mut extra = 0;
    while !net.drained() && extra < 2_000_000 {
        net.run(1000);
        extra += 1000;
    }
    let s = net.summary();
    assert!(s.healthy(), "{}", s.report());
    assert!(
        net.drained(),
        "not drained after {extra} cycles: {}",
        s.report()
    );
    assert_eq!(
        s.generated_packets, s.delivered_packets,
        "neither lost nor duplicated"
    );
    assert!(net
        .nics
        .iter()
        .all(|n| n.itb.is_empty() && n.itb.pool_used == 0));
    s
}

#[test]
fn no_deadlock_no_loss_through_in_transit_hosts_beyond_saturation() {
    for (i, (sw, pat)) in [
        (16, "uniform"),
        (32, "bit-reversal"),
        (32, "hot-spot:15"),
        (64, "uniform"),
        (64, "local5"),
    ]
    .iter()
    .enumerate()
    {
        for sel in ["random", "legal-first", "min-itb"] {
            let c = cfg(&[
                &format!("seed={}", 20 + i),
                &format!("topology.switches={sw}"),
                &format!("traffic.pattern=\"{pat}\""),
                &format!("routing.paths=\"{sel}\""),
                "traffic.message_bytes=512",
                "traffic.rate=0.5",
                "cycles=30000",
                "warmup=3000",
                "watchdog_cycles=5000",
            ]);
            let s = run_and_drain(&c);
            assert!(myrinet(&s).itb_forwarded > 0, "{sw} {pat}: ITBs were used");
        }
    }
}

#[test]
fn a_full_pool_spills_to_host_memory_and_nothing_is_lost() {
    let c = cfg(&[
        "topology.switches=32",
        "traffic.rate=0.1",
        "cycles=30000",
        "warmup=3000",
        "nic.itb_pool_bytes=600",
        "nic.itb_spill_delay_cycles=2000",
    ]);
    let s = run_and_drain(&c);
    assert!(
        myrinet(&s).itb_spills > 0,
        "a 600-byte pool cannot hold two 512-byte packets"
    );
    assert!(myrinet(&s).itb_max_pool_bytes <= 600);
    // the same load with the paper's 512 KB pool never spills and is faster
    let big = run_and_drain(&cfg(&[
        "topology.switches=32",
        "traffic.rate=0.1",
        "cycles=30000",
        "warmup=3000",
    ]));
    assert_eq!(myrinet(&big).itb_spills, 0);
    assert!(big.latency.unwrap().cycles < s.latency.unwrap().cycles);
}

#[test]
fn itb_beats_updown_on_a_64_switch_network() {
    let ud = Config::from_toml(
        flitwave::experiment::config::DEFAULT_TOML,
        &[
            "topology.switches=64".into(),
            "cycles=40000".into(),
            "warmup=5000".into(),
        ],
    )
    .unwrap();
    let it = cfg(&["topology.switches=64", "cycles=40000", "warmup=5000"]);
    let rates = [0.02, 0.04, 0.06, 0.08];
    let a = flitwave::experiment::sweep::run(&ud, &rates, None, false).unwrap();
    let b = flitwave::experiment::sweep::run(&it, &rates, None, false).unwrap();
    assert!(a.all_healthy && b.all_healthy);
    assert!(
        b.throughput_flits_per_ns_per_switch > 1.5 * a.throughput_flits_per_ns_per_switch,
        "ITB {} vs UD {}",
        b.throughput_flits_per_ns_per_switch,
        a.throughput_flits_per_ns_per_switch
    );
}

/// Lockstep: the ITB detector / re-injection controller's RTL twin against the engine model —
/// scripted scenarios (cut-through behind the arrival, a spill released 3200 cycles after its
/// tail, all descriptors in use, the pool filling up) then 100,000 random protocol-correct
/// cycles per seed — with coverage of every FSM state and both pool outcomes.
#[test]
fn lockstep_model_and_twin_agree() {
    use flitwave::hdl::itb::ItbRtl;
    use flitwave::hdl::lockstep::{self, Options, Twin};
    for seed in 1..=3 {
        let o = Options {
            seed,
            ..Options::default()
        };
        let (cycles, v) = lockstep::check::<ItbRtl>(&o).unwrap();
        assert!(cycles >= 100_000);
        let (ni, no) = (ItbRtl::INPUTS.len(), ItbRtl::OUTPUTS.len());
        let (mut reserves, mut spills, mut full, mut refused) = (0, 0, 0, 0);
        let mut states = [0u64; 6];
        for (i, o) in v
            .from_power_on()
            .0
            .chunks(ni)
            .zip(v.from_power_on().1.chunks(no))
        {
            reserves += o[2];
            spills += o[3];
            full += o[6];
            refused += (o[6] == 1 && i[1] == 1 && i[6] == 0) as u64;
            states[o[7] as usize] += 1;
        }
        assert!(
            reserves > 300 && spills > 8,
            "reserves {reserves} spills {spills}"
        );
        assert!(full > 100 && refused > 10, "full {full} refused {refused}");
        assert!(states.iter().all(|&n| n > 50), "states {states:?}");
    }
}

/// A finite descriptor memory that back-pressures ITB ejection breaks the deadlock freedom of
/// in-transit buffers (seed 000 §3: an in-transit packet must always be able to leave the
/// network). With one descriptor per NIC a loaded network deadlocks; the watchdog says so, and
/// no flit is lost on the way.
#[test]
fn itb_descriptors_exhausted_deadlock_is_detected_not_lost() {
    use flitwave::experiment::{build, config::Config};
    let over = [
        "routing.algorithm=\"itb\"",
        "nic.itb_descriptors=1",
        "traffic.rate=0.2",
        "traffic.message_bytes=32",
        "cycles=60000",
        "warmup=4000",
    ]
    .map(String::from);
    let cfg = Config::from_toml(flitwave::experiment::config::DEFAULT_TOML, &over).unwrap();
    let mut net = myrinet_net(build::build(&cfg).unwrap().network);
    net.run(cfg.cycles);
    let stalls: u64 = net.nics.iter().map(|n| n.itb.descriptor_stalls).sum();
    assert!(stalls > 0, "the single descriptor was never exhausted");
    let s = net.summary();
    assert!(s.deadlock.is_some(), "expected a deadlock:\n{}", s.report());
    assert!(s.conservation_ok && s.buffer_overflows == 0);
}

fn myrinet(s: &Summary) -> flitwave::fabric::myrinet::MyrinetSection {
    match &s.section {
        Section::Myrinet(m) => m.clone(),
        _ => panic!("not a Myrinet summary"),
    }
}

fn myrinet_net(n: AnyNetwork) -> Network<MyrinetFamily> {
    match n {
        AnyNetwork::Myrinet(n) => n,
        _ => panic!("not a Myrinet network"),
    }
}
