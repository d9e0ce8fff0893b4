//! Testbench of the LUC/NCB exchange unit (seed 002 §3) and its RTL twin:
//! - Figure 3's line A − B − K cycle by cycle, the twin as K: A's LUC reaches K's NCB 2-hop one
//!   exchange after it reached B's NCB 1-hop; the exchange's words, `halts`, and the LUC
//!   following heads and tails, saturating at 0;
//! - the lockstep over the directed stimulus and 100,000 random cycles per seed, with coverage
//!   of both saturations, every word kind in every direction in and out of the exchange, and a
//!   word received in the snapshot cycle (in the snapshot: the router receives before its
//!   exchange step).

use flitwave::blocks::luc_ncb::DIRS;
use flitwave::hdl::lockstep::{self, Options, Stepper, Twin};
use flitwave::hdl::luc_ncb::{
    LucNcbRtl, HALTS, HEADS, LUC, NCB1, NCB2, PARAMS, PHASE, RX_KIND, RX_VALID, TAILS, TX_KIND,
    TX_VALID, TX_VALUE,
};

/// Twin and model on the same vectors, compared every cycle; the outputs.
fn run(vectors: &[Vec<u64>]) -> Vec<Vec<u64>> {
    let mut st = Stepper::new("luc_ncb", LucNcbRtl::rtl()).unwrap();
    st.reset().unwrap();
    let mut m = LucNcbRtl::model();
    let no = LucNcbRtl::OUTPUTS.len();
    let mut outs = vec![];
    for (t, i) in vectors.iter().enumerate() {
        let (mut rtl, mut model) = (vec![0; no], vec![0; no]);
        st.uut.drive(i);
        st.low().unwrap();
        st.uut.sample(&mut rtl);
        LucNcbRtl::model_cycle(&mut m, i, &mut model);
        assert_eq!(
            rtl, model,
            "cycle {t}: twin and model disagree (inputs {i:?})"
        );
        st.edge().unwrap();
        outs.push(model);
    }
    outs
}

const PX: usize = 0;
const MX: usize = 1;
const PY: usize = 2;
const MY: usize = 3;

#[test]
fn figure_3_line_a_b_k_cycle_by_cycle() {
    let v = LucNcbRtl::directed();
    let o = run(&v[..300]);
    // the exchange: 2 handshakes, the LUC, the NCB, 6 pads, every 100 cycles
    for (t, x) in o.iter().enumerate() {
        let s = t % 100;
        assert_eq!(x[PHASE], s as u64);
        assert_eq!(x[HALTS], (s < 10) as u64, "cycle {t}");
        assert_eq!(x[TX_VALID], if s < 10 { 0xf } else { 0 }, "cycle {t}");
        let kind = [0, 0, 1, 2, 3, 3, 3, 3, 3, 3].get(s).copied().unwrap_or(0);
        assert!((0..DIRS).all(|d| x[TX_KIND + d] == kind), "cycle {t}");
    }
    // K's NCB 1-hop: B (3) on −x, C (7) on +x, 1 on +y, 6 on −y, from the cycle after B's
    // LUC word (driven at phase 2, one cycle of flight)
    assert_eq!(o[2][NCB1 + MX], 0);
    let n1 = |t: usize| -> Vec<u64> { (0..DIRS).map(|d| o[t][NCB1 + d]).collect() };
    assert_eq!(n1(3), [7, 3, 1, 6]);
    // NCB 2-hop −x: B forwards in T_1 what A sent in T_0 (5), in T_2 A's T_1 value (7)
    let n2mx: Vec<u64> = [3, 103, 104, 203, 204, 299]
        .map(|t| o[t][NCB2 + MX])
        .to_vec();
    assert_eq!(n2mx, [0, 0, 5, 5, 7, 7]);
    // the other neighbours forward the values beyond them at once (set before T_0)
    assert_eq!(
        [PX, PY, MY].map(|d| o[4][NCB2 + d]),
        [11, 2, 60000],
        "NCB 2-hop +x, +y, −y"
    );
    // T_2: C's LUC dropped to 0, +y's rose by 1,000
    assert_eq!((o[202][NCB1 + PX], o[203][NCB1 + PX]), (7, 0));
    assert_eq!(o[203][NCB1 + PY], 1001);
    // K's own words in T_1: its LUC snapshot at phase 2, then each direction's NCB of the
    // opposite one at phase 3 (+x carries what −x holds: B's 3)
    assert_eq!(o[102][TX_VALUE..TX_VALUE + DIRS], [o[100][LUC]; 4]);
    assert_eq!(o[103][TX_VALUE..TX_VALUE + DIRS], [3, 7, 6, 1]);
    // handshakes and pads carry 0
    assert!(o[100][TX_VALUE..TX_VALUE + DIRS] == [0; 4] && o[105][TX_VALUE] == 0);
    // K's LUC: +3 for 20 cycles, −1 for 20, −4 until it stops at 0; one cycle behind
    assert_eq!(
        [0, 1, 20, 21, 40, 41, 49, 50, 59, 70].map(|t| o[t][LUC]),
        [0, 3, 60, 59, 40, 36, 4, 0, 0, 0]
    );
}

