//! A whole-router twin in place of the model (`hdl::vc_router::insitu` builds
//! the RTL one): the twin *drives* the router's links — the flits out and the credits
//! upstream are the twin's — while the model runs alongside as a shadow on links of the twin's
//! own, fed the same flits and credits, its outputs compared with the twin's every cycle. The
//! router's statistics, probes and health are the shadow model's (they agree while the
//! outputs do).

use super::VcSwitch;
use crate::blocks::link::{Link, NO_LINK};
use crate::blocks::TwinTally;
use crate::fabric::vc::nic::seq::VcExt;
use crate::sim::packet::PacketTable;
use crate::sim::{Flit, FlowCtl};

/// Most ports a router twin has.
pub const TWIN_PORTS: usize = 5;

/// Per port: a flit (with its packet's destination host) or a credit (its VC).
pub type FlitsIn = [Option<(Flit, u32)>; TWIN_PORTS];
pub type FlitsOut = [Option<Flit>; TWIN_PORTS];
pub type Credits = [Option<u8>; TWIN_PORTS];

/// A router built elsewhere, stepped one cycle per call.
pub trait RouterTwin: Send {
    /// The shadow model's links: 0..P carry flits in (credits back), P..2P flits out (credits
    /// in); fly time 1.
    fn shadow_links(&self) -> &[Link];
    /// Cycle `now` of the twin: the flits arriving on each input, the credits returning on
    /// each output; the model's outputs of the same cycle to compare with. Returns the twin's
    /// flits out (with their VC) and credits upstream.
    fn cycle(
        &mut self,
        now: u64,
        flits: &FlitsIn,
        credits: &Credits,
        model: (&FlitsOut, &Credits),
    ) -> (FlitsOut, Credits);
    /// Comparisons with the model.
    fn tally(&self) -> &TwinTally;
}

/// The twin in place, if any. A clone of the router runs on its model alone.
#[derive(Default)]
pub struct TwinSlot(pub(super) Option<Box<dyn RouterTwin>>);

impl Clone for TwinSlot {
    fn clone(&self) -> Self {
        TwinSlot(None)
    }
}

impl std::fmt::Debug for TwinSlot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() { "twin" } else { "model" })
    }
}

impl VcSwitch {
    /// Put `twin` in place of the model (a router of at most [`TWIN_PORTS`] ports); call before
    /// the first cycle.
    pub fn use_twin(&mut self, twin: Box<dyn RouterTwin>) {
        assert!(self.p.ports <= TWIN_PORTS);
        self.twin = TwinSlot(Some(twin));
    }

    /// The comparisons of the twin in place, if any.
    pub fn twin_tally(&self) -> Option<&TwinTally> {
        self.twin.0.as_ref().map(|t| t.tally())
    }

    /// One cycle with the twin driving and the model as its shadow.
    #[cold]
    #[inline(never)]
    pub(super) fn eval_twin(
        &mut self,
        now: u64,
        links: &[Link],
        packets: &PacketTable<VcExt>,
    ) -> u32 {
        let Some(mut t) = self.twin.0.take() else {
            return 0;
        };
        let np = self.p.ports;
        let (mut flits, mut credits): (FlitsIn, Credits) = Default::default();
        for p in 0..np {
            let il = self.link[p][super::IN];
            if il != NO_LINK {
                flits[p] = links[il as usize]
                    .fwd()
                    .recv(now)
                    .map(|f| (f, packets.header(f.pkt).dst));
            }
            let ol = self.link[p][super::OUT];
            if ol != NO_LINK {
                if let Some(FlowCtl::Credit { vc, .. }) = links[ol as usize].back().recv(now) {
                    credits[p] = Some(vc);
                }
            }
        }
        // the shadow: the model on the twin's links (a value sent at now - 1 arrives now)
        let shadow = t.shadow_links();
        for p in 0..np {
            if let (Some((f, _)), true) = (flits[p], now > 0) {
                shadow[p].fwd().send(now - 1, f);
            }
            if let (Some(vc), true) = (credits[p], now > 0) {
                shadow[np + p]
                    .back()
                    .send(now - 1, FlowCtl::Credit { vc, n: 1 });
            }
        }
        let real = *self.link;
        for (p, l) in real.iter().enumerate().take(np) {
            if l[super::IN] != NO_LINK {
                self.link[p][super::IN] = p as u32;
            }
            if l[super::OUT] != NO_LINK {
                self.link[p][super::OUT] = (np + p) as u32;
            }
        }
        let moved = self.eval_ports(now, shadow, packets, (u32::MAX, u32::MAX));
        *self.link = real;
        let (mut mf, mut mc): (FlitsOut, Credits) = Default::default();
        for p in 0..np {
            mf[p] = shadow[np + p].fwd().recv(now + 1);
            if let Some(FlowCtl::Credit { vc, .. }) = shadow[p].back().recv(now + 1) {
                mc[p] = Some(vc);
            }
        }
        // the twin drives the links
        let (tf, tc) = t.cycle(now, &flits, &credits, (&mf, &mc));
        for p in 0..np {
            if let (Some(f), ol) = (tf[p], self.link[p][super::OUT]) {
                if ol != NO_LINK {
                    links[ol as usize].send(now, f);
                }
            }
            if let (Some(vc), il) = (tc[p], self.link[p][super::IN]) {
                if il != NO_LINK {
                    links[il as usize]
                        .back()
                        .send(now, FlowCtl::Credit { vc, n: 1 });
                }
            }
        }
        self.twin.0 = Some(t);
        moved
    }
}
