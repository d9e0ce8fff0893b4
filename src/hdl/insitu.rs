//! Twins in situ: RTL twins stepped cycle by cycle inside a whole-network simulation, in place of
//! the models of one switch (docs/rtl.md §In situ).
//!
//! [`attach`] replaces every connected input slack buffer of a Myrinet switch by the slack
//! buffer's twin (its RAM then holds the flits, packet index included: `W` = 42) and every
//! connected output arbiter by the arbiter's twin. The twins' outputs drive the switch — the
//! flit routed and forwarded, the port granted, the stop/go symbol sent upstream — while the
//! model of each block runs alongside on the same inputs as a shadow; any disagreement is
//! counted with its cycle and reported by [`report`]. A run with twins must give exactly the
//! statistics of the all-model run (testbenches/rtl.rs), and does.

use super::arbiter::ArbiterRtl;
use super::lockstep::{Clocked, Stepper};
use super::slack_buffer::{decode, encode, SlackBufferRtl, SIM_WORD};
use crate::blocks::arbiter::{ArbiterTwin, RoundRobinArbiter};
use crate::blocks::slack_buffer::{SlackBuffer, SlackParams, SlackTwin};
use crate::blocks::TwinTally as Tally;
use crate::error::{Error, Result};
use crate::fabric::myrinet::MyrinetFamily;
use crate::fabric::{AnyNetwork, Network};
use crate::sim::{Flit, FlowCtl};

fn fatal(e: Error) -> ! {
    // a twin that stops settling mid-run is a bug in the twin, not bad input
    panic!("in-situ twin: {e}")
}

/// The slack buffer's twin behind the model's interface.
pub struct SlackInSitu {
    st: Stepper<SlackBufferRtl<SIM_WORD>>,
    model: SlackBuffer,
    /// The model refused an arrival this cycle.
    model_overflow: bool,
    dirty: bool,
    tally: Tally,
}

impl SlackInSitu {
    /// A twin with the model's parameters; `what` names it in reports (`sw3.in2.slack`).
    pub fn new(p: SlackParams, what: String) -> Result<Self> {
        let mut st = Stepper::new("slack_buffer", SlackBufferRtl::<SIM_WORD>::new(p))?;
        st.reset()?;
        Ok(SlackInSitu {
            st,
            model: SlackBuffer::new(p),
            model_overflow: false,
            dirty: false,
            tally: Tally {
                what,
                ..Default::default()
            },
        })
    }

    fn settle(&mut self) {
        if self.dirty {
            self.st.settle().unwrap_or_else(|e| fatal(e));
            self.dirty = false;
        }
    }

    fn rtl_front(&mut self) -> Option<Flit> {
        self.settle();
        let u = &self.st.uut;
        u.valid.val().then(|| decode(u.front.val().to_u64()))
    }
}

impl SlackTwin for SlackInSitu {
    fn accept(&mut self, f: Flit) {
        let before = self.model.overflows;
        self.model.accept(f);
        self.model_overflow = self.model.overflows != before;
        self.st.uut.push.next = true;
        self.st.uut.din.next = encode(&f).into();
        self.dirty = true;
    }

    fn front(&mut self) -> Option<Flit> {
        let r = self.rtl_front();
        self.tally.compare("front", self.model.front().copied(), r);
        r
    }

    fn pop(&mut self) -> Option<Flit> {
        let r = self.rtl_front();
        let m = self.model.pop();
        self.tally.compare("pop", m, r);
        self.st.uut.pop.next = true;
        self.dirty = true;
        r
    }

    fn flow_control(&mut self) -> Option<FlowCtl> {
        self.settle();
        let u = &self.st.uut;
        let r = match (u.stop.val(), u.go.val()) {
            (true, _) => Some(FlowCtl::Stop),
            (_, true) => Some(FlowCtl::Go),
            _ => None,
        };
        let level = u.level.val().to_u64() as usize;
        let overflow = u.overflow.val();
        let m = self.model.flow_control();
        self.tally.compare("stop/go", m, r);
        self.tally.compare("level", self.model.level(), level);
        self.tally
            .compare("overflow", self.model_overflow, overflow);
        self.model_overflow = false;
        // the clock edge, then the next cycle's idle inputs with the falling edge
        self.st.edge().unwrap_or_else(|e| fatal(e));
        self.st.uut.push.next = false;
        self.st.uut.pop.next = false;
        self.st.uut.set_clock(false);
        self.dirty = true;
        self.tally.calls += 1;
        r
    }

    fn model(&self) -> &SlackBuffer {
        &self.model
    }

