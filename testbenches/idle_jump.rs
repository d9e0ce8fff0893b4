//! Testbench of the clock's jump over idle time (`fabric::network::idle`):
//! a run that jumps gives the statistics of the run that steps every cycle, byte for byte, and a
//! trace whose records lie seconds apart ends after a few steps instead of billions.

use crate::common::{booksim_preset, vc_network};
use crate::sleep::{fattree, myrinet};
use flitwave::experiment::build;
use flitwave::fabric::{AnyNetwork, Family, Network};

/// The summary of `over` on the BookSim2 preset, run for its cycles, jumping or not; and the
/// cycles jumped.
fn both(over: &[&str]) -> (String, String, u64) {
    let c = booksim_preset(over);
    let run = |jump: bool| {
        let mut n = vc_network(&c);
        if !jump {
            n.step_each_cycle();
        }
        build::load_workload(&c, &mut n).unwrap();
        if c.traffic.trace.is_some() {
            n.run_workload(c.cycles).expect("the trace finishes");
        } else {
            n.run(c.cycles);
        }
        let s = serde_json::to_string(&n.summary()).unwrap();
        (s, n.jumped())
    };
    let ((a, jumped), (b, none)) = (run(true), run(false));
    assert_eq!(none, 0);
    (a, b, jumped)
}

#[test]
fn jumping_over_idle_time_changes_no_statistic() {
    // low loads leave the network idle between packets; the warm-up and the watchdog stop
    // the jumps where stepping acts
    for rate in ["0.002", "0.01", "0.05"] {
        let (a, b, jumped) = both(&[
            &format!("traffic.rate={rate}"),
            "cycles=30000",
            "warmup=3000",
            "watchdog_cycles=2000",
            "traffic.process=\"bernoulli\"",
        ]);
        assert_eq!(a, b, "rate {rate}: the jumping run differs");
        if rate == "0.002" {
            assert!(jumped > 1000, "rate {rate}: jumped only {jumped} cycles");
        }
    }
}

