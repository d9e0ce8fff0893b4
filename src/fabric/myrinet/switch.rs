//! Myrinet switch: source-routed wormhole crossbar with stop/go slack buffers (seed 000 §2, §4.4).
//!
//! Per cycle, in this order inside the block:
//! 1. stop/go symbols from downstream update each output's *go* register;
//! 2. arriving flits enter the input slack buffers;
//! 3. routing control: a header at the front of an idle input is stripped (its byte names the
//!    output port) and the routing delay starts; when it has elapsed the input requests the port;
//! 4. each free output grants one requester, demand-slotted round-robin; the output stays
//!    reserved until the packet's tail has crossed (wormhole; one header at a time per output);
//! 5. the crossbar moves one flit per connected input whose output may send (many transfers at
//!    once); the first flit after the stripped byte becomes the new header;
//! 6. every input slack buffer decides its stop/go symbol.
//!
//! Latency: a header arriving at an input at cycle `a` leaves the chosen output at
//! `a + first_flit_latency` when the output is free (default 24 cycles = 150 ns), and the rest of
//! the packet follows at one flit per cycle.

use super::MyrinetExt;
use crate::blocks::arbiter::{ArbiterSlot, ArbiterTwin, RoundRobinArbiter};
use crate::blocks::link::{Link, NO_LINK};
use crate::blocks::slack_buffer::{SlackBuffer, SlackParams, SlackSlot, SlackTwin, StopGoSender};
use crate::fabric::{Health, OneByOne, Switch, Wait, WaitOn, Wiring};
use crate::routing::function::source::SourceRoute;
use crate::routing::function::{Candidates, Query, RoutingFunction};
use crate::sim::packet::PacketTable;
use crate::sim::{Flit, Probe, ProbeVisitor};
use crate::stats::occupancy::Stay;

/// Switch parameters.
#[derive(Debug, Clone, Copy)]
pub struct SwitchParams {
    /// Number of ports (Myrinet: 8).
    pub ports: usize,
    /// Cycles from a header's arrival to its first flit leaving a free output (24 = 150 ns).
    pub first_flit_latency: u32,
    /// Input slack buffers.
    pub slack: SlackParams,
}

impl Default for SwitchParams {
    fn default() -> Self {
        SwitchParams {
            ports: 8,
            first_flit_latency: 24,
            slack: SlackParams::default(),
        }
    }
}

/// State of an input port's routing control.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InState {
    /// No packet being routed.
    Idle,
    /// Header stripped; the route decision is ready at `ready`.
    Routing { out: u8, ready: u64 },
    /// Waiting for the output port's arbiter.
    Requesting { out: u8 },
    /// Crossbar connection established; flits flow until the tail.
    Connected { out: u8 },
    /// Bad route byte: flits are dropped up to the tail and counted.
    Discard,
}

impl InState {
    fn name(&self) -> &'static str {
        match self {
            InState::Idle => "IDLE",
            InState::Routing { .. } => "ROUTING",
            InState::Requesting { .. } => "WAIT_OUTPUT",
            InState::Connected { .. } => "XFER",
            InState::Discard => "DISCARD",
        }
    }

    /// The output port this input routes to, if any.
    pub fn out(&self) -> Option<usize> {
        match *self {
            InState::Routing { out, .. }
            | InState::Requesting { out }
            | InState::Connected { out } => Some(out as usize),
            _ => None,
        }
    }
}

#[derive(Debug)]
struct InPort {
    slack: SlackSlot,
    state: InState,
    /// Packet currently being routed/forwarded (-1 = none), for waveforms.
    pkt: i64,
    /// The next flit forwarded becomes the packet's header.
    mark_head: bool,
    /// Occupancy of the slack buffer (statistics): one add per flit in and out.
    occ: Stay,
}

#[derive(Debug)]
struct OutPort {
    sg: StopGoSender,
    owner: Option<u8>,
    arb: ArbiterSlot,
    /// Flit forwarded this cycle (for waveforms).
    last_flit: Option<Flit>,
}

