//! Testbench: fat-trees of the virtual cut-through family — switches with credits and IR/FIR
//! routing units, selections only/SADP/FF (seed 001): invariants under load, draining, in-order
//! delivery, the routing families, traces and the closed-loop storage workload.

use flitwave::experiment::build;
use flitwave::experiment::config::{Config, TopologyKind};
use flitwave::fabric::vct::nic::AckMode;
use flitwave::fabric::vct::VctFamily;
use flitwave::fabric::{AnyNetwork, Network, Summary};
use flitwave::traffic::injection::Process;

#[derive(Clone, Copy, PartialEq)]
enum Selection {
    Deterministic,
    Sadp,
    Ff,
}

/// A k-ary n-tree of the vct family with the paper's switches, 256-byte packets.
fn params(k: u32, n: u32, sel: Selection, rate: f64) -> Config {
    let mut c = Config::default();
    c.switch.family = "vct".into();
    c.topology.kind = TopologyKind::Fattree;
    (c.topology.k, c.topology.n) = (k, n);
    set_selection(&mut c, sel);
    c.traffic.rate = rate;
    c.traffic.message_bytes = 256;
    c.traffic.process = Process::Bernoulli;
    c.traffic.source_queue_limit = 64;
    c.warmup = 5_000;
    c.watchdog_cycles = 50_000;
    c
}

fn set_selection(c: &mut Config, sel: Selection) {
    let (a, s) = match sel {
        Selection::Deterministic => ("fir-det", "only"),
        Selection::Sadp => ("ir-adaptive", "sadp"),
        Selection::Ff => ("ir-adaptive", "ff"),
    };
    c.routing.algorithm = a.into();
    c.routing.selection = s.into();
}

struct FatTree;

impl FatTree {
    #[allow(clippy::new_ret_no_self)]
    fn new(c: Config) -> flitwave::Result<Network<VctFamily>> {
        c.validate()?;
        match build::build(&c)?.network {
            AnyNetwork::Vct(n) => Ok(n),
            _ => panic!("not a vct network"),
        }
    }
}

fn run_and_drain(mut net: Network<VctFamily>, cycles: u64) -> Summary {
    net.run(cycles);
    let s = net.summary();
    assert!(s.healthy(), "{}", s.report());
    net.stop_traffic();
    for _ in 0..2_000_000 {
        if net.packets.live() == 0 || !net.step() {
            break;
        }
    }
    let d = net.summary();
    assert!(d.healthy(), "{}", d.report());
    assert_eq!(net.packets.live(), 0, "not drained:\n{}", d.report());
    assert_eq!(d.generated_packets, d.delivered_packets);
    assert_eq!(d.flits_in_flight, 0);
    s
}

#[test]
fn every_routing_delivers_everything_without_violating_an_invariant() {
    for sel in [Selection::Deterministic, Selection::Sadp, Selection::Ff] {
        for (k, n) in [(2, 3), (4, 2)] {
            let s = run_and_drain(FatTree::new(params(k, n, sel, 0.3)).unwrap(), 30_000);
            println!("{}", s.report());
            assert!(s.accepted_flits_per_cycle_per_host > 0.25, "{}", s.report());
        }
    }
}

#[test]
fn deterministic_routing_delivers_in_order_adaptive_does_not() {
    let mut p = params(4, 2, Selection::Deterministic, 0.6);
    p.nic.in_order = true;
    let s = run_and_drain(FatTree::new(p.clone()).unwrap(), 30_000);
    assert_eq!(vct(&s).out_of_order_packets, 0, "{}", s.report());
    set_selection(&mut p, Selection::Ff);
    let s = run_and_drain(FatTree::new(p.clone()).unwrap(), 30_000);
    let v = vct(&s);
    assert!(v.out_of_order_packets > 0, "{}", s.report());
    assert!(v.ooo_max_packets > 0 && v.reorder_delay_cycles.unwrap() > 0.0);
    p.nic.ack = AckMode::Packets;
    let s = run_and_drain(FatTree::new(p).unwrap(), 30_000);
    let v = vct(&s);
    assert!(v.acks > 0 && v.out_of_order_packets > 0, "{}", s.report());
}

