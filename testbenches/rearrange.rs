//! Testbench of the rearrange-buffer controller (seed 004 §3.1–3.2) and its RTL twin:
//! - Figures 2–4 of §3.2 and an eviction of two, cycle by cycle: the twin and the model (the
//!   clocked `RearrangeController`, whose decisions are `RearrangeBuffer::arrive`'s) agree on
//!   every output, and both give the timing the twin documents — one action per cycle from the
//!   cycle after the arrival, `ready` low while more than one is left, arrivals offered while
//!   busy ignored;
//! - the lockstep over the directed scenarios and 100,000 random cycles per seed, with coverage
//!   of every decision in each memory mode (in order with stored successors, store, evictions
//!   of several, the newcomer rejected, a buffer smaller than a packet, duplicates), of
//!   back-pressure, and a check that every arrival taken is inside the twin's window.

use flitwave::hdl::lockstep::{self, Options, Stepper, Twin};
use flitwave::hdl::rearrange::{RearrangeRtl, ACK, DELIVER, NACK, WINDOW};

/// Inputs of one cycle: `(mode, size, pool)`, an arrival `[conn, sn, bytes, tag]`, `q_conn`.
fn cycle(cfg: [u64; 3], a: Option<[u64; 4]>, q: u64) -> Vec<u64> {
    let mut v = cfg.to_vec();
    v.push(a.is_some() as u64);
    v.extend(a.unwrap_or_default());
    v.push(q);
    v
}

/// Twin and model on the same vectors, compared every cycle; the outputs.
fn run(vectors: &[Vec<u64>]) -> Vec<Vec<u64>> {
    let mut st = Stepper::new("rearrange", RearrangeRtl::rtl()).unwrap();
    st.reset().unwrap();
    let mut m = RearrangeRtl::model();
    let no = RearrangeRtl::OUTPUTS.len();
    let mut outs = vec![];
    for (t, i) in vectors.iter().enumerate() {
        let (mut rtl, mut model) = (vec![0; no], vec![0; no]);
        st.uut.drive(i);
        st.low().unwrap();
        st.uut.sample(&mut rtl);
        RearrangeRtl::model_cycle(&mut m, i, &mut model);
        assert_eq!(
            rtl, model,
            "cycle {t}: twin and model disagree (inputs {i:?})"
        );
        st.edge().unwrap();
        outs.push(model);
    }
    outs
}

#[test]
fn figures_of_section_3_2_cycle_by_cycle() {
    let (fig23, fig4, evict) = ([0, 1024, 0], [0, 512, 0], [0, 600, 0]);
    let a = |c, sn, bytes, tag| Some([c, sn, bytes, tag]);
    let v = [
        // Figures 2-3: 2 and 1 stored, 0 arrives
        cycle(fig23, a(0, 2, 256, 0x12), 0),
        cycle(fig23, a(0, 1, 256, 0x11), 0),
        cycle(fig23, a(0, 0, 256, 0x10), 0),
        cycle(fig23, a(1, 0, 64, 0x20), 0), // busy: ignored
        cycle(fig23, None, 0),
        cycle(fig23, None, 0),
        // Figure 4 (taken in the ACK cycle): 3, 4 stored; 2 evicts 4; 5 rejected alone
        cycle(fig4, a(1, 3, 256, 0x23), 1),
        cycle(fig4, a(1, 4, 256, 0x24), 1),
        cycle(fig4, a(1, 2, 256, 0x22), 1),
        cycle(fig4, a(1, 5, 256, 0x25), 1), // taken in the cycle the only NACK leaves
        cycle(fig4, None, 1),
        // 2, 3, 4 stored; 1 (400 bytes) evicts 4 then 3
        cycle(evict, a(2, 2, 200, 0x32), 2),
        cycle(evict, a(2, 3, 200, 0x33), 2),
        cycle(evict, a(2, 4, 200, 0x34), 2),
        cycle(evict, a(2, 1, 400, 0x31), 2),
        cycle(evict, a(2, 1, 400, 0x31), 2), // busy: ignored
        cycle(evict, a(2, 2, 200, 0x32), 2), // taken in the last NACK's cycle: stored already
        cycle(evict, a(0, 1, 256, 0x11), 0), // delivered already
        cycle(evict, None, 0),
    ];
    let o = run(&v);
    // (ready, action) of every cycle
    let none = None;
    let act = |kind, conn, sn, tag| Some([kind, conn, sn, tag]);
    let want = [
        (1, none),
        (1, none),
        (1, none),
        (0, act(DELIVER, 0, 0, 0x10)),
        (0, act(DELIVER, 0, 1, 0x11)),
        (0, act(DELIVER, 0, 2, 0x12)),
        (1, act(ACK, 0, 2, 0)),
        (1, none),
        (1, none),
        (1, act(NACK, 1, 4, 0x24)),
        (1, act(NACK, 1, 5, 0x25)),
        (1, none),
        (1, none),
        (1, none),
        (1, none),
        (0, act(NACK, 2, 4, 0x34)),
        (1, act(NACK, 2, 3, 0x33)),
        (1, none),
        (1, none),
    ];
    for (t, (out, (ready, a))) in o.iter().zip(want).enumerate() {
        let got = (out[1] == 1).then(|| [out[2], out[3], out[4], out[5]]);
        assert_eq!((out[0], got), (ready, a), "cycle {t}");
        if got.is_none() {
            assert_eq!(out[2..6], [0; 4], "cycle {t}: action outputs gated");
        }
    }
    // outputs: 6 used, 7 mms, 8 q_expected, 9 q_used, 10 q_mbs, 11 duplicates
    assert_eq!((o[1][6], o[2][6], o[2][10]), (256, 512, 512), "stores, MBS");
    assert_eq!(
        (o[3][6], o[3][8]),
        (0, 3),
        "the run is freed and expected moves at once"
    );
    assert_eq!(
        (o[7][8], o[7][9]),
        (0, 256),
        "the offer while busy was ignored"
    );
    assert_eq!((o[10][6], o[10][9]), (512, 512), "Figure 4: 3 and 2 stored");
    assert_eq!(
        (o[15][6], o[15][7], o[15][10]),
        (1112, 1512, 1000),
        "evicted: MMS, MBS"
    );
    assert_eq!(
        (o[17][11], o[18][11], o[18][6]),
        (1, 2, 1112),
        "two duplicates, no change"
    );
}