/// One Myrinet switch.
#[derive(Debug)]
pub struct MyrinetSwitch {
    /// Switch id.
    pub id: usize,
    p: SwitchParams,
    ins: Vec<InPort>,
    outs: Vec<OutPort>,
    in_link: Vec<u32>,
    out_link: Vec<u32>,
    /// The routing unit: it decodes the header's route byte (seed 000 §2).
    routing: SourceRoute,
    cands: Candidates,
    /// Ports with a link (skips unconnected ports in the cycle loop).
    ports_used: Vec<u8>,
    /// Route bytes stripped (each is one flit removed from the network).
    pub stripped: u64,
    /// Flits forwarded through the crossbar.
    pub forwarded: u64,
    /// Packets whose route byte named an unconnected or out-of-range port.
    pub route_errors: u64,
    /// Flits dropped because of bad routes.
    pub dropped: u64,
    /// Ports driven this cycle: flits out (bit = output), stop/go symbols back (bit = input).
    drove_fwd: u32,
    drove_back: u32,
    /// RTL twins are in place: the switch is evaluated every cycle, as they were verified.
    twins: bool,
}

impl MyrinetSwitch {
    /// A switch wired by `w`: port `p` receives on link `in_link[p]` and sends on
    /// `out_link[p]` (indices into the network's link array, [`NO_LINK`] when unconnected).
    pub fn new(id: usize, p: SwitchParams, w: Wiring) -> Self {
        let Wiring { in_link, out_link } = w;
        assert!(p.ports <= 32 && in_link.len() == p.ports && out_link.len() == p.ports);
        MyrinetSwitch {
            id,
            p,
            ins: (0..p.ports)
                .map(|_| InPort {
                    slack: SlackSlot::Model(SlackBuffer::new(p.slack)),
                    state: InState::Idle,
                    pkt: -1,
                    mark_head: false,
                    occ: Stay::default(),
                })
                .collect(),
            outs: (0..p.ports)
                .map(|_| OutPort {
                    sg: StopGoSender::default(),
                    owner: None,
                    arb: ArbiterSlot::Model(RoundRobinArbiter::new(p.ports)),
                    last_flit: None,
                })
                .collect(),
            ports_used: (0..p.ports)
                .filter(|&q| in_link[q] != NO_LINK || out_link[q] != NO_LINK)
                .map(|q| q as u8)
                .collect(),
            in_link,
            out_link,
            routing: SourceRoute,
            cands: Candidates::new(),
            stripped: 0,
            forwarded: 0,
            route_errors: 0,
            dropped: 0,
            drove_fwd: 0,
            drove_back: 0,
            twins: false,
        }
    }

    /// Nothing inside: every input idle or connected with an empty slack buffer that holds
    /// nobody stopped, no flit sent last cycle (the outputs' waveform registers), no twin in
    /// place. Evaluated with nothing arriving, it would change nothing.
    pub fn idle(&self) -> bool {
        !self.twins
            && self.drove_fwd == 0
            && self.ins.iter().all(|i| {
                matches!(
                    i.state,
                    InState::Idle | InState::Connected { .. } | InState::Discard
                ) && i.slack.model().is_empty()
                    && !i.slack.model().is_stopped()
            })
    }

    /// Evaluate one cycle. Returns the number of flits that moved (forwarded, stripped or
    /// dropped) — the deadlock watchdog's notion of progress.
    #[inline(always)]
    pub fn eval(&mut self, now: u64, links: &[Link], packets: &PacketTable<MyrinetExt>) -> u32 {
        self.eval_ports(now, links, packets, (u32::MAX, u32::MAX))
    }

