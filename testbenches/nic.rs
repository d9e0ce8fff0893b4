//! NIC testbench (seed 000 §4.5): two NICs wired back to back through links (no switch), so
//! every flit a send DMA drives is seen by the other NIC's receive side. Asserts cycle by cycle:
//! the send DMA loads the whole packet before streaming, sends route bytes then payload at one
//! flit per cycle with head/tail marks, halts on *stop* and resumes on *go*; the receive DMA
//! delivers at the tail and the statistics see the latency. Writes waves/tb_nic.vcd.

use flitwave::blocks::link::Link;
use flitwave::blocks::nic::routing_table::RoutingTable;
use flitwave::blocks::nic::send_dma::SendState;
use flitwave::blocks::slack_buffer::SlackParams;
use flitwave::fabric::myrinet::nic::{MyrinetNic as Nic, NicParams};
use flitwave::fabric::myrinet::{MyrinetExt, MyrinetFamily};
use flitwave::fabric::Ctx;
use flitwave::routing::{Route, RouteSetBuilder};
use flitwave::sim::packet::{Header, Packet, PacketTable};
use flitwave::sim::trace::{TraceConfig, Tracer};
use flitwave::sim::{Flit, FlowCtl, Probe, ProbeVisitor};
use flitwave::stats::Collector;
use flitwave::topology::{mesh, Topology};
use flitwave::traffic::injection::Process;
use flitwave::traffic::pattern::{DestTable, Pattern};
use rand::SeedableRng;
use std::sync::Arc;

struct Bench {
    nics: Vec<Nic>,
    links: Vec<Link>,
    packets: PacketTable<MyrinetExt>,
    table: RoutingTable,
    delivered_msgs: Vec<u32>,
    dests: DestTable,
    stats: Collector,
    /// (cycle, flit) seen on link 0 (NIC 0 → NIC 1)
    wire: Vec<(u64, Flit)>,
}

impl Probe for Bench {
    fn probe<V: ProbeVisitor>(&self, v: &mut V) {
        for n in &self.nics {
            v.scope_idx("nic", n.core.host);
            n.probe(v);
            v.up();
        }
    }
}

fn topo() -> Topology {
    mesh::mesh([2, 1], 1).unwrap()
}

impl Bench {
    fn new(load_cycles: u32) -> Self {
        let p = NicParams {
            payload: 16,
            rate: 0.0,
            process: Process::Constant,
            queue_limit: 10,
            load_cycles,
            recv_bytes_per_cycle: 1,
            slack: SlackParams::default(),
            itb: Default::default(),
        };
        let rng = || rand_chacha::ChaCha8Rng::seed_from_u64(1);
        // link 0: NIC 0 → NIC 1, link 1: NIC 1 → NIC 0
        let nics = vec![Nic::new(0, p, 1, 0, rng()), Nic::new(1, p, 0, 1, rng())];
        let mut routes = RouteSetBuilder::new(2, "test").unwrap();
        let r = |switches: Vec<u32>, ports: Vec<u8>| Route {
            switches,
            ports,
            ..Default::default()
        };
        routes.add(0, 1, &r(vec![0, 1], vec![1, 0])).unwrap();
        routes.add(1, 0, &r(vec![1, 0], vec![2, 0])).unwrap();
        Bench {
            nics,
            links: vec![Link::new(8), Link::new(8)],
            packets: PacketTable::new(),
            table: RoutingTable::new(Arc::new(routes.finish())),
            delivered_msgs: vec![],
            dests: DestTable::new(&Pattern::uniform(), &topo()).unwrap(),
            stats: Collector::new(0),
            wire: vec![],
        }
    }

    fn enqueue(&mut self, src: usize, dst: usize, now: u64) {
        let id = self.packets.alloc(Packet {
            h: Header {
                src: src as u32,
                dst: dst as u32,
                payload: 16,
                gen_cycle: now,
                measured: true,
                ..Default::default()
            },
            x: MyrinetExt {
                route_len: 2,
                ..Default::default()
            },
        });
        self.nics[src].core.src.gen.queue.push_back(id);
    }

