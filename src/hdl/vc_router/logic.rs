//! The router twin's cycle (`#[hdl_gen] fn update`, one `always @(*)` in the Verilog): the
//! five steps of `hdl::vc_router`'s description, in the model's order.

use super::VcRouterRtl;
use rust_hdl::prelude::*;

// rust-hdl prints expressions without their parentheses (primer §6): mixed operators are
// parenthesised, including where rustc calls it unnecessary.
#[allow(unused_parens)]
impl<const W: usize> Logic for VcRouterRtl<W> {
    #[hdl_gen]
    fn update(&mut self) {
        // registers hold by default
        for i in 0..10 {
            self.head[i].clock.next = self.clock.val();
            self.head[i].reset.next = self.reset.val();
            self.head[i].d.next = self.head[i].q.val();
            self.cnt[i].clock.next = self.clock.val();
            self.cnt[i].reset.next = self.reset.val();
            self.cnt[i].d.next = self.cnt[i].q.val();
            self.st[i].clock.next = self.clock.val();
            self.st[i].reset.next = self.reset.val();
            self.st[i].d.next = self.st[i].q.val();
            self.oport[i].clock.next = self.clock.val();
            self.oport[i].reset.next = self.reset.val();
            self.oport[i].d.next = self.oport[i].q.val();
            self.ocv[i].clock.next = self.clock.val();
            self.ocv[i].reset.next = self.reset.val();
            self.ocv[i].d.next = self.ocv[i].q.val();
            self.busy[i].clock.next = self.clock.val();
            self.busy[i].reset.next = self.reset.val();
            self.busy[i].d.next = self.busy[i].q.val();
            self.used[i].clock.next = self.clock.val();
            self.used[i].reset.next = self.reset.val();
            self.used[i].d.next = self.used[i].q.val();
            self.vin_ptr[i].clock.next = self.clock.val();
            self.vin_ptr[i].reset.next = self.reset.val();
            self.vin_ptr[i].d.next = self.vin_ptr[i].q.val();
            self.vout_ptr[i].clock.next = self.clock.val();
            self.vout_ptr[i].reset.next = self.reset.val();
            self.vout_ptr[i].d.next = self.vout_ptr[i].q.val();
        }
        for i in 0..80 {
            self.sb[i].clock.next = self.clock.val();
            self.sb[i].reset.next = self.reset.val();
            self.sb[i].d.next = self.sb[i].q.val();
        }
        for p in 0..5 {
            self.sin_ptr[p].clock.next = self.clock.val();
            self.sin_ptr[p].reset.next = self.reset.val();
            self.sin_ptr[p].d.next = self.sin_ptr[p].q.val();
            self.sout_ptr[p].clock.next = self.clock.val();
            self.sout_ptr[p].reset.next = self.reset.val();
            self.sout_ptr[p].d.next = self.sout_ptr[p].q.val();
            self.rr[p].clock.next = self.clock.val();
            self.rr[p].reset.next = self.reset.val();
            self.rr[p].d.next = self.rr[p].q.val();
            self.cd_v[p].clock.next = self.clock.val();
            self.cd_v[p].reset.next = self.reset.val();
            self.cd_vc[p].clock.next = self.clock.val();
            self.cd_vc[p].reset.next = self.reset.val();
            self.xv[p].clock.next = self.clock.val();
            self.xv[p].reset.next = self.reset.val();
            self.xsrc[p].clock.next = self.clock.val();
            self.xsrc[p].reset.next = self.reset.val();
            self.xsrc[p].d.next = self.xsrc[p].q.val();
            self.xovc[p].clock.next = self.clock.val();
            self.xovc[p].reset.next = self.reset.val();
            self.xovc[p].d.next = self.xovc[p].q.val();
            self.byp_v[p].clock.next = self.clock.val();
            self.byp_v[p].reset.next = self.reset.val();
            self.byp_d[p].clock.next = self.clock.val();
            self.byp_d[p].reset.next = self.reset.val();
            self.byp_d[p].d.next = self.byp_d[p].q.val();
            self.mem[p].read_clock.next = self.clock.val();
            self.mem[p].write_clock.next = self.clock.val();
        }

        // 1. arrivals: route (DOR, X then Y) and write
        self.fin[0].next = self.flit_in0.val();
        self.fin[1].next = self.flit_in1.val();
        self.fin[2].next = self.flit_in2.val();
        self.fin[3].next = self.flit_in3.val();
        self.fin[4].next = self.flit_in4.val();
        for p in 0..5 {
            self.dx[p].next = self.fin[p].val().get_bits::<3>(2);
            self.dy[p].next = self.fin[p].val().get_bits::<3>(5);
            if self.dx[p].val() > self.my_x.val() {
                self.rin[p].next = self.k4[1].val();
            } else if self.dx[p].val() < self.my_x.val() {
                self.rin[p].next = self.k4[2].val();
            } else if self.dy[p].val() > self.my_y.val() {
                self.rin[p].next = self.k4[3].val();
            } else if self.dy[p].val() < self.my_y.val() {
                self.rin[p].next = self.k4[4].val();
            } else {
                self.rin[p].next = self.k4[0].val();
            }
            if self.fin[p].val().get_bit(1) {
                self.sbin[p].next = (self.rin[p].val() | self.t8.val());
            } else {
                self.sbin[p].next = self.rin[p].val();
            }
            self.arrive[2 * p].next = (self.in_valid.val().get_bit(p)
                & !self.in_vc.val().get_bit(p)
                & (self.cnt[2 * p].q.val() != self.full.val()));
            self.arrive[2 * p + 1].next = (self.in_valid.val().get_bit(p)
                & self.in_vc.val().get_bit(p)
                & (self.cnt[2 * p + 1].q.val() != self.full.val()));
            self.wslot[2 * p].next =
                ((self.head[2 * p].q.val() + self.cnt[2 * p].q.val()) & self.m7.val());
            self.wslot[2 * p + 1].next =
                ((self.head[2 * p + 1].q.val() + self.cnt[2 * p + 1].q.val()) & self.m7.val());
            self.mem[p].write_enable.next =
                (self.arrive[2 * p].val() | self.arrive[2 * p + 1].val());
            self.mem[p].write_data.next = self.fin[p].val();
            if self.in_vc.val().get_bit(p) {
                self.mem[p].write_address.next = (self.wslot[2 * p + 1].val() | self.vb1.val());
            } else {
                self.mem[p].write_address.next = self.wslot[2 * p].val();
            }
            for v in 0..2 {
                for s in 0..8 {
                    if self.arrive[2 * p + v].val()
                        & (self.wslot[2 * p + v].val() == self.k4[s].val())
                    {
                        self.sb[16 * p + 8 * v + s].d.next = self.sbin[p].val();
                    }
                }
                // the front flit's tail mark and route: stored, or arriving into an empty VC
                self.fsb[2 * p + v].next = self.sbin[p].val();
                for s in 0..8 {
                    if (self.cnt[2 * p + v].q.val() != 0)
                        & (self.head[2 * p + v].q.val() == self.k4[s].val())
                    {
                        self.fsb[2 * p + v].next = self.sb[16 * p + 8 * v + s].q.val();
                    }
                }
                self.froute[2 * p + v].next = (self.fsb[2 * p + v].val() & self.m7.val());
                self.hold[2 * p + v].next =
                    ((self.cnt[2 * p + v].q.val() != 0) | self.arrive[2 * p + v].val());
            }
        }

        // 2. VC allocation: a routed head asks for the free VCs of its output port
        for i in 0..10 {
            self.vreq[i].next = 0.into();
            if (self.st[i].q.val() == self.vcalloc.val())
                | ((self.st[i].q.val() == self.idle.val()) & self.arrive[i].val())
            {
                for r in 0..5 {
                    if self.froute[i].val() == self.k4[r].val() {
                        if !self.busy[2 * r].q.val() {
                            self.vreq[i].next = (self.vreq[i].val() | self.oh10[2 * r].val());
                        }
                        if !self.busy[2 * r + 1].q.val() {
                            self.vreq[i].next = (self.vreq[i].val() | self.oh10[2 * r + 1].val());
                        }
                    }
                }
            }
        }
        // the separable input-first allocator (hdl::allocator's description at 10 x 10):
        // stage 1, each input VC picks its first requested output VC at or after its pointer
        for i in 0..10 {
            self.vimask[i].next =
                (self.vreq[i].val() & !((bits::<10>(1) << self.vin_ptr[i].q.val()) - 1));
            if self.vimask[i].val().any() {
                self.vpick[i].next = (self.vimask[i].val() & (!self.vimask[i].val() + 1));
            } else {
                self.vpick[i].next = (self.vreq[i].val() & (!self.vreq[i].val() + 1));
            }
            self.vgrant[i].next = 0.into();
        }
        // stage 2, each output VC picks its first picking input VC at or after its pointer;
        // the pointers of granted pairs move one past the winner
        for o in 0..10 {
            self.vcol[o].next = 0.into();
            for i in 0..10 {
                if self.vpick[i].val().get_bit(o) {
                    self.vcol[o].next = (self.vcol[o].val() | self.oh10[i].val());
                }
            }
            self.vomask[o].next =
                (self.vcol[o].val() & !((bits::<10>(1) << self.vout_ptr[o].q.val()) - 1));
            if self.vomask[o].val().any() {
                self.vwin[o].next = (self.vomask[o].val() & (!self.vomask[o].val() + 1));
            } else {
                self.vwin[o].next = (self.vcol[o].val() & (!self.vcol[o].val() + 1));
            }
            for i in 0..10 {
                if self.vwin[o].val().get_bit(i) {
                    self.vout_ptr[o].d.next = self.next10[i].val();
                    self.vin_ptr[i].d.next = self.next10[o].val();
                    self.vgrant[i].next = (self.vgrant[i].val() | self.oh10[o].val());
                }
            }
        }
        for i in 0..10 {
            if self.vgrant[i].val().any() {
                self.st[i].d.next = self.active.val();
                for k in 0..10 {
                    if self.vgrant[i].val().get_bit(k) {
                        self.ocv[i].d.next = self.k4[k].val();
                        self.busy[k].d.next = true;
                    }
                }
                for r in 0..5 {
                    if self.vgrant[i].val().get_bit(2 * r) | self.vgrant[i].val().get_bit(2 * r + 1)
                    {
                        self.oport[i].d.next = self.k4[r].val();
                    }
                }
            } else if (self.st[i].q.val() == self.idle.val()) & self.arrive[i].val() {
                self.st[i].d.next = self.vcalloc.val();
            }
        }

        // 3. switch allocation: per input and output, the first VC from the round-robin
        // pointer that holds an output VC, a flit and a credit
        for i in 0..10 {
            self.csend[i].next = false;
            for k in 0..10 {
                if self.ocv[i].q.val() == self.k4[k].val() {
                    self.csend[i].next = (self.used[k].q.val() != self.full.val());
                }
            }
            self.cand[i].next = ((self.st[i].q.val() == self.active.val())
                & self.hold[i].val()
                & self.csend[i].val());
        }
        for p in 0..5 {
            self.srow[p].next = 0.into();
            self.lab[p].next = 0.into();
            for o in 0..5 {
                self.ca.next =
                    (self.cand[2 * p].val() & (self.oport[2 * p].q.val() == self.k4[o].val()));
                self.cb.next = (self.cand[2 * p + 1].val()
                    & (self.oport[2 * p + 1].q.val() == self.k4[o].val()));
                if self.ca.val() | self.cb.val() {
                    self.srow[p].next = (self.srow[p].val() | self.oh5[o].val());
                }
                if self.cb.val() & (self.rr[p].q.val() | !self.ca.val()) {
                    self.lab[p].next = (self.lab[p].val() | self.oh5[o].val());
                }
            }
        }
        // the switch allocator (hdl::allocator's description at 5 x 5)
        for p in 0..5 {
            self.simask[p].next =
                (self.srow[p].val() & !((bits::<5>(1) << self.sin_ptr[p].q.val()) - 1));
            if self.simask[p].val().any() {
                self.spick[p].next = (self.simask[p].val() & (!self.simask[p].val() + 1));
            } else {
                self.spick[p].next = (self.srow[p].val() & (!self.srow[p].val() + 1));
            }
            self.sgrant[p].next = 0.into();
        }
        for o in 0..5 {
            self.scol[o].next = 0.into();
            for p in 0..5 {
                if self.spick[p].val().get_bit(o) {
                    self.scol[o].next = (self.scol[o].val() | self.oh5[p].val());
                }
            }
            self.somask[o].next =
                (self.scol[o].val() & !((bits::<5>(1) << self.sout_ptr[o].q.val()) - 1));
            if self.somask[o].val().any() {
                self.swin[o].next = (self.somask[o].val() & (!self.somask[o].val() + 1));
            } else {
                self.swin[o].next = (self.scol[o].val() & (!self.scol[o].val() + 1));
            }
            for p in 0..5 {
                if self.swin[o].val().get_bit(p) {
                    self.sout_ptr[o].d.next = self.next5[p].val();
                    self.sin_ptr[p].d.next = self.next5[o].val();
                    self.sgrant[p].next = (self.sgrant[p].val() | self.oh5[o].val());
                }
            }
        }

        // the winners leave: credit upstream, credit downstream consumed, crossbar
        for k in 0..10 {
            self.consume[k].next = false;
        }
        for o in 0..5 {
            self.xv[o].d.next = false;
        }
        self.co.next = 0.into();
        self.covc.next = 0.into();
        for p in 0..5 {
            self.win[p].next = self.sgrant[p].val().any();
            self.wvc[p].next = false;
            self.wout[p].next = self.k4[0].val();
            for o in 0..5 {
                if self.sgrant[p].val().get_bit(o) {
                    self.wvc[p].next = self.lab[p].val().get_bit(o);
                    self.wout[p].next = self.k4[o].val();
                }
            }
            self.pop[2 * p].next = (self.win[p].val() & !self.wvc[p].val());
            self.pop[2 * p + 1].next = (self.win[p].val() & self.wvc[p].val());
            if self.win[p].val() {
                self.co.next = (self.co.val() | self.oh5[p].val());
                self.rr[p].d.next = !self.wvc[p].val();
                if self.wvc[p].val() {
                    self.covc.next = (self.covc.val() | self.oh5[p].val());
                }
            }
            // the RAM reads the winner's front at this edge
            if self.wvc[p].val() {
                self.mem[p].read_address.next = (self.head[2 * p + 1].q.val() | self.vb1.val());
            } else {
                self.mem[p].read_address.next = self.head[2 * p].q.val();
            }
            self.byp_v[p].d.next = false;
            self.byp_d[p].d.next = self.fin[p].val();
            for v in 0..2 {
                if self.pop[2 * p + v].val() {
                    self.byp_v[p].d.next = (self.cnt[2 * p + v].q.val() == 0);
                    for o in 0..5 {
                        if self.wout[p].val() == self.k4[o].val() {
                            self.xv[o].d.next = true;
                            self.xsrc[o].d.next = self.k4[p].val();
                            self.xovc[o].d.next = self.ocv[2 * p + v].q.val().get_bit(0);
                        }
                    }
                }
            }
        }
        for i in 0..10 {
            self.cnext[i].next = self.cnt[i].q.val();
            if self.arrive[i].val() & !self.pop[i].val() {
                self.cnext[i].next = self.cnt[i].q.val() + 1;
            }
            if self.pop[i].val() & !self.arrive[i].val() {
                self.cnext[i].next = self.cnt[i].q.val() - 1;
            }
            self.cnt[i].d.next = self.cnext[i].val();
            if self.pop[i].val() {
                self.head[i].d.next = ((self.head[i].q.val() + 1) & self.m7.val());
                for k in 0..10 {
                    if self.ocv[i].q.val() == self.k4[k].val() {
                        self.consume[k].next = true;
                        if self.fsb[i].val().get_bit(3) {
                            self.busy[k].d.next = false;
                        }
                    }
                }
                // a tail frees the input VC; a head behind it asks from the next cycle
                if self.fsb[i].val().get_bit(3) {
                    if self.cnext[i].val() != 0 {
                        self.st[i].d.next = self.vcalloc.val();
                    } else {
                        self.st[i].d.next = self.idle.val();
                    }
                }
            }
        }
        self.cred_out.next = self.co.val();
        self.cred_out_vc.next = self.covc.val();

        // 5. credits from downstream: one register, then the counters (a return into a
        // counter with every credit held is refused, unless one is taken in the same cycle)
        for o in 0..5 {
            self.cd_v[o].d.next = self.cred_in.val().get_bit(o);
            self.cd_vc[o].d.next = self.cred_in_vc.val().get_bit(o);
            self.ret[2 * o].next = (self.cd_v[o].q.val() & !self.cd_vc[o].q.val());
            self.ret[2 * o + 1].next = (self.cd_v[o].q.val() & self.cd_vc[o].q.val());
        }
        for k in 0..10 {
            self.give[k].next =
                (self.ret[k].val() & ((self.used[k].q.val() != 0) | self.consume[k].val()));
            if self.consume[k].val() & !self.give[k].val() {
                self.used[k].d.next = self.used[k].q.val() + 1;
            }
            if self.give[k].val() & !self.consume[k].val() {
                self.used[k].d.next = self.used[k].q.val() - 1;
            }
        }

        // 4. the crossbar stage drives the links
        self.ov.next = 0.into();
        self.ovc.next = 0.into();
        for o in 0..5 {
            self.word[o].next = 0.into();
            if self.xv[o].q.val() {
                self.ov.next = (self.ov.val() | self.oh5[o].val());
                if self.xovc[o].q.val() {
                    self.ovc.next = (self.ovc.val() | self.oh5[o].val());
                }
                for p in 0..5 {
                    if self.xsrc[o].q.val() == self.k4[p].val() {
                        if self.byp_v[p].q.val() {
                            self.word[o].next = self.byp_d[p].q.val();
                        } else {
                            self.word[o].next = self.mem[p].read_data.val();
                        }
                    }
                }
            }
        }
        self.out_valid.next = self.ov.val();
        self.out_vc.next = self.ovc.val();
        self.flit_out0.next = self.word[0].val();
        self.flit_out1.next = self.word[1].val();
        self.flit_out2.next = self.word[2].val();
        self.flit_out3.next = self.word[3].val();
        self.flit_out4.next = self.word[4].val();
    }
}