    /// Evaluate one cycle reading only the links of the ports that receive: flits on the
    /// inputs of mask `flits_in`, stop/go symbols on the outputs of mask `symbols_in`.
    #[inline(always)]
    pub fn eval_ports(
        &mut self,
        now: u64,
        links: &[Link],
        packets: &PacketTable<MyrinetExt>,
        (flits_in, symbols_in): (u32, u32),
    ) -> u32 {
        let mut moved = 0u32;
        let mut req = [0u32; 32];
        let mut any_req = false;
        // last cycle's flits leave the outputs' waveform registers
        let mut m = std::mem::take(&mut self.drove_fwd);
        while m != 0 {
            let o = m.trailing_zeros() as usize;
            m &= m - 1;
            self.outs[o].last_flit = None;
        }
        self.drove_back = 0;
        // 1-2: flow control from downstream, flits from upstream
        let all = ((1u64 << self.p.ports) - 1) as u32;
        let mut m = symbols_in & all;
        while m != 0 {
            let port = m.trailing_zeros() as usize;
            m &= m - 1;
            let ol = self.out_link[port];
            if ol != NO_LINK {
                self.outs[port]
                    .sg
                    .receive(links[ol as usize].back().recv(now));
            }
        }
        let mut m = flits_in & all;
        while m != 0 {
            let port = m.trailing_zeros() as usize;
            m &= m - 1;
            let il = self.in_link[port];
            if il == NO_LINK {
                continue;
            }
            if let Some(f) = links[il as usize].fwd().recv(now) {
                let inp = &mut self.ins[port];
                inp.slack.accept(f);
                inp.occ.arrive(now);
            }
        }
        // 3 per port: routing control
        for i in 0..self.ports_used.len() {
            let port = self.ports_used[i] as usize;
            if self.in_link[port] == NO_LINK {
                continue;
            }
            let inp = &mut self.ins[port];
            match inp.state {
                InState::Idle => {
                    if let Some(f) = inp.slack.front() {
                        debug_assert!(
                            f.is_head(),
                            "sw{} in{port}: non-header flit at idle input",
                            self.id
                        );
                        inp.slack.pop();
                        moved += 1;
                        inp.occ.depart(now);
                        inp.pkt = f.pkt as i64;
                        let q = Query {
                            sw: self.id as u32,
                            in_port: port as u8,
                            in_vc: f.vc,
                            hdr: packets.header(f.pkt),
                            route_byte: f.data,
                        };
                        self.cands.clear();
                        self.routing.route(&q, &mut self.cands);
                        let out = self
                            .cands
                            .as_slice()
                            .first()
                            .map_or(usize::MAX, |c| c.port as usize);
                        if out < self.p.ports && self.out_link[out] != NO_LINK && !f.is_tail() {
                            self.stripped += 1;
                            inp.state = InState::Routing {
                                out: out as u8,
                                // the first flit after the stripped byte leaves at a + latency
                                ready: now + self.p.first_flit_latency as u64,
                            };
                            inp.mark_head = true;
                        } else {
                            self.route_errors += 1;
                            self.dropped += 1;
                            inp.state = if f.is_tail() {
                                InState::Idle
                            } else {
                                InState::Discard
                            };
                        }
                    }
                }
                InState::Routing { out, ready } => {
                    if now >= ready {
                        inp.state = InState::Requesting { out };
                        req[out as usize] |= 1 << port;
                        any_req = true;
                    }
                }
                InState::Requesting { out } => {
                    req[out as usize] |= 1 << port;
                    any_req = true;
                }
                InState::Discard => {
                    // one flit per cycle, as the crossbar would move it
                    if let Some(f) = inp.slack.pop() {
                        self.dropped += 1;
                        moved += 1;
                        inp.occ.depart(now);
                        if f.is_tail() {
                            inp.state = InState::Idle;
                            inp.pkt = -1;
                        }
                    }
                }
                InState::Connected { .. } => {}
            }
        }
        // 4: output arbitration (demand-slotted round-robin, one header per output)
        if any_req {
            for (o, &r) in req.iter().enumerate().take(self.p.ports) {
                if r == 0 || self.outs[o].owner.is_some() {
                    continue;
                }
                if let Some(w) = self.outs[o].arb.grant(r) {
                    self.outs[o].owner = Some(w as u8);
                    self.ins[w].state = InState::Connected { out: o as u8 };
                }
            }
        }
        // 5-6 per input: crossbar transfer, then the slack buffer's stop/go decision
        for i in 0..self.ports_used.len() {
            let port = self.ports_used[i] as usize;
            let il = self.in_link[port];
            if il == NO_LINK {
                continue;
            }
            let inp = &mut self.ins[port];
            if let InState::Connected { out } = inp.state {
                let out = out as usize;
                if self.outs[out].sg.can_send() {
                    if let Some(mut f) = inp.slack.pop() {
                        if inp.mark_head {
                            f.flags |= Flit::HEAD;
                            inp.mark_head = false;
                        }
                        links[self.out_link[out] as usize].send(now, f);
                        self.outs[out].last_flit = Some(f);
                        self.drove_fwd |= 1 << out;
                        self.forwarded += 1;
                        moved += 1;
                        inp.occ.depart(now);
                        if f.is_tail() {
                            self.outs[out].owner = None;
                            inp.state = InState::Idle;
                            inp.pkt = -1;
                        }
                    }
                }
            }
            if let Some(s) = inp.slack.flow_control() {
                links[il as usize].back().send(now, s);
                self.drove_back |= 1 << port;
            }
        }
        moved
    }

