//! Testbench of seed 002 in whole networks: Opt-y over the vc router on a mesh with
//! the LUC/NCB exchange and the speculative selection. Checked every cycle: each router's LUC
//! equals the messages inside it; no flit of a packet is driven onto a router-to-router link in
//! an exchange slot; the NCBs hold what the neighbours' LUCs were. Beyond saturation nothing
//! deadlocks and everything drains. Bad settings are refused naming their key.

use crate::common;

use crate::common::fails_with;
use flitwave::blocks::luc_ncb::DIRS;
use flitwave::experiment::build::build;
use flitwave::experiment::config::Config;
use flitwave::fabric::registry::AnyNetwork;
use flitwave::fabric::vc::VcFamily;
use flitwave::fabric::{Network, Nic};

/// The seed-002 preset on a smaller mesh, with `sets` applied.
fn config(sets: &[&str]) -> Config {
    let mut all = vec![
        "topology.dims=6x6".to_string(),
        "traffic.pattern=hot-spot:10@14".into(),
    ];
    all.extend(sets.iter().map(|s| s.to_string()));
    Config::load(std::path::Path::new("configs/speculative.toml"), &all).unwrap()
}

fn net(sets: &[&str]) -> Network<VcFamily> {
    match build(&config(sets)).unwrap().network {
        AnyNetwork::Vc(n) => n,
        _ => panic!("the preset builds a vc network"),
    }
}

/// Step `cycles`, checking the LUC, the halted links and the NCBs every cycle.
fn run_checked(n: &mut Network<VcFamily>, cycles: u64) {
    let first = n.switches()[0].params().first_net_port as usize;
    for _ in 0..cycles {
        assert!(n.step(), "deadlock: {:?}", n.deadlock());
        let t = n.now() - 1;
        for s in n.switches() {
            let x = s.exchange_unit().expect("the exchange is on");
            assert_eq!(x.luc as u32, s.messages_inside(), "sw{} LUC at {t}", s.id);
            if x.halts(t) {
                for d in 0..DIRS {
                    assert!(
                        s.sent(first + d).is_none(),
                        "sw{} drove a flit in a slot at {t}",
                        s.id
                    );
                }
            }
        }
    }
}

#[test]
fn luc_counts_messages_and_slots_carry_no_flit_beyond_saturation() {
    for sel in ["ssr", "ssr-1hop", "straight"] {
        let mut n = net(&[
            &format!("routing.selection={sel}"),
            "exchange.hops=2",
            "traffic.rate=0.2",
        ]);
        run_checked(&mut n, 6000);
        assert!(
            n.switches().iter().any(|s| s.halted() > 0),
            "{sel}: the exchange halted nothing"
        );
        assert!(
            n.switches()
                .iter()
                .any(|s| s.exchange_unit().unwrap().luc > 1),
            "{sel}: loaded routers hold several messages"
        );
        n.stop_traffic();
        let mut left = 200_000;
        while !n.drained() {
            assert!(
                n.step(),
                "{sel}: deadlock while draining: {:?}",
                n.deadlock()
            );
            left -= 1;
            assert!(left > 0, "{sel}: did not drain");
        }
        // the last credits are still on their way back
        n.run(200);
        let sum = n.summary();
        assert!(sum.healthy(), "{sel}: {}", sum.report());
        assert!(n.conservation_ok(), "{sel}: flits conserved");
        for s in n.switches() {
            assert_eq!(s.exchange_unit().unwrap().luc, 0);
            assert!(s.credits_restored());
            assert_eq!(s.route_errors(), 0);
        }
    }
}

#[test]
fn ncbs_hold_the_neighbours_luc_one_and_two_hops_away() {
    let mut n = net(&["exchange.hops=2", "traffic.rate=0.15"]);
    run_checked(&mut n, 3000);
    // the exchange at cycle 3000 sends the LUCs of 3000 (snapshots) and the NCB 1-hop values
    // of the one before; after its words arrived, compare with the neighbours
    while n.now() < 3000 {
        n.step();
    }
    let luc: Vec<u16> = n
        .switches()
        .iter()
        .map(|s| s.exchange_unit().unwrap().luc)
        .collect();
    let ncb1_before: Vec<[u16; DIRS]> = n
        .switches()
        .iter()
        .map(|s| s.exchange_unit().unwrap().ncb1)
        .collect();
    while n.now() < 3050 {
        n.step();
    }
    let w = 6;
    for (i, s) in n.switches().iter().enumerate() {
        let x = s.exchange_unit().unwrap();
        let (cx, cy) = (i % w, i / w);
        // neighbour in direction d (+x, -x, +y, -y)
        let nb = |d: usize| -> Option<usize> {
            match d {
                0 if cx + 1 < w => Some(i + 1),
                1 if cx > 0 => Some(i - 1),
                2 if cy + 1 < w => Some(i + w),
                3 if cy > 0 => Some(i - w),
                _ => None,
            }
        };
        #[allow(clippy::needless_range_loop)] // d indexes three arrays and names a direction
        for d in 0..DIRS {
            match nb(d) {
                Some(j) => {
                    assert_eq!(x.ncb1[d], luc[j], "sw{i} NCB 1-hop {d}");
                    // two hops: the neighbour forwarded its NCB 1-hop of the node beyond
                    assert_eq!(x.ncb2[d], ncb1_before[j][d], "sw{i} NCB 2-hop {d}");
                }
                None => assert_eq!((x.ncb1[d], x.ncb2[d]), (0, 0)),
            }
        }
    }
}

