//! The model side of the router twin's lockstep: one `VcSwitch` of the BookSim2 preset
//! (configs/booksim-iq.toml, an 8 × 8 mesh) wired to links of its own, with a packet table,
//! evaluated as every network's routers are — by the planes (`Planes`, here of one router
//! whose five ports all lead to links the planes drive, as a host's) — driven and read
//! through the twin's ports; and the state of the senders and receivers around it that the
//! reactive stimulus plays (credits held upstream, packets in progress, credits owed
//! downstream).

use super::{DEPTH, PORTS, VCS};
use crate::blocks::link::Link;
use crate::fabric::network::parallel::After;
use crate::fabric::network::{Engine, EnginePhase};
use crate::fabric::vc::switch::{Planes, VcParams, VcSwitch};
use crate::fabric::vc::VcExt;
use crate::fabric::Wiring;
use crate::routing::function::dor::{Classes, DorRouting, Tie};
use crate::routing::function::Routing;
use crate::sim::packet::{Header, Packet, PacketTable};
use crate::sim::{Flit, FlowCtl};

/// Mesh width of the preset: host `d` sits on router `d`, at x = d mod 8, y = d / 8.
pub const MESH: u32 = 8;
/// The router the lockstep compares (x, y): inside the mesh, so every port leads somewhere.
pub const AT: (u32, u32) = (3, 4);

/// The twin's word of flit `f` headed for host `dst`: head, tail, destination x and y, the
/// data byte and, from bit 16 on, the packet index (`W` ≥ 48 keeps it whole).
pub fn encode(f: &Flit, dst: u32) -> u64 {
    (f.flags as u64 & 3)
        | (((dst % MESH) as u64) << 2)
        | (((dst / MESH % MESH) as u64) << 5)
        | ((f.data as u64) << 8)
        | ((f.pkt as u64) << 16)
}

/// The flit of a word (its VC apart) and the host it is headed for.
pub fn decode(w: u64) -> (Flit, u32) {
    let f = Flit {
        pkt: (w >> 16) as u32,
        data: (w >> 8) as u8,
        flags: (w & 3) as u8,
        vc: 0,
        ..Flit::default()
    };
    (f, ((w >> 2) & 7) as u32 + MESH * ((w >> 5) & 7) as u32)
}

/// Per port: a flit word and its VC.
pub type Words = [Option<(u64, u8)>; PORTS];
/// Per port: a credit's VC.
pub type CreditVcs = [Option<u8>; PORTS];

/// One model router in a harness of its own, plus the stimulus' view of its neighbours.
pub struct VcRouterModel {
    /// The router, its registers written from the planes after every cycle.
    sw: VcSwitch,
    planes: Planes,
    /// Room for what the planes tell the sleep tables (none here: read by nobody).
    after: Vec<After>,
    /// Links 0..5 bring flits in on ports 0..5 (credits go back on them); 5..10 take flits
    /// out (credits come back on them). Fly time 1: a value driven at t - 1 arrives at t.
    links: Vec<Link>,
    packets: PacketTable<VcExt>,
    now: u64,
    /// Per input port and VC: the credits its upstream sender holds.
    pub up_credits: [[u32; VCS]; PORTS],
    /// Per input port and VC: flits of the packet in progress still to send (0: a head next),
    /// its destination host and packet slot.
    pub left: [[u32; VCS]; PORTS],
    pub dest: [[u32; VCS]; PORTS],
    pkt: [[u32; VCS]; PORTS],
    /// Per output port and VC: flits sent downstream whose credit has not come back.
    pub owed: [[u32; VCS]; PORTS],
}

impl VcRouterModel {
    /// The switch parameters of the preset (configs/booksim-iq.toml; testbenches/
    /// vc_router_rtl.rs checks them against the preset's network).
    pub fn preset() -> VcParams {
        // the twin's own sizes, the rest the preset's router
        VcParams {
            ports: PORTS,
            vcs: VCS,
            buffer_flits: DEPTH as u32,
            ..VcParams::booksim_iq()
        }
    }