    /// Parameters.
    pub fn params(&self) -> &SwitchParams {
        &self.p
    }

    /// State of input `port`.
    pub fn in_state(&self, port: usize) -> InState {
        self.ins[port].state
    }

    /// Input slack buffer of `port` (the model; a twin's shadow model when one is in place).
    pub fn slack(&self, port: usize) -> &SlackBuffer {
        self.ins[port].slack.model()
    }

    /// Put twins in place of the models: `slack(port)` for every connected input, `arb(port)`
    /// for every connected output (`hdl::insitu` builds RTL twins run in lockstep). Call before
    /// the first cycle.
    pub fn use_twins(
        &mut self,
        mut slack: impl FnMut(usize) -> Box<dyn SlackTwin>,
        mut arb: impl FnMut(usize) -> Box<dyn ArbiterTwin>,
    ) {
        self.twins = true;
        for p in 0..self.p.ports {
            if self.in_link[p] != NO_LINK {
                self.ins[p].slack = SlackSlot::Twin(slack(p));
            }
            if self.out_link[p] != NO_LINK {
                self.outs[p].arb = ArbiterSlot::Twin(arb(p));
            }
        }
    }

    /// The twins in place (none when the switch runs on models only).
    pub fn twin_tallies(&self) -> Vec<&crate::blocks::TwinTally> {
        let slack = self.ins.iter().filter_map(|i| match &i.slack {
            SlackSlot::Twin(t) => Some(t.tally()),
            SlackSlot::Model(_) => None,
        });
        let arb = self.outs.iter().filter_map(|o| match &o.arb {
            ArbiterSlot::Twin(t) => Some(t.tally()),
            ArbiterSlot::Model(_) => None,
        });
        slack.chain(arb).collect()
    }

    /// Owner (input port) of output `port`.
    pub fn out_owner(&self, port: usize) -> Option<usize> {
        self.outs[port].owner.map(|o| o as usize)
    }

    /// Is output `port` allowed to send (downstream said *go*)?
    pub fn out_go(&self, port: usize) -> bool {
        self.outs[port].sg.can_send()
    }

    /// Flits held in input buffers.
    pub fn flits_buffered(&self) -> usize {
        self.ins.iter().map(|i| i.slack.model().level()).sum()
    }

    /// Slack-buffer overflows (must be 0).
    pub fn overflows(&self) -> u64 {
        self.ins.iter().map(|i| i.slack.model().overflows).sum()
    }

