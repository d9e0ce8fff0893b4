//! The router twin in situ (docs/rtl.md §In situ): `VcRouterRtl` with 48-bit flit words (the
//! packet index rides along) beside one router of a VC-family network, fed every cycle what
//! that router receives on its links — flits in, credits back — and checked against what the
//! router drives out of the same cycle — flits out with their VCs, credits upstream. The
//! network runs as any run does, its routers in planes: the twin watches it
//! ([`crate::fabric::network::Watch`]), reading the links of its router and of the routers
//! next to it written from the planes after each cycle.

use super::{decode, encode, VcRouterModel, VcRouterRtl, PORTS, SIM_FLIT};
use crate::blocks::luc_ncb::ExchangeParams;
use crate::blocks::TwinTally;
use crate::error::{Error, Result};
use crate::fabric::network::Watch;
use crate::fabric::vc::switch::{VcParams, VcSwitch};
use crate::fabric::vc::VcFamily;
use crate::fabric::{Endpoint, Network};
use crate::hdl::lockstep::Stepper;
use crate::sim::{Flit, FlowCtl};
use crate::topology::{Shape, Topology};

/// Per port: a flit (with its packet's destination host) or a credit (its VC).
type FlitsIn = [Option<(Flit, u32)>; PORTS];
type FlitsOut = [Option<Flit>; PORTS];
type Credits = [Option<u8>; PORTS];

/// The twin watching router `sw`: its links in and out per port, the routers whose links
/// those are, and what arrives at the cycle to come.
pub struct RouterInSitu {
    st: Stepper<VcRouterRtl<SIM_FLIT>>,
    sw: usize,
    /// Per port: the link into the router and the link out of it (`usize::MAX`: none).
    ins: [usize; PORTS],
    outs: [usize; PORTS],
    /// The router and the routers upstream of it (whose links into it the planes write).
    ids: Vec<usize>,
    flits: FlitsIn,
    credits: Credits,
    /// Mesh width (destination host h is on router h: x = h mod nx, y = h / nx).
    nx: u32,
    tally: TwinTally,
}

impl RouterInSitu {
    /// The twin of the router at (x, y) of a mesh `nx` wide, watching router `sw` of `net`
    /// ([`attach`] puts it at the router's own place; elsewhere it disagrees with the router,
    /// which is how a test sees the check fail).
    pub fn new(net: &Network<VcFamily>, sw: usize, (x, y, nx): (u32, u32, u32)) -> Result<Self> {
        let mut st = Stepper::new("vc_router", VcRouterRtl::<SIM_FLIT>::default())?;
        st.uut.my_x.next = (x as u64).into();
        st.uut.my_y.next = (y as u64).into();
        st.reset()?;
        let (mut ins, mut outs, mut ids) = ([usize::MAX; PORTS], [usize::MAX; PORTS], vec![sw]);
        for l in 0..net.links().len() {
            let (from, to) = net.link_ends(l);
            if let Endpoint::Switch { sw: s, port } = to {
                if s == sw && port < PORTS {
                    ins[port] = l;
                    if let Endpoint::Switch { sw: up, .. } = from {
                        ids.push(up);
                    }
                }
            }
            if let Endpoint::Switch { sw: s, port } = from {
                if s == sw && port < PORTS {
                    outs[port] = l;
                }
            }
        }
        Ok(RouterInSitu {
            st,
            sw,
            ins,
            outs,
            ids,
            flits: Default::default(),
            credits: Default::default(),
            nx,
            tally: TwinTally {
                what: format!("sw{sw}.router"),
                ..Default::default()
            },
        })
    }

    /// The router's number in the network.
    pub fn switch(&self) -> usize {
        self.sw
    }

    fn word(&self, f: &Flit, dst: u32) -> u64 {
        mesh_word(f, dst, self.nx)
    }

    /// One cycle of the twin: the flits and credits arriving; the model's outputs of the
    /// same cycle compared with the twin's.
    fn cycle(&mut self, (mf, mc): (&FlitsOut, &Credits)) {
        let (mut valid, mut vcs, mut cv, mut cvc) = (0u64, 0u64, 0u64, 0u64);
        let mut words = [0u64; PORTS];
        for (p, word) in words.iter_mut().enumerate() {
            if let Some((f, dst)) = self.flits[p] {
                valid |= 1 << p;
                vcs |= (f.vc as u64 & 1) << p;
                *word = self.word(&f, dst);
            }
            if let Some(v) = self.credits[p] {
                cv |= 1 << p;
                cvc |= (v as u64 & 1) << p;
            }
        }
        let u = &mut self.st.uut;
        u.in_valid.next = valid.into();
        u.in_vc.next = vcs.into();
        u.flit_in0.next = words[0].into();
        u.flit_in1.next = words[1].into();
        u.flit_in2.next = words[2].into();
        u.flit_in3.next = words[3].into();
        u.flit_in4.next = words[4].into();
        u.cred_in.next = cv.into();
        u.cred_in_vc.next = cvc.into();
        self.st.low().unwrap_or_else(|e| fatal(e));
        let u = &self.st.uut;
        let (ov, ovc) = (u.out_valid.val().to_u64(), u.out_vc.val().to_u64());
        let outs = [
            u.flit_out0.val().to_u64(),
            u.flit_out1.val().to_u64(),
            u.flit_out2.val().to_u64(),
            u.flit_out3.val().to_u64(),
            u.flit_out4.val().to_u64(),
        ];
        let (co, covc) = (u.cred_out.val().to_u64(), u.cred_out_vc.val().to_u64());
        for p in 0..PORTS {
            let tf = (ov >> p & 1 == 1).then(|| {
                let (mut f, _) = decode(outs[p]);
                f.vc = (ovc >> p & 1) as u8;
                f
            });
            let tc = (co >> p & 1 == 1).then_some((covc >> p & 1) as u8);
            self.tally.compare(FLIT_OUT[p], mf[p], tf);
            self.tally.compare(CRED_OUT[p], mc[p], tc);
        }
        self.st.edge().unwrap_or_else(|e| fatal(e));
        self.tally.calls += 1;
    }
}

