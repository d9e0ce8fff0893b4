//! Interval Routing (IR) and Flexible Interval Routing (FIR) unit of a switch (seed 001 §3.1,
//! §4.1).
//!
//! Every output port `p` has four configuration registers:
//! - **FI**, **LI** (First/Last Interval): the bounds of a *cyclic* interval of destination
//!   addresses (§3.1). If `FI <= LI` it is `FI..=LI`; otherwise it wraps around: `d >= FI` or
//!   `d <= LI`. A cyclic interval is never empty (`FI == LI` holds one address).
//! - **MR** (Mask Register, §4.1): which destination bits are compared: the port *hits* when
//!   `dest & MR` lies in the interval. IR is FIR with every MR all ones.
//! - **RRR** (Routing Restrictions Register, §4.1): one bit per port; bit `j` set means port `j`
//!   has preference over port `p`, so `p` is *allowed* only if it hits and no preferred port hits.
//!
//! The routing decision is combinational: [`IrFirUnit::route`] gives the allowed-port vector of a
//! destination from the registers as they are now (routing delay: within the cycle; the switch's
//! selection function then picks one of the allowed ports). Registers change through a single
//! configuration write port: a write presented in a cycle commits at that cycle's clock edge, so
//! a route in the same cycle still sees the old value ([`IrFirUnit::cycle`]). Power-on value of
//! every register: 0 (each port then holds the interval `[0, 0]` with mask 0: it hits every
//! destination). Register contents for fat-trees are computed in `routing::ir_fir`.

use crate::error::{Error, Result};
use crate::sim::{Probe, ProbeVisitor};

/// Most ports a unit can have (RRR is one 32-bit word).
pub const MAX_PORTS: usize = 32;
/// Widest destination address.
pub const MAX_ADDR_BITS: u32 = 32;

/// One of a port's configuration registers; `sel` is its code on the configuration bus.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FirReg {
    /// First Interval (sel 0).
    Fi,
    /// Last Interval (sel 1).
    Li,
    /// Mask Register (sel 2).
    Mr,
    /// Routing Restrictions Register (sel 3).
    Rrr,
}

impl FirReg {
    /// All four, in `sel` order.
    pub const ALL: [FirReg; 4] = [FirReg::Fi, FirReg::Li, FirReg::Mr, FirReg::Rrr];

    /// The configuration-bus code (0 FI, 1 LI, 2 MR, 3 RRR).
    pub fn sel(self) -> u32 {
        self as u32
    }

    /// The register of code `sel & 3`.
    pub fn from_sel(sel: u32) -> FirReg {
        FirReg::ALL[(sel & 3) as usize]
    }
}

/// The four registers of one output port.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct PortRegs {
    pub fi: u32,
    pub li: u32,
    pub mr: u32,
    pub rrr: u32,
}

impl PortRegs {
    /// Register `r`.
    pub fn get(&self, r: FirReg) -> u32 {
        match r {
            FirReg::Fi => self.fi,
            FirReg::Li => self.li,
            FirReg::Mr => self.mr,
            FirReg::Rrr => self.rrr,
        }
    }

    /// Set register `r`.
    pub fn set(&mut self, r: FirReg, v: u32) {
        match r {
            FirReg::Fi => self.fi = v,
            FirReg::Li => self.li = v,
            FirReg::Mr => self.mr = v,
            FirReg::Rrr => self.rrr = v,
        }
    }

    /// Does destination `dest` hit this port (before the routing restrictions)?
    #[inline]
    pub fn hits(&self, dest: u32) -> bool {
        in_cyclic(dest & self.mr, self.fi, self.li)
    }
}

/// Is `d` in the cyclic interval `[fi, li]` (§3.1)?
#[inline]
pub fn in_cyclic(d: u32, fi: u32, li: u32) -> bool {
    if fi <= li {
        fi <= d && d <= li
    } else {
        d >= fi || d <= li
    }
}

/// A write on the configuration port: register `reg` of output port `port` takes `value` at the
/// clock edge (truncated to the register's width).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CfgWrite {
    pub port: usize,
    pub reg: FirReg,
    pub value: u32,
}

/// The unit's outputs in one cycle: bit `p` = output port `p`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RouteOut {
    /// Ports whose interval holds the masked destination (before RRR).
    pub hit: u32,
    /// Ports that hit and have no preferred port that hits: the routing function's answer.
    pub allowed: u32,
}

/// The IR/FIR routing unit of one switch: `ports` output ports, `addr_bits`-bit destinations.
#[derive(Debug, Clone)]
pub struct IrFirUnit {
    ports: usize,
    addr_bits: u32,
    addr_mask: u32,
    port_mask: u32,
    regs: [PortRegs; MAX_PORTS],
    pending: Option<CfgWrite>,
}

