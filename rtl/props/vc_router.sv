// Properties of fw_vc_router (the input-queued VC router of the BookSim2 preset, src/hdl/vc_router.rs,
// model fabric::vc::switch::VcSwitch), proven by `flitwave rtl prove vc_router` (docs/rtl.md
// §Proofs). Spliced into fw_vc_router before its `endmodule`, in the twin's own names: input VC
// i = 2 * port + VC has `cnt$<i>$q` (flits held), `st$<i>$q` (0 idle, 1 VC allocation, 2 active),
// `ocv$<i>$q` (the output VC it holds, 2 * port + VC), `fsb$<i>` (its front flit's tail mark, bit
// 3, and route), `pop$<i>` (its front flit leaves); output VC k has `busy$<k>$q` (held) and
// `used$<k>$q` (credits in use); `vreq$<i>`/`vgrant$<i>` are the VC allocator's requests and
// grants (bit k: output VC k), `srow$<p>`/`sgrant$<p>` the switch allocator's (bit o: output
// o). `fw_init` is high in the first cycle, a reset. No assumption: the properties hold for any
// input sequence (a sender that ignores its credits has its flit refused, not stored).
// depth 1: every property is an invariant of one cycle (the allocators' grants are
// combinational, the counters move by one and are bounded where they move, ownership changes
// only with a grant or a tail; the accounting compares a register's next value, `$d`, with
// this cycle's, and the crossbar's and the credit delay's outputs with helper registers below
// that hold last cycle's grants and credits), so 1-induction proves them from the reset state,
// with three invariants the induction needs: a front slot in 0..7, an active input VC's
// output port the port of its output VC, the delay register equal to last cycle's credit. The
// joint proof of this model (about 2,000 flip-flops and the five flit RAMs) takes about 50 s
// of CPU, where each further cycle of unrolling adds minutes. At depth 1 the bounded check
// sees the reset cycle only: testbenches/rtl_prove.rs seeks the seeded bug over 20 cycles.

wire [9:0] fw_busy = {busy$9$q, busy$8$q, busy$7$q, busy$6$q, busy$5$q, busy$4$q, busy$3$q, busy$2$q, busy$1$q, busy$0$q};
wire [9:0] fw_pop = {pop$9, pop$8, pop$7, pop$6, pop$5, pop$4, pop$3, pop$2, pop$1, pop$0};
wire [9:0] fw_arrive = {arrive$9, arrive$8, arrive$7, arrive$6, arrive$5, arrive$4, arrive$3, arrive$2, arrive$1, arrive$0};
wire [39:0] fw_cnt = {cnt$9$q, cnt$8$q, cnt$7$q, cnt$6$q, cnt$5$q, cnt$4$q, cnt$3$q, cnt$2$q, cnt$1$q, cnt$0$q};
wire [39:0] fw_used = {used$9$q, used$8$q, used$7$q, used$6$q, used$5$q, used$4$q, used$3$q, used$2$q, used$1$q, used$0$q};
wire [19:0] fw_st = {st$9$q, st$8$q, st$7$q, st$6$q, st$5$q, st$4$q, st$3$q, st$2$q, st$1$q, st$0$q};
wire [39:0] fw_ocv = {ocv$9$q, ocv$8$q, ocv$7$q, ocv$6$q, ocv$5$q, ocv$4$q, ocv$3$q, ocv$2$q, ocv$1$q, ocv$0$q};
wire [39:0] fw_fsb = {fsb$9, fsb$8, fsb$7, fsb$6, fsb$5, fsb$4, fsb$3, fsb$2, fsb$1, fsb$0};
wire [99:0] fw_vreq = {vreq$9, vreq$8, vreq$7, vreq$6, vreq$5, vreq$4, vreq$3, vreq$2, vreq$1, vreq$0};
wire [99:0] fw_vgrant = {vgrant$9, vgrant$8, vgrant$7, vgrant$6, vgrant$5, vgrant$4, vgrant$3, vgrant$2, vgrant$1, vgrant$0};
wire [24:0] fw_srow = {srow$4, srow$3, srow$2, srow$1, srow$0};
wire [24:0] fw_sgrant = {sgrant$4, sgrant$3, sgrant$2, sgrant$1, sgrant$0};
wire [9:0] fw_busy_d = {busy$9$d, busy$8$d, busy$7$d, busy$6$d, busy$5$d, busy$4$d, busy$3$d, busy$2$d, busy$1$d, busy$0$d};