    fn cycle(&mut self, now: u64) {
        if let Some(f) = self.links[0].fwd().peek(now) {
            self.wire.push((now, f));
        }
        let mut cx = Ctx::<MyrinetFamily> {
            links: &mut self.links,
            packets: &mut self.packets,
            shared: &mut self.table,
            dests: &self.dests,
            stats: &mut self.stats,
            delivered_msgs: &mut self.delivered_msgs,
            flit_bytes: 1,
        };
        for n in &mut self.nics {
            n.eval(now, &mut cx);
        }
    }
}

#[test]
fn send_dma_loads_then_streams_and_receive_dma_delivers() {
    let mut b = Bench::new(5);
    b.enqueue(0, 1, 0);
    let mut tr = Tracer::create_file(
        std::path::Path::new("waves/tb_nic.vcd"),
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
    let mut states = Vec::new();
    for now in 0..80 {
        b.cycle(now);
        tr.sample(now, &b).unwrap();
        states.push(b.nics[0].send.state.name());
    }
    tr.finish().unwrap();
    // LOAD for cycles 0..=4, the first flit is driven at cycle 5 (wholly in NIC memory first)
    assert!(states[..5].iter().all(|&s| s == "LOAD"), "{states:?}");
    // 2 route bytes + 16 payload = 18 flits, sent at 5..=22, arriving 8 cycles later
    assert_eq!(b.wire.len(), 18);
    for (i, (t, f)) in b.wire.iter().enumerate() {
        assert_eq!(*t, 13 + i as u64);
        assert_eq!(f.is_head(), i == 0);
        assert_eq!(f.is_tail(), i == 17);
        if i < 2 {
            assert_eq!(f.data, [1, 0][i], "route bytes first");
        }
    }
    assert_eq!(b.nics[0].send.state, SendState::Idle);
    // the receive DMA copies a flit the cycle it arrives: tail at 30, delivered at 30, latency
    // 30 (delivery cycle - generation cycle 0)
    assert_eq!(b.stats.delivered, 1);
    assert_eq!(b.stats.lat_sum, 30);
    assert_eq!(b.stats.misdelivered, 0);
    assert_eq!(b.packets.live(), 0);
    assert_eq!(b.nics[0].core.injected_flits, 18);
    assert_eq!(b.nics[1].core.ejected_flits, 18);
}

#[test]
fn stop_halts_the_send_dma_and_go_resumes_it() {
    let mut b = Bench::new(0);
    b.enqueue(0, 1, 0);
    b.enqueue(0, 1, 0);
    for now in 0..200 {
        // NIC 1's upstream view: inject stop at 3 and go at 20 on link 0's reverse wire
        if now == 3 {
            b.links[0].back().send(now, FlowCtl::Stop);
        }
        if now == 20 {
            b.links[0].back().send(now, FlowCtl::Go);
        }
        b.cycle(now);
    }
    // flits leave at 0,1,...,10 (stop arrives at 11), pause, resume at 28 when go arrives
    let sent: Vec<u64> = b.wire.iter().map(|(t, _)| t - 8).collect();
    assert_eq!(&sent[..11], &(0..11).collect::<Vec<_>>()[..]);
    assert_eq!(sent[11], 28);
    assert_eq!(b.wire.len(), 36, "both packets, nothing lost");
    assert_eq!(b.stats.delivered, 2);
}

#[test]
fn misdelivered_packets_are_counted() {
    let mut b = Bench::new(0);
    // a packet whose header claims destination 0 travels to NIC 1
    let id = b.packets.alloc(Packet {
        h: Header {
            src: 0,
            dst: 0,
            payload: 16,
            measured: true,
            ..Default::default()
        },
        x: MyrinetExt {
            route_len: 2,
            ..Default::default()
        },
    });
    b.nics[0].core.src.gen.queue.push_back(id);
    let r = Route {
        switches: vec![0, 1],
        ports: vec![1, 0],
        ..Default::default()
    };
    let mut routes = RouteSetBuilder::new(2, "test").unwrap();
    for (s, d) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
        routes.add(s, d, &r).unwrap();
    }
    b.table = RoutingTable::new(Arc::new(routes.finish()));
    for now in 0..80 {
        b.cycle(now);
    }
    assert_eq!(b.stats.misdelivered, 1);
}