fn low_mask(bits: u32) -> u32 {
    if bits >= 32 {
        u32::MAX
    } else {
        (1u32 << bits) - 1
    }
}

impl IrFirUnit {
    /// A unit with `ports` output ports (1..=32) and `addr_bits`-bit destination addresses
    /// (1..=32), every register 0.
    pub fn new(ports: usize, addr_bits: u32) -> Result<Self> {
        if !(1..=MAX_PORTS).contains(&ports) {
            return Err(Error::field(
                "ports",
                format!("{ports} is out of range, allowed 1..={MAX_PORTS}"),
            ));
        }
        if !(1..=MAX_ADDR_BITS).contains(&addr_bits) {
            return Err(Error::field(
                "addr_bits",
                format!("{addr_bits} is out of range, allowed 1..={MAX_ADDR_BITS}"),
            ));
        }
        Ok(IrFirUnit {
            ports,
            addr_bits,
            addr_mask: low_mask(addr_bits),
            port_mask: low_mask(ports as u32),
            regs: [PortRegs::default(); MAX_PORTS],
            pending: None,
        })
    }

    /// Number of output ports.
    pub fn ports(&self) -> usize {
        self.ports
    }

    /// Destination address width.
    pub fn addr_bits(&self) -> u32 {
        self.addr_bits
    }

    /// Width of register `r` in bits: `addr_bits` for FI, LI, MR; `ports` for RRR.
    pub fn width(&self, r: FirReg) -> u32 {
        match r {
            FirReg::Rrr => self.ports as u32,
            _ => self.addr_bits,
        }
    }

    fn reg_mask(&self, r: FirReg) -> u32 {
        match r {
            FirReg::Rrr => self.port_mask,
            _ => self.addr_mask,
        }
    }

    /// The registers of output port `port`.
    pub fn port_regs(&self, port: usize) -> PortRegs {
        assert!(
            port < self.ports,
            "port {port} of a {}-port unit",
            self.ports
        );
        self.regs[port]
    }

    /// Register `reg` of output port `port`.
    pub fn reg(&self, port: usize, reg: FirReg) -> u32 {
        self.port_regs(port).get(reg)
    }

    /// First Interval of `port`.
    pub fn fi(&self, port: usize) -> u32 {
        self.reg(port, FirReg::Fi)
    }

    /// Last Interval of `port`.
    pub fn li(&self, port: usize) -> u32 {
        self.reg(port, FirReg::Li)
    }

    /// Mask Register of `port`.
    pub fn mr(&self, port: usize) -> u32 {
        self.reg(port, FirReg::Mr)
    }

    /// Routing Restrictions Register of `port`.
    pub fn rrr(&self, port: usize) -> u32 {
        self.reg(port, FirReg::Rrr)
    }

    /// Load every register at once, out of band (network initialisation, before the first
    /// cycle): `regs[p]` goes to port `p`, values truncated to the register widths. Takes
    /// effect immediately.
    pub fn load(&mut self, regs: &[PortRegs]) {
        assert!(
            regs.len() <= self.ports,
            "{} port configurations for a {}-port unit",
            regs.len(),
            self.ports
        );
        for (p, r) in regs.iter().enumerate() {
            for k in FirReg::ALL {
                self.regs[p].set(k, r.get(k) & self.reg_mask(k));
            }
        }
    }

    /// Present a write on the configuration port; it commits at the next [`IrFirUnit::edge`].
    /// The port carries one write per cycle: a second write before the edge replaces the first.
    pub fn write(&mut self, port: usize, reg: FirReg, value: u32) {
        assert!(
            port < self.ports,
            "port {port} of a {}-port unit",
            self.ports
        );
        self.pending = Some(CfgWrite { port, reg, value });
    }

    /// The write waiting for the clock edge, if any.
    pub fn pending(&self) -> Option<CfgWrite> {
        self.pending
    }

    /// The clock edge: the pending write, if any, commits.
    #[inline]
    pub fn edge(&mut self) {
        if let Some(w) = self.pending.take() {
            let v = w.value & self.reg_mask(w.reg);
            self.regs[w.port].set(w.reg, v);
        }
    }

    /// Ports whose cyclic interval holds `dest & MR` (before the routing restrictions).
    /// `dest` is truncated to `addr_bits`.
    #[inline]
    pub fn hits(&self, dest: u32) -> u32 {
        let d = dest & self.addr_mask;
        let mut hit = 0u32;
        for (p, r) in self.regs[..self.ports].iter().enumerate() {
            hit |= (r.hits(d) as u32) << p;
        }
        hit
    }

    /// Both outputs for `dest`, from the registers as they are now.
    #[inline]
    pub fn route_out(&self, dest: u32) -> RouteOut {
        let hit = self.hits(dest);
        let mut allowed = 0u32;
        for (p, r) in self.regs[..self.ports].iter().enumerate() {
            let ok = (hit >> p) & 1 == 1 && r.rrr & hit == 0;
            allowed |= (ok as u32) << p;
        }
        RouteOut { hit, allowed }
    }

