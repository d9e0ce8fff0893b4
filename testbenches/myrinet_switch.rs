//! Testbench: one 8-port Myrinet switch driven by packet sources and sinks on every port
//! (seed 000 §2, §4.4). Asserts cycle by cycle: route-byte stripping, the 24-cycle first-flit
//! latency, one flit per cycle afterwards, wormhole reservation of an output until the tail,
//! demand-slotted round-robin between competing inputs, simultaneous transfers through the
//! crossbar, and stop/go from a blocked downstream. Writes waves/tb_myrinet_switch.vcd.

use flitwave::blocks::link::Link;
use flitwave::blocks::slack_buffer::{SlackBuffer, SlackParams, StopGoSender};
use flitwave::fabric::myrinet::switch::{InState, MyrinetSwitch, SwitchParams};
use flitwave::fabric::myrinet::MyrinetExt;
use flitwave::fabric::Wiring;
use flitwave::sim::packet::{Packet, PacketTable};
use flitwave::sim::trace::{TraceConfig, Tracer};
use flitwave::sim::{Flit, Probe, ProbeVisitor};
use std::collections::VecDeque;

const P: usize = 8;
const FLY: u64 = 8;

/// Port p: link 2p carries flits into the switch, link 2p+1 carries flits out of it.
/// Packet-table slots for the bench's packet ids (the switch reads the header of every packet
/// it routes; a source-routed switch needs nothing from it but its presence).
fn packets() -> PacketTable<MyrinetExt> {
    let mut t = PacketTable::new();
    for _ in 0..128 {
        t.alloc(Packet::default());
    }
    t
}

struct Bench {
    sw: MyrinetSwitch,
    packets: PacketTable<MyrinetExt>,
    links: Vec<Link>,
    /// Per input port: flits waiting to be sent by the source.
    src: Vec<VecDeque<Flit>>,
    src_go: Vec<StopGoSender>,
    /// Per output port: sink buffer and whether the sink drains.
    sink: Vec<SlackBuffer>,
    sink_drain: Vec<bool>,
    /// (cycle, flit) received by every sink.
    got: Vec<Vec<(u64, Flit)>>,
    /// (cycle, flit) sent by every source.
    sent: Vec<Vec<(u64, Flit)>>,
}

impl Probe for Bench {
    fn probe<V: ProbeVisitor>(&self, v: &mut V) {
        v.scope("sw0");
        self.sw.probe(v);
        v.up();
    }
}

impl Bench {
    fn new() -> Self {
        let links = (0..2 * P).map(|_| Link::new(FLY as u32)).collect();
        let in_link = (0..P).map(|p| 2 * p as u32).collect();
        let out_link = (0..P).map(|p| 2 * p as u32 + 1).collect();
        Bench {
            sw: MyrinetSwitch::new(0, SwitchParams::default(), Wiring { in_link, out_link }),
            packets: packets(),
            links,
            src: vec![VecDeque::new(); P],
            src_go: vec![StopGoSender::default(); P],
            sink: (0..P)
                .map(|_| SlackBuffer::new(SlackParams::default()))
                .collect(),
            sink_drain: vec![true; P],
            got: vec![Vec::new(); P],
            sent: vec![Vec::new(); P],
        }
    }

    /// Queue a packet at input `port`: route bytes then `payload` bytes.
    fn packet(&mut self, port: usize, pkt: u32, route: &[u8], payload: usize) {
        let len = route.len() + payload;
        for i in 0..len {
            let mut f = Flit {
                pkt,
                data: route.get(i).copied().unwrap_or(0xA0),
                flags: 0,
                vc: 0,
                ..Flit::default()
            };
            if i == 0 {
                f.flags |= Flit::HEAD;
            }
            if i + 1 == len {
                f.flags |= Flit::TAIL;
            }
            self.src[port].push_back(f);
        }
    }