#[test]
fn a_trace_with_a_gap_of_seconds_ends_in_a_few_steps() {
    let dir = std::env::temp_dir().join(format!("flitwave_idle_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let trace = dir.join("gap.trace");
    // two messages 10 s apart, then one more shortly after (8x8 mesh: 64 hosts)
    std::fs::write(&trace, "0 0 63 64\n10e9 5 17 64\n10.000001e9 17 5 64\n").unwrap();
    let t = format!("traffic.trace={:?}", trace.to_str().unwrap());
    let c = booksim_preset(&[&t, "cycles=1000", "warmup=0"]);
    let mut n = vc_network(&c);
    build::load_workload(&c, &mut n).unwrap();
    let limit = c.cycles.max(40_000_000_000);
    let end = n.run_workload(limit).expect("the trace finishes");
    let s = n.summary();
    assert_eq!(s.delivered_packets, 3);
    // 10 s at the preset's 6.25 ns clock
    assert!(end > 1_600_000_000, "ended at {end}");
    let stepped = n.now() - n.jumped();
    eprintln!(
        "DEBUG stepped {stepped} now {} jumped {}",
        n.now(),
        n.jumped()
    );
    // the packets' own cycles, not the gap's (a step per watchdog window would be 80,000)
    assert!(stepped < 2_000, "stepped {stepped} of {} cycles", n.now());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Run `c` jumping and stepping side by side: after every jump the summaries agree. Returns
/// the cycles jumped and whether the watchdog found a deadlock.
fn lockstep(c: &flitwave::experiment::config::Config) -> (u64, bool) {
    let net = || {
        let mut n = build::build(c).unwrap().network;
        flitwave::with_network!(&mut n, x => build::load_workload(c, x).unwrap());
        n
    };
    match (net(), net()) {
        (AnyNetwork::Vc(a), AnyNetwork::Vc(b)) => lockstep_of(c, a, b),
        (AnyNetwork::Vct(a), AnyNetwork::Vct(b)) => lockstep_of(c, a, b),
        (AnyNetwork::Myrinet(a), AnyNetwork::Myrinet(b)) => lockstep_of(c, a, b),
        _ => unreachable!("one configuration, one family"),
    }
}

/// [`lockstep`] of two networks of one family: `a` jumps, `b` steps every cycle.
fn lockstep_of<F: Family>(
    c: &flitwave::experiment::config::Config,
    mut a: Network<F>,
    mut b: Network<F>,
) -> (u64, bool) {
    b.step_each_cycle();
    while a.now() < c.cycles {
        let from = a.now();
        a.skip_idle(c.cycles);
        let to = a.now();
        while b.now() < to {
            b.step();
        }
        if to > from {
            let (sa, sb) = (
                serde_json::to_string(&a.summary()).unwrap(),
                serde_json::to_string(&b.summary()).unwrap(),
            );
            assert_eq!(sa, sb, "diverged after the jump {from}..{to}");
        }
        if to < c.cycles {
            let (x, y) = (a.step(), b.step());
            assert_eq!(x, y, "one run saw a deadlock at {to}");
            if !x {
                assert_eq!(a.deadlock(), b.deadlock());
                break;
            }
        }
    }
    assert_eq!(a.summary(), b.summary());
    (a.jumped(), a.deadlock().is_some())
}

#[test]
fn a_jumping_network_matches_a_stepping_one_after_every_jump() {
    for (preset, over) in [
        (
            include_str!("../configs/booksim-iq.toml"),
            "traffic.rate=0.002",
        ),
        (
            include_str!("../configs/booksim-iq.toml"),
            "traffic.rate=0.02",
        ),
        (
            include_str!("../configs/inorder.toml"),
            "traffic.rate=0.005",
        ),
        (include_str!("../configs/dl.toml"), "traffic.rate=0.005"),
    ] {
        let sets: Vec<String> = [over, "cycles=20000", "warmup=2000", "watchdog_cycles=2000"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let c = flitwave::experiment::config::Config::from_toml(preset, &sets).unwrap();
        let (jumped, _) = lockstep(&c);
        assert!(jumped > 0, "{over}: never jumped");
    }
    // a trace with idle gaps longer than the watchdog's window: the jumps restart the
    // watchdog's window as stepping does, and stop at its look while a packet waits
    let dir = std::env::temp_dir().join(format!("flitwave_idle_ls_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let trace = dir.join("gaps.trace");
    let mut text = String::new();
    for i in 0..12u64 {
        // bursts of two messages, 60,000 cycles (375 µs) apart
        let t = i as f64 * 375_000.0;
        text += &format!(
            "{t} {} {} 64\n{t} {} {} 64\n",
            i % 64,
            (i * 7 + 3) % 64,
            (i * 5 + 1) % 64,
            (i * 11 + 9) % 64
        );
    }
    std::fs::write(&trace, text).unwrap();
    let t = format!("traffic.trace={:?}", trace.to_str().unwrap());
    let c = booksim_preset(&[&t, "cycles=800000", "warmup=1000", "watchdog_cycles=2000"]);
    assert!(lockstep(&c).0 > 500_000);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn vct_and_myrinet_networks_jump_as_they_step() {
    // low loads on seed 001's fat-tree (deterministic and adaptive with in-order delivery)
    // and seed 000's irregular network (up*/down* and in-transit buffers), and a torus that
    // deadlocks: the watchdog fires at the same cycle
    let low = ["cycles=30000", "warmup=2000", "watchdog_cycles=4000"];
    fn with<'a>(low: &[&'a str], over: &[&'a str]) -> Vec<&'a str> {
        low.iter().chain(over).copied().collect()
    }
    for (what, c) in [
        ("vct det", fattree(&with(&low, &["traffic.rate=0.005"]))),
        (
            "vct sadp in order",
            fattree(&with(
                &low,
                &[
                    "routing.algorithm=\"ir-adaptive\"",
                    "routing.selection=\"sadp\"",
                    "nic.in_order=true",
                    "nic.ack=\"packets\"",
                    "traffic.rate=0.01",
                ],
            )),
        ),
        (
            "myrinet updown",
            myrinet(&with(
                &low,
                &["traffic.rate=0.01", "traffic.message_bytes=64"],
            )),
        ),
        (
            "myrinet itb",
            myrinet(&with(
                &low,
                &["routing.algorithm=\"itb\"", "traffic.rate=0.01"],
            )),
        ),
    ] {
        let (jumped, deadlock) = lockstep(&c);
        assert!(
            jumped > 1000 && !deadlock,
            "{what}: jumped {jumped}, deadlock {deadlock}"
        );
    }
    let torus = myrinet(&[
        "topology.kind=\"torus\"",
        "routing.algorithm=\"dor\"",
        "traffic.rate=0.9",
        "cycles=30000",
        "watchdog_cycles=2000",
    ]);
    assert!(lockstep(&torus).1, "the torus deadlocks");
}

#[test]
fn vct_and_myrinet_traces_with_a_gap_of_seconds_end_in_a_few_steps() {
    let dir = std::env::temp_dir().join(format!("flitwave_idle_vm_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let tree = ["topology.k=2", "topology.n=7"];
    for (what, hosts, family) in [("2-ary 7-tree", 128, "vct"), ("myrinet", 64, "myrinet")] {
        // sixteen messages, then one 10 s later
        let trace = dir.join(format!("gap{hosts}.trace"));
        let mut text = String::new();
        for i in 0..16 {
            text += &format!(
                "{} {} {} 512\n",
                i * 1000,
                i * 4 % hosts,
                (i * 37 + 5) % hosts
            );
        }
        text += &format!("10e9 3 {} 512\n", hosts - 5);
        std::fs::write(&trace, text).unwrap();
        let t = format!("traffic.trace={:?}", trace.to_str().unwrap());
        let c = match family {
            "vct" => fattree(&[tree[0], tree[1], &t, "warmup=0"]),
            _ => myrinet(&[&t, "warmup=0"]),
        };
        let mut n = build::build(&c).unwrap().network;
        let (end, stepped) = flitwave::with_network!(&mut n, x => {
            build::load_workload(&c, x).unwrap();
            let end = x.run_workload(40_000_000_000).expect("the trace finishes");
            assert_eq!(x.summary().delivered_packets, 17, "{what}");
            (end, x.now() - x.jumped())
        });
        assert_eq!(n.family(), family);
        assert!(end > 1_600_000_000, "{what}: ended at {end}");
        // the packets' own cycles, not the gap's
        assert!(stepped < 100_000, "{what}: stepped {stepped} cycles");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
