//! The router twin's lockstep pairing: ports, the model harness, directed and reactive random
//! stimulus (upstream senders that respect the credits they hold and send whole packets on a
//! VC, one flit per link and cycle; downstream receivers that return credits, or withhold them).

use super::model::{encode, VcRouterModel, AT, MESH};
use super::{VcRouterRtl, DEPTH, FLIT, PORTS, VCS};
use crate::hdl::lockstep::{derived, mask, param, port, Fsm, Param, Port, Twin};
use crate::sim::Flit;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Inputs: 0 my_x, 1 my_y, 2 in_valid, 3 in_vc, 4..9 flit_in0..4, 9 cred_in, 10 cred_in_vc.
const FIN: usize = 4;
const CIN: usize = 9;
/// Outputs: 0 out_valid, 1 out_vc, 2..7 flit_out0..4, 7 cred_out, 8 cred_out_vc.
const FOUT: usize = 2;
const COUT: usize = 7;

/// Stimulus phases of 1,500 cycles each, in turn.
const PHASE: u64 = 1_500;

/// The word of a flit with `flags` and data byte `data` headed for host `dst`.
fn word(flags: u8, data: u8, dst: u32) -> u64 {
    encode(
        &Flit {
            pkt: 0,
            data,
            flags,
            vc: 0,
            ..Flit::default()
        },
        dst,
    )
}

/// A head flit's word (its data byte: the length) for `len` flits to host `dst`.
fn head(len: u32, dst: u32) -> u64 {
    let tail = if len == 1 { Flit::TAIL } else { 0 };
    word(Flit::HEAD | tail, len as u8, dst)
}

/// A body or tail flit's word of a packet to host `dst`.
fn body(tail: bool, dst: u32, data: u8) -> u64 {
    word(if tail { Flit::TAIL } else { 0 }, data, dst)
}

/// A host whose route from [`AT`] leaves on output `o` (0 the host, +x, −x, +y, −y), drawn
/// among all such hosts.
fn host_via(rng: &mut ChaCha8Rng, o: usize) -> u32 {
    let (x, y) = AT;
    let (dx, dy) = match o {
        0 => (x, y),
        1 => (rng.random_range(x + 1..MESH), rng.random_range(0..MESH)),
        2 => (rng.random_range(0..x), rng.random_range(0..MESH)),
        3 => (x, rng.random_range(y + 1..MESH)),
        _ => (x, rng.random_range(0..y)),
    };
    dx + MESH * dy
}