    fn cycle(&mut self, now: u64) {
        for p in 0..P {
            // source side of input link 2p
            let l = &mut self.links[2 * p];
            self.src_go[p].receive(l.back().recv(now));
            if self.src_go[p].can_send() {
                if let Some(f) = self.src[p].pop_front() {
                    l.send(now, f);
                    self.sent[p].push((now, f));
                }
            }
            // sink side of output link 2p+1
            let l = &mut self.links[2 * p + 1];
            if let Some(f) = l.fwd().recv(now) {
                self.sink[p].accept(f);
                self.got[p].push((now, f));
            }
            if self.sink_drain[p] {
                self.sink[p].pop();
            }
            if let Some(s) = self.sink[p].flow_control() {
                l.back().send(now, s);
            }
        }
        self.sw.eval(now, &self.links, &self.packets);
    }
}

#[test]
fn strips_route_byte_and_meets_first_flit_latency() {
    let mut b = Bench::new();
    b.packet(2, 7, &[5, 3], 10); // route: out 5 here, then 3 at the next switch
    let mut tr = Tracer::create_file(
        std::path::Path::new("waves/tb_myrinet_switch.vcd"),
        "tb",
        &b,
        TraceConfig {
            scopes: vec![],
            window: None,
            period_ps: 6250,
            ..Default::default()
        },
    )
    .unwrap();
    for now in 0..200 {
        b.cycle(now);
        tr.sample(now, &b).unwrap();
    }
    tr.finish().unwrap();
    let got = &b.got[5];
    assert_eq!(got.len(), 11, "route byte stripped: 12 flits in, 11 out");
    // header sent at 0 arrives at the switch at 8; first flit leaves at 8 + 24 = 32, reaches the sink at 40
    assert_eq!(got[0].0, 32 + FLY);
    for (i, (t, f)) in got.iter().enumerate() {
        assert_eq!(*t, 32 + FLY + i as u64, "one flit per cycle");
        assert_eq!(f.is_head(), i == 0);
        assert_eq!(f.is_tail(), i == 10);
    }
    assert_eq!(got[0].1.data, 3, "next route byte becomes the header");
    assert_eq!(b.sw.stripped, 1);
    assert!(b
        .got
        .iter()
        .enumerate()
        .all(|(p, g)| p == 5 || g.is_empty()));
}

#[test]
fn competing_inputs_take_turns_and_output_stays_reserved() {
    let mut b = Bench::new();
    for (i, &p) in [1usize, 3, 6].iter().enumerate() {
        b.packet(p, 100 + i as u32, &[4], 20);
    }
    let mut order = Vec::new();
    for now in 0..400 {
        b.cycle(now);
        if let Some(o) = b.sw.out_owner(4) {
            if order.last() != Some(&o) {
                order.push(o);
            }
        }
    }
    // all three request in the same cycle: round robin from pointer 0 → 1, 3, 6
    assert_eq!(order, vec![1, 3, 6]);
    let got = &b.got[4];
    assert_eq!(got.len(), 60);
    // packets are not interleaved (wormhole reservation until the tail)
    for chunk in got.chunks(20) {
        assert!(chunk.iter().all(|(_, f)| f.pkt == chunk[0].1.pkt));
        assert!(chunk[0].1.is_head() && chunk[19].1.is_tail());
    }
    // the next packet's first flit leaves the cycle after the previous tail (grant in the same cycle
    // the tail leaves is not possible: the output is released by the tail)
    assert!(got[20].0 > got[19].0);
}

#[test]
fn crossbar_carries_simultaneous_transfers() {
    let mut b = Bench::new();
    // four disjoint input→output pairs
    for (inp, out) in [(0usize, 7u8), (1, 6), (2, 5), (3, 4)] {
        b.packet(inp, inp as u32, &[out], 30);
    }
    for now in 0..200 {
        b.cycle(now);
    }
    for out in 4..8 {
        let g = &b.got[out];
        assert_eq!(g.len(), 30);
        assert_eq!(g[0].0, 32 + FLY, "every pair sees the uncontended latency");
    }
}

