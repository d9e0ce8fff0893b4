//! The VC router's state registers (`super`), walked once ([`VcSwitch::visit_registers`])
//! and written as text ([`VcSwitch::registers`]) or as an image of words
//! ([`VcSwitch::register_image`], `sim::registers`): two runs of one network compare their
//! images (and the planes' goldens digest them), and show their texts where they differ.

use super::{VcState, VcSwitch};
use crate::blocks::link::NO_LINK;
use crate::blocks::vc_credits::FREE;
use crate::sim::registers::RegisterSink;

impl VcSwitch {
    /// The router's state registers as text, one line per input VC, input and output VC:
    /// what an engine that evaluates the router elsewhere (the bit planes) must write back
    /// before anything reads the router — per input VC its state, the output VC it holds
    /// (while it holds one), its ready cycle (while routing or allocating), the flits of its
    /// FIFO front first and a head's routing candidates; per input its switch-allocation VC
    /// pointer; per output VC its credits, owner and pending tail; the credits in the delay
    /// line and the flits in the crossbar; the allocators' round-robin pointers; the VCs
    /// waiting for VC allocation and those active. Not the last cycle's strobes (the probes'
    /// requests, grants and flit driven: the probe walk reads them) nor the statistics.
    pub fn registers(&self) -> String {
        let mut s = String::new();
        self.visit_registers(&mut s);
        s
    }

    /// The registers of [`VcSwitch::registers`] as an image into `image` (emptied first, its
    /// room kept): two routers' images are equal only where their texts are.
    pub fn register_image(&self, image: &mut Vec<u64>) {
        image.clear();
        self.visit_registers(image);
    }