impl Twin for VcRouterRtl<FLIT> {
    const NAME: &'static str = "vc_router";
    const SUMMARY: &'static str =
        "input-queued VC router, 5 ports x 2 VCs x 8 flits, DOR mesh, separable input-first VC and switch allocators, credits (BookSim2 iq)";
    const AREA: crate::hdl::area::Area = crate::hdl::area::Area {
        cells: 30887,
        flops: 2375,
        transistors: 111780,
    };
    const INPUTS: &'static [Port] = &[
        port("my_x", 3),
        port("my_y", 3),
        port("in_valid", 5),
        port("in_vc", 5),
        port("flit_in0", FLIT as u32),
        port("flit_in1", FLIT as u32),
        port("flit_in2", FLIT as u32),
        port("flit_in3", FLIT as u32),
        port("flit_in4", FLIT as u32),
        port("cred_in", 5),
        port("cred_in_vc", 5),
    ];
    const OUTPUTS: &'static [Port] = &[
        port("out_valid", 5),
        port("out_vc", 5),
        port("flit_out0", FLIT as u32),
        port("flit_out1", FLIT as u32),
        port("flit_out2", FLIT as u32),
        port("flit_out3", FLIT as u32),
        port("flit_out4", FLIT as u32),
        port("cred_out", 5),
        port("cred_out_vc", 5),
    ];
    const PARAMS: &'static [Param] = &[
        param(
            "PORTS",
            PORTS as u32,
            "ports (local, +x, -x, +y, -y)",
            &[
                "in_valid",
                "in_vc",
                "cred_in",
                "cred_in_vc",
                "out_valid",
                "out_vc",
                "cred_out",
                "cred_out_vc",
            ],
        ),
        param(
            "FLIT_W",
            FLIT as u32,
            "flit: head, tail, destination x and y, payload",
            &[
                "flit_in*",
                "flit_out*",
                "mem_*_read_data",
                "mem_*_write_data",
                "byp_d_*",
                "fin_*",
            ],
        ),
        param(
            "COORD_W",
            3,
            "mesh coordinate (8 x 8)",
            &["my_x", "my_y", "dx_*", "dy_*"],
        ),
        derived(
            "PORT_W",
            3,
            "$clog2(PORTS)",
            "port index",
            &["sin_ptr_*", "sout_ptr_*"],
        ),
        derived(
            "IN_VCS",
            (PORTS * VCS) as u32,
            "PORTS * 2",
            "input VCs, 2 per port",
            &["vreq_*", "vgrant_*"],
        ),
        derived(
            "VPTR_W",
            4,
            "$clog2(IN_VCS)",
            "VC allocator pointer",
            &["vin_ptr_*", "vout_ptr_*"],
        ),
        param("DEPTH", DEPTH as u32, "flits per VC buffer", &[]),
        derived(
            "BUF_AW",
            4,
            "$clog2(2 * DEPTH)",
            "VC buffer RAM address: 2 VCs x DEPTH flits",
            &["mem_*_read_address", "mem_*_write_address"],
        ),
    ];
    fn stages() -> Option<crate::hdl::stage_map::StageMap> {
        Some(super::stages::map())
    }
    const FSMS: &'static [Fsm] = &[];
    type Model = VcRouterModel;

    fn rtl() -> Self {
        Self::default()
    }

    fn model() -> VcRouterModel {
        VcRouterModel::new()
    }

    fn drive(&mut self, inp: &[u64]) {
        self.my_x.next = inp[0].into();
        self.my_y.next = inp[1].into();
        self.in_valid.next = inp[2].into();
        self.in_vc.next = inp[3].into();
        self.flit_in0.next = inp[FIN].into();
        self.flit_in1.next = inp[FIN + 1].into();
        self.flit_in2.next = inp[FIN + 2].into();
        self.flit_in3.next = inp[FIN + 3].into();
        self.flit_in4.next = inp[FIN + 4].into();
        self.cred_in.next = inp[CIN].into();
        self.cred_in_vc.next = inp[CIN + 1].into();
    }

    fn sample(&self, out: &mut [u64]) {
        out[0] = self.out_valid.val().to_u64();
        out[1] = self.out_vc.val().to_u64();
        out[FOUT] = self.flit_out0.val().to_u64();
        out[FOUT + 1] = self.flit_out1.val().to_u64();
        out[FOUT + 2] = self.flit_out2.val().to_u64();
        out[FOUT + 3] = self.flit_out3.val().to_u64();
        out[FOUT + 4] = self.flit_out4.val().to_u64();
        out[COUT] = self.cred_out.val().to_u64();
        out[COUT + 1] = self.cred_out_vc.val().to_u64();
    }

    fn model_cycle(m: &mut VcRouterModel, inp: &[u64], out: &mut [u64]) {
        let flits = std::array::from_fn(|p| {
            (inp[2] >> p & 1 == 1).then(|| (inp[FIN + p], (inp[3] >> p & 1) as u8))
        });
        let credits = std::array::from_fn(|o| {
            (inp[CIN] >> o & 1 == 1).then(|| (inp[CIN + 1] >> o & 1) as u8)
        });
        let (fo, co) = m.cycle(flits, credits);
        out.fill(0);
        for (o, x) in fo.iter().enumerate() {
            if let Some((w, v)) = *x {
                out[0] |= 1 << o;
                out[1] |= (v as u64) << o;
                out[FOUT + o] = w & mask(FLIT as u32);
            }
        }
        for (p, x) in co.iter().enumerate() {
            if let Some(v) = *x {
                out[COUT] |= 1 << p;
                out[COUT + 1] |= (v as u64) << p;
            }
        }
    }

    fn directed() -> Vec<Vec<u64>> {
        let at = |v: &mut Vec<u64>| {
            v[0] = AT.0 as u64;
            v[1] = AT.1 as u64;
        };
        let idle = || {
            let mut v = vec![0; 11];
            at(&mut v);
            v
        };
        let mut out = vec![idle(), idle()];
        // five 1-flit packets at once, input p to output (p + 1) mod 5, VC 0
        let mut v = idle();
        let hosts = [
            AT.0 + 1 + MESH * AT.1,
            AT.0 - 1 + MESH * AT.1,
            AT.0 + MESH * (AT.1 + 1),
            AT.0 + MESH * (AT.1 - 1),
            AT.0 + MESH * AT.1,
        ];
        for (p, &h) in hosts.iter().enumerate() {
            v[2] |= 1 << p;
            v[FIN + p] = head(1, h);
        }
        out.push(v);
        out.extend((0..4).map(|_| idle()));
        // every input to the host port at once, 2-flit packets on VC 0 and VC 1 interleaved
        let local = AT.0 + MESH * AT.1;
        for (vc, flit) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            let mut v = idle();
            for p in 0..PORTS {
                v[2] |= 1 << p;
                v[3] |= vc << p;
                v[FIN + p] = match flit {
                    0 => head(2, local),
                    _ => body(true, local, 0x5a + p as u8),
                };
            }
            out.push(v);
        }
        out.extend((0..30).map(|_| idle()));
        out
    }

    fn random(rng: &mut ChaCha8Rng, cycle: u64, m: &VcRouterModel, inp: &mut [u64]) {
        inp[0] = AT.0 as u64;
        inp[1] = AT.1 as u64;
        let phase = (cycle / PHASE) % 6;
        let hot = ((cycle / PHASE / 6) % PORTS as u64) as usize;
        // (send probability, longest packet, credit return probability per output)
        let (rate, longest) = match phase {
            0 => (0.4, 6),
            1 => (0.9, 4),  // all to one output
            2 => (0.8, 8),  // credits withheld
            3 => (1.0, 1),  // back-to-back 1-flit packets
            4 => (0.7, 20), // long packets
            _ => (0.6, 3),  // some outputs starved of credits
        };
        for p in 0..PORTS {
            if !rng.random_bool(rate) {
                continue;
            }
            let v = rng.random_range(0..VCS);
            if m.up_credits[p][v] == 0 {
                continue;
            }
            inp[2] |= 1 << p;
            inp[3] |= (v as u64) << p;
            inp[FIN + p] = if m.left[p][v] == 0 {
                let len = rng.random_range(1..=longest);
                let o = match phase {
                    1 => hot,
                    _ => rng.random_range(0..PORTS),
                };
                head(len, host_via(rng, o))
            } else {
                body(m.left[p][v] == 1, m.dest[p][v], rng.random())
            };
        }
        for o in 0..PORTS {
            let back = match phase {
                2 => (cycle % PHASE > PHASE - 200) as u8 as f64,
                5 if o == hot || o == (hot + 2) % PORTS => 0.03,
                0 | 4 | 5 => 0.5,
                _ => 0.9,
            };
            let owed: Vec<usize> = (0..VCS).filter(|&v| m.owed[o][v] > 0).collect();
            if owed.is_empty() || !rng.random_bool(back) {
                continue;
            }
            let v = owed[rng.random_range(0..owed.len())];
            inp[CIN] |= 1 << o;
            inp[CIN + 1] |= (v as u64) << o;
        }
    }
}
