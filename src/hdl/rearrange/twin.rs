//! The rearrange controller's `Twin` impl: its ports, how the model steps beside the twin,
//! and the stimulus drawn from `stimulus.rs` (docs/rtl.md).

use super::stimulus::{Script, Scripted, BUSY, FLUSH, PHASES, SCRIPT};
use super::*;
use crate::hdl::lockstep::{param, Param};

impl Twin for RearrangeRtl {
    fn encoding(signal: &str) -> Option<crate::hdl::states::Encoding> {
        match signal {
            "act_kind" => Some((
                "act_kind",
                vec![(DELIVER, "DELIVER"), (ACK, "ACK"), (NACK, "NACK")],
            )),
            "mode" => {
                let name = |m| match memory(m, 0, 0) {
                    crate::blocks::nic::rearrange::Memory::Static { .. } => "STATIC",
                    crate::blocks::nic::rearrange::Memory::Dynamic { .. } => "DYNAMIC",
                    crate::blocks::nic::rearrange::Memory::Unlimited => "UNLIMITED",
                };
                Some(("mode", (0..4).map(|m| (m, name(m))).collect()))
            }
            _ => None,
        }
    }
    const NAME: &'static str = "rearrange";
    const AREA: crate::hdl::area::Area = crate::hdl::area::Area {
        cells: 10304,
        flops: 951,
        transistors: 71716,
    };
    const SUMMARY: &'static str =
        "rearrange-buffer controller, 4 connections x 8-packet window, static/dynamic/unlimited memory, DELIVER/ACK/NACK one per cycle (In-order delivery paper §3.1-3.2)";
    const INPUTS: &'static [Port] = &[
        port("mode", 2),
        port("size", W as u32),
        port("pool", W as u32),
        port("arrive", 1),
        port("conn", CB as u32),
        port("sn", SNW as u32),
        port("bytes", BYTESW as u32),
        port("tag", TW as u32),
        port("q_conn", CB as u32),
    ];
    const OUTPUTS: &'static [Port] = &[
        port("ready", 1),
        port("act_valid", 1),
        port("act_kind", 2),
        port("act_conn", CB as u32),
        port("act_sn", SNW as u32),
        port("act_tag", TW as u32),
        port("used", W as u32),
        port("mms", W as u32),
        port("q_expected", SNW as u32),
        port("q_used", W as u32),
        port("q_mbs", W as u32),
        port("duplicates", W as u32),
    ];
    const PARAMS: &'static [Param] = &[
        param(
            "CONN_W",
            CB as u32,
            "connection index (4 connections)",
            &["conn", "q_conn", "act_conn", "s_conn_*"],
        ),
        param(
            "SN_W",
            SNW as u32,
            "sequence number",
            &["sn", "act_sn", "q_expected", "exp_*", "s_sn_*"],
        ),
        param("BYTES_W", BYTESW as u32, "packet size in bytes", &["bytes"]),
        param(
            "TAG_W",
            TW as u32,
            "buffer tag",
            &["tag", "act_tag", "map_*", "slot_tag_*"],
        ),
        param(
            "CNT_W",
            W as u32,
            "pool, usage and duplicate counters",
            &[
                "size",
                "pool",
                "used",
                "mms",
                "q_used",
                "q_mbs",
                "duplicates",
                "cused_*",
                "mbs_*",
                "slot_bytes_*",
            ],
        ),
    ];
    type Model = RearrangeController;
    const FSMS: &'static [Fsm] = &[Fsm {
        signal: "s_kind",
        states: STATES,
    }];

    fn rtl() -> Self {
        Self::default()
    }

    fn model() -> RearrangeController {
        RearrangeController::new(Memory::Unlimited, CONNS)
    }

    fn drive(&mut self, inp: &[u64]) {
        self.mode.next = inp[0].into();
        self.size.next = inp[1].into();
        self.pool.next = inp[2].into();
        self.arrive.next = inp[3] != 0;
        self.conn.next = inp[4].into();
        self.sn.next = inp[5].into();
        self.bytes.next = inp[6].into();
        self.tag.next = inp[7].into();
        self.q_conn.next = inp[8].into();
    }

    fn sample(&self, out: &mut [u64]) {
        out[0] = self.ready.val() as u64;
        out[1] = self.act_valid.val() as u64;
        out[2] = self.act_kind.val().to_u64();
        out[3] = self.act_conn.val().to_u64();
        out[4] = self.act_sn.val().to_u64();
        out[5] = self.act_tag.val().to_u64();
        out[6] = self.used.val().to_u64();
        out[7] = self.mms.val().to_u64();
        out[8] = self.q_expected.val().to_u64();
        out[9] = self.q_used.val().to_u64();
        out[10] = self.q_mbs.val().to_u64();
        out[11] = self.duplicates.val().to_u64();
    }

    /// The state at the start of the cycle, then [`RearrangeController::cycle`]: the action
    /// sent, and this cycle's arrival decided by `RearrangeBuffer::arrive`.
    fn model_cycle(m: &mut RearrangeController, inp: &[u64], out: &mut [u64]) {
        m.buf.memory = memory(inp[0], inp[1], inp[2]);
        let (b, q) = (&m.buf, inp[8] as usize);
        out[0] = m.ready() as u64;
        out[6..12].copy_from_slice(&[
            b.used,
            b.max_used,
            b.expected(q) as u64,
            b.occupancy(q),
            b.max_buffer(q),
            b.duplicates,
        ]);
        let arrival = (inp[3] != 0).then_some(Arrival {
            conn: inp[4] as usize,
            sn: inp[5] as u32,
            bytes: inp[6],
            tag: inp[7] as u32,
        });
        out[1..6].copy_from_slice(&match m.cycle(arrival) {
            None => [0; 5],
            Some((c, Action::Deliver { sn, tag })) => [1, DELIVER, c as u64, sn as u64, tag as u64],
            Some((c, Action::Ack(sn))) => [1, ACK, c as u64, sn as u64, 0],
            Some((c, Action::Nack { sn, tag })) => [1, NACK, c as u64, sn as u64, tag as u64],
        });
    }

    /// [`SCRIPT`], run against the model so that each arrival is offered once the controller
    /// is ready (`BUSY`: in a cycle it is not); `q_conn` turns round.
    fn directed() -> Vec<Vec<u64>> {
        let mut s = Script {
            m: Self::model(),
            v: vec![],
        };
        // every connection full of the largest packets, then four runs
        let full: Vec<Scripted> = (0..CONNS)
            .flat_map(|c| (1..8).map(move |off| (c, off, 2047)))
            .chain((0..CONNS).map(|c| (c, 0, 2047)))
            .collect();
        for (cfg, arrivals) in SCRIPT {
            let arrivals: &[Scripted] = if arrivals.is_empty() { &full } else { arrivals };
            for &(c, off, bytes) in arrivals {
                match c {
                    BUSY => {
                        assert!(!s.m.ready(), "the controller should be busy");
                        s.step(cfg, Some((2, off, bytes)));
                    }
                    FLUSH => {
                        for k in 0..CONNS {
                            while s.m.buf.occupancy(k) > 0 {
                                s.offer(cfg, (k, 0, 64));
                            }
                        }
                    }
                    _ => s.offer(cfg, (c, off, bytes)),
                }
            }
        }
        (0..4).for_each(|_| s.step(&[0; 3], None));
        s.v
    }

    /// Reactive: arrivals inside the window (`sn − expected` < [`WINDOW`]), duplicates of
    /// delivered packets, arrivals offered while busy; the memory settings change every 2,000
    /// cycles ([`PHASES`]).
    fn random(rng: &mut ChaCha8Rng, cycle: u64, m: &RearrangeController, inp: &mut [u64]) {
        let (mode, size, pool, range, conns, [p_arrive, p_exp, p_dup, p_busy]) =
            PHASES[(cycle / 2000) as usize % PHASES.len()];
        inp[..3].copy_from_slice(&[mode, size, pool]);
        inp[8] = rng.random_range(0..CONNS as u64);
        if !rng.random_bool(p_arrive) || (!m.ready() && !rng.random_bool(p_busy)) {
            return;
        }
        let c = rng.random_range(0..conns);
        let exp = m.buf.expected(c);
        let sn = if exp > 0 && rng.random_bool(p_dup) {
            exp - 1 - rng.random_range(0..exp.min(4))
        } else if rng.random_bool(p_exp) {
            exp
        } else {
            exp + rng.random_range(1..WINDOW as u32)
        };
        let bytes = rng.random_range(range.0..=range.1);
        inp[3..8].copy_from_slice(&[1, c as u64, sn as u64, bytes, rng.random_range(0..256)]);
    }
}
