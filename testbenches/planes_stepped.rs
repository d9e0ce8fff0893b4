//! Testbench of a VC network stepped by a program of its own: its routers run in bit planes
//! (`fabric::vc::switch::Planes`) as in any run, and whatever the program reads of them —
//! `Network::switches`, `Network::links`, the probes, the summary — is written from the planes
//! at that read, so it is what the routers hold at that cycle (the goldens, blessed when it
//! was what the routers one by one held). A program that writes into the routers before the
//! first cycle has the planes built from what it wrote; a write later is refused (the planes
//! cannot read back a register written under them), and the run goes on unchanged.

use crate::common::{booksim_preset, vc_network};
use crate::planes_compare::{outcome, same_registers, Compare, Digest};

#[test]
fn a_stepped_network_runs_in_planes_and_reads_its_true_registers() {
    let torus = flitwave::experiment::config::Config::from_toml(
        include_str!("../configs/booksim-iq-torus.toml"),
        &["traffic.rate=0.2".to_string()],
    )
    .unwrap();
    let mesh = booksim_preset(&["traffic.rate=0.6", "switch.wait_for_tail_credit=true"]);
    for (what, c) in [
        ("mesh preset past saturation, tail credit", mesh),
        ("torus preset", torus),
    ] {
        let mut a = vc_network(&c);
        let mut compare = Compare::default();
        let mut digest = Digest::default();
        for t in 0..900u64 {
            assert!(a.step(), "{what}: cycle {t}");
            // read now and then, by the program's own accessors alone: no explicit write;
            // what it reads is the golden's (blessed when it was the routers one by one's)
            if t % 97 == 0 || t == 899 {
                digest.network(true, &a, &mut compare);
            }
        }
        assert!(a.has_engine(), "{what}: the planes carried the stepped run");
        assert!(
            a.switches().iter().any(|s| s.forwarded() > 0),
            "{what}: routers read after the last step show its traffic"
        );
        digest.golden(what, &outcome(&a));
    }
}

#[test]
fn a_router_written_during_a_run_is_refused_and_the_run_goes_on() {
    let dragonfly = flitwave::experiment::config::Config::from_toml(
        include_str!("../configs/booksim-dragonfly.toml"),
        &["traffic.rate=0.3".to_string()],
    )
    .unwrap();
    for (what, c, at, end) in [
        (
            "mesh preset",
            booksim_preset(&["traffic.rate=0.45"]),
            611,
            1400,
        ),
        ("dragonfly preset", dragonfly, 233, 500),
    ] {
        let mut whole = vc_network(&c);
        let mut a = vc_network(&c);
        for t in 0..end {
            if t == at {
                // a write with flits on the links and in the buffers: the planes hold state
                // the routers' registers do not show, and cannot read a write back
                let e = a.switches_mut().map(|_| ()).unwrap_err().to_string();
                assert!(
                    e.contains("before its first cycle") && e.contains(&format!("{at} cycles")),
                    "{what}: {e}"
                );
                assert!(a.links_mut().is_err(), "{what}");
                assert!(a.has_engine(), "{what}");
            }
            assert_eq!(a.step(), whole.step(), "{what}: cycle {t}");
        }
        same_registers(what, (end, true), (&a, &whole), &mut Compare::default());
        assert_eq!(outcome(&a), outcome(&whole), "{what}");
        assert!(a.summary().delivered_packets > 500, "{what}");
    }
}

#[test]
fn routers_written_before_the_first_cycle_are_those_the_planes_evaluate() {
    // the routers of a network whose routing takes 3 cycles, written into one of 1 cycle:
    // the planes are built again from them, so the run is that network's, not its own
    let slow = booksim_preset(&["switch.routing_cycles=3", "traffic.rate=0.3"]);
    let fast = booksim_preset(&["switch.routing_cycles=1", "traffic.rate=0.3"]);
    let mut reference = vc_network(&slow);
    reference.run(1200);
    let mut own = vc_network(&fast);
    own.run(1200);
    assert_ne!(outcome(&own), outcome(&reference), "the two differ at all");
    let mut a = vc_network(&fast);
    assert!(a.has_engine());
    let donor = vc_network(&slow);
    for (x, y) in a.switches_mut().unwrap().iter_mut().zip(donor.switches()) {
        *x = y.clone();
    }
    a.run(1200);
    assert!(
        a.has_engine(),
        "still in planes: written before the first cycle"
    );
    assert_eq!(outcome(&a), outcome(&reference));
}
