//! Testbench of the speculative selection unit, SSR (seed 002 §4), and its RTL twin:
//! - hand-computed picks (nothing valid, exactly one free, several free, all busy, ties, N2
//!   deciding with k = 0.5 and not with k = 0, D and R costing one, the widest costs), each
//!   read from the twin one cycle after its inputs, as the model's register gives it;
//! - the lockstep over the directed cases and 100,000 random cycles per seed, with coverage of
//!   ties, all-busy picks, one free channel beating cheaper busy ones, k changing the pick,
//!   free bits on invalid channels, every index picked, and costs near the maximum.

use flitwave::hdl::lockstep::{self, Options, Stepper, Twin};
use flitwave::hdl::speculative::{channels, vector, SsrRtl, CH};
use flitwave::routing::selection::speculative::{choose, cost, SsrChannel};

/// The twin's pick for each vector (read in the next cycle), checked against the model every
/// cycle.
fn picks(vectors: &[Vec<u64>]) -> Vec<Option<usize>> {
    let mut st = Stepper::new("speculative", SsrRtl::rtl()).unwrap();
    st.reset().unwrap();
    let mut m = SsrRtl::model();
    let idle = vector(&[SsrChannel::default(); CH], 0);
    let mut out = vec![];
    for (t, i) in vectors.iter().chain([&idle]).enumerate() {
        let (mut rtl, mut model) = ([0; 2], [0; 2]);
        st.uut.drive(i);
        st.low().unwrap();
        st.uut.sample(&mut rtl);
        SsrRtl::model_cycle(&mut m, i, &mut model);
        assert_eq!(rtl, model, "cycle {t}: twin and model disagree");
        if t > 0 {
            out.push((rtl[0] == 1).then_some(rtl[1] as usize));
        } else {
            assert_eq!(rtl, [0, 0], "power-on: no pick");
        }
        st.edge().unwrap();
    }
    out
}

fn ch(free: bool, d: bool, r: u8, n1: u16, n2: u16) -> SsrChannel {
    SsrChannel {
        valid: true,
        free,
        d,
        r,
        n1,
        n2,
    }
}

#[test]
fn hand_computed_picks_one_cycle_later() {
    let none = SsrChannel::default();
    let mut cases: Vec<([SsrChannel; CH], u8, Option<usize>)> = vec![];
    // nothing valid; free bits on invalid channels only
    cases.push(([none; CH], 2, None));
    cases.push(([SsrChannel { free: true, ..none }; CH], 2, None));
    // exactly one free: taken though every busy one is cheaper
    let mut c = [ch(false, false, 0, 0, 0); CH];
    c[5] = ch(true, true, 255, 65535, 65535);
    cases.push((c, 7, Some(5)));
    // several free: E = 1 + 1 + 4 + 0.5·4 = 8 beats 1 + 3 + 9 + 0.5·9 (the busy 0 is ignored)
    let mut c = [none; CH];
    c[0] = ch(false, false, 0, 0, 0);
    c[1] = ch(true, true, 3, 9, 9);
    c[2] = ch(true, false, 1, 4, 4);
    cases.push((c, 2, Some(2)));
    // N2 decides at k = 0.5 (E 5 + 3 against 5 + 1): channel 4; at k = 0 a tie: channel 1
    let mut c = [none; CH];
    c[1] = ch(true, false, 1, 4, 6);
    c[4] = ch(true, false, 1, 4, 2);
    cases.push((c, 2, Some(4)));
    cases.push((c, 0, Some(1)));
    // all busy: the least E is waited for; then D costs one like R (a tie: the lower index)
    let mut c = [ch(false, false, 3, 2, 0); CH];
    c[6] = ch(false, false, 2, 2, 0);
    cases.push((c, 2, Some(6)));
    c[3] = ch(false, true, 1, 2, 0);
    cases.push((c, 2, Some(3)));
    // all equal: the lowest index, free or busy; the lowest free one
    cases.push(([ch(true, false, 1, 5, 5); CH], 2, Some(0)));
    cases.push(([ch(false, false, 1, 5, 5); CH], 2, Some(0)));
    let mut c = [ch(false, false, 0, 0, 0); CH];
    c[6].free = true;
    c[2].free = true;
    cases.push((c, 2, Some(2)));
    // the widest costs (4·65,791 + 7·65,535 = 721,909): one less N2 wins
    let top = ch(true, true, 255, 65535, 65535);
    let mut c = [top; CH];
    c[7].n2 = 65534;
    cases.push((c, 7, Some(7)));
    assert_eq!(cost(&top, 7), 721_909);
    let vectors: Vec<Vec<u64>> = cases.iter().map(|(c, k, _)| vector(c, *k)).collect();
    let got = picks(&vectors);
    for (n, ((c, k, want), got)) in cases.iter().zip(&got).enumerate() {
        assert_eq!(got, want, "case {n}");
        assert_eq!(choose(c, *k), *want, "case {n}: the model");
    }
}

