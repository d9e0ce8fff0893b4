//! RTL twin of the DL routing-table unit of RHiNET-2/SW (seed 003 §4.1.2; model:
//! `blocks::dl_table`).
//!
//! Eight ports, 8-bit destinations (64 switches × 4 hosts), 3-bit VCs. The port table is a
//! 256 × 3 synchronous RAM read by the destination; the diff table is eight 8 × 4 RAMs, one per
//! output port, all read by the input port, so the whole diff row of the input arrives with the
//! port entry one cycle later; a one-hot of the port entry muxes the row, and a 5-bit adder
//! forms the output VC (`in_vc` held in a register, or 0 when the entry is absolute) and checks
//! it against the `layers` register. Latency: 1 cycle. The configuration port (`cfg_we`,
//! `cfg_sel` 0 port table / 1 diff table / 2 layers, `cfg_addr`, `cfg_data`) writes at the
//! edge, after that edge's reads.

use super::lockstep::{param, port, Clocked, Param, Port, Twin};
use super::reset::ResetDff;
use crate::blocks::dl_table::{DlCfgWrite, DlLookup, DlTableUnit, PORTS};
use crate::routing::dl::Restriction;
use crate::routing::dl_table;
use crate::topology::irregular;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use rust_hdl::prelude::*;

/// Destination address bits.
pub const A: usize = 8;

/// The routing-table unit's RTL twin.
#[derive(LogicBlock)]
pub struct DlTableRtl {
    pub clock: Signal<In, Clock>,
    /// Synchronous active-high reset: every register to its power-on state.
    pub reset: Signal<In, Bit>,
    /// Write `cfg_data` into entry `cfg_addr` of table `cfg_sel` at the edge.
    pub cfg_we: Signal<In, Bit>,
    /// 0 port table (address: destination), 1 diff table (address: in·8 + out), 2 layers.
    pub cfg_sel: Signal<In, Bits<2>>,
    pub cfg_addr: Signal<In, Bits<A>>,
    pub cfg_data: Signal<In, Bits<4>>,
    /// A lookup of (`dest`, `in_port`, `in_vc`) this cycle.
    pub req: Signal<In, Bit>,
    pub dest: Signal<In, Bits<A>>,
    pub in_port: Signal<In, Bits<3>>,
    pub in_vc: Signal<In, Bits<3>>,
    /// Last cycle's lookup: its output port, output VC, and whether the VC is in 0..layers.
    pub valid: Signal<Out, Bit>,
    pub out_port: Signal<Out, Bits<3>>,
    pub out_vc: Signal<Out, Bits<3>>,
    pub vc_ok: Signal<Out, Bit>,
    port_ram: RAM<Bits<3>, A>,
    diff_ram: [RAM<Bits<4>, 3>; PORTS],
    layers: ResetDff<Bits<4>>,
    req_q: ResetDff<Bit>,
    vc_q: ResetDff<Bits<3>>,
    /// One-hot: the diff RAM being written (zero unless a diff write).
    wsel: Signal<Local, Bits<PORTS>>,
    /// One-hot of the port entry read.
    rsel: Signal<Local, Bits<PORTS>>,
    entry: Signal<Local, Bits<4>>,
    base: Signal<Local, Bits<5>>,
    dext: Signal<Local, Bits<5>>,
    sum: Signal<Local, Bits<5>>,
    /// `layers` widened to 5 bits.
    lay5: Signal<Local, Bits<5>>,
    /// `one5[i]` = bit `i` alone: widening by ORing bits in (rust-hdl's `bit_cast` to a wider
    /// type leaves a width mismatch that Verilator flags).
    one5: [Constant<Bits<5>>; 5],
}