    /// The allowed-port vector for `dest`: bit `p` set when port `p` hits and no port that
    /// `RRR[p]` prefers hits.
    #[inline]
    pub fn route(&self, dest: u32) -> u32 {
        self.route_out(dest).allowed
    }

    /// One clock cycle: the outputs for `dest` from the registers at the start of the cycle,
    /// then `write` (if any) commits at the edge.
    #[inline]
    pub fn cycle(&mut self, write: Option<CfgWrite>, dest: u32) -> RouteOut {
        if let Some(w) = write {
            self.write(w.port, w.reg, w.value);
        }
        let out = self.route_out(dest);
        self.edge();
        out
    }
}

impl Probe for IrFirUnit {
    fn probe<V: ProbeVisitor>(&self, v: &mut V) {
        for (p, r) in self.regs[..self.ports].iter().enumerate() {
            v.scope_idx("port", p);
            v.bits("fi", self.addr_bits, r.fi as u64);
            v.bits("li", self.addr_bits, r.li as u64);
            v.bits("mr", self.addr_bits, r.mr as u64);
            v.bits("rrr", self.ports as u32, r.rrr as u64);
            v.up();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(regs: &[PortRegs]) -> IrFirUnit {
        let mut u = IrFirUnit::new(regs.len(), 4).unwrap();
        u.load(regs);
        u
    }

    fn r(fi: u32, li: u32, mr: u32, rrr: u32) -> PortRegs {
        PortRegs { fi, li, mr, rrr }
    }

    #[test]
    fn cyclic_intervals() {
        assert!(in_cyclic(5, 3, 7) && !in_cyclic(8, 3, 7) && !in_cyclic(2, 3, 7));
        // wrapping: 14, 15, 0, 1
        assert!(in_cyclic(14, 14, 1) && in_cyclic(0, 14, 1) && in_cyclic(1, 14, 1));
        assert!(!in_cyclic(2, 14, 1) && !in_cyclic(13, 14, 1));
        // a single address
        assert!(in_cyclic(9, 9, 9) && !in_cyclic(8, 9, 9));
    }

    #[test]
    fn hits_mask_and_restrictions() {
        // port 0: 0..=7, port 1: 8..=15, port 2: odd destinations (mask 0001, [1,1]) behind
        // ports 0 and 1 (RRR 011), port 3: everything (wrap [4,3]) behind port 2 (RRR 0100)
        let u = unit(&[
            r(0, 7, 0xf, 0),
            r(8, 15, 0xf, 0),
            r(1, 1, 0x1, 0b0011),
            r(4, 3, 0xf, 0b0100),
        ]);
        assert_eq!(u.hits(3), 0b1101);
        assert_eq!(u.route(3), 0b0001);
        assert_eq!(u.hits(10), 0b1010);
        assert_eq!(u.route(10), 0b1010);
        // dest truncated to 4 bits
        assert_eq!(u.hits(0x13), u.hits(3));
        assert_eq!(u.route_out(9).allowed, u.route(9));
    }

    #[test]
    fn writes_commit_at_the_edge() {
        let mut u = IrFirUnit::new(3, 4).unwrap();
        // power-on: every port [0,0] with mask 0 hits every destination
        assert_eq!(u.route(9), 0b111);
        let o = u.cycle(
            Some(CfgWrite {
                port: 1,
                reg: FirReg::Mr,
                value: 0xff,
            }),
            9,
        );
        assert_eq!(o.hit, 0b111, "the write is not visible in its own cycle");
        assert_eq!(u.mr(1), 0xf, "truncated to 4 bits");
        assert_eq!(u.route(9), 0b101);
        u.write(2, FirReg::Rrr, 0xff);
        assert_eq!(u.pending().map(|w| w.value), Some(0xff));
        assert_eq!(u.rrr(2), 0);
        u.edge();
        assert_eq!(u.rrr(2), 0b111);
        assert_eq!(u.route(0), 0b011);
        for k in FirReg::ALL {
            assert_eq!(FirReg::from_sel(k.sel()), k);
        }
        assert_eq!(u.width(FirReg::Rrr), 3);
    }

    #[test]
    fn bad_sizes_are_errors() {
        assert!(IrFirUnit::new(0, 8).is_err());
        assert!(IrFirUnit::new(33, 8).is_err());
        assert!(IrFirUnit::new(8, 0).is_err());
        assert!(IrFirUnit::new(8, 33).is_err());
        let u = IrFirUnit::new(32, 32).unwrap();
        assert_eq!(u.route(u32::MAX), u32::MAX);
    }
}
