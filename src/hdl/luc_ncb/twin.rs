//! The exchange unit's twin as the RTL flow sees it: ports, named parameters, FSM, the model
//! paired with it and the stimulus (`hdl::lockstep::Twin`).

use super::*;

impl Twin for LucNcbRtl {
    fn encoding(signal: &str) -> Option<crate::hdl::states::Encoding> {
        (signal.starts_with("rx_kind_") || signal.starts_with("tx_kind_")).then(|| {
            let all = [
                (Word::Handshake, "HANDSHAKE"),
                (Word::Luc(0), "LUC"),
                (Word::Ncb(0), "NCB"),
                (Word::Pad, "PAD"),
            ];
            (
                "word_kind",
                all.map(|(w, n)| (w.flit().data as u64, n)).to_vec(),
            )
        })
    }
    const NAME: &'static str = "luc_ncb";
    const AREA: crate::hdl::area::Area = crate::hdl::area::Area {
        cells: 911,
        flops: 231,
        transistors: 8504,
    };
    const SUMMARY: &'static str =
        "LUC/NCB exchange unit: LUC of the messages in the node, NCB 1-hop and 2-hop per direction, a 2+8-cycle exchange every 100 cycles (Speculative routing paper §3)";
    const INPUTS: &'static [Port] = &[
        port("heads", CNTW as u32),
        port("tails", CNTW as u32),
        port("rx_valid", DIRS as u32),
        port("rx_kind_px", 2),
        port("rx_kind_mx", 2),
        port("rx_kind_py", 2),
        port("rx_kind_my", 2),
        port("rx_value_px", 16),
        port("rx_value_mx", 16),
        port("rx_value_py", 16),
        port("rx_value_my", 16),
    ];
    const OUTPUTS: &'static [Port] = &[
        port("halts", 1),
        port("phase", PHW as u32),
        port("luc", 16),
        port("ncb1_px", 16),
        port("ncb1_mx", 16),
        port("ncb1_py", 16),
        port("ncb1_my", 16),
        port("ncb2_px", 16),
        port("ncb2_mx", 16),
        port("ncb2_py", 16),
        port("ncb2_my", 16),
        port("tx_valid", DIRS as u32),
        port("tx_kind_px", 2),
        port("tx_kind_mx", 2),
        port("tx_kind_py", 2),
        port("tx_kind_my", 2),
        port("tx_value_px", 16),
        port("tx_value_mx", 16),
        port("tx_value_py", 16),
        port("tx_value_my", 16),
    ];
    const PARAMS: &'static [Param] = &[
        param(
            "DIRS",
            DIRS as u32,
            "mesh directions (+x, -x, +y, -y)",
            &["rx_valid", "tx_valid"],
        ),
        param(
            "CNT_W",
            CNTW as u32,
            "heads and tails per cycle (5 input ports)",
            &["heads", "tails", "dlt"],
        ),
        param(
            "VAL_W",
            16,
            "LUC and NCB counters and exchanged values",
            &[
                "luc",
                "ncb1_*",
                "ncb2_*",
                "rx_value_*",
                "tx_value_*",
                "cnt_*",
                "snap_luc_*",
            ],
        ),
        param(
            "KIND_W",
            2,
            "exchange word kind",
            &["rx_kind_*", "tx_kind_*", "rk_*", "wk"],
        ),
        param(
            "PHASE_W",
            PHW as u32,
            "exchange phase counter",
            &["phase", "ph_*"],
        ),
    ];
    type Model = LucNcbCycle;
    const FSMS: &'static [Fsm] = &[Fsm {
        signal: "wk",
        states: WORD_KINDS,
    }];

    fn rtl() -> Self {
        Self::default()
    }

    fn model() -> LucNcbCycle {
        LucNcbCycle::default()
    }

    fn drive(&mut self, inp: &[u64]) {
        self.heads.next = inp[HEADS].into();
        self.tails.next = inp[TAILS].into();
        self.rx_valid.next = inp[RX_VALID].into();
        let k = RX_KIND;
        self.rx_kind_px.next = inp[k].into();
        self.rx_kind_mx.next = inp[k + 1].into();
        self.rx_kind_py.next = inp[k + 2].into();
        self.rx_kind_my.next = inp[k + 3].into();
        let v = RX_VALUE;
        self.rx_value_px.next = inp[v].into();
        self.rx_value_mx.next = inp[v + 1].into();
        self.rx_value_py.next = inp[v + 2].into();
        self.rx_value_my.next = inp[v + 3].into();
    }

    fn sample(&self, out: &mut [u64]) {
        let w = |s: &Signal<Out, Bits<16>>| s.val().to_u64();
        let k = |s: &Signal<Out, Bits<2>>| s.val().to_u64();
        out[HALTS] = self.halts.val() as u64;
        out[PHASE] = self.phase.val().to_u64();
        out[LUC] = w(&self.luc);
        out[NCB1..NCB1 + DIRS].copy_from_slice(&[
            w(&self.ncb1_px),
            w(&self.ncb1_mx),
            w(&self.ncb1_py),
            w(&self.ncb1_my),
        ]);
        out[NCB2..NCB2 + DIRS].copy_from_slice(&[
            w(&self.ncb2_px),
            w(&self.ncb2_mx),
            w(&self.ncb2_py),
            w(&self.ncb2_my),
        ]);
        out[TX_VALID] = self.tx_valid.val().to_u64();
        out[TX_KIND..TX_KIND + DIRS].copy_from_slice(&[
            k(&self.tx_kind_px),
            k(&self.tx_kind_mx),
            k(&self.tx_kind_py),
            k(&self.tx_kind_my),
        ]);
        out[TX_VALUE..TX_VALUE + DIRS].copy_from_slice(&[
            w(&self.tx_value_px),
            w(&self.tx_value_mx),
            w(&self.tx_value_py),
            w(&self.tx_value_my),
        ]);
    }

    fn model_cycle(m: &mut LucNcbCycle, inp: &[u64], out: &mut [u64]) {
        let s = m.cycle(inp[HEADS] as u32, inp[TAILS] as u32, received(inp));
        out[HALTS] = s.halts as u64;
        out[PHASE] = s.phase;
        out[LUC] = s.luc as u64;
        out[TX_VALID] = 0;
        for d in 0..DIRS {
            out[NCB1 + d] = s.ncb1[d] as u64;
            out[NCB2 + d] = s.ncb2[d] as u64;
            let (kind, value) = s.tx[d].map_or((0, 0), encode);
            out[TX_VALID] |= (s.tx[d].is_some() as u64) << d;
            out[TX_KIND + d] = kind;
            out[TX_VALUE + d] = value;
        }
    }

    /// Figure 3's line A − B − K with the twin as K ([`stimulus::figure3`]), then stray words
    /// of every kind in every direction at every phase of an exchange.
    fn directed() -> Vec<Vec<u64>> {
        let mut v = stimulus::figure3();
        v.extend(stimulus::stray(v.len() as u64));
        v
    }

    /// Phases of 5,000 cycles ([`stimulus::PHASES`]): the LUC driven up to saturation, down
    /// to 0 and around; words from synchronised neighbours (the exchange's schedule with a
    /// link delay of 1–3 cycles) or arbitrary words at any time.
    fn random(rng: &mut ChaCha8Rng, cycle: u64, m: &LucNcbCycle, inp: &mut [u64]) {
        stimulus::random(rng, cycle, m, inp);
    }
}
