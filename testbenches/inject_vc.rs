//! Testbench of the send engine's injection VC (`nic.inject_vc`, `fabric/vc/nic/inject_vc.rs`):
//! round-robin takes the next free VC after the last one used, so while the router drains, a
//! host's consecutive packets never start on the same VC; BookSim2's rule draws one VC a cycle
//! and waits for it, so on 4 VCs about a quarter of them repeat the last one and every VC
//! carries its share. Bad values, and the rule with per-destination source queues, are refused
//! naming the key.

use crate::common::{probe_values, run_fails_with, vc_network as vc_net};
use flitwave::experiment::config::Config;

/// The NIC's `send.pkt` and `send.vc` probes (the first `pkt` and `vc` it records: its send
/// engine's scope comes first).
fn sending(nic: &impl flitwave::sim::Probe) -> (i64, i64) {
    let v = probe_values(nic);
    let first = |k: &str| {
        v.iter()
            .find_map(|x| x.strip_prefix(k))
            .and_then(|x| x.parse().ok())
            .expect("the send engine's probes")
    };
    (first("pkt="), first("vc="))
}

/// (packets started, those on the same VC as the host's previous one, packets per VC) of the
/// first 16 hosts of the 8x8 preset with 4 VCs at 0.02, injecting by `rule`.
fn starts(rule: &str) -> (u32, u32, [u32; 4]) {
    let c = Config::from_toml(
        include_str!("../configs/booksim-iq.toml"),
        &[
            "switch.vcs=4".into(),
            "traffic.rate=0.02".into(),
            format!("nic.inject_vc=\"{rule}\""),
        ],
    )
    .unwrap();
    let mut net = vc_net(&c);
    let hosts = 16;
    let (mut last_pkt, mut last_vc) = (vec![-1i64; hosts], vec![-1i64; hosts]);
    let (mut n, mut same, mut per_vc) = (0, 0, [0u32; 4]);
    for _ in 0..12_000 {
        net.step();
        for h in 0..hosts {
            let (pkt, vc) = sending(&net.nics[h]);
            if pkt >= 0 && pkt != last_pkt[h] {
                n += 1;
                same += (vc == last_vc[h]) as u32;
                per_vc[vc as usize] += 1;
                (last_pkt[h], last_vc[h]) = (pkt, vc);
            }
        }
    }
    (n, same, per_vc)
}

#[test]
fn round_robin_takes_the_next_free_vc_and_booksims_rule_draws_one() {
    let (n, same, per_vc) = starts("round-robin");
    assert!(n > 150, "{n} packets");
    assert_eq!(same, 0, "round-robin repeated a VC {same} times of {n}");
    let (n, same, per_vc_r) = starts("random");
    let share = same as f64 / n as f64;
    assert!(
        (0.15..0.35).contains(&share),
        "a drawn VC repeats the last one in {same} of {n} packets"
    );
    for (v, k) in per_vc_r.iter().enumerate() {
        assert!(
            *k as f64 > 0.15 * n as f64,
            "VC {v} carried {k} of {n} ({per_vc_r:?}; round-robin {per_vc:?})"
        );
    }
}

#[test]
fn bad_injection_vc_rules_are_refused_naming_the_key() {
    let iq = "configs/booksim-iq.toml";
    run_fails_with(
        iq,
        &["nic.inject_vc=\"sometimes\""],
        &["nic.inject_vc", "\"sometimes\"", "round-robin, random"],
    );
    run_fails_with(
        iq,
        &[
            "nic.inject_vc=\"random\"",
            "traffic.source_queues=\"per-destination\"",
        ],
        &["nic.inject_vc", "per-destination", "round-robin"],
    );
}