/// The twin's word of flit `f` headed for host `dst` of a mesh `nx` wide (one host a router):
/// [`encode`] lays the destination out on a mesh 8 wide, this re-lays it.
pub fn mesh_word(f: &Flit, dst: u32, nx: u32) -> u64 {
    encode(f, (dst % nx) + 8 * (dst / nx))
}

fn fatal(e: Error) -> ! {
    // a twin that stops settling mid-run is a bug in the twin, not bad input
    panic!("in-situ router twin: {e}")
}

impl Watch<VcFamily> for RouterInSitu {
    /// What arrives at the router at `now`: the flits on its links in, the credits on its
    /// links out (as the planes wrote them after the last cycle; a host's link as it is).
    fn before(&mut self, net: &mut Network<VcFamily>, now: u64) {
        let (links, packets) = net.links_of(&[]);
        for p in 0..PORTS {
            self.flits[p] = links.get(self.ins[p]).and_then(|l| {
                let f = l.fwd().peek(now)?;
                Some((f, packets.header(f.pkt).dst))
            });
            self.credits[p] = match links.get(self.outs[p]).and_then(|l| l.back().peek(now)) {
                Some(FlowCtl::Credit { vc, .. }) => Some(vc),
                _ => None,
            };
        }
    }

    /// What the router drove at `now` — flits out, credits upstream — against the twin's.
    fn after(&mut self, net: &mut Network<VcFamily>, now: u64) {
        let (links, _) = net.links_of(&self.ids);
        let (mut mf, mut mc): (FlitsOut, Credits) = Default::default();
        for p in 0..PORTS {
            mf[p] = links.get(self.outs[p]).and_then(|l| l.fwd().driven(now));
            if let Some(FlowCtl::Credit { vc, .. }) =
                links.get(self.ins[p]).and_then(|l| l.back().driven(now))
            {
                mc[p] = Some(vc);
            }
        }
        self.cycle((&mf, &mc));
    }

    fn tallies(&self) -> Vec<TwinTally> {
        vec![self.tally.clone()]
    }
}

const FLIT_OUT: [&str; PORTS] = ["out0", "out1", "out2", "out3", "out4"];
const CRED_OUT: [&str; PORTS] = ["credit0", "credit1", "credit2", "credit3", "credit4"];

/// Why router `s` cannot take the twin, if it cannot: the twin is built for the BookSim2
/// preset (configs/booksim-iq.toml) on a mesh of at most 8 x 8 with one host per router.
pub(crate) fn refuse(s: &VcSwitch, topo: &Topology) -> Option<String> {
    let p = s.params();
    let Shape::Mesh { dims: [nx, ny] } = topo.shape else {
        return Some("the VC router twin routes on a mesh (topology.kind = \"mesh\")".into());
    };
    if nx > 8 || ny > 8 {
        return Some(format!(
            "the VC router twin's coordinates are 3 bits: a mesh of at most 8x8, not {nx}x{ny} (topology.dims)"
        ));
    }
    if topo.ports_per_switch != PORTS || (0..topo.num_hosts()).any(|h| topo.host(h).sw != h) {
        return Some(
            "the VC router twin has one host per router (topology.hosts_per_switch = 1)".into(),
        );
    }
    if s.routing_unit() != "dor" {
        return Some(format!(
            "the VC router twin routes by dimension order (routing.algorithm = \"dor\"), not {}",
            s.routing_unit()
        ));
    }
    // the preset's parameters (`VcRouterModel::preset`), but for those the twin does not
    // depend on: the port count (the topology's, checked above), the first network port, the
    // selection (one candidate under DOR), the exchange's other fields when it is off, and a credit unit of
    // any size that stands for one flit
    let want = VcParams {
        ports: p.ports,
        first_net_port: p.first_net_port,
        selection: p.selection,
        exchange: ExchangeParams {
            hops: 0,
            ..p.exchange
        },
        credit: p.credit,
        ..VcRouterModel::preset()
    };
    let preset = *p == want && p.credit.per_flit();
    (!preset).then(|| {
        "the VC router twin is built at the BookSim2 preset's switch parameters (configs/booksim-iq.toml: switch.vcs = 2, vc_buffer_flits = 8, routing/vc_alloc/sw_alloc/crossbar cycles 0/1/1/1, credit_delay_cycles = 2, wormhole, no output queues, multiplexed crossbar, no internal speedup)".into()
    })
}

/// Put the router twin beside router `sw` of a VC-family network on `topo`, watching it.
pub fn attach(net: &mut Network<VcFamily>, topo: &Topology, sw: usize) -> Result<()> {
    let n = net.switches().len();
    if sw >= n {
        return Err(Error::field(
            "rtl switch",
            format!("{sw} is out of range, allowed 0..{}", n.saturating_sub(1)),
        ));
    }
    if let Some(why) = refuse(&net.switches()[sw], topo) {
        return Err(Error::field("rtl switch", why));
    }
    if net.now() > 0 {
        return Err(Error::field(
            "rtl switch",
            "an RTL twin is attached before the first cycle (it starts from reset)",
        ));
    }
    let Shape::Mesh { dims: [nx, _] } = topo.shape else {
        unreachable!("refused above")
    };
    let at = ((sw % nx) as u32, (sw / nx) as u32, nx as u32);
    let t = RouterInSitu::new(net, sw, at)?;
    net.set_watch(Box::new(t));
    Ok(())
}