    /// The preset's router at [`AT`] of its 8 × 8 mesh, empty, every credit held.
    pub fn new() -> Self {
        let topo = crate::topology::mesh::mesh([MESH as usize; 2], 1).expect("an 8x8 mesh");
        let id = (AT.0 + MESH * AT.1) as usize;
        let routing = Routing::Dor(
            DorRouting::units(&topo, Tie::Plus, Classes::None)
                .expect("dor on a mesh")
                .swap_remove(id),
        );
        let p = Self::preset();
        let w = Wiring {
            in_link: (0..PORTS as u32).collect(),
            out_link: (PORTS as u32..2 * PORTS as u32).collect(),
        };
        let sw = VcSwitch::new(id, p, routing, w);
        let links: Vec<Link> = (0..2 * PORTS).map(|_| Link::new(1)).collect();
        let planes = Planes::new(std::slice::from_ref(&sw), &links)
            .expect("the planes take the preset's router");
        VcRouterModel {
            sw,
            planes,
            after: Vec::new(),
            links,
            packets: PacketTable::new(),
            now: 1,
            up_credits: [[DEPTH as u32; VCS]; PORTS],
            left: [[0; VCS]; PORTS],
            dest: [[0; VCS]; PORTS],
            pkt: [[0; VCS]; PORTS],
            owed: [[0; VCS]; PORTS],
        }
    }

    /// The router inside.
    pub fn switch(&self) -> &VcSwitch {
        &self.sw
    }

    /// One cycle: `flits[p]` arrives on input `p` (a word and its VC), `credits[o]` (a VC)
    /// returns on output `o`; the flits leaving each output (word, VC) and the credits going
    /// up each input (VC) come back. A head's data byte is its packet's length in flits.
    pub fn cycle(&mut self, flits: Words, credits: CreditVcs) -> (Words, CreditVcs) {
        let t = self.now;
        for (p, x) in flits.iter().enumerate() {
            let Some((w, v)) = *x else { continue };
            let (mut f, dst) = decode(w);
            let vi = v as usize;
            if f.is_head() {
                let len = (f.data as u32).max(1);
                self.pkt[p][vi] = self.packets.alloc(Packet {
                    h: Header {
                        src: dst,
                        dst,
                        flits: len,
                        payload: len,
                        ..Default::default()
                    },
                    x: VcExt::default(),
                });
                self.left[p][vi] = len - 1;
                self.dest[p][vi] = dst;
            } else {
                self.left[p][vi] = self.left[p][vi].saturating_sub(1);
            }
            f.pkt = self.pkt[p][vi];
            f.vc = v;
            self.up_credits[p][vi] = self.up_credits[p][vi].saturating_sub(1);
            self.links[p].fwd().send(t - 1, f);
        }
        for (o, c) in credits.iter().enumerate() {
            let Some(v) = *c else { continue };
            self.owed[o][v as usize] = self.owed[o][v as usize].saturating_sub(1);
            self.links[PORTS + o]
                .back()
                .send(t - 1, FlowCtl::Credit { vc: v, n: 1 });
        }
        let sw = std::slice::from_mut(&mut self.sw);
        self.planes.phase(EnginePhase {
            now: t,
            switches: sw,
            links: &self.links,
            packets: &self.packets,
            due: None,
            after: &mut self.after,
            threads: None,
        });
        self.after.clear();
        // (one router: its registers written every cycle, for the coverage that reads them)
        self.planes
            .sync(std::slice::from_mut(&mut self.sw), &self.links);
        let mut out = [None; PORTS];
        for (o, x) in out.iter_mut().enumerate() {
            if let Some(f) = self.links[PORTS + o].fwd().recv(t + 1) {
                let dst = self.packets.header(f.pkt).dst;
                *x = Some((encode(&f, dst), f.vc));
                self.owed[o][f.vc as usize] += 1;
                if f.is_tail() {
                    self.packets.release(f.pkt);
                }
            }
        }
        let mut back = [None; PORTS];
        for (p, x) in back.iter_mut().enumerate() {
            if let Some(FlowCtl::Credit { vc, .. }) = self.links[p].back().recv(t + 1) {
                *x = Some(vc);
                self.up_credits[p][vc as usize] += 1;
            }
        }
        self.now += 1;
        (out, back)
    }
}

impl Default for VcRouterModel {
    fn default() -> Self {
        Self::new()
    }
}
