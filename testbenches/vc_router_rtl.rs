//! Testbench of the VC router's RTL twin: the model router of the BookSim2
//! preset (`VcSwitch`, configs/booksim-iq.toml) against `hdl::vc_router` in lockstep — the same
//! flits out on the same cycles with the same VCs, the same credits upstream — over directed
//! cases and seeded reactive random stimulus (uniform, all inputs to one output, credits
//! withheld, back-to-back 1-flit packets, long packets, outputs starved of credits), with
//! coverage of what the stimulus must reach; the zero-load hop of 2 cycles inside the router.

use flitwave::fabric::vc::switch::VcState;
use flitwave::hdl::lockstep::{self, Options, Stepper, Twin, Vectors};
use flitwave::hdl::vc_router::{VcRouterModel, VcRouterRtl, FLIT};

type R = VcRouterRtl<FLIT>;

/// What the stimulus reached.
#[derive(Debug, Default)]
struct Coverage {
    /// Flits out per output and per output VC.
    out: [u64; 5],
    vc: [u64; 2],
    /// Flits that were head and tail at once (1-flit packets) out.
    single: u64,
    /// Outputs driving flits in consecutive cycles.
    back_to_back: u64,
    /// Credits upstream per input.
    up: [u64; 5],
    /// Cycles where an output VC had no credit, flits waited in an active input VC and that
    /// output sent nothing.
    credit_stalls: u64,
    /// Cycles with a full input VC.
    full: u64,
    /// Cycles where more than one input VC asked for an output VC and waited.
    va_waits: u64,
}

fn coverage(v: &Vectors) -> Coverage {
    let (stim, expect) = v.from_power_on();
    let (ni, no) = (R::INPUTS.len(), R::OUTPUTS.len());
    let mut m = VcRouterModel::new();
    let mut c = Coverage::default();
    let mut out = vec![0; no];
    let mut last = 0u64;
    for (i, e) in stim.chunks(ni).zip(expect.chunks(no)) {
        R::model_cycle(&mut m, i, &mut out);
        assert_eq!(out, e, "the replay follows the recorded vectors");
        for o in 0..5 {
            if e[0] >> o & 1 == 1 {
                c.out[o] += 1;
                c.vc[(e[1] >> o & 1) as usize] += 1;
                c.single += (e[2 + o] & 3 == 3) as u64;
                c.back_to_back += last >> o & 1;
            }
            c.up[o] += e[7] >> o & 1;
        }
        last = e[0];
        let sw = m.switch();
        let waiting = (0..5)
            .any(|p| (0..2).any(|v| sw.vc_state(p, v) == VcState::Active && sw.level(p, v) > 0));
        let dry = (0..5).any(|o| e[0] >> o & 1 == 0 && (0..2).any(|v| sw.credits(o, v) == 0));
        c.credit_stalls += (waiting && dry) as u64;
        c.full += (0..5).any(|p| (0..2).any(|v| sw.level(p, v) == 8)) as u64;
        let asking = (0..5)
            .flat_map(|p| (0..2).map(move |v| (p, v)))
            .filter(|&(p, v)| sw.vc_state(p, v) == VcState::VcAlloc)
            .count();
        c.va_waits += (asking > 1) as u64;
    }
    c
}

fn check(c: &Coverage, cycles: u64) {
    let n = cycles / 100;
    assert!(
        c.out.iter().all(|&x| x > n),
        "every output drives flits: {c:?}"
    );
    assert!(
        c.vc.iter().all(|&x| x > n),
        "both output VCs carry flits: {c:?}"
    );
    assert!(
        c.up.iter().all(|&x| x > n),
        "every input returns credits: {c:?}"
    );
    assert!(c.single > n && c.back_to_back > n, "{c:?}");
    assert!(c.credit_stalls > n && c.full > n / 10, "{c:?}");
    assert!(c.va_waits > n / 10, "{c:?}");
}

