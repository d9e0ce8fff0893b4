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
// only with a grant or a tail), so 1-induction proves them from the reset state; the joint
// proof of this model (about 2,000 flip-flops and the five flit RAMs) takes about 75 s of CPU,
// where each further cycle of unrolling adds minutes. At depth 1 the bounded check sees the
// reset cycle only: testbenches/rtl_prove.rs seeks the seeded bug over 20 cycles.

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
