//! RTL twin of the IR/FIR routing unit (seed 001 §3.1, §4.1; model: `blocks::ir_fir`).
//!
//! Eight output ports and 8-bit destinations: the switch of a 4-ary 4-tree (256 nodes). Each port
//! has four registers (FI, LI, MR, RRR), 32 DFFs of 8 bits in all, written through one
//! configuration port (`cfg_we`, `cfg_port`, `cfg_sel` 0 FI / 1 LI / 2 MR / 3 RRR, `cfg_data`)
//! at the clock edge. The routing decision is combinational from the registers:
//! `hit[p]` = `dest & MR[p]` lies in the cyclic interval `[FI[p], LI[p]]` (two comparators and
//! their order decide the wrap-around case), `allowed[p]` = `hit[p]` and no port preferred by
//! `RRR[p]` hits.

use super::lockstep::{derived, param, port, Clocked, Param, Port, Twin};
use super::reset::ResetDff;
use crate::blocks::ir_fir::{CfgWrite, FirReg, IrFirUnit};
use crate::routing::ir_fir::{registers, Scheme};
use crate::topology::kary_ntree::{KAryNTree, TreeSwitch};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use rust_hdl::prelude::*;

/// Output ports.
pub const P: usize = 8;
/// Destination address bits.
pub const A: usize = 8;

/// The routing unit's RTL twin.
#[derive(LogicBlock)]
pub struct IrFirRtl {
    pub clock: Signal<In, Clock>,
    /// Synchronous active-high reset: every register to its power-on state.
    pub reset: Signal<In, Bit>,
    /// Write `cfg_data` into register `cfg_sel` of port `cfg_port` at the edge.
    pub cfg_we: Signal<In, Bit>,
    pub cfg_port: Signal<In, Bits<3>>,
    /// 0 FI, 1 LI, 2 MR, 3 RRR.
    pub cfg_sel: Signal<In, Bits<2>>,
    pub cfg_data: Signal<In, Bits<A>>,
    /// Destination address to route.
    pub dest: Signal<In, Bits<A>>,
    /// Ports whose interval holds the masked destination (before RRR).
    pub hit: Signal<Out, Bits<P>>,
    /// Ports allowed after the routing restrictions.
    pub allowed: Signal<Out, Bits<P>>,
    fi: [ResetDff<Bits<A>>; P],
    li: [ResetDff<Bits<A>>; P],
    mr: [ResetDff<Bits<A>>; P],
    rrr: [ResetDff<Bits<P>>; P],
    /// One-hot: the port being written (zero without `cfg_we`).
    wport: Signal<Local, Bits<P>>,
    /// One-hot: the register being written.
    wreg: Signal<Local, Bits<4>>,
    hv: Signal<Local, Bits<P>>,
    av: Signal<Local, Bits<P>>,
    /// `onehot[i]` = bit `i` alone: ORed in to set bit `i` (rust-hdl's `replace_bit` shifts a
    /// 1-bit value inside a 32-bit expression, which Verilator rightly flags).
    onehot: [Constant<Bits<P>>; P],
}

impl Default for IrFirRtl {
    fn default() -> Self {
        IrFirRtl {
            clock: Default::default(),
            reset: Default::default(),
            cfg_we: Default::default(),
            cfg_port: Default::default(),
            cfg_sel: Default::default(),
            cfg_data: Default::default(),
            dest: Default::default(),
            hit: Default::default(),
            allowed: Default::default(),
            fi: std::array::from_fn(|_| Default::default()),
            li: std::array::from_fn(|_| Default::default()),
            mr: std::array::from_fn(|_| Default::default()),
            rrr: std::array::from_fn(|_| Default::default()),
            wport: Default::default(),
            wreg: Default::default(),
            hv: Default::default(),
            av: Default::default(),
            onehot: std::array::from_fn(|i| Constant::new((1u64 << i).into())),
        }
    }
}