/// A short lockstep (quick tier): directed cases and 9,000 random cycles, every phase once.
#[test]
fn lockstep_short() {
    let o = Options {
        seed: 1,
        random_cycles: 9_000,
        ..Options::default()
    };
    let (cycles, v) = lockstep::check::<R>(&o).unwrap();
    let c = coverage(&v);
    println!("{cycles} cycles: {c:?}");
    check(&c, cycles);
}

/// 100,000 random cycles per seed, three seeds, and a reset in mid-run.
#[test]
#[ignore = "full tier: 300,000 lockstep cycles of the router twin"]
fn lockstep_model_and_twin_agree() {
    let mut total = 0;
    for seed in 1..=3 {
        let o = Options {
            seed,
            reset_at: (seed == 2).then_some(40_000),
            ..Options::default()
        };
        let (cycles, v) = lockstep::check::<R>(&o).unwrap();
        assert!(cycles >= 100_000 && v.cycles() as u64 == cycles);
        let c = coverage_from(&v, o.reset_at);
        println!("seed {seed}: {cycles} cycles, {c:?}");
        check(&c, cycles);
        total += cycles;
    }
    assert!(total >= 300_000);
}

/// The coverage of a run with a reset in mid-run: counted from that reset.
fn coverage_from(v: &Vectors, reset_at: Option<u64>) -> Coverage {
    let Some(k) = reset_at else {
        return coverage(v);
    };
    let (ni, no) = (v.inputs.len(), v.outputs.len());
    let k = k as usize;
    let tail = Vectors {
        inputs: v.inputs.clone(),
        outputs: v.outputs.clone(),
        stim: v.stim[k * ni..].to_vec(),
        expect: v.expect[k * no..].to_vec(),
        reset: v.reset[k..].to_vec(),
    };
    coverage(&tail)
}

/// Zero load: a head arriving at t leaves at t + 2, its credit goes upstream at t + 1 (switch
/// allocation), a body flit behind it follows one cycle later.
#[test]
fn zero_load_hop_and_credit_delay() {
    let mut st = Stepper::new("vc_router", R::rtl()).unwrap();
    st.reset().unwrap();
    let mut m = R::model();
    let mut out = vec![0; R::OUTPUTS.len()];
    let mut rtl = vec![0; R::OUTPUTS.len()];
    let idle = || {
        let mut v = vec![0u64; R::INPUTS.len()];
        v[0] = 3;
        v[1] = 4;
        v
    };
    // to host 4·8 + 5 (x 5 > 3): output 1, +x; a 2-flit packet from input 0 on VC 1
    let head = 1 | (5 << 2) | (4 << 5) | (2 << 8);
    let tail = 2 | (5 << 2) | (4 << 5) | (0x77 << 8);
    let mut seen = vec![];
    for t in 0..12u64 {
        let mut i = idle();
        if t == 0 || t == 1 {
            i[2] = 1;
            i[3] = 1;
            i[4] = if t == 0 { head } else { tail };
        }
        st.uut.drive(&i);
        st.low().unwrap();
        st.uut.sample(&mut rtl);
        R::model_cycle(&mut m, &i, &mut out);
        assert_eq!(rtl, out, "cycle {t}");
        if out[0] != 0 || out[7] != 0 {
            seen.push((t, out[0], out[3], out[7]));
        }
        st.edge().unwrap();
    }
    // credits upstream at 1 and 2, flits out on output 1 at 2 and 3
    assert_eq!(
        seen,
        vec![(1, 0, 0, 1), (2, 2, head, 1), (3, 2, tail, 0)],
        "{seen:x?}"
    );
}

/// The preset's network with router `rtl` (if any) as the twin: the summary and the twin's
/// comparisons.
fn run_preset(rtl: Option<usize>, over: &[&str]) -> (String, Vec<flitwave::blocks::TwinTally>) {
    use flitwave::experiment::build;
    let cfg = crate::common::booksim_preset(over);
    let b = build::build(&cfg).unwrap();
    let mut net = b.network;
    if let Some(sw) = rtl {
        flitwave::hdl::insitu::attach_any(&mut net, &b.topology, sw).unwrap();
    }
    net.run(cfg.cycles);
    let s = net.summary();
    assert!(s.healthy(), "{}", s.report());
    (
        serde_json::to_string(&s).unwrap(),
        flitwave::hdl::insitu::report(&net),
    )
}