impl Default for DlTableRtl {
    fn default() -> Self {
        DlTableRtl {
            clock: Default::default(),
            reset: Default::default(),
            cfg_we: Default::default(),
            cfg_sel: Default::default(),
            cfg_addr: Default::default(),
            cfg_data: Default::default(),
            req: Default::default(),
            dest: Default::default(),
            in_port: Default::default(),
            in_vc: Default::default(),
            valid: Default::default(),
            out_port: Default::default(),
            out_vc: Default::default(),
            vc_ok: Default::default(),
            // contents undefined until loaded through the configuration port (no `initial`);
            // reset leaves them alone, as an SRAM's
            port_ram: Default::default(),
            diff_ram: Default::default(),
            layers: Default::default(),
            req_q: Default::default(),
            vc_q: Default::default(),
            wsel: Default::default(),
            rsel: Default::default(),
            entry: Default::default(),
            base: Default::default(),
            dext: Default::default(),
            sum: Default::default(),
            lay5: Default::default(),
            one5: std::array::from_fn(|i| Constant::new((1u64 << i).into())),
        }
    }
}

// rust-hdl prints expressions without their parentheses (primer §6): every mixed `& | ^` and
// comparison is parenthesised.
#[allow(unused_parens)]
impl Logic for DlTableRtl {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, layers, req_q, vc_q);
        self.layers.reset.next = self.reset.val();
        self.req_q.reset.next = self.reset.val();
        self.vc_q.reset.next = self.reset.val();
        // reads at the edge: the port entry of the destination, the diff row of the input
        self.port_ram.read_clock.next = self.clock.val();
        self.port_ram.write_clock.next = self.clock.val();
        self.port_ram.read_address.next = self.dest.val();
        self.port_ram.write_address.next = self.cfg_addr.val();
        self.port_ram.write_data.next = self.cfg_data.val().get_bits::<3>(0);
        self.port_ram.write_enable.next = (self.cfg_we.val() & (self.cfg_sel.val() == 0));
        self.wsel.next = 0.into();
        if (self.cfg_we.val() & (self.cfg_sel.val() == 1)) {
            self.wsel.next = bits::<PORTS>(1) << self.cfg_addr.val().get_bits::<3>(0);
        }
        for i in 0..PORTS {
            self.diff_ram[i].read_clock.next = self.clock.val();
            self.diff_ram[i].write_clock.next = self.clock.val();
            self.diff_ram[i].read_address.next = self.in_port.val();
            self.diff_ram[i].write_address.next = self.cfg_addr.val().get_bits::<3>(3);
            self.diff_ram[i].write_data.next = self.cfg_data.val();
            self.diff_ram[i].write_enable.next = self.wsel.val().get_bit(i);
        }
        if (self.cfg_we.val() & (self.cfg_sel.val() == 2)) {
            self.layers.d.next = self.cfg_data.val();
        }
        self.req_q.d.next = self.req.val();
        self.vc_q.d.next = self.in_vc.val();
        // the cycle after: mux the row by the port, add the difference to the held VC
        self.rsel.next = bits::<PORTS>(1) << self.port_ram.read_data.val();
        self.entry.next = 0.into();
        for i in 0..PORTS {
            if self.rsel.val().get_bit(i) {
                self.entry.next = self.diff_ram[i].read_data.val();
            }
        }
        // widen: base = in_vc (or 0 when absolute), dext = the sign-extended difference
        self.base.next = 0.into();
        self.dext.next = 0.into();
        self.lay5.next = 0.into();
        for i in 0..3 {
            if (self.vc_q.q.val().get_bit(i) & !self.entry.val().get_bit(3)) {
                self.base.next = self.base.val() | self.one5[i].val();
            }
            if self.entry.val().get_bit(i) {
                self.dext.next = self.dext.val() | self.one5[i].val();
            }
        }
        if self.entry.val().get_bit(2) {
            self.dext.next = self.dext.val() | self.one5[3].val() | self.one5[4].val();
        }
        for i in 0..4 {
            if self.layers.q.val().get_bit(i) {
                self.lay5.next = self.lay5.val() | self.one5[i].val();
            }
        }
        self.sum.next = self.base.val() + self.dext.val();
        self.valid.next = self.req_q.q.val();
        self.out_port.next = 0.into();
        self.out_vc.next = 0.into();
        self.vc_ok.next = false;
        if self.req_q.q.val() {
            self.out_port.next = self.port_ram.read_data.val();
            self.out_vc.next = self.sum.val().get_bits::<3>(0);
            self.vc_ok.next = (!self.sum.val().get_bit(4) & (self.sum.val() < self.lay5.val()));
        }
    }
}