// rust-hdl prints expressions without their parentheses (primer §6): every mixed `& | ^` and
// comparison is parenthesised, including the ones rustc calls unnecessary.
#[allow(unused_parens)]
impl Logic for IrFirRtl {
    #[hdl_gen]
    fn update(&mut self) {
        // defaults: registers hold, nothing written, nothing hit
        for i in 0..P {
            self.fi[i].clock.next = self.clock.val();
            self.fi[i].reset.next = self.reset.val();
            self.li[i].clock.next = self.clock.val();
            self.li[i].reset.next = self.reset.val();
            self.mr[i].clock.next = self.clock.val();
            self.mr[i].reset.next = self.reset.val();
            self.rrr[i].clock.next = self.clock.val();
            self.rrr[i].reset.next = self.reset.val();
            self.fi[i].d.next = self.fi[i].q.val();
            self.li[i].d.next = self.li[i].q.val();
            self.mr[i].d.next = self.mr[i].q.val();
            self.rrr[i].d.next = self.rrr[i].q.val();
        }
        self.wport.next = 0.into();
        self.hv.next = 0.into();
        self.av.next = 0.into();
        self.wreg.next = bits::<4>(1) << self.cfg_sel.val();
        // configuration write port
        if self.cfg_we.val() {
            self.wport.next = bits::<P>(1) << self.cfg_port.val();
        }
        for i in 0..P {
            if (self.wport.val().get_bit(i) & self.wreg.val().get_bit(0)) {
                self.fi[i].d.next = self.cfg_data.val();
            }
            if (self.wport.val().get_bit(i) & self.wreg.val().get_bit(1)) {
                self.li[i].d.next = self.cfg_data.val();
            }
            if (self.wport.val().get_bit(i) & self.wreg.val().get_bit(2)) {
                self.mr[i].d.next = self.cfg_data.val();
            }
            if (self.wport.val().get_bit(i) & self.wreg.val().get_bit(3)) {
                self.rrr[i].d.next = self.cfg_data.val();
            }
        }
        // interval comparators: masked destination in the cyclic interval [FI, LI]
        for i in 0..P {
            if (self.fi[i].q.val() <= self.li[i].q.val()) {
                if (((self.dest.val() & self.mr[i].q.val()) >= self.fi[i].q.val())
                    & ((self.dest.val() & self.mr[i].q.val()) <= self.li[i].q.val()))
                {
                    self.hv.next = self.hv.val() | self.onehot[i].val();
                }
            } else if (((self.dest.val() & self.mr[i].q.val()) >= self.fi[i].q.val())
                | ((self.dest.val() & self.mr[i].q.val()) <= self.li[i].q.val()))
            {
                self.hv.next = self.hv.val() | self.onehot[i].val();
            }
        }
        // routing restrictions: no preferred port may hit
        for i in 0..P {
            if (self.hv.val().get_bit(i) & !((self.rrr[i].q.val() & self.hv.val()).any())) {
                self.av.next = self.av.val() | self.onehot[i].val();
            }
        }
        self.hit.next = self.hv.val();
        self.allowed.next = self.av.val();
    }
}

/// A configuration write vector: `[cfg_we, cfg_port, cfg_sel, cfg_data, dest]`.
fn wr(port: usize, reg: FirReg, value: u32, dest: u64) -> Vec<u64> {
    vec![1, port as u64, reg.sel() as u64, value as u64, dest]
}

/// A routing-only vector.
fn rt(dest: u64) -> Vec<u64> {
    vec![0, 0, 0, 0, dest]
}

/// Writes loading `regs` into ports 0..P, routing a changing destination meanwhile.
fn load(v: &mut Vec<Vec<u64>>, regs: &[crate::blocks::ir_fir::PortRegs]) {
    for (p, r) in regs.iter().enumerate() {
        for k in FirReg::ALL {
            let dest = (v.len() as u64 * 37) & 0xff;
            v.push(wr(p, k, r.get(k), dest));
        }
    }
}

/// Route every destination.
fn sweep(v: &mut Vec<Vec<u64>>) {
    v.extend((0..256).map(rt));
}

impl Clocked for IrFirRtl {
    fn set_clock(&mut self, high: bool) {
        self.clock.next = Clock { clk: high };
    }
    fn set_reset(&mut self, on: bool) {
        self.reset.next = on;
    }
}

