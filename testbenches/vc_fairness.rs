//! Testbench of what the VC router's arbitration and sources are for: the switch
//! allocator's round robin over an input's VCs splits a contested output evenly and grants
//! two ready VCs of one input in turn cycle by cycle, and
//! per-destination source queues let other flows pass a saturated hot spot.

use crate::common::{fails_with, flitwave};

use crate::common::{booksim_preset as preset, vc_network as vc_net};

/// What per-destination source queues are for (`traffic.source_queues`): a source
/// whose packet to a saturated hot spot stalls keeps sending to the other destinations on its
/// other injection VC, where a FIFO source waits behind it. Two routers of four hosts, half the
/// messages to host 0: the per-destination sources deliver clearly more.
#[test]
fn per_destination_sources_let_other_flows_pass_a_saturated_hot_spot() {
    let accepted = |sq: &str| {
        let q = format!("traffic.source_queues=\"{sq}\"");
        let (ok, out, err) = flitwave(&[
            "run",
            "--config",
            "configs/booksim-iq.toml",
            "--set",
            "topology.dims=\"2x1\"",
            "--set",
            "topology.hosts_per_switch=4",
            "--set",
            &q,
            "--pattern",
            "hot-spot:50@0",
            "--rate",
            "0.5",
            "--cycles",
            "20000",
            "--json",
        ]);
        assert!(ok, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        let s = &v["summary"];
        assert!(s["deadlock"].is_null() && s["conservation_ok"] == true);
        s["accepted_flits_per_cycle_per_host"].as_f64().unwrap()
    };
    let (fifo, voq) = (accepted("fifo"), accepted("per-destination"));
    assert!(voq > 1.1 * fifo, "per-destination {voq} vs FIFO {fifo}");
    fails_with(
        &[
            "run",
            "--set",
            "traffic.source_queues=\"voq\"",
            "--cycles",
            "100",
        ],
        &["traffic.source_queues", "voq", "fifo", "per-destination"],
    );
    fails_with(
        &[
            "run",
            "--set",
            "traffic.source_queues=\"per-destination\"",
            "--cycles",
            "100",
        ],
        &["traffic.source_queues", "myrinet", "fifo"],
    );
    fails_with(
        &[
            "run",
            "--config",
            "configs/inorder.toml",
            "--set",
            "nic.in_order=true",
            "--set",
            "traffic.source_queues=\"per-destination\"",
            "--cycles",
            "100",
        ],
        &["traffic.source_queues", "nic.in_order", "fifo"],
    );
}

/// Flits router 1 of a 7x3 torus sends to router 2 for hosts 6, 0 and 1, all three sending to
/// host 2 along row 0 with 400 messages queued. Host 6's packets cross the wrap link 6 -> 0 and
/// travel as dateline class 1 (VC 1); host 0's and host 1's stay in class 0 (VC 0). Router 2's
/// input from router 1 thus holds host 6's flow alone on VC 1 and the two others on VC 0, both
/// VCs to the one ejection port, the bottleneck.
fn ring_shares() -> [u64; 3] {
    let c = preset(&[
        "topology.kind=\"torus\"",
        "topology.dims=\"7x3\"",
        "routing.algorithm=\"dor-dateline\"",
    ]);
    let mut net = vc_net(&c);
    let mut inj = vec![];
    for i in 0..400u64 {
        for s in [6, 0, 1] {
            inj.push((i, s, 2, 20));
        }
    }
    net.load_trace(&inj, 20).unwrap();
    let mut from = [0u64; 3];
    for _ in 0..6000 {
        net.step();
        let sw = &net.switches()[1];
        for p in 0..sw.ports() {
            if let Some(f) = sw.sent(p) {
                let h = net.packets.header(f.pkt);
                assert_eq!(f.vc as u32, (h.src == 6) as u32, "dateline class");
                match h.src {
                    6 => from[0] += 1,
                    0 => from[1] += 1,
                    1 => from[2] += 1,
                    s => panic!("host {s} does not send"),
                }
            }
        }
    }
    assert!(net.summary().healthy());
    from
}

/// What the switch allocator's round-robin pointer over an input's VCs is for: two VCs of one
/// input that want the same output take turns. At router 2 the ejection port is split evenly
/// between VC 1 (host 6) and VC 0 (hosts 0 and 1), so host 6 gets half of everything and hosts
/// 0 and 1 a quarter each. With the pointer stuck on VC 0 (a mutation once run), VC 1 got
/// 36 %.
#[test]
fn the_switch_allocator_takes_an_inputs_vcs_in_turn() {
    let [from6, from0, from1] = ring_shares();
    let total = (from6 + from0 + from1) as f64;
    assert!(
        total > 5500.0,
        "the output is busy: {from6} + {from0} + {from1}"
    );
    let vc1 = from6 as f64 / total;
    assert!(
        (0.47..=0.53).contains(&vc1),
        "host 6 (VC 1) {from6} flits, host 0 {from0}, host 1 {from1} (VC 0): VC 1 {vc1:.3}"
    );
}

/// What the switch allocator's round-robin pointer over an input's VCs is for, cycle by cycle:
/// when two VCs of one input both want the same output and both may cross, the grant goes to
/// the one that did not win last, so an input's grants alternate between its VCs. A 3x1 mesh
/// of two hosts a router, hosts 0 and 1 (router 0) and 4 and 5 (router 2) each sending 150
/// packets to host 2 (router 1): router 1's inputs from both sides carry two packets at once,
/// one per VC, both for host 2's port, and they share it with the other side, so their
/// buffers stay full. Every cycle an input of router 1 wins its output, its winning VC is
/// read from the flits forwarded per output VC and the output VC each input VC holds (the
/// router's registers, written from the planes when read); where
/// both of its VCs held their output VC, a flit, a credit downstream and were past their
/// ready cycle before the cycle, the winner must differ from its last winner.
#[test]
fn two_vcs_of_one_input_wanting_one_output_are_granted_in_turn() {
    let c = preset(&[
        "topology.dims=\"3x1\"",
        "topology.hosts_per_switch=2",
        "traffic.rate=0",
        "warmup=0",
    ]);
    let mut net = vc_net(&c);
    let mut inj = vec![];
    for i in 0..150u64 {
        for s in [0, 1, 4, 5] {
            inj.push((i, s, 2, 20));
        }
    }
    net.load_trace(&inj, 20).unwrap();
    assert!(net.has_engine(), "the planes take the 3x1 mesh");
    let np = net.switches()[1].ports();
    let mut last: Vec<Option<usize>> = vec![None; np];
    let (mut checked, mut wins) = (0u32, 0u32);
    let mut repeats = vec![];
    for _ in 0..6000 {
        let t = net.now();
        let sw = &net.switches()[1];
        let before = sw.forwarded_vc;
        let nv = sw.params().vcs;
        // per input VC: the output VC it holds, and whether it may cross this cycle
        let holds: Vec<Vec<Option<(usize, usize)>>> = (0..np)
            .map(|p| (0..nv).map(|v| sw.holds(p, v)).collect())
            .collect();
        let may: Vec<Vec<bool>> = (0..np)
            .map(|p| {
                (0..nv)
                    .map(|v| {
                        holds[p][v].is_some_and(|(o, ov)| {
                            sw.level(p, v) > 0 && sw.credits(o, ov) > 0 && sw.ready_at(p, v) <= t
                        })
                    })
                    .collect()
            })
            .collect();
        net.step();
        let after = net.switches()[1].forwarded_vc;
        for ov in (0..before.len()).filter(|&ov| after[ov] != before[ov]) {
            assert_eq!(after[ov], before[ov] + 1, "one flit an output VC a cycle");
            // the input VC holding output VC ov (every packet here leaves by one port)
            let (p, v) = (0..np)
                .flat_map(|p| (0..nv).map(move |v| (p, v)))
                .find(|&(p, v)| holds[p][v].is_some_and(|(_, x)| x == ov))
                .expect("a forwarded flit's output VC is held by an input VC");
            wins += 1;
            if may[p].iter().all(|&m| m) {
                checked += 1;
                if last[p] == Some(v) {
                    repeats.push((t, p, v));
                }
            }
            last[p] = Some(v);
        }
    }
    assert!(net.has_engine());
    assert!(
        repeats.is_empty(),
        "{} of {checked} grants with both VCs ready went to the last \
         winner again (cycle, input, VC): {:?}",
        repeats.len(),
        &repeats[..repeats.len().min(8)]
    );
    assert!(
        wins > 5000 && checked > 1000,
        "the output is busy and both VCs contend: {wins} grants, \
         {checked} with both VCs ready"
    );
}