#[test]
fn credits_never_negative_never_above_the_buffer_under_stress() {
    // one-packet buffers, short packets, an adaptive routing near saturation
    let mut p = params(2, 3, Selection::Ff, 0.9);
    p.switch.vct.buffer_packets = 1;
    p.traffic.message_bytes = 16;
    let buf = 1 + 16 / p.link.flit_bytes;
    let mut net = FatTree::new(p).unwrap();
    for c in 0..20_000u64 {
        assert!(net.step());
        for sw in net.switches() {
            for port in 0..sw.params().ports {
                assert!(
                    sw.credits(port) <= buf,
                    "sw{} out{port}: credits above the buffer",
                    sw.id
                );
            }
        }
        if c % 500 == 0 {
            assert!(net.conservation_ok(), "cycle {c}");
        }
    }
    let s = net.summary();
    assert!(s.healthy(), "{}", s.report());
    assert_eq!((s.credit_errors, s.buffer_overflows), (0, 0));
    assert!(s.accepted_flits_per_cycle_per_host > 0.02, "{}", s.report());
}

#[test]
fn same_seed_same_statistics() {
    let run = || {
        let mut p = params(4, 2, Selection::Sadp, 0.5);
        p.nic.in_order = true;
        let mut net = FatTree::new(p).unwrap();
        net.run(20_000);
        serde_json::to_string(&net.summary()).unwrap()
    };
    assert_eq!(run(), run());
}

#[test]
fn bit_reversal_limits_deterministic_routing_to_one_kth() {
    // 4-ary 3-tree: the sources of a leaf switch all have destinations with the same last
    // component, so deterministic routing sends them up one link (seed 001 §5.2.1)
    let mut p = params(4, 3, Selection::Deterministic, 0.6);
    p.traffic.pattern = "bit-reversal".into();
    p.traffic.message_bytes = 512;
    let mut net = FatTree::new(p.clone()).unwrap();
    net.run(60_000);
    let det = net.summary().accepted_flits_per_cycle_per_host;
    set_selection(&mut p, Selection::Sadp);
    let mut net = FatTree::new(p).unwrap();
    net.run(60_000);
    let sadp = net.summary().accepted_flits_per_cycle_per_host;
    assert!((det - 0.25).abs() < 0.03, "deterministic {det}");
    assert!(sadp > 0.4, "adaptive {sadp}");
}

#[test]
fn end_to_end_control_keeps_the_reorder_buffer_from_overflowing() {
    let mut p = params(4, 2, Selection::Ff, 0.7);
    p.nic.in_order = true;
    p.nic.reorder_bytes = 512; // two packets per destination, shared by all sources
    let mut net = FatTree::new(p).unwrap();
    net.run(30_000);
    let s = net.summary();
    assert!(s.healthy(), "{}", s.report());
    assert!(
        vct(&s).e2e_stall_cycles > 0,
        "the sources never had to wait"
    );
    assert!(vct(&s).ooo_max_bytes <= 512, "{}", s.report());
    assert!(net.nics.iter().all(|n| n.reorder.overflows == 0));
}

#[test]
fn a_trace_runs_to_completion() {
    let p = params(2, 3, Selection::Sadp, 0.0);
    let mut net = FatTree::new(p).unwrap();
    let inj: Vec<(u64, u32, u32, u32)> = (0..40u32)
        .map(|i| (i as u64 * 50, i % 8, (i * 3 + 1) % 8, 64 + i * 4))
        .filter(|&(_, s, d, _)| s != d)
        .collect();
    net.load_trace(&inj, 1024).unwrap();
    let t = net.run_workload(1_000_000).expect("finished");
    let s = net.summary();
    assert_eq!(s.delivered_packets as usize, inj.len());
    assert_eq!(s.execution_cycles, Some(t));
    assert!(t > 1950 && t < 20_000, "execution time {t}");
    // the offered load is the trace's own
    let flits: u32 = inj.iter().map(|i| i.3).sum();
    let want = flits as f64 / (inj.last().unwrap().0 + 1) as f64 / 8.0;
    assert!(
        (s.offered_flits_per_cycle_per_host - want).abs() < 1e-12,
        "{}",
        s.report()
    );
    let e = net
        .load_trace(&[(0, 0, 99, 10)], 1024)
        .unwrap_err()
        .to_string();
    assert!(e.contains("out of range"), "{e}");
}