impl Twin for IrFirRtl {
    const NAME: &'static str = "ir_fir";
    const AREA: crate::hdl::area::Area = crate::hdl::area::Area {
        cells: 1491,
        flops: 256,
        transistors: 12150,
    };
    const SUMMARY: &'static str =
        "IR/FIR routing unit: FI/LI/MR/RRR per port, 8 ports x 8-bit destinations (Fat-trees paper §3.1, §4.1)";
    const INPUTS: &'static [Port] = &[
        port("cfg_we", 1),
        port("cfg_port", 3),
        port("cfg_sel", 2),
        port("cfg_data", A as u32),
        port("dest", A as u32),
    ];
    const OUTPUTS: &'static [Port] = &[port("hit", P as u32), port("allowed", P as u32)];
    const PARAMS: &'static [Param] = &[
        param(
            "PORTS",
            P as u32,
            "output ports",
            &["hit", "allowed", "rrr_*", "wport", "hv", "av"],
        ),
        derived("PORT_W", 3, "$clog2(PORTS)", "port index", &["cfg_port"]),
        param(
            "ADDR_W",
            A as u32,
            "destination address",
            &["cfg_data", "dest", "fi_*", "li_*", "mr_*"],
        ),
    ];
    type Model = IrFirUnit;

    fn rtl() -> Self {
        Self::default()
    }

    fn model() -> IrFirUnit {
        IrFirUnit::new(P, A as u32).expect("8 ports, 8 bits")
    }

    fn drive(&mut self, inp: &[u64]) {
        self.cfg_we.next = inp[0] != 0;
        self.cfg_port.next = inp[1].into();
        self.cfg_sel.next = inp[2].into();
        self.cfg_data.next = inp[3].into();
        self.dest.next = inp[4].into();
    }

    fn sample(&self, out: &mut [u64]) {
        out[0] = self.hit.val().to_u64();
        out[1] = self.allowed.val().to_u64();
    }

    fn model_cycle(m: &mut IrFirUnit, inp: &[u64], out: &mut [u64]) {
        let w = (inp[0] != 0).then(|| CfgWrite {
            port: inp[1] as usize,
            reg: FirReg::from_sel(inp[2] as u32),
            value: inp[3] as u32,
        });
        let o = m.cycle(w, inp[4] as u32);
        out[0] = o.hit as u64;
        out[1] = o.allowed as u64;
    }

    fn directed() -> Vec<Vec<u64>> {
        // power-on: every register 0, every port hits everything and nothing is restricted
        let mut v: Vec<Vec<u64>> = [0, 1, 0x80, 0xff].map(rt).to_vec();
        // idle configuration bus with garbage on it: nothing may be written
        v.push(vec![0, 5, 2, 0xff, 3]);
        v.push(vec![0, 7, 3, 0xff, 3]);
        v.push(rt(3));
        // real 4-ary 4-tree configurations, one switch per stage, both schemes
        let t = KAryNTree::new(4, 4).expect("4-ary 4-tree");
        for scheme in [Scheme::DeterministicFir, Scheme::AdaptiveIr] {
            for (stage, index) in [(0, 0), (1, 0b10_01_11), (2, 0b01_10_00), (3, 0b11_00_10)] {
                load(&mut v, &registers(&t, scheme, TreeSwitch { stage, index }));
                sweep(&mut v);
            }
        }
        // hand-made edge cases: wrap-around, single address, full range, never, masks, RRR
        let edge = [
            (250, 5, 0xff, 0),               // cyclic: 250..=255, 0..=5
            (77, 77, 0xff, 0),               // a single address
            (0, 255, 0xff, 0b0000_0001),     // everything, behind port 0
            (255, 0, 0xff, 0),               // cyclic: 255 and 0
            (0, 0, 0x00, 0b0000_0000),       // mask 0, [0,0]: always hits
            (1, 1, 0x00, 0),                 // mask 0, [1,1]: never hits
            (128, 127, 0xff, 0b0100_0000),   // cyclic everything, restricted by itself
            (0x30, 0x50, 0xf0, 0b0000_1100), // high nibble 3..=5, behind ports 2, 3
        ];
        for (p, &(fi, li, mr, rrr)) in edge.iter().enumerate() {
            for (k, x) in FirReg::ALL.into_iter().zip([fi, li, mr, rrr]) {
                v.push(wr(p, k, x, (p * 31) as u64));
            }
        }
        sweep(&mut v);
        // a write and a route in the same cycle: the route sees the old value, the next cycle
        // the new one; every register of every port
        for p in 0..P {
            for k in FirReg::ALL {
                let x = [0x5a, 0xa5, 0x3c, 1 << p][k.sel() as usize];
                v.push(wr(p, k, x, 0x5a));
                v.push(rt(0x5a));
                v.push(wr(p, k, !x & 0xff, 0xa5));
                v.push(rt(0xa5));
            }
        }
        // back-to-back writes to one register, routing the value being written
        for x in [0u32, 0xff, 0x10, 0x11, 0x0f] {
            v.push(wr(3, FirReg::Fi, x, x as u64));
            v.push(wr(3, FirReg::Li, x, x as u64));
            v.push(wr(3, FirReg::Mr, 0xff, x as u64));
        }
        v.push(rt(0x11));
        v
    }

    fn random(rng: &mut ChaCha8Rng, _cycle: u64, _: &Self::Model, inp: &mut [u64]) {
        if rng.random_bool(0.1) {
            let p = rng.random_range(0..P);
            let k = FirReg::from_sel(rng.random_range(0..4));
            let value = if rng.random_bool(0.5) {
                rng.random_range(0..256)
            } else {
                // a value some real 4-ary 4-tree switch holds in that register
                let t = KAryNTree::new(4, 4).expect("4-ary 4-tree");
                let sw = TreeSwitch {
                    stage: rng.random_range(0..4),
                    index: rng.random_range(0..64),
                };
                let scheme = if rng.random_bool(0.5) {
                    Scheme::AdaptiveIr
                } else {
                    Scheme::DeterministicFir
                };
                registers(&t, scheme, sw)[p].get(k)
            };
            inp[..4].copy_from_slice(&[1, p as u64, k.sel() as u64, value as u64]);
        } else if rng.random_bool(0.05) {
            // garbage on an idle configuration bus
            inp[1] = rng.random_range(0..8);
            inp[2] = rng.random_range(0..4);
            inp[3] = rng.random_range(0..256);
        }
        inp[4] = if rng.random_bool(0.2) {
            [0, 1, 0x7f, 0x80, 0xfe, 0xff][rng.random_range(0..6)]
        } else {
            rng.random_range(0..256)
        };
    }
}