    /// Highest slack-buffer occupancy seen on any input.
    pub fn max_slack_level(&self) -> usize {
        self.ins
            .iter()
            .map(|i| i.slack.model().max_level)
            .max()
            .unwrap_or(0)
    }
}

impl OneByOne<MyrinetExt> for MyrinetSwitch {
    #[inline]
    fn eval(&mut self, now: u64, links: &[Link], packets: &PacketTable<MyrinetExt>) -> u32 {
        MyrinetSwitch::eval(self, now, links, packets)
    }

    #[inline]
    fn eval_arrivals(
        &mut self,
        now: u64,
        links: &[Link],
        packets: &PacketTable<MyrinetExt>,
        arrivals: crate::fabric::sleep::Arrivals,
    ) -> u32 {
        self.eval_ports(now, links, packets, arrivals)
    }

    fn quiet(&self) -> bool {
        self.idle()
    }

    fn drove(&self) -> (u32, u32) {
        (self.drove_fwd, self.drove_back)
    }
}

impl Switch<MyrinetExt> for MyrinetSwitch {
    fn id(&self) -> usize {
        self.id
    }

    fn flits_buffered(&self) -> u64 {
        MyrinetSwitch::flits_buffered(self) as u64
    }

    fn occupancy(&self, now: u64, out: &mut Vec<u64>) {
        out.extend(
            self.ins
                .iter()
                .map(|i| i.occ.area(now, i.slack.model().level() as u32)),
        );
    }

    fn flits_removed(&self) -> u64 {
        self.stripped + self.dropped
    }

    fn health(&self) -> Health {
        Health {
            overflows: self.overflows(),
            credit_errors: 0,
            route_errors: self.route_errors,
            order_errors: 0,
        }
    }

    /// An input waiting for its output's arbiter waits for the input that owns the output; a
    /// connected input whose output is stopped waits for the slack buffer downstream.
    fn waits(&self, out: &mut Vec<Wait>) {
        for p in 0..self.p.ports {
            match self.in_state(p) {
                InState::Requesting { out: o } => out.push(Wait {
                    port: p as u8,
                    vc: 0,
                    out: o,
                    on: self
                        .out_owner(o as usize)
                        .map_or(WaitOn::Nothing, |w| WaitOn::Input {
                            port: w as u8,
                            vc: 0,
                        }),
                    why: "busy",
                }),
                InState::Connected { out: o }
                    if !self.out_go(o as usize) && !self.slack(p).is_empty() =>
                {
                    out.push(Wait {
                        port: p as u8,
                        vc: 0,
                        out: o,
                        on: WaitOn::Downstream { vc: 0 },
                        why: "stopped",
                    })
                }
                _ => {}
            }
        }
    }
}

impl Probe for MyrinetSwitch {
    fn probe<V: ProbeVisitor>(&self, v: &mut V) {
        for (p, inp) in self.ins.iter().enumerate() {
            if self.in_link[p] == NO_LINK {
                continue;
            }
            v.port("in", p);
            v.text("state", inp.state.name());
            v.int("pkt", inp.pkt);
            v.int("out", inp.state.out().map(|o| o as i64).unwrap_or(-1));
            v.scope("slack");
            inp.slack.model().probe(v);
            v.up();
            v.up();
        }
        for (p, out) in self.outs.iter().enumerate() {
            if self.out_link[p] == NO_LINK {
                continue;
            }
            v.port("out", p);
            v.flag("go", out.sg.can_send());
            v.int("owner", out.owner.map(|o| o as i64).unwrap_or(-1));
            v.bits("arb_ptr", 5, out.arb.pointer() as u64);
            v.flag("valid", out.last_flit.is_some());
            v.int(
                "flit_pkt",
                out.last_flit.map(|f| f.pkt as i64).unwrap_or(-1),
            );
            v.bits(
                "flit_data",
                8,
                out.last_flit.map(|f| f.data as u64).unwrap_or(0),
            );
            v.up();
        }
    }
}