    fn tally(&self) -> &Tally {
        &self.tally
    }
}

/// The arbiter's twin behind the model's interface. It is clocked on every call; between calls
/// its request is zero, which leaves the pointer where it is, as the model's.
pub struct ArbiterInSitu {
    st: Stepper<ArbiterRtl>,
    model: RoundRobinArbiter,
    tally: Tally,
}

impl ArbiterInSitu {
    /// An 8-requester twin; `what` names it in reports (`sw3.out5.arb`).
    pub fn new(what: String) -> Result<Self> {
        let mut st = Stepper::new("arbiter", ArbiterRtl::default())?;
        st.reset()?;
        Ok(ArbiterInSitu {
            st,
            model: RoundRobinArbiter::new(super::arbiter::N),
            tally: Tally {
                what,
                ..Default::default()
            },
        })
    }
}

impl ArbiterTwin for ArbiterInSitu {
    fn grant(&mut self, req: u32) -> Option<usize> {
        let run = |st: &mut Stepper<ArbiterRtl>| -> Result<Option<usize>> {
            st.uut.req.next = (req as u64).into();
            st.low()?;
            let g = st.uut.grant.val().to_u64();
            let r = st.uut.valid.val().then_some(g.trailing_zeros() as usize);
            st.edge()?;
            Ok(r)
        };
        let r = run(&mut self.st).unwrap_or_else(|e| fatal(e));
        let m = self.model.grant(req);
        self.tally.compare("grant", m, r);
        self.tally.calls += 1;
        r
    }

    fn pointer(&self) -> usize {
        self.st.uut.ptr.val().to_u64() as usize
    }

    fn tally(&self) -> &Tally {
        &self.tally
    }
}

/// Put the RTL twins of the slack buffers and arbiters in place of the models of switch `sw`.
pub fn attach(net: &mut Network<MyrinetFamily>, sw: usize) -> Result<()> {
    let n = net.switches().len();
    if sw >= n {
        return Err(Error::field(
            "rtl switch",
            format!("{sw} is out of range, allowed 0..{}", n.saturating_sub(1)),
        ));
    }
    let p = *net.switches()[sw].params();
    if p.ports != super::arbiter::N {
        return Err(Error::field(
            "rtl switch",
            format!(
                "the arbiter twin has {} requesters but switches have {} ports",
                super::arbiter::N,
                p.ports
            ),
        ));
    }
    if p.slack.capacity >= 1 << super::slack_buffer::ADDR || p.slack.stop_above >= 128 {
        return Err(Error::field(
            "rtl switch",
            format!(
                "the slack buffer twin holds at most 127 flits; slack capacity is {}",
                p.slack.capacity
            ),
        ));
    }
    // build every twin first, so an error leaves the switch untouched
    let mut slacks = (0..p.ports)
        .map(|q| SlackInSitu::new(p.slack, format!("sw{sw}.in{q}.slack")).map(Some))
        .collect::<Result<Vec<_>>>()?;
    let mut arbs = (0..p.ports)
        .map(|q| ArbiterInSitu::new(format!("sw{sw}.out{q}.arb")).map(Some))
        .collect::<Result<Vec<_>>>()?;
    net.switches_mut()?[sw].use_twins(
        |q| Box::new(slacks[q].take().expect("one twin per port")),
        |q| Box::new(arbs[q].take().expect("one twin per port")),
    );
    Ok(())
}

/// Put the twins in place in switch `sw` of a network of any family on `topo`: a Myrinet
/// switch's slack buffers and arbiters, or a whole VC router (`hdl::vc_router::insitu`).
pub fn attach_any(net: &mut AnyNetwork, topo: &crate::topology::Topology, sw: usize) -> Result<()> {
    match net {
        AnyNetwork::Myrinet(n) => attach(n, sw),
        AnyNetwork::Vc(n) => super::vc_router::insitu::attach(n, topo, sw),
        _ => Err(Error::field(
            "rtl switch",
            "RTL twins in situ exist for the myrinet family (its slack buffers and arbiters) and the vc family (the whole router) only (switch.family = \"myrinet\" or \"vc\")",
        )),
    }
}

/// The twins in place anywhere in the network, with their comparisons.
pub fn report(net: &AnyNetwork) -> Vec<Tally> {
    match net {
        AnyNetwork::Myrinet(net) => net
            .switches()
            .iter()
            .flat_map(|s| s.twin_tallies())
            .cloned()
            .collect(),
        AnyNetwork::Vc(net) => net.watch().map(|w| w.tallies()).unwrap_or_default(),
        _ => Vec::new(),
    }
}