impl Clocked for DlTableRtl {
    fn set_clock(&mut self, high: bool) {
        self.clock.next = Clock { clk: high };
    }
    fn set_reset(&mut self, on: bool) {
        self.reset.next = on;
    }
}

/// A configuration write vector:
/// `[cfg_we, cfg_sel, cfg_addr, cfg_data, req, dest, in_port, in_vc]`.
fn wr(w: DlCfgWrite, dest: u64) -> Vec<u64> {
    vec![1, w.sel as u64, w.addr as u64, w.data as u64, 0, dest, 0, 0]
}

/// A lookup vector.
fn rt(dest: u64, in_port: u64, in_vc: u64) -> Vec<u64> {
    vec![0, 0, 0, 0, 1, dest, in_port, in_vc]
}

/// The tables of a real network: 64 switches of 8 ports with 4 hosts each, 3 layers.
fn real_tables(seed: u64, select: &str) -> dl_table::DlTables {
    let topo = irregular::generate(64, 4, 8, seed).expect("a 64-switch network");
    dl_table::build(&topo, 3, Restriction::Ud, select, seed, 0).expect("DL tables")
}

impl Twin for DlTableRtl {
    const NAME: &'static str = "dl_table";
    const AREA: crate::hdl::area::Area = crate::hdl::area::Area {
        cells: 2820,
        flops: 1067,
        transistors: 39518,
    };
    const SUMMARY: &'static str =
        "DL routing-table unit: destination -> port RAM, (in, out) -> VC difference RAMs, 8 ports x 8-bit destinations (DL paper §4.1.2)";
    const INPUTS: &'static [Port] = &[
        port("cfg_we", 1),
        port("cfg_sel", 2),
        port("cfg_addr", A as u32),
        port("cfg_data", 4),
        port("req", 1),
        port("dest", A as u32),
        port("in_port", 3),
        port("in_vc", 3),
    ];
    const OUTPUTS: &'static [Port] = &[
        port("valid", 1),
        port("out_port", 3),
        port("out_vc", 3),
        port("vc_ok", 1),
    ];
    const PARAMS: &'static [Param] = &[
        param(
            "ADDR_W",
            A as u32,
            "destination address",
            &[
                "cfg_addr",
                "dest",
                "port_ram_read_address",
                "port_ram_write_address",
            ],
        ),
        param(
            "PORT_W",
            3,
            "port and VC index",
            &[
                "in_port",
                "in_vc",
                "out_port",
                "out_vc",
                "port_ram_read_data",
                "port_ram_write_data",
            ],
        ),
    ];
    type Model = DlTableUnit;

    fn rtl() -> Self {
        Self::default()
    }

    fn model() -> DlTableUnit {
        DlTableUnit::new(A as u32)
    }

    /// Reset clears the registers (layers, the lookup in flight), not the table RAMs.
    fn reset_model(old: &DlTableUnit) -> DlTableUnit {
        let mut m = old.clone();
        m.reset();
        m
    }

    fn drive(&mut self, inp: &[u64]) {
        self.cfg_we.next = inp[0] != 0;
        self.cfg_sel.next = inp[1].into();
        self.cfg_addr.next = inp[2].into();
        self.cfg_data.next = inp[3].into();
        self.req.next = inp[4] != 0;
        self.dest.next = inp[5].into();
        self.in_port.next = inp[6].into();
        self.in_vc.next = inp[7].into();
    }

    fn sample(&self, out: &mut [u64]) {
        out[0] = self.valid.val() as u64;
        out[1] = self.out_port.val().to_u64();
        out[2] = self.out_vc.val().to_u64();
        out[3] = self.vc_ok.val() as u64;
    }

    fn model_cycle(m: &mut DlTableUnit, inp: &[u64], out: &mut [u64]) {
        let w = (inp[0] != 0).then_some(DlCfgWrite {
            sel: inp[1] as u8,
            addr: inp[2] as usize,
            data: inp[3] as u8,
        });
        let q = (inp[4] != 0).then_some(DlLookup {
            dest: inp[5] as usize,
            in_port: inp[6] as usize,
            in_vc: inp[7] as u8,
        });
        let o = m.cycle(w, q);
        out.copy_from_slice(&[
            o.valid as u64,
            o.out_port as u64,
            o.out_vc as u64,
            o.vc_ok as u64,
        ]);
    }

    fn directed() -> Vec<Vec<u64>> {
        // after reset the tables are undefined until loaded (no lookups yet); an idle
        // configuration bus with garbage on it
        let mut v: Vec<Vec<u64>> = vec![vec![0; 8]];
        v.push(vec![0, 1, 0x2a, 0xf, 0, 0, 0, 0]);
        v.push(vec![0, 2, 0, 0x3, 0, 9, 5, 1]);
        // two real switches' tables, then every destination from every input port on every
        // VC; the first load defines every entry, the second runs while lookups run
        let t = real_tables(1, "sancho");
        for sw in [0, 37] {
            for (k, w) in t.config_writes(sw).into_iter().enumerate() {
                v.push(wr(w, k as u64 & 0xff));
                if sw != 0 {
                    v.push(rt(k as u64 & 0xff, k as u64 % 8, k as u64 % 4));
                }
            }
            for d in 0..256 {
                v.push(rt(d, (d * 5) % 8, d % 3));
            }
            for i in 0..8 {
                for vc in 0..8 {
                    v.push(rt((i * 8 + vc) * 3, i, vc));
                }
            }
        }
        // every diff code from every VC: the adder's range, negative results and absolutes
        for data in 0..16 {
            v.push(wr(
                DlCfgWrite {
                    sel: 1,
                    addr: 0o25,
                    data,
                },
                0,
            ));
            v.push(wr(
                DlCfgWrite {
                    sel: 0,
                    addr: 17,
                    data: 5,
                },
                0,
            ));
            for vc in 0..8 {
                v.push(rt(17, 2, vc));
            }
        }
        // layer counts 0..=15 against the largest sums
        for layers in 0..16 {
            v.push(wr(
                DlCfgWrite {
                    sel: 2,
                    addr: 0,
                    data: layers,
                },
                0,
            ));
            v.push(rt(17, 2, 7));
            v.push(rt(17, 2, 0));
        }
        // a write and a lookup of the same entry in the same cycle: the old entry, then the new
        v.push(wr(
            DlCfgWrite {
                sel: 0,
                addr: 200,
                data: 6,
            },
            200,
        ));
        v.push(vec![1, 0, 200, 1, 1, 200, 4, 1]);
        v.push(rt(200, 4, 1));
        v.push(vec![1, 1, 0o46, 0xf, 1, 200, 4, 1]);
        v.push(rt(200, 4, 1));
        // an unused select code writes nothing
        v.push(vec![1, 3, 200, 2, 1, 200, 4, 1]);
        v.push(rt(200, 4, 1));
        v
    }

    fn random(rng: &mut ChaCha8Rng, _cycle: u64, _: &Self::Model, inp: &mut [u64]) {
        inp.fill(0);
        if rng.random_bool(0.1) {
            inp[..4].copy_from_slice(&[
                1,
                rng.random_range(0..4),
                rng.random_range(0..256),
                rng.random_range(0..16),
            ]);
        } else if rng.random_bool(0.05) {
            // garbage on an idle configuration bus
            inp[1] = rng.random_range(0..4);
            inp[2] = rng.random_range(0..256);
            inp[3] = rng.random_range(0..16);
        }
        inp[4] = rng.random_bool(0.8) as u64;
        inp[5] = rng.random_range(0..256);
        inp[6] = rng.random_range(0..8);
        inp[7] = rng.random_range(0..8);
    }
}