#[test]
fn stop_from_blocked_sink_halts_the_output_and_back_pressures_the_source() {
    let mut b = Bench::new();
    b.sink_drain[5] = false;
    b.packet(2, 9, &[5], 400);
    for now in 0..2000 {
        b.cycle(now);
        assert_eq!(b.sw.overflows(), 0);
        assert!(b.sink[5].level() <= 72);
    }
    // the sink holds 72 flits, the switch input holds at most 72, the rest waits at the source
    assert_eq!(b.sink[5].overflows, 0);
    assert!(b.sw.slack(2).level() <= 72);
    assert!(matches!(b.sw.in_state(2), InState::Connected { out: 5 }));
    assert!(!b.src[2].is_empty(), "source was stopped");
    // release: everything arrives
    b.sink_drain[5] = true;
    for now in 2000..4000 {
        b.cycle(now);
    }
    assert_eq!(b.got[5].len(), 400);
    assert!(matches!(b.sw.in_state(2), InState::Idle));
}

#[test]
fn bad_route_byte_is_counted_and_dropped() {
    let mut b = Bench::new();
    b.packet(0, 1, &[12], 5); // port 12 does not exist
    b.packet(0, 2, &[3], 5);
    for now in 0..200 {
        b.cycle(now);
    }
    assert_eq!(b.sw.route_errors, 1);
    assert_eq!(b.sw.dropped, 6);
    assert_eq!(b.got[3].len(), 5, "the next packet still goes through");
}

/// Round robin, not fixed priority: three inputs with many long packets each for one output
/// take turns 1, 3, 6, 1, 3, 6, ... A stuck pointer (fixed priority) would alternate 1 and 3
/// and starve 6: every packet is longer than the routing delay, so at each release the other
/// two inputs are both waiting.
#[test]
fn contending_inputs_are_served_round_robin() {
    let mut b = Bench::new();
    for i in 0..3u32 {
        for p in [1usize, 3, 6] {
            b.packet(p, 10 * p as u32 + i, &[4], 60);
        }
    }
    let mut order = Vec::new();
    for now in 0..2000 {
        b.cycle(now);
        if let Some(o) = b.sw.out_owner(4) {
            if order.last() != Some(&o) {
                order.push(o);
            }
        }
    }
    assert_eq!(order, vec![1, 3, 6, 1, 3, 6, 1, 3, 6]);
    assert_eq!(b.got[4].len(), 9 * 60);
}

/// Hot spot at switch level: every other input sends a stream of packets to output 4. Round
/// robin serves the inputs in turn, so over every full round each input gets exactly one
/// packet, and all finish within one round of each other (a fixed-priority or stuck arbiter
/// starves the low inputs until the high ones are done).
#[test]
fn a_hot_spot_output_shares_its_link_fairly() {
    let mut b = Bench::new();
    let inputs: Vec<usize> = (0..P).filter(|&p| p != 4).collect();
    const PKTS: u32 = 12;
    for i in 0..PKTS {
        for &p in &inputs {
            b.packet(p, PKTS * p as u32 + i, &[4], 16);
        }
    }
    let mut order = Vec::new();
    for now in 0..20_000 {
        b.cycle(now);
        if let Some(o) = b.sw.out_owner(4) {
            if order.last() != Some(&o) {
                order.push(o);
            }
        }
    }
    assert_eq!(order.len(), inputs.len() * PKTS as usize, "{order:?}");
    for round in order.chunks(inputs.len()) {
        let mut r = round.to_vec();
        r.sort_unstable();
        assert_eq!(r, inputs, "each round serves every input once: {order:?}");
    }
    // the last packet of each input leaves within one round of the others
    let last: Vec<usize> = inputs
        .iter()
        .map(|p| order.iter().rposition(|o| o == p).unwrap())
        .collect();
    assert!(last.iter().max().unwrap() - last.iter().min().unwrap() < inputs.len());
}