/// What the stimulus reached.
#[derive(Debug, Default)]
struct Coverage {
    picked: [u64; CH],
    none: u64,
    /// Two or more eligible channels at the least E.
    ties: u64,
    all_busy: u64,
    /// The only free channel taken while a busy one was cheaper.
    one_free_dearer: u64,
    /// The pick differs from the pick at k = 0.
    k_decides: u64,
    /// Free bits on invalid channels while no valid channel is free.
    stray_free: u64,
    /// A pick whose E is at least 2^19.
    wide: u64,
    k_seen: [u64; 8],
}

fn coverage(stim: &[u64]) -> Coverage {
    let mut c = Coverage::default();
    for i in stim.chunks(SsrRtl::INPUTS.len()) {
        let (ch, k) = (channels(i), i[0] as u8);
        c.k_seen[k as usize] += 1;
        let free = ch.iter().filter(|x| x.valid && x.free).count();
        let elig: Vec<&SsrChannel> = ch
            .iter()
            .filter(|x| x.valid && (free == 0 || x.free))
            .collect();
        let Some(p) = choose(&ch, k) else {
            c.none += 1;
            continue;
        };
        c.picked[p] += 1;
        let e = cost(&ch[p], k);
        c.ties += (elig.iter().filter(|x| cost(x, k) == e).count() > 1) as u64;
        c.all_busy += (free == 0) as u64;
        c.one_free_dearer +=
            (free == 1 && ch.iter().any(|x| x.valid && !x.free && cost(x, k) < e)) as u64;
        c.k_decides += (choose(&ch, 0) != Some(p)) as u64;
        c.stray_free += (free == 0 && ch.iter().any(|x| !x.valid && x.free)) as u64;
        c.wide += (e >= 1 << 19) as u64;
    }
    c
}

/// Lockstep: the twin against the model over the directed cases and 100,000 random cycles for
/// three seeds, with coverage.
#[test]
fn lockstep_model_and_twin_agree() {
    for seed in 1..=3 {
        let o = Options {
            seed,
            ..Options::default()
        };
        let (cycles, v) = lockstep::check::<SsrRtl>(&o).unwrap();
        assert!(cycles >= 100_000 && v.cycles() as u64 == cycles);
        let c = coverage(v.from_power_on().0);
        println!("seed {seed}: {c:?}");
        assert!(c.picked.iter().all(|&n| n > 500), "{c:?}");
        assert!(c.k_seen.iter().all(|&n| n > 500), "{c:?}");
        assert!(c.none > 100 && c.ties > 3000 && c.all_busy > 5000, "{c:?}");
        assert!(c.one_free_dearer > 1000 && c.k_decides > 1000, "{c:?}");
        assert!(c.stray_free > 500 && c.wide > 5000, "{c:?}");
    }
}