/// In situ: the twin of router 27 (x 3, y 3) of the 8 x 8 mesh watches it in the network —
/// in planes, as any run — fed what the router receives each cycle and compared with what it
/// drives: it agrees on every cycle, below and above saturation, and watching leaves the
/// run's summary as it was. A twin of the router at (4, 3) put on router 27 disagrees, and
/// the tally says where first.
#[test]
fn router_twin_in_situ_agrees_with_its_router_every_cycle() {
    for (rate, saturated) in [("0.1", false), ("0.5", true)] {
        let r = format!("traffic.rate={rate}");
        let over = [&r[..], "cycles=6000", "warmup=1000"];
        let (model, none) = run_preset(None, &over);
        assert!(none.is_empty());
        let (twin, tallies) = run_preset(Some(27), &over);
        assert_eq!(model, twin, "rate {rate}: watching changed the summary");
        assert!(
            model.contains(&format!("\"saturated\":{saturated}")),
            "rate {rate}"
        );
        assert_eq!(tallies.len(), 1);
        let t = &tallies[0];
        assert_eq!(t.what, "sw27.router");
        assert!(t.calls > 2_000, "{} cycles compared", t.calls);
        assert_eq!(t.mismatches, 0, "{:?}", t.first);
    }
    let mut net = crate::common::vc_network(&crate::common::booksim_preset(&["traffic.rate=0.3"]));
    let elsewhere =
        flitwave::hdl::vc_router::insitu::RouterInSitu::new(&net, 27, (4, 3, 8)).unwrap();
    net.set_watch(Box::new(elsewhere));
    net.run(3000);
    assert!(net.has_engine(), "the network in planes, watched");
    let t = &net.watch().unwrap().tallies()[0];
    assert!(t.mismatches > 10, "{t:?}");
    let first = t.first.as_deref().unwrap();
    assert!(first.starts_with("sw27.router cycle "), "{first}");
}

/// The lockstep's model router has the preset's parameters, and routes as the preset's
/// router at (3, 4) does.
#[test]
fn the_harness_router_is_the_presets() {
    let cfg = crate::common::booksim_preset(&[]);
    let net = crate::common::vc_network(&cfg);
    let m = VcRouterModel::new();
    assert_eq!(
        format!("{:?}", net.switches()[35].params()),
        format!("{:?}", m.switch().params())
    );
    assert_eq!(
        format!("{:?}", VcRouterModel::preset()),
        format!("{:?}", m.switch().params())
    );
    assert_eq!(m.switch().routing_unit(), net.switches()[35].routing_unit());
}

/// A router the twin does not model is refused with an error naming the key.
#[test]
fn router_twin_refuses_other_routers() {
    use flitwave::experiment::build;
    for (over, key) in [
        (&["switch.vcs=3"][..], "switch.vcs = 2"),
        (&["topology.dims=\"9x9\""][..], "topology.dims"),
        (
            &["switch.credit_delay_cycles=1"][..],
            "credit_delay_cycles = 2",
        ),
        (&["switch.family=\"vct\""][..], "switch.family"),
    ] {
        let cfg = crate::common::booksim_preset(over);
        let b = build::build(&cfg).unwrap();
        let mut net = b.network;
        let e = flitwave::hdl::insitu::attach_any(&mut net, &b.topology, 3)
            .unwrap_err()
            .to_string();
        assert!(e.contains(key), "{over:?}: {e}");
    }
    let cfg = crate::common::booksim_preset(&[]);
    let b = build::build(&cfg).unwrap();
    let mut net = b.network;
    let e = flitwave::hdl::insitu::attach_any(&mut net, &b.topology, 64)
        .unwrap_err()
        .to_string();
    assert!(e.contains("64 is out of range, allowed 0..63"), "{e}");
}
