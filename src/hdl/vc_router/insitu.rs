//! The router twin in situ (docs/rtl.md §In situ): `VcRouterRtl` with 48-bit flit words (the
//! packet index rides along) in place of one router of a VC-family network; it drives the
//! router's links while the model runs alongside as a shadow (`fabric::vc::switch::twin`).

use super::{decode, encode, VcRouterModel, VcRouterRtl, PORTS, SIM_FLIT};
use crate::blocks::link::Link;
use crate::blocks::luc_ncb::ExchangeParams;
use crate::blocks::TwinTally;
use crate::error::{Error, Result};
use crate::fabric::vc::switch::{Credits, FlitsIn, FlitsOut, RouterTwin, VcParams, VcSwitch};
use crate::fabric::vc::VcFamily;
use crate::fabric::Network;
use crate::hdl::lockstep::Stepper;
use crate::sim::Flit;
use crate::topology::{Shape, Topology};

/// The twin stepped inside the network, with the shadow model's links.
pub struct RouterInSitu {
    st: Stepper<VcRouterRtl<SIM_FLIT>>,
    links: Vec<Link>,
    /// Mesh width (destination host h is on router h: x = h mod nx, y = h / nx).
    nx: u32,
    tally: TwinTally,
}

impl RouterInSitu {
    /// The twin of router (x, y) of a mesh `nx` wide; `what` names it in reports.
    pub fn new(x: u32, y: u32, nx: u32, what: String) -> Result<Self> {
        let mut st = Stepper::new("vc_router", VcRouterRtl::<SIM_FLIT>::default())?;
        st.uut.my_x.next = (x as u64).into();
        st.uut.my_y.next = (y as u64).into();
        st.reset()?;
        Ok(RouterInSitu {
            st,
            links: (0..2 * PORTS).map(|_| Link::new(1)).collect(),
            nx,
            tally: TwinTally {
                what,
                ..Default::default()
            },
        })
    }

    fn word(&self, f: &Flit, dst: u32) -> u64 {
        mesh_word(f, dst, self.nx)
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

impl RouterTwin for RouterInSitu {
    fn shadow_links(&self) -> &[Link] {
        &self.links
    }

    fn cycle(
        &mut self,
        _now: u64,
        flits: &FlitsIn,
        credits: &Credits,
        (mf, mc): (&FlitsOut, &Credits),
    ) -> (FlitsOut, Credits) {
        let (mut valid, mut vcs, mut cv, mut cvc) = (0u64, 0u64, 0u64, 0u64);
        let mut words = [0u64; PORTS];
        for p in 0..PORTS {
            if let Some((f, dst)) = flits[p] {
                valid |= 1 << p;
                vcs |= (f.vc as u64 & 1) << p;
                words[p] = self.word(&f, dst);
            }
            if let Some(v) = credits[p] {
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
        let (mut tf, mut tc): (FlitsOut, Credits) = Default::default();
        for p in 0..PORTS {
            if ov >> p & 1 == 1 {
                let (mut f, _) = decode(outs[p]);
                f.vc = (ovc >> p & 1) as u8;
                tf[p] = Some(f);
            }
            if co >> p & 1 == 1 {
                tc[p] = Some((covc >> p & 1) as u8);
            }
            self.tally.compare(FLIT_OUT[p], mf[p], tf[p]);
            self.tally.compare(CRED_OUT[p], mc[p], tc[p]);
        }
        self.st.edge().unwrap_or_else(|e| fatal(e));
        self.tally.calls += 1;
        (tf, tc)
    }

    fn tally(&self) -> &TwinTally {
        &self.tally
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

/// Put the router twin in place of router `sw` of a VC-family network on `topo`.
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
    let Shape::Mesh { dims: [nx, _] } = topo.shape else {
        unreachable!("refused above")
    };
    let (x, y) = ((sw % nx) as u32, (sw / nx) as u32);
    let t = RouterInSitu::new(x, y, nx as u32, format!("sw{sw}.router"))?;
    // the twin drives its router's links itself: the routers are evaluated one by one
    if !net.one_by_one() {
        return Err(Error::field(
            "rtl switch",
            "an RTL twin is put in place before the first cycle (the routers are then \
             evaluated one by one)",
        ));
    }
    net.switches_mut()[sw].use_twin(Box::new(t));
    Ok(())
}