/// What the stimulus reached.
#[derive(Debug, Default)]
struct Coverage {
    /// Cycles with the LUC at 65,535 and more heads than tails; at 0 and more tails than heads.
    top: u64,
    bottom: u64,
    /// Words received by direction and kind, inside and outside an exchange.
    rx_in: [[u64; 4]; DIRS],
    rx_out: [[u64; 4]; DIRS],
    /// A LUC word received at phase 0 that changed the NCB 1-hop: the NCB word of that period
    /// carries the new value (the snapshot is taken after the word).
    snapshot_after_rx: u64,
    /// NCB words sent with a non-zero value, by direction.
    ncb_sent: [u64; DIRS],
}

fn coverage(stim: &[u64], expect: &[u64]) -> Coverage {
    let (ni, no) = (LucNcbRtl::INPUTS.len(), LucNcbRtl::OUTPUTS.len());
    let i: Vec<&[u64]> = stim.chunks(ni).collect();
    let e: Vec<&[u64]> = expect.chunks(no).collect();
    let mut c = Coverage::default();
    for t in 0..i.len() {
        let (x, y) = (i[t], e[t]);
        c.top += (y[LUC] == 0xffff && x[HEADS] > x[TAILS]) as u64;
        c.bottom += (y[LUC] == 0 && x[TAILS] > x[HEADS]) as u64;
        for d in 0..DIRS {
            if x[RX_VALID] >> d & 1 == 1 {
                let k = x[RX_KIND + d] as usize;
                if y[HALTS] == 1 {
                    c.rx_in[d][k] += 1;
                } else {
                    c.rx_out[d][k] += 1;
                }
                let opp = d ^ 1;
                if y[PHASE] == 0 && k == 1 && t > 0 && t + 3 < i.len() {
                    let before = e[t - 1][NCB1 + d];
                    if y[NCB1 + d] != before {
                        assert_eq!(e[t + 3][TX_VALUE + opp], y[NCB1 + d], "cycle {t}");
                        c.snapshot_after_rx += 1;
                    }
                }
            }
            c.ncb_sent[d] += (y[TX_KIND + d] == 2 && y[TX_VALUE + d] != 0) as u64;
        }
    }
    c
}

/// Lockstep: the twin against the model over the directed stimulus and 100,000 random
/// cycles for three seeds, with coverage.
#[test]
fn lockstep_model_and_twin_agree() {
    for seed in 1..=3 {
        let o = Options {
            seed,
            ..Options::default()
        };
        let (cycles, v) = lockstep::check::<LucNcbRtl>(&o).unwrap();
        assert!(cycles >= 100_000 && v.cycles() as u64 == cycles);
        let c = coverage(v.from_power_on().0, v.from_power_on().1);
        println!("seed {seed}: {c:?}");
        assert!(c.top > 300 && c.bottom > 1000, "{c:?}");
        for d in 0..DIRS {
            assert!(c.rx_in[d].iter().all(|&n| n > 100), "{c:?}");
            assert!(c.rx_out[d].iter().all(|&n| n > 100), "{c:?}");
            assert!(c.ncb_sent[d] > 100, "{c:?}");
        }
        assert!(c.snapshot_after_rx > 10, "{c:?}");
    }
    assert_eq!(
        (PARAMS.hops, PARAMS.period, PARAMS.occupancy()),
        (2, 100, 10)
    );
}