#[test]
fn same_seed_same_result_and_the_exchange_costs_link_cycles() {
    let run = |sets: &[&str]| {
        let mut n = net(sets);
        for _ in 0..4000 {
            n.step();
        }
        let delivered: u64 = n.nics.iter().map(|x| x.ejected_flits()).sum();
        (
            delivered,
            n.switches().iter().map(|s| s.halted()).sum::<u64>(),
        )
    };
    let a = run(&["routing.selection=ssr", "traffic.rate=0.1"]);
    assert_eq!(a, run(&["routing.selection=ssr", "traffic.rate=0.1"]));
    let off = run(&["routing.selection=straight", "traffic.rate=0.1"]);
    let on = run(&[
        "routing.selection=straight",
        "exchange.hops=2",
        "traffic.rate=0.1",
    ]);
    assert_eq!(off.1, 0);
    assert!(on.1 > 0);
}

#[test]
fn bad_settings_name_their_key() {
    fn with<'a>(extra: &[&'a str]) -> Vec<&'a str> {
        let mut v = vec![
            "run",
            "--config",
            "configs/speculative.toml",
            "--cycles",
            "100",
        ];
        v.extend_from_slice(extra);
        v
    }
    fails_with(
        &with(&["--set", "exchange.period_cycles=10"]),
        &["exchange.period_cycles"],
    );
    fails_with(&with(&["--set", "exchange.hops=3"]), &["exchange.hops"]);
    fails_with(
        &with(&["--set", "exchange.hops=1"]),
        &["exchange.hops", "ssr"],
    );
    fails_with(&with(&["--set", "routing.ssr_k=-0.5"]), &["routing.ssr_k"]);
    fails_with(&with(&["--set", "routing.ssr_k=0.3"]), &["routing.ssr_k"]);
    fails_with(
        &with(&[
            "--set",
            "routing.selection=straight",
            "--set",
            "routing.ssr_k=1",
        ]),
        &["routing.ssr_k"],
    );
    fails_with(
        &with(&[
            "--set",
            "topology.kind=irregular",
            "--set",
            "routing.algorithm=updown",
            "--set",
            "traffic.pattern=uniform",
        ]),
        &["exchange.hops"],
    );
    fails_with(&with(&["--set", "topology.kind=torus"]), &["opt-y", "mesh"]);
}

#[test]
#[ignore = "full tier: a tiny-scale reproduction"]
fn reproduce_speculative_runs_at_tiny_scale() {
    let dir = std::env::temp_dir().join(format!("flitwave_spec_{}", std::process::id()));
    // once (about a minute of CPU): that a reproduction gives the same points at any thread
    // count is the job loop's, shared by every paper, and tested on the cheaper dl reproduction
    // (dl::the_reduced_reproduction_writes_tables_and_figures_the_same_at_any_thread_count)
    let raw = |threads: &str| {
        let out = dir.join(threads);
        let (ok, _, err) = common::flitwave(&[
            "reproduce",
            "speculative",
            "--cycles",
            "2000",
            "--threads",
            threads,
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(ok, "{err}");
        let md = std::fs::read_to_string(out.join("speculative.md")).unwrap();
        for want in [
            "claim",
            "| paper (§5; figures only, no numbers) |",
            "SSR higher, \"especially in the saturation region\" (Fig. 4) |",
            "Figure 4",
            "Figure 5",
            "exchange costs",
            "transpose",
            "buffer depth",
            "| 20 | 0.10 |",
        ] {
            assert!(md.contains(want), "the report lacks {want:?}");
        }
        assert!(out.join("speculative_fig4.svg").exists());
        let v: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(out.join("speculative_raw.json")).unwrap(),
        )
        .unwrap();
        assert!(v["flitwave"]["version"].is_string() && v["config"].is_string());
        v["points"].clone()
    };
    let points = raw("2");
    assert!(points.as_array().is_some_and(|p| !p.is_empty()));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `routing.ssr_d` takes the two readings of §4's D and belongs to the SSR selections.
#[test]
fn the_reading_of_d_is_checked() {
    let base = [
        "run",
        "--config",
        "configs/speculative.toml",
        "--cycles",
        "100",
    ];
    let with = |extra: &[&'static str]| -> Vec<&'static str> { [&base[..], extra].concat() };
    fails_with(
        &with(&["--set", "routing.ssr_d=\"diagonal\""]),
        &["routing.ssr_d", "diagonal", "same-dimension, turn"],
    );
    fails_with(
        &with(&["--selection", "straight", "--set", "routing.ssr_d=\"turn\""]),
        &["routing.ssr_d", "ssr", "straight"],
    );
    let (ok, _, err) = crate::common::flitwave(&with(&["--set", "routing.ssr_d=\"turn\""]));
    assert!(ok, "{err}");
}