/// What the stimulus reached: decisions by memory mode (0 static, 1 dynamic, 2 unlimited).
#[derive(Debug, Default)]
struct Coverage {
    /// In-order arrivals by the stored successors delivered with them (0..=7).
    runs: [u64; WINDOW],
    stores: [u64; 3],
    /// Stores that evicted two or more, and newcomers rejected alone.
    evict_many: [u64; 3],
    rejects: [u64; 3],
    /// Static buffers smaller than the rejected packet.
    tiny: u64,
    dups: u64,
    /// Arrivals offered while busy; taken in a cycle an action leaves.
    refused: u64,
    overlapped: u64,
}

/// Replay the recorded stimulus through a fresh model and classify every arrival taken.
fn coverage(stim: &[u64], expect: &[u64]) -> Coverage {
    let (ni, no) = (RearrangeRtl::INPUTS.len(), RearrangeRtl::OUTPUTS.len());
    let (mut m, mut out, mut cov) = (RearrangeRtl::model(), vec![0; no], Coverage::default());
    for (t, (i, e)) in stim.chunks(ni).zip(expect.chunks(no)).enumerate() {
        let b = &m.buf;
        let before = (b.delivered, b.stored, b.rejected, b.duplicates);
        let taken = i[3] == 1 && m.ready();
        let (c, sn, mode) = (i[4] as usize, i[5] as u32, (i[0] as usize).min(2));
        if taken {
            assert!(
                sn < b.expected(c) + WINDOW as u32,
                "cycle {t}: outside the window"
            );
        }
        cov.refused += (i[3] == 1 && !taken) as u64;
        RearrangeRtl::model_cycle(&mut m, i, &mut out);
        assert_eq!(out, e, "cycle {t}: the recorded vectors are the model's");
        if !taken {
            continue;
        }
        cov.overlapped += out[1];
        let b = &m.buf;
        let (del, sto, rej) = (
            b.delivered - before.0,
            b.stored - before.1,
            b.rejected - before.2,
        );
        match (del, sto, rej) {
            (0, 0, 0) => cov.dups += b.duplicates - before.3,
            (0, 1, r) => {
                cov.stores[mode] += 1;
                cov.evict_many[mode] += (r >= 2) as u64;
            }
            (0, 0, 1) => {
                cov.rejects[mode] += 1;
                cov.tiny += (mode == 0 && i[6] > i[1]) as u64;
            }
            (d, 0, 0) => cov.runs[d as usize - 1] += 1,
            x => panic!("cycle {t}: an arrival did {x:?}"),
        }
    }
    cov
}

/// Lockstep: the twin against the model over the directed scenarios and 100,000 random
/// cycles for three seeds, with coverage of every path.
#[test]
fn lockstep_model_and_twin_agree() {
    for seed in 1..=3 {
        let o = Options {
            seed,
            ..Options::default()
        };
        let (cycles, v) = lockstep::check::<RearrangeRtl>(&o).unwrap();
        assert!(cycles >= 100_000);
        let cov = coverage(v.from_power_on().0, v.from_power_on().1);
        println!("seed {seed}: {cov:?}");
        assert!(cov.runs.iter().all(|&n| n > 0), "{cov:?}");
        assert!(cov.runs[3..].iter().sum::<u64>() > 100, "{cov:?}");
        assert!(cov.stores.iter().all(|&n| n > 1000), "{cov:?}");
        assert!(cov.evict_many[..2].iter().all(|&n| n > 20), "{cov:?}");
        assert!(cov.rejects[..2].iter().all(|&n| n > 200), "{cov:?}");
        assert_eq!(cov.rejects[2], 0, "unlimited memory rejects nothing");
        assert!(cov.tiny > 200 && cov.dups > 1000, "{cov:?}");
        assert!(cov.refused > 500 && cov.overlapped > 500, "{cov:?}");
    }
}