/// A packet crossing a 2-ary 3-tree from node 0 to node 7 (nearest common ancestor at the top
/// stage): at every stage the deterministic FIR unit allows exactly one port — up port
/// k + p'_s at stage s while ascending, then the down port of the destination's component — and
/// the switch takes it. Writes waves/tb_fattree.vcd with the FIR decisions and credit counters.
#[test]
fn one_packet_crosses_a_2_ary_3_tree_port_by_port() {
    use flitwave::fabric::vct::switch::VctIn;
    use flitwave::sim::trace::{TraceConfig, Tracer};
    let mut net = FatTree::new(params(2, 3, Selection::Deterministic, 0.0)).unwrap();
    net.load_trace(&[(0, 0, 7, 64)], 1024).unwrap();
    let mut tr = Tracer::create_file(
        std::path::Path::new("waves/tb_fattree.vcd"),
        "network",
        &net,
        TraceConfig::default(),
    )
    .unwrap();
    let mut hops: Vec<(usize, u32, usize)> = vec![]; // (switch, stage, output)
    for _ in 0..1000 {
        net.step();
        tr.sample(net.now() - 1, &net).unwrap();
        for sw in net.switches() {
            for port in 0..4 {
                if let VctIn::Xfer { out } = sw.in_state(port) {
                    if !hops.iter().any(|h| h.0 == sw.id) {
                        hops.push((sw.id, sw.stage, out as usize));
                    }
                }
            }
        }
    }
    tr.finish().unwrap();
    // destination 7 = (1,1,1): up port 2 + 1 = 3 at stages 0 and 1, then down ports 1, 1, 1
    let ports: Vec<(u32, usize)> = hops.iter().map(|h| (h.1, h.2)).collect();
    assert_eq!(
        ports,
        vec![(0, 3), (1, 3), (2, 1), (1, 1), (0, 1)],
        "{hops:?}"
    );
    assert_eq!(net.summary().delivered_packets, 1);
    let vcd = std::fs::read_to_string("waves/tb_fattree.vcd").unwrap();
    for s in ["allowed", "preferred", "pick", "credits", "fir_regs", "mr"] {
        assert!(vcd.contains(s), "{s} missing from the waveform");
    }
}

/// The closed-loop storage workload: every request is answered, answers leave only after the
/// disk has received the whole request and served it, and a heavier compression finishes
/// sooner.
#[test]
fn closed_loop_storage_workload_completes() {
    use flitwave::fabric::storage::StorageRun;
    use flitwave::traffic::storage::{workload, StorageParams};
    let sp = StorageParams {
        duration_us: 1500.0,
        bursts_per_ms: 0.2,
        ..Default::default()
    };
    let reqs = workload(&sp).unwrap();
    assert!(reqs.len() > 20, "{} requests", reqs.len());
    let mut times = vec![];
    for c in [1.0, 10.0] {
        let mut p = params(2, 7, Selection::Ff, 0.0);
        p.traffic.message_bytes = 1024;
        p.nic.in_order = true;
        let mut net = FatTree::new(p).unwrap();
        let run = StorageRun::new(reqs.clone(), &sp, c, 6.25, 1024, 0).unwrap();
        let last_issue = run.span() - 1;
        net.load_storage(run).unwrap();
        let t = net.run_workload(50_000_000).expect("the workload finished");
        let st = net.storage.as_ref().unwrap();
        assert_eq!(st.answered, reqs.len());
        // at least one service time after the last request was issued
        assert!(
            t > last_issue + (50_000.0 / c / 6.25) as u64,
            "c {c}: {t} vs {last_issue}"
        );
        let s = net.summary();
        assert!(s.healthy(), "{}", s.report());
        assert_eq!(s.pending_packets, 0);
        times.push(t);
    }
    assert!(times[1] < times[0], "{times:?}");
}

fn vct(s: &Summary) -> flitwave::fabric::vct::VctSection {
    match &s.section {
        flitwave::fabric::Section::Vct(v) => v.clone(),
        _ => panic!("not a vct summary"),
    }
}