    /// Walk the registers ([`VcSwitch::registers`]) into `s`.
    pub fn visit_registers(&self, s: &mut impl RegisterSink) {
        let (np, nv) = (self.p.ports, self.p.vcs);
        let vmask = (1u32 << nv) - 1;
        // the shape the walk follows: ports, VCs, the outputs with a link, output queues
        let linked = (0..np)
            .filter(|&o| self.link[o][super::OUT] != NO_LINK)
            .fold(0u64, |m, o| m | 1 << o);
        s.word(np as u64);
        s.word(nv as u64);
        s.word(linked);
        s.word(self.out.queues.is_some() as u64);
        for p in 0..np {
            s.label(format_args!("in{p} sa_ptr="));
            s.dec(self.sa.i.r[p].rr as u64);
            s.text("\n");
            for v in 0..nv {
                let iv = p * nv + v;
                let r = &self.input.vcs[iv];
                s.label(format_args!("in{p}.vc{v} "));
                s.shown(r.state as u64, format_args!("{}", r.state.name()));
                match r.state {
                    VcState::Active => {
                        s.text(" out=");
                        s.dec(r.out as u64);
                        s.text(".");
                        s.dec(r.ovc as u64);
                        s.text(" ready=");
                        s.dec(r.ready);
                    }
                    VcState::Routing | VcState::VcAlloc => {
                        s.text(" ready=");
                        s.dec(r.ready);
                        s.text(" cands=");
                        let cands = self.route.cands[iv].as_slice();
                        s.word(cands.len() as u64);
                        for c in cands {
                            s.dec(c.port as u64);
                            s.text(":");
                            s.hex((c.vcs & vmask) as u64);
                            s.text(",");
                        }
                    }
                    VcState::Idle => {}
                }
                let n = self.input.level(p, v);
                s.text(" flits=");
                s.word(n as u64);
                for k in 0..n {
                    s.flit(self.input.at(p, v, k));
                    s.text(",");
                }
                s.text("\n");
            }
        }
        for (o, c) in self.out.credits.iter().enumerate() {
            if linked >> o & 1 == 0 {
                continue;
            }
            for v in 0..nv {
                let owner = c.owner(v);
                s.label(format_args!("out{o}.vc{v} credits="));
                s.dec(c.credits(v) as u64);
                s.text(" owner=");
                s.int(if owner == FREE { -1 } else { owner as i64 });
                s.text(" tail_sent=");
                s.dec((c.tail_sent() >> v & 1) as u64);
                s.text("\n");
            }
        }
        if let Some(q) = &self.out.queues {
            q.visit_registers(nv, s);
        }
        s.text("credit delay ");
        self.out.visit_delay_line(s);
        s.text("\ncrossbar ");
        self.xbar.xbar.visit_registers(s);
        s.text("\nwaiting=");
        s.hex(self.va.waiting);
        s.text(" active=");
        s.hex(self.sa.active);
        s.text(" holding=");
        s.hex(self.input.holding);
        s.text(" flits=");
        s.dec(self.input.flits as u64);
        s.text("\n");
        // each allocator's pointers as the list of (input, output) pairs
        for (name, a) in [("sa", &self.sa.alloc), ("va", &self.va.alloc)] {
            let (ni, no) = a.size();
            s.word(ni as u64);
            s.word(no as u64);
            s.text(name);
            s.text(" pointers [");
            for i in 0..ni.max(no) {
                let (x, y) = a.pointers(i.min(ni - 1), i.min(no - 1));
                s.text(if i == 0 { "(" } else { ", (" });
                s.dec(x as u64);
                s.text(", ");
                s.dec(y as u64);
                s.text(")");
            }
            s.text("]\n");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::VcParams;
    use super::*;
    use crate::fabric::Wiring;
    use crate::routing::function::dor::{Classes, DorRouting, Tie};
    use crate::routing::function::Routing;
    use crate::sim::{Flit, FlowCtl};

    /// The cycle the routers below are at.
    const NOW: u64 = 40;

    /// Router 5 of a 4 x 4 mesh with the preset's switch (configs/booksim-iq.toml: 5 ports of
    /// 2 VCs of 8 flits, a credit delay of 2 cycles) and output queues of `queue` flits (0:
    /// none), holding what a router under traffic holds: three flits in input 1's VC 1, that
    /// VC active on output 3's VC 0 (its credits taken, one of them sent), a credit in the
    /// delay line.
    fn loaded(queue: u32) -> VcSwitch {
        let p = VcParams {
            output_buffer_flits: queue,
            ..VcParams::booksim_iq()
        };
        let topo = crate::topology::mesh::mesh([4, 4], 1).unwrap();
        let mut dor = DorRouting::units(&topo, Tie::Plus, Classes::None).unwrap();
        let w = Wiring {
            in_link: (0..5).collect(),
            out_link: (5..10).collect(),
        };
        let mut s = VcSwitch::new(5, p, Routing::Dor(dor.swap_remove(5)), w);
        for pkt in 7..10 {
            let f = Flit {
                pkt,
                vc: 1,
                ..Flit::default()
            };
            let (iv, depth) = s.input.admit(1, 1).expect("room");
            s.input.put(NOW - 3, iv, depth, f);
        }
        s.input.vcs[3].hold(3, 0, NOW - 2);
        s.out.credits[3].take(0, 3);
        s.out.credits[3].send(0, 1, false);
        let credit = (NOW - 1, 2, FlowCtl::Credit { vc: 1, n: 1 });
        s.out.load_delay_line(std::iter::once(credit));
        s
    }

    /// `change` changes router `sw`'s text (`registers`) and its image alike, or (`shown`
    /// false) neither.
    fn seen(sw: &VcSwitch, what: &str, shown: bool, change: impl FnOnce(&mut VcSwitch)) {
        let mut other = sw.clone();
        change(&mut other);
        let (mut a, mut b) = (Vec::new(), Vec::new());
        sw.register_image(&mut a);
        other.register_image(&mut b);
        assert_eq!(
            sw.registers() != other.registers(),
            shown,
            "{what}: the text"
        );
        assert_eq!(a != b, shown, "{what}: the image");
    }

    #[test]
    fn one_register_changed_changes_the_image_as_it_changes_the_text() {
        let sw = loaded(0);
        let r = sw.registers();
        assert!(
            r.contains("in1.vc1 ACTIVE out=3.0 ready=38 flits=7/0/1,8/0/1,9/0/1,")
                && r.contains("out3.vc0 credits=7 owner=3")
                && r.contains("credit delay 41:2:Credit { vc: 1, n: 1 },"),
            "{r}"
        );
        seen(&sw, "nothing", false, |_| {});
        // statistics are no registers: neither sees them
        seen(&sw, "a statistic", false, |s| s.forwarded_vc[0] += 1);
        // the middle flit of the FIFO, its packet one up (the flits taken and put back)
        seen(&sw, "a flit in a FIFO", true, |s| {
            for k in 0..3 {
                let (mut f, _) = s.input.take(NOW, 3, 8);
                f.pkt += (k == 1) as u32;
                s.input.put(NOW, 3, 8, f);
            }
        });
        seen(&sw, "an input VC's ready cycle", true, |s| {
            s.input.vcs[3].ready += 1
        });
        seen(&sw, "an input's switch-allocation pointer", true, |s| {
            s.sa.i.r[4].rr ^= 1
        });
        seen(&sw, "a credit count", true, |s| {
            s.out.credits[3].credit(0, 1)
        });
        seen(&sw, "a credit in the delay line", true, |s| {
            let line = [
                (NOW - 1, 2, FlowCtl::Credit { vc: 1, n: 1 }),
                (NOW, 4, FlowCtl::Credit { vc: 0, n: 1 }),
            ];
            s.out.load_delay_line(line.into_iter())
        });
        for (name, stage) in [("sa", 0), ("va", 1)] {
            seen(&sw, &format!("a {name} allocator pointer"), true, |s| {
                let [sa, va] = [&mut s.sa.alloc, &mut s.va.alloc];
                let a = if stage == 0 { sa } else { va };
                let ((ni, no), (i, o)) = (a.size(), a.pointers(0, 0));
                // the switch allocator's input 0 over the outputs, the VC allocator's output
                // 0 over the inputs
                let row = [[(i + 1) % no, o], [i, (o + 1) % ni]][stage];
                a.load_pointers(&[row.map(|x| x as u8)]);
            });
        }
        seen(&sw, "the VCs waiting for VC allocation", true, |s| {
            s.va.waiting ^= 1 << 9
        });
    }

    #[test]
    fn a_changed_output_queue_changes_the_image_as_it_changes_the_text() {
        let sw = loaded(8);
        assert!(sw.registers().contains("queue4.vc1 reserved=0"));
        seen(&sw, "nothing", false, |_| {});
        seen(&sw, "a flit granted into a queue", true, |s| {
            s.out.queues.as_mut().unwrap().reserve(1, 1, 2, false);
        });
    }
}