// per output VC: how many active input VCs hold it, and whether a tail holding it leaves
reg [3:0] fw_holders [0:9];
reg [9:0] fw_tail_leaves;
reg fw_va_ok, fw_sa_ok, fw_cnt_ok, fw_used_ok, fw_owned_ok;
integer fw_i, fw_k, fw_n;
always @(*) begin
    fw_va_ok = 1'b1;
    fw_sa_ok = 1'b1;
    fw_cnt_ok = 1'b1;
    fw_used_ok = 1'b1;
    fw_owned_ok = 1'b1;
    fw_tail_leaves = 10'd0;
    for (fw_k = 0; fw_k < 10; fw_k = fw_k + 1) fw_holders[fw_k] = 4'd0;
    for (fw_i = 0; fw_i < 10; fw_i = fw_i + 1) begin
        // a VC grant is one of the output VCs the input VC asked for
        fw_n = 0;
        for (fw_k = 0; fw_k < 10; fw_k = fw_k + 1) fw_n = fw_n + fw_vgrant[10*fw_i + fw_k];
        if (fw_n > 1 || (fw_vgrant[10*fw_i +: 10] & ~fw_vreq[10*fw_i +: 10]) != 10'd0) fw_va_ok = 1'b0;
        if (fw_cnt[4*fw_i +: 4] > 4'd8) fw_cnt_ok = 1'b0;
        if (fw_used[4*fw_i +: 4] > 4'd8) fw_used_ok = 1'b0;
        if (fw_st[2*fw_i +: 2] == 2'd2) begin
            if (fw_ocv[4*fw_i +: 4] > 4'd9) fw_owned_ok = 1'b0;
            for (fw_k = 0; fw_k < 10; fw_k = fw_k + 1)
                if (fw_ocv[4*fw_i +: 4] == fw_k) fw_holders[fw_k] = fw_holders[fw_k] + 4'd1;
        end
        if (fw_pop[fw_i] && fw_fsb[4*fw_i + 3])
            for (fw_k = 0; fw_k < 10; fw_k = fw_k + 1)
                if (fw_ocv[4*fw_i +: 4] == fw_k) fw_tail_leaves[fw_k] = 1'b1;
    end
    for (fw_k = 0; fw_k < 10; fw_k = fw_k + 1) begin
        // no output VC granted to two input VCs
        fw_n = 0;
        for (fw_i = 0; fw_i < 10; fw_i = fw_i + 1) fw_n = fw_n + fw_vgrant[10*fw_i + fw_k];
        if (fw_n > 1) fw_va_ok = 1'b0;
        if (fw_holders[fw_k] != {3'd0, fw_busy[fw_k]}) fw_owned_ok = 1'b0;
    end
    for (fw_i = 0; fw_i < 5; fw_i = fw_i + 1) begin
        fw_n = 0;
        for (fw_k = 0; fw_k < 5; fw_k = fw_k + 1) fw_n = fw_n + fw_sgrant[5*fw_i + fw_k];
        if (fw_n > 1 || (fw_sgrant[5*fw_i +: 5] & ~fw_srow[5*fw_i +: 5]) != 5'd0) fw_sa_ok = 1'b0;
    end
    for (fw_k = 0; fw_k < 5; fw_k = fw_k + 1) begin
        fw_n = 0;
        for (fw_i = 0; fw_i < 5; fw_i = fw_i + 1) fw_n = fw_n + fw_sgrant[5*fw_i + fw_k];
        if (fw_n > 1) fw_sa_ok = 1'b0;
    end
end

// The flits, credits and routes. Per port: the words at the links (`flit_in<p>`,
// `flit_out<o>`), the flit RAM's ports (`mem$<p>$...`, address 8 * VC + slot: its contents are
// inside the RAM submodule, which Yosys 0.23 cannot name from here — no hierarchical
// references —, so the properties bind the words at its ports, not what it holds); per input
// VC `head$<i>$q` (its front slot) and `oport$<i>$q` (the output port it holds); per slot
// (8 * input VC + s) `sb$<n>$q`, the tail mark (bit 3) and route (bits 0..2) stored with its
// flit; per output port `cd_v$<o>$q`/`cd_vc$<o>$q`, the credit delay register. `$d` is a
// register's next value.
wire [79:0] fw_fin = {flit_in4, flit_in3, flit_in2, flit_in1, flit_in0};
wire [79:0] fw_fout = {flit_out4, flit_out3, flit_out2, flit_out1, flit_out0};
wire [39:0] fw_head = {head$9$q, head$8$q, head$7$q, head$6$q, head$5$q, head$4$q, head$3$q,
    head$2$q, head$1$q, head$0$q};
wire [39:0] fw_head_d = {head$9$d, head$8$d, head$7$d, head$6$d, head$5$d, head$4$d, head$3$d,
    head$2$d, head$1$d, head$0$d};
wire [39:0] fw_cnt_d = {cnt$9$d, cnt$8$d, cnt$7$d, cnt$6$d, cnt$5$d, cnt$4$d, cnt$3$d, cnt$2$d,
    cnt$1$d, cnt$0$d};
wire [39:0] fw_used_d = {used$9$d, used$8$d, used$7$d, used$6$d, used$5$d, used$4$d, used$3$d,
    used$2$d, used$1$d, used$0$d};
wire [39:0] fw_oport = {oport$9$q, oport$8$q, oport$7$q, oport$6$q, oport$5$q, oport$4$q, oport$3$q,
    oport$2$q, oport$1$q, oport$0$q};
wire [4:0] fw_cdv = {cd_v$4$q, cd_v$3$q, cd_v$2$q, cd_v$1$q, cd_v$0$q};
wire [4:0] fw_cdvc = {cd_vc$4$q, cd_vc$3$q, cd_vc$2$q, cd_vc$1$q, cd_vc$0$q};
wire [4:0] fw_we = {mem$4$write_enable, mem$3$write_enable, mem$2$write_enable, mem$1$write_enable,
    mem$0$write_enable};
wire [19:0] fw_wa = {mem$4$write_address, mem$3$write_address, mem$2$write_address,
    mem$1$write_address, mem$0$write_address};
wire [79:0] fw_wd = {mem$4$write_data, mem$3$write_data, mem$2$write_data, mem$1$write_data,
    mem$0$write_data};
wire [19:0] fw_ra = {mem$4$read_address, mem$3$read_address, mem$2$read_address, mem$1$read_address,
    mem$0$read_address};
wire [79:0] fw_rd = {mem$4$read_data, mem$3$read_data, mem$2$read_data, mem$1$read_data,
    mem$0$read_data};
wire [319:0] fw_sb = {sb$79$q, sb$78$q, sb$77$q, sb$76$q, sb$75$q, sb$74$q, sb$73$q, sb$72$q,
    sb$71$q, sb$70$q, sb$69$q, sb$68$q, sb$67$q, sb$66$q, sb$65$q, sb$64$q, sb$63$q, sb$62$q,
    sb$61$q, sb$60$q, sb$59$q, sb$58$q, sb$57$q, sb$56$q, sb$55$q, sb$54$q, sb$53$q, sb$52$q,
    sb$51$q, sb$50$q, sb$49$q, sb$48$q, sb$47$q, sb$46$q, sb$45$q, sb$44$q, sb$43$q, sb$42$q,
    sb$41$q, sb$40$q, sb$39$q, sb$38$q, sb$37$q, sb$36$q, sb$35$q, sb$34$q, sb$33$q, sb$32$q,
    sb$31$q, sb$30$q, sb$29$q, sb$28$q, sb$27$q, sb$26$q, sb$25$q, sb$24$q, sb$23$q, sb$22$q,
    sb$21$q, sb$20$q, sb$19$q, sb$18$q, sb$17$q, sb$16$q, sb$15$q, sb$14$q, sb$13$q, sb$12$q,
    sb$11$q, sb$10$q, sb$9$q, sb$8$q, sb$7$q, sb$6$q, sb$5$q, sb$4$q, sb$3$q, sb$2$q, sb$1$q,
    sb$0$q};
wire [319:0] fw_sb_d = {sb$79$d, sb$78$d, sb$77$d, sb$76$d, sb$75$d, sb$74$d, sb$73$d, sb$72$d,
    sb$71$d, sb$70$d, sb$69$d, sb$68$d, sb$67$d, sb$66$d, sb$65$d, sb$64$d, sb$63$d, sb$62$d,
    sb$61$d, sb$60$d, sb$59$d, sb$58$d, sb$57$d, sb$56$d, sb$55$d, sb$54$d, sb$53$d, sb$52$d,
    sb$51$d, sb$50$d, sb$49$d, sb$48$d, sb$47$d, sb$46$d, sb$45$d, sb$44$d, sb$43$d, sb$42$d,
    sb$41$d, sb$40$d, sb$39$d, sb$38$d, sb$37$d, sb$36$d, sb$35$d, sb$34$d, sb$33$d, sb$32$d,
    sb$31$d, sb$30$d, sb$29$d, sb$28$d, sb$27$d, sb$26$d, sb$25$d, sb$24$d, sb$23$d, sb$22$d,
    sb$21$d, sb$20$d, sb$19$d, sb$18$d, sb$17$d, sb$16$d, sb$15$d, sb$14$d, sb$13$d, sb$12$d,
    sb$11$d, sb$10$d, sb$9$d, sb$8$d, sb$7$d, sb$6$d, sb$5$d, sb$4$d, sb$3$d, sb$2$d, sb$1$d,
    sb$0$d};

// per port: the arriving word's tail mark and route by dimension order (X first, then Y, then
// the host port 0: 1 +x, 2 -x, 3 +y, 4 -y), from its destination (x bits 2..4, y 5..7);
// per input VC: a flit arrives and is accepted (refused when the VC holds 8), and the slot
// behind its last flit
reg [19:0] fw_sbin;
reg [9:0] fw_acc;
reg [29:0] fw_ws;
reg [2:0] fw_dx, fw_dy, fw_r;
// per output VC: a flit sent on it (consuming a credit), a credit returned from downstream
// (last cycle's `cred_in`, through the delay register), and one applied: a return into a
// counter with every credit held is refused unless a flit takes a credit in the same cycle
reg [9:0] fw_cons, fw_ret, fw_give;
// per output, what the crossbar must drive next cycle: a flit (`_n`, this cycle's switch
// grant), the VC of the output VC its winner holds, the winning input port, whether the
// winner arrived in this cycle into an empty VC (then its word is the arriving one, not the
// RAM's), that word; and the same, remembered from last cycle (cleared by a reset, as the
// twin's registers are)
reg [4:0] fw_xg_n, fw_xvc_n, fw_xbyp_n, fw_xg, fw_xvc, fw_xbyp;
reg [14:0] fw_xsrc_n, fw_xsrc;
reg [79:0] fw_xword_n, fw_xword;
// last cycle's credits from downstream (the delay register's reference)
reg [4:0] fw_cin, fw_cinvc;
reg [15:0] fw_want;
reg fw_flits_ok, fw_credits_ok, fw_xbar_ok, fw_route_ok;
integer fw_a, fw_b, fw_v, fw_m;
always @(posedge clock) begin
    if (reset) begin
        fw_cin <= 5'd0;
        fw_cinvc <= 5'd0;
        fw_xg <= 5'd0;
        fw_xvc <= 5'd0;
        fw_xbyp <= 5'd0;
        fw_xsrc <= 15'd0;
        fw_xword <= 80'd0;
    end else begin
        fw_cin <= cred_in;
        fw_cinvc <= cred_in_vc;
        fw_xg <= fw_xg_n;
        fw_xvc <= fw_xvc_n;
        fw_xbyp <= fw_xbyp_n;
        fw_xsrc <= fw_xsrc_n;
        fw_xword <= fw_xword_n;
    end
end
always @(*) begin
    fw_flits_ok = 1'b1;
    fw_credits_ok = 1'b1;
    fw_xbar_ok = 1'b1;
    fw_route_ok = 1'b1;
    fw_cons = 10'd0;
    fw_ret = 10'd0;
    fw_give = 10'd0;
    fw_xg_n = 5'd0;
    fw_xvc_n = 5'd0;
    fw_xbyp_n = 5'd0;
    fw_xsrc_n = 15'd0;
    fw_xword_n = 80'd0;
    fw_want = 16'd0;
    for (fw_a = 0; fw_a < 5; fw_a = fw_a + 1) begin
        fw_dx = fw_fin[16*fw_a + 2 +: 3];
        fw_dy = fw_fin[16*fw_a + 5 +: 3];
        if (fw_dx > my_x) fw_r = 3'd1;
        else if (fw_dx < my_x) fw_r = 3'd2;
        else if (fw_dy > my_y) fw_r = 3'd3;
        else if (fw_dy < my_y) fw_r = 3'd4;
        else fw_r = 3'd0;
        fw_sbin[4*fw_a +: 4] = {fw_fin[16*fw_a + 1], fw_r};
        fw_acc[2*fw_a] = in_valid[fw_a] && !in_vc[fw_a] && fw_cnt[8*fw_a +: 4] != 4'd8;
        fw_acc[2*fw_a + 1] = in_valid[fw_a] && in_vc[fw_a] && fw_cnt[8*fw_a + 4 +: 4] != 4'd8;
    end
    for (fw_a = 0; fw_a < 10; fw_a = fw_a + 1)
        fw_ws[3*fw_a +: 3] = fw_head[4*fw_a +: 3] + fw_cnt[4*fw_a +: 3];

    // flits in the buffers: held next = held + accepted arrival - pop; a pop only from a VC
    // holding a flit or receiving one; the front slot moves by one per pop and stays in 0..7
    for (fw_a = 0; fw_a < 10; fw_a = fw_a + 1) begin
        if (fw_cnt_d[4*fw_a +: 4] != fw_cnt[4*fw_a +: 4] + fw_acc[fw_a] - fw_pop[fw_a])
            fw_flits_ok = 1'b0;
        if (fw_pop[fw_a] && fw_cnt[4*fw_a +: 4] == 4'd0 && !fw_acc[fw_a]) fw_flits_ok = 1'b0;
        if (fw_head[4*fw_a +: 4] > 4'd7) fw_flits_ok = 1'b0;
        if (fw_head_d[4*fw_a +: 4] != ((fw_head[4*fw_a +: 4] + fw_pop[fw_a]) & 4'd7))
            fw_flits_ok = 1'b0;
    end
    // per port: one VC popped at most; the RAM written exactly on an accepted arrival, with
    // the arriving word, at the slot behind its VC's last flit
    for (fw_a = 0; fw_a < 5; fw_a = fw_a + 1) begin
        if (fw_pop[2*fw_a] && fw_pop[2*fw_a + 1]) fw_flits_ok = 1'b0;
        if (fw_we[fw_a] != (fw_acc[2*fw_a] || fw_acc[2*fw_a + 1])) fw_flits_ok = 1'b0;
        if (fw_we[fw_a] && fw_wd[16*fw_a +: 16] != fw_fin[16*fw_a +: 16]) fw_flits_ok = 1'b0;
        if (fw_we[fw_a] && fw_wa[4*fw_a +: 4] != (in_vc[fw_a] ? {1'b1, fw_ws[3*(2*fw_a + 1) +: 3]}
                                                              : {1'b0, fw_ws[3*(2*fw_a) +: 3]}))
            fw_flits_ok = 1'b0;
    end

    // credits: per output VC, the flits sent on it (at most one a cycle, only with a credit),
    // the return applied, the count next cycle
    for (fw_a = 0; fw_a < 10; fw_a = fw_a + 1) begin
        fw_m = 0;
        for (fw_b = 0; fw_b < 10; fw_b = fw_b + 1)
            if (fw_pop[fw_b] && fw_ocv[4*fw_b +: 4] == fw_a) fw_m = fw_m + 1;
        fw_cons[fw_a] = fw_m != 0;
        if (fw_m > 1) fw_credits_ok = 1'b0;
        if (fw_cons[fw_a] && fw_used[4*fw_a +: 4] == 4'd8) fw_credits_ok = 1'b0;
        fw_ret[fw_a] = fw_cin[fw_a / 2] && fw_cinvc[fw_a / 2] == fw_a % 2;
        fw_give[fw_a] = fw_ret[fw_a] && (fw_used[4*fw_a +: 4] != 4'd0 || fw_cons[fw_a]);
        if (fw_used_d[4*fw_a +: 4] != fw_used[4*fw_a +: 4] + fw_cons[fw_a] - fw_give[fw_a])
            fw_credits_ok = 1'b0;
    end
    // the delay register holds last cycle's credit and its VC
    for (fw_a = 0; fw_a < 5; fw_a = fw_a + 1)
        if (fw_cdv[fw_a] != fw_cin[fw_a] || (fw_cdv[fw_a] && fw_cdvc[fw_a] != fw_cinvc[fw_a]))
            fw_credits_ok = 1'b0;

    // the crossbar: per input port, a VC popped exactly when the port won the switch, one
    // credit upstream per pop, on the popped VC; the popped VC is active, holds the output
    // port granted and an output VC of it, and the RAM reads its front slot
    for (fw_a = 0; fw_a < 5; fw_a = fw_a + 1) begin
        if ((fw_pop[2*fw_a] || fw_pop[2*fw_a + 1]) != (fw_sgrant[5*fw_a +: 5] != 5'd0))
            fw_xbar_ok = 1'b0;
        if (cred_out[fw_a] != (fw_pop[2*fw_a] || fw_pop[2*fw_a + 1])) fw_xbar_ok = 1'b0;
        if (cred_out[fw_a] && cred_out_vc[fw_a] != fw_pop[2*fw_a + 1]) fw_xbar_ok = 1'b0;
        // an active input VC's output port is the port of the output VC it holds
        for (fw_v = 0; fw_v < 2; fw_v = fw_v + 1)
            if (fw_st[2*(2*fw_a + fw_v) +: 2] == 2'd2
                    && fw_oport[4*(2*fw_a + fw_v) +: 4]
                       != {1'b0, fw_ocv[4*(2*fw_a + fw_v) + 1 +: 3]})
                fw_xbar_ok = 1'b0;
        for (fw_b = 0; fw_b < 5; fw_b = fw_b + 1) begin
            if (fw_sgrant[5*fw_a + fw_b]) fw_xg_n[fw_b] = 1'b1;
            for (fw_v = 0; fw_v < 2; fw_v = fw_v + 1)
                if (fw_sgrant[5*fw_a + fw_b] && fw_pop[2*fw_a + fw_v]) begin
                    if (fw_st[2*(2*fw_a + fw_v) +: 2] != 2'd2
                            || fw_oport[4*(2*fw_a + fw_v) +: 4] != fw_b
                            || fw_ocv[4*(2*fw_a + fw_v) + 1 +: 3] != fw_b)
                        fw_xbar_ok = 1'b0;
                    if (fw_ra[4*fw_a + 3] != fw_v
                            || fw_ra[4*fw_a +: 3] != fw_head[4*(2*fw_a + fw_v) +: 3])
                        fw_xbar_ok = 1'b0;
                    fw_xvc_n[fw_b] = fw_ocv[4*(2*fw_a + fw_v)];
                    fw_xsrc_n[3*fw_b +: 3] = fw_a;
                    fw_xbyp_n[fw_b] = fw_cnt[4*(2*fw_a + fw_v) +: 4] == 4'd0;
                    fw_xword_n[16*fw_b +: 16] = fw_fin[16*fw_a +: 16];
                end
        end
    end
    // per output: a flit on the link exactly when the output was granted last cycle, on the
    // VC of the output VC its winner held, the word the RAM read at the winner's front slot
    // (or the word that arrived with it, when it left in the cycle it arrived)
    for (fw_b = 0; fw_b < 5; fw_b = fw_b + 1) begin
        if (out_valid[fw_b] != fw_xg[fw_b]) fw_xbar_ok = 1'b0;
        if (out_valid[fw_b] && out_vc[fw_b] != fw_xvc[fw_b]) fw_xbar_ok = 1'b0;
        fw_want = fw_xword[16*fw_b +: 16];
        for (fw_a = 0; fw_a < 5; fw_a = fw_a + 1)
            if (!fw_xbyp[fw_b] && fw_xsrc[3*fw_b +: 3] == fw_a) fw_want = fw_rd[16*fw_a +: 16];
        if (out_valid[fw_b] && (fw_xsrc[3*fw_b +: 3] > 3'd4 || fw_fout[16*fw_b +: 16] != fw_want))
            fw_xbar_ok = 1'b0;
    end

    // routes: per input VC and slot, the arriving flit's tail mark and route stored in the
    // slot behind the last flit, every other slot kept; the front flit's (`fsb`) read from the
    // front slot, or the arriving one's into an empty VC; the VC allocator asked only for the
    // output VCs of the front flit's route
    for (fw_a = 0; fw_a < 10; fw_a = fw_a + 1) begin
        for (fw_b = 0; fw_b < 8; fw_b = fw_b + 1) begin
            if (fw_acc[fw_a] && fw_ws[3*fw_a +: 3] == fw_b) begin
                if (fw_sb_d[4*(8*fw_a + fw_b) +: 4] != fw_sbin[4*(fw_a / 2) +: 4])
                    fw_route_ok = 1'b0;
            end else if (fw_sb_d[4*(8*fw_a + fw_b) +: 4] != fw_sb[4*(8*fw_a + fw_b) +: 4])
                fw_route_ok = 1'b0;
            if (fw_cnt[4*fw_a +: 4] != 4'd0 && fw_head[4*fw_a +: 4] == fw_b
                    && fw_fsb[4*fw_a +: 4] != fw_sb[4*(8*fw_a + fw_b) +: 4])
                fw_route_ok = 1'b0;
        end
        if (fw_cnt[4*fw_a +: 4] == 4'd0 && fw_acc[fw_a]
                && fw_fsb[4*fw_a +: 4] != fw_sbin[4*(fw_a / 2) +: 4])
            fw_route_ok = 1'b0;
        for (fw_b = 0; fw_b < 10; fw_b = fw_b + 1)
            if (fw_vreq[10*fw_a + fw_b] && fw_fsb[4*fw_a +: 3] != fw_b / 2) fw_route_ok = 1'b0;
    end
end

// property vc_grants_onehot: each input VC is granted at most one output VC, one it asked
// for, and no output VC is granted twice
always @(*) if (!fw_init) assert(fw_va_ok);

// property switch_grants_onehot: each input port is granted at most one output port, one in
// its switch-allocation request row (`srow`), and no output is granted twice
always @(*) if (!fw_init) assert(fw_sa_ok);

// property no_buffer_overflow: no input VC holds more than its 8 flits, and a flit arriving
// at a full VC is not written
always @(*) if (!fw_init) assert(fw_cnt_ok);
always @(*) if (!fw_init) begin
    for (fw_i = 0; fw_i < 10; fw_i = fw_i + 1)
        if (fw_cnt[4*fw_i +: 4] == 4'd8) assert(!fw_arrive[fw_i]);
end

// property credits_in_range: every output VC's credits in use stay within 0..8 (credits held
// within 0..depth)
always @(*) if (!fw_init) assert(fw_used_ok);

// property output_vc_owned_once: an output VC is held exactly when one active input VC holds
// it, and an active input VC holds an existing output VC
always @(*) if (!fw_init) assert(fw_owned_ok);

// property vc_released_after_tail: outside a reset, a held output VC is released only in the
// cycle its packet's tail leaves
always @(*) if (!fw_init && !reset) assert((fw_busy & ~fw_busy_d & ~fw_tail_leaves) == 10'd0);

// property flit_accounting: per input VC, the flits held next cycle are those held plus an
// accepted arrival (refused into a full VC) minus a pop, a pop only from a VC holding a flit
// or receiving one, one VC popped per port, the front slot (0..7) moving by one per pop; the
// flit RAM written exactly on an accepted arrival, with the arriving word, at the slot behind
// its VC's last flit
always @(*) if (!fw_init) assert(fw_flits_ok);

// property credit_accounting: per output VC, credits in use next cycle are those in use plus
// one for a flit sent on it (at most one a cycle, only with a credit) minus one for a credit
// returned from downstream 2 cycles before (`cred_in`, `cred_in_vc`, through the delay
// register), refused when none is in use unless a flit takes one the same cycle
always @(*) if (!fw_init) assert(fw_credits_ok);

// property crossbar_delivers_winner: an input VC is popped exactly when its port wins the
// switch, and only an active one holding the output granted and an output VC of it (an
// active input VC's output port is always its output VC's port); one credit goes upstream per
// pop (`cred_out`), on the popped VC (`cred_out_vc`); an output drives a flit (`out_valid`)
// exactly when it was granted the cycle before, on the VC of the output VC its winner held
// (`out_vc`), the word (`flit_out<o>`) the RAM read at the winner's front slot, or the
// winner's arriving word when it left in the cycle it arrived (the RAM's contents are not
// reachable: that the word read is the one written there is not bound)
always @(*) if (!fw_init) assert(fw_xbar_ok);

// property route_is_dor: the tail mark and route stored with an accepted flit, in the slot
// behind its VC's last flit, are its tail bit and the dimension-order route of its
// destination against `my_x`, `my_y` (X first, then Y, then port 0); other slots keep
// theirs; the front flit's route is its slot's (or the arriving one's into an empty VC), and
// a head asks the VC allocator only for output VCs of that route's port
always @(*) if (!fw_init) assert(fw_route_ok);