/// Cycles at which host 3 has received its first packet whole and host 1 its first flit, when
/// host 0 sends two 256-byte packets to host 3 and then one to host 1, all at cycle 0, in order
/// with acknowledgement packets and a reorder buffer of `reorder_bytes` (each of the 3 other
/// sources owns a third of it).
fn fifo_behind_a_window(reorder_bytes: u64) -> (u64, u64) {
    let mut p = params(2, 2, Selection::Ff, 0.0);
    p.nic.in_order = true;
    p.nic.ack = AckMode::Packets;
    p.nic.reorder_bytes = reorder_bytes;
    let mut net = FatTree::new(p).unwrap();
    net.load_trace(&[(0, 0, 3, 256), (0, 0, 3, 256), (0, 0, 1, 256)], 256)
        .unwrap();
    let flits = 1 + 256; // header + payload, 1-byte flits
    let (mut at3, mut at1) = (None, None);
    for c in 0..20_000u64 {
        net.step();
        if at3.is_none() && net.nics[3].core.ejected_flits >= flits {
            at3 = Some(c);
        }
        if at1.is_none() && net.nics[1].core.ejected_flits > 0 {
            at1 = Some(c);
        }
    }
    assert!(net.summary().healthy());
    (at3.unwrap(), at1.unwrap())
}

/// The source of seed 001's in-order NIC is a strict FIFO (§4: "the source node does not inject
/// packets if the destination buffer does not have enough free space"): a packet whose
/// destination has no room for it holds back every packet behind it, to any destination. With
/// a window of one packet per source, host 0's second packet to host 3 waits for the first
/// one's acknowledgement, and its packet to host 1 waits behind it: host 1's first flit comes
/// only after host 3 has its first packet and the acknowledgement is back (cycle 763 against
/// 348). With room for both, it comes
/// right behind them (cycle 590).
#[test]
fn a_packet_waiting_for_room_at_its_destination_holds_back_the_source() {
    let (at3, at1) = fifo_behind_a_window(3 * 257);
    assert!(at1 > at3, "host 1 at {at1}, host 3's first packet at {at3}");
    // the same source with room for every packet: only the two packets ahead delay host 1's
    let (_, free) = fifo_behind_a_window(3 * 1024);
    assert!(
        free + 100 < at1,
        "host 1 at {free} with room, {at1} behind the window"
    );
}

/// A trace replayed open loop (each request at its own time, whatever was delivered) ends when
/// its last packet reaches the network's edge: with a reorder buffer that never fills, in-order
/// delivery holds packets back yet cannot move the execution time — the last packet released
/// is released by the last arrival. The replay models no feedback from delivery order to the
/// sources; this pins that (a model of that feedback, behind its own key, must break it).
#[test]
fn open_loop_replay_time_ignores_delivery_order() {
    // bursts of 256-byte requests (the switches' packets) from every node of a 4-ary 2-tree to
    // four servers: adaptive routing over the spine reorders them
    let inj: Vec<(u64, u32, u32, u32)> = (0..600u32)
        .map(|i| ((i / 16) as u64 * 40, i % 16, 4 * (i % 4) + 1, 256))
        .filter(|&(_, s, d, _)| s != d)
        .collect();
    let exec = |in_order: bool| {
        let mut p = params(4, 2, Selection::Sadp, 0.0);
        p.nic.in_order = in_order;
        p.nic.reorder_bytes = 8 << 20;
        p.warmup = 0;
        let mut net = FatTree::new(p).unwrap();
        net.load_trace(&inj, 256).unwrap();
        let t = net.run_workload(10_000_000);
        let s = net.summary();
        let Some(t) = t else {
            panic!("unfinished at {}:\n{}", net.now(), s.report())
        };
        assert_eq!(s.delivered_packets as usize, inj.len(), "{}", s.report());
        (t, s)
    };
    let (free, _) = exec(false);
    let (ordered, s) = exec(true);
    let v = vct(&s);
    assert!(
        v.out_of_order_packets > 0 && v.reorder_delay_cycles.unwrap() > 0.0,
        "nothing was reordered: the test would not see a difference\n{}",
        s.report()
    );
    assert_eq!(ordered, free, "open loop, an 8 MB buffer: the same time");
}

