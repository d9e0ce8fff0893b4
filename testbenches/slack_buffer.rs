//! Testbench: stop/go slack buffer behind an 8-cycle link (seed 000 §4.3).
//! A sender streams a flit every cycle it is allowed to; the receiver blocks for long stretches.
//! Asserts, cycle by cycle, the stop/go symbol timing and that the 80-byte buffer never overflows.
//! Writes waves/tb_slack_buffer.vcd.

use flitwave::blocks::link::Link;
use flitwave::blocks::slack_buffer::{SlackBuffer, SlackParams, StopGoSender};
use flitwave::sim::trace::{TraceConfig, Tracer};
use flitwave::sim::{Flit, FlowCtl, Probe, ProbeVisitor};
use rand::{Rng, SeedableRng};

struct Bench {
    link: Link,
    sender: StopGoSender,
    slack: SlackBuffer,
    sent: u64,
    drained: u64,
}

impl Probe for Bench {
    fn probe<V: ProbeVisitor>(&self, v: &mut V) {
        v.scope("sender");
        v.flag("go", self.sender.can_send());
        v.int("sent", self.sent as i64);
        v.up();
        v.scope("link");
        self.link.probe(v);
        v.up();
        v.scope("slack");
        self.slack.probe(v);
        v.up();
    }
}

impl Bench {
    fn new() -> Self {
        Bench {
            link: Link::new(8),
            sender: StopGoSender::default(),
            slack: SlackBuffer::new(SlackParams::default()),
            sent: 0,
            drained: 0,
        }
    }

    /// One cycle; returns the symbol the receiver emitted.
    fn cycle(&mut self, now: u64, drain: bool) -> Option<FlowCtl> {
        // sender
        self.sender.receive(self.link.back().recv(now));
        if self.sender.can_send() {
            self.link.send(
                now,
                Flit {
                    pkt: 0,
                    data: self.sent as u8,
                    flags: 0,
                    vc: 0,
                    ..Flit::default()
                },
            );
            self.sent += 1;
        }
        // receiver
        if let Some(f) = self.link.fwd().recv(now) {
            self.slack.accept(f);
        }
        if drain && self.slack.pop().is_some() {
            self.drained += 1;
        }
        let s = self.slack.flow_control();
        if let Some(s) = s {
            self.link.back().send(now, s);
        }
        s
    }
}

#[test]
fn stop_and_go_timing_with_blocked_receiver() {
    let mut b = Bench::new();
    let mut tr = Tracer::create_file(
        std::path::Path::new("waves/tb_slack_buffer.vcd"),
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
    let mut stop_at = None;
    let mut go_at = None;
    for now in 0..400u64 {
        let drain = now >= 200;
        let s = b.cycle(now, drain);
        tr.sample(now, &b).unwrap();
        // flit i (sent at cycle i) arrives at 8 + i; with the receiver blocked the level is i + 1
        if (8..64).contains(&now) {
            assert_eq!(b.slack.level() as u64, now - 7, "level at cycle {now}");
        }
        match s {
            Some(FlowCtl::Stop) => stop_at = stop_at.or(Some(now)),
            Some(FlowCtl::Go) => go_at = go_at.or(Some(now)),
            Some(FlowCtl::Credit { .. }) => panic!("a slack buffer sends no credits"),
            None => {}
        }
    }
    tr.finish().unwrap();
    // occupancy first exceeds 56 (reaches 57) when flit 56 arrives at cycle 64
    assert_eq!(stop_at, Some(64));
    // the stop symbol reaches the sender at 72: flits 0..=71 were sent
    assert_eq!(b.slack.max_level, 72);
    assert_eq!(b.slack.overflows, 0);
    // draining from 200 at one flit per cycle: level 72 -> below 40 (39) after 33 pops, at cycle 232
    assert_eq!(go_at, Some(232));
    assert_eq!(
        b.sent,
        b.drained + b.slack.level() as u64 + b.link.flits_in_flight() as u64
    );
}

#[test]
fn never_overflows_under_random_blocking() {
    for seed in 0..20u64 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut b = Bench::new();
        let mut blocked = false;
        for now in 0..50_000u64 {
            if rng.random_range(0..100) < 2 {
                blocked = !blocked;
            }
            b.cycle(now, !blocked);
        }
        assert_eq!(b.slack.overflows, 0, "seed {seed}");
        assert!(
            b.slack.max_level <= 72,
            "seed {seed}: level {}",
            b.slack.max_level
        );
        assert_eq!(
            b.sent,
            b.drained + b.slack.level() as u64 + b.link.flits_in_flight() as u64
        );
    }
}

#[test]
fn zero_slack_margin_would_overflow() {
    // the same sender against a buffer that is too small for the fly time: the overflow counter
    // must see it (the counter is what the network's invariant check relies on)
    let mut b = Bench::new();
    b.slack = SlackBuffer::new(SlackParams {
        capacity: 60,
        stop_above: 56,
        go_below: 40,
    });
    for now in 0..200 {
        b.cycle(now, false);
    }
    assert!(b.slack.overflows > 0);
}

/// Lockstep: the slack buffer's RTL twin (80-byte RAM ring, stop/go controller) against the
/// model, directed edge cases then 100,000 seeded random cycles per seed, every output every
/// cycle; the stimulus sweeps the level across both marks and into overflow.
#[test]
fn lockstep_model_and_twin_agree() {
    use flitwave::hdl::lockstep::{self, Options, Twin};
    use flitwave::hdl::slack_buffer::{SlackBufferRtl, LINK_WORD};
    type T = SlackBufferRtl<LINK_WORD>;
    for seed in 1..=3 {
        let o = Options {
            seed,
            ..Options::default()
        };
        let (cycles, v) = lockstep::check::<T>(&o).unwrap();
        assert!(cycles >= 100_000);
        let no = T::OUTPUTS.len();
        let (mut stops, mut gos, mut overflows, mut full) = (0, 0, 0, 0);
        for o in v.from_power_on().1.chunks(no) {
            stops += o[3];
            gos += o[4];
            overflows += o[6];
            full += (o[2] == 80) as u64;
        }
        assert!(stops > 100 && gos > 100, "stops {stops} gos {gos}");
        assert!(
            overflows > 10 && full > 100,
            "overflows {overflows} full {full}"
        );
    }
}