/// Closed-loop storage on a 2-ary 7-tree at compression `c`, hosts holding at most `window`
/// unanswered requests (`traffic.storage_outstanding`; 0: no limit): each (host, disk) of
/// `pairs` is a host reading 16 KB from that disk (an index of the default 23) `reads` times,
/// every request due at cycle 0. Returns the execution time and the summary.
fn disk_reads(
    window: u32,
    sel: Selection,
    in_order: bool,
    pairs: &[(u32, usize)],
    reads: usize,
    c: f64,
) -> (u64, Summary) {
    use flitwave::fabric::storage::StorageRun;
    use flitwave::traffic::storage::{Issued, StorageParams};
    let sp = StorageParams::default();
    let reqs: Vec<Issued> = pairs
        .iter()
        .flat_map(|&(host, disk)| {
            (0..reads).map(move |_| Issued {
                time: 0.0,
                host,
                disk,
                read: true,
                size: 16 << 10,
            })
        })
        .collect();
    let n = reqs.len();
    let mut p = params(2, 7, sel, 0.0);
    p.traffic.message_bytes = 1024;
    p.nic.in_order = in_order;
    p.warmup = 0;
    let mut net = FatTree::new(p).unwrap();
    net.load_storage(StorageRun::new(reqs, &sp, c, 6.25, 1024, window).unwrap())
        .unwrap();
    let t = net.run_workload(50_000_000).expect("the workload finished");
    let s = net.summary();
    assert!(s.healthy(), "{}", s.report());
    assert_eq!(net.storage.as_ref().unwrap().answered, n);
    (t, s)
}

/// A synchronous host issues its next request only once the answer to the previous one is
/// delivered. One host reads 16 KB from a disk 8 times, all requests due at cycle 0: queued at
/// once, the disk serves them back to back (each 21,107 cycles: 50 µs plus 16 KB at 200 MB/s,
/// on the 6.25 ns clock) while earlier answers cross the network; waiting for each answer
/// adds every answer's 16 KB crossing (16 packets of 1,024 one-byte flits and a header) and
/// the request's to the disk's service.
#[test]
fn a_synchronous_host_waits_for_its_answer_before_its_next_request() {
    let (free, _) = disk_reads(0, Selection::Deterministic, false, &[(64, 0)], 8, 1.0);
    let (sync, s) = disk_reads(1, Selection::Deterministic, false, &[(64, 0)], 8, 1.0);
    let service = ((50_000.0 + 16384.0 / 0.2) / 6.25_f64).ceil() as u64;
    let answer = 16 * 1024;
    assert!(
        free >= 8 * service + answer && free < 8 * service + 2 * answer,
        "queued at once: the disk busy throughout ({free} cycles, service {service})"
    );
    assert!(
        sync >= 8 * (service + answer) && sync < 8 * (service + answer + 2_000),
        "synchronous: each answer's crossing adds up ({sync} cycles, queued {free})"
    );
    assert_eq!(s.pending_packets, 0);
}

/// Delivery order moves no message's completion when a host has one request in flight: a
/// message completes when its last packet arrives, in order or not, and with one outstanding
/// request per host no earlier message of the same pair is left to wait for. Closing the loop
/// through the hosts alone therefore leaves in-order delivery free (the same execution time to
/// the cycle) although packets do wait in the reorder buffer.
#[test]
fn synchronous_hosts_pay_nothing_for_in_order_delivery() {
    // the 6 disks of the first quarter (nodes 0-27) answer 12 hosts of the other half, two
    // per stage-0 switch: the answers meet on their way up and down, and FF spreads them
    let hosts = [64, 65, 68, 69, 70, 71, 74, 75, 78, 79, 80, 81];
    let pairs: Vec<(u32, usize)> = hosts
        .iter()
        .zip((0..6).cycle())
        .map(|(&h, d)| (h, d))
        .collect();
    let (free, _) = disk_reads(1, Selection::Ff, false, &pairs, 4, 10.0);
    let (ordered, s) = disk_reads(1, Selection::Ff, true, &pairs, 4, 10.0);
    let v = vct(&s);
    assert!(
        v.out_of_order_packets > 0,
        "nothing was reordered: the test would not see a difference\n{}",
        s.report()
    );
    assert_eq!(ordered, free);
}
