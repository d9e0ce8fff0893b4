// Properties of fw_itb (the NIC's in-transit-buffer detector / re-injection controller,
// src/hdl/itb.rs, model blocks::nic::itb), proven by `flitwave rtl prove itb` (docs/rtl.md
// §Proofs). Spliced into fw_itb before its `endmodule`: the descriptor ring has 8 entries
// (`e_valid$i$q`, `e_det$i$q` detect countdown, `e_dec$i$q` decided, `e_res$i$q` reserved,
// `e_spl$i$q` spilled), `rd$q` the front, `wr$q` the next free, `cnt$q` the occupancy.
// `fw_init` is high in the first cycle, a reset. No assumption: the properties hold for any
// input sequence.
// depth 2: every property is a relation between this cycle's registers and outputs;
// 2-induction proves them (11 s) where 20 cycles took 35 s (user CPU, `flitwave rtl prove itb`).

wire [7:0] fw_valid = {e_valid$7$q, e_valid$6$q, e_valid$5$q, e_valid$4$q, e_valid$3$q, e_valid$2$q, e_valid$1$q, e_valid$0$q};
wire [7:0] fw_dec = {e_dec$7$q, e_dec$6$q, e_dec$5$q, e_dec$4$q, e_dec$3$q, e_dec$2$q, e_dec$1$q, e_dec$0$q};
wire [7:0] fw_res = {e_res$7$q, e_res$6$q, e_res$5$q, e_res$4$q, e_res$3$q, e_res$2$q, e_res$1$q, e_res$0$q};
wire [7:0] fw_spl = {e_spl$7$q, e_spl$6$q, e_spl$5$q, e_spl$4$q, e_spl$3$q, e_spl$2$q, e_spl$1$q, e_spl$0$q};
wire [63:0] fw_det = {e_det$7$q, e_det$6$q, e_det$5$q, e_det$4$q, e_det$3$q, e_det$2$q, e_det$1$q, e_det$0$q};
// descriptors due for their pool decision this cycle
reg [7:0] fw_due;
integer fw_i;
always @(*)
    for (fw_i = 0; fw_i < 8; fw_i = fw_i + 1)
        fw_due[fw_i] = fw_valid[fw_i] && !fw_dec[fw_i] && fw_det[8*fw_i +: 8] == 8'd0;

// The front descriptor (at rd) and the pool decision of this cycle, from the registers: a
// packet due is decided now (reserved if its length fits in the pool left, else spilled),
// and a front packet decided this cycle counts as decided.
wire [159:0] fw_len = {e_len$7$q, e_len$6$q, e_len$5$q, e_len$4$q, e_len$3$q, e_len$2$q, e_len$1$q, e_len$0$q};
wire [7:0] fw_cmp = {e_cmp$7$q, e_cmp$6$q, e_cmp$5$q, e_cmp$4$q, e_cmp$3$q, e_cmp$2$q, e_cmp$1$q, e_cmp$0$q};
wire [95:0] fw_spc = {e_spc$7$q, e_spc$6$q, e_spc$5$q, e_spc$4$q, e_spc$3$q, e_spc$2$q, e_spc$1$q, e_spc$0$q};
reg [19:0] fw_due_len;
integer fw_l;
always @(*) begin
    fw_due_len = 20'd0;
    for (fw_l = 0; fw_l < 8; fw_l = fw_l + 1) if (fw_due[fw_l]) fw_due_len = fw_len[20*fw_l +: 20];
end
wire fw_fit = pool_r$q <= pool_size && fw_due_len <= pool_size - pool_r$q;
wire fw_fv = fw_valid[rd$q];
wire fw_fres = fw_due[rd$q] ? fw_fit : fw_res[rd$q];
wire fw_fspl = fw_due[rd$q] ? !fw_fit : fw_spl[rd$q];
wire fw_fcmp = fw_cmp[rd$q];
wire fw_fspc0 = fw_spc[12*rd$q +: 12] == 12'd0;
wire [7:0] fw_fdet = fw_det[8*rd$q +: 8];
wire fw_pop = send && send_last && cnt$q != 4'd0;
wire fw_take = start && (cnt$q != 4'd8 || fw_pop);

// property no_descriptor_overflow: the occupancy stays within 0..8, `count` and `full` show it, and the valid descriptors are exactly the ring from rd to wr
reg fw_ring_ok;
reg [2:0] fw_off;  // a descriptor's place in the ring counted from the front, mod 8
integer fw_k;
always @(*) begin
    fw_ring_ok = 1'b1;
    for (fw_k = 0; fw_k < 8; fw_k = fw_k + 1) begin
        fw_off = fw_k[2:0] - rd$q;
        if (fw_valid[fw_k] != ({1'b0, fw_off} < cnt$q)) fw_ring_ok = 1'b0;
    end
end
always @(*) if (!fw_init) begin
    assert(cnt$q <= 4'd8 && count == cnt$q && full == (cnt$q == 4'd8));
    assert(wr$q == rd$q + cnt$q[2:0]);
    assert(fw_ring_ok);
end

// property one_decision_each: at most one packet is due for its pool decision per cycle, reserve and spill never together, and a decided packet is reserved or spilled, never both
always @(*) if (!fw_init) begin
    assert((fw_due & (fw_due - 8'd1)) == 8'd0);
    assert(!(reserve && spill));
    assert((reserve || spill) == (fw_due != 8'd0));
    assert(((fw_res | fw_spl) & fw_valid & ~fw_dec) == 8'd0);
    assert((fw_res & fw_spl) == 8'd0);
    assert((fw_valid & ((fw_res | fw_spl) ^ fw_dec)) == 8'd0);
end
// helper (inductive strengthening): countdowns start at 75, and the undecided descriptors' countdowns are pairwise distinct (headers arrive on distinct cycles)
reg fw_distinct;
integer fw_a, fw_b;
always @(*) begin
    fw_distinct = 1'b1;
    for (fw_a = 0; fw_a < 8; fw_a = fw_a + 1) begin
        if (fw_det[8*fw_a +: 8] > 8'd75) fw_distinct = 1'b0;
        for (fw_b = fw_a + 1; fw_b < 8; fw_b = fw_b + 1)
            if (fw_valid[fw_a] && !fw_dec[fw_a] && fw_valid[fw_b] && !fw_dec[fw_b]
                    && fw_det[8*fw_a +: 8] == fw_det[8*fw_b +: 8]) fw_distinct = 1'b0;
    end
end
always @(*) if (!fw_init) assert(fw_distinct);

// property pool_decision: a packet due is reserved exactly when its length fits in the pool
// left (pool_size - pool), else spilled; pool shows the pool in use, which grows by the
// length reserved and shrinks by one for each flit of a reserved front packet sent (0 after a
// reset)
always @(*) if (!fw_init) assert(pool == pool_r$q
        && reserve == (fw_due != 8'd0 && fw_fit) && spill == (fw_due != 8'd0 && !fw_fit));
always @(posedge clock) if (!fw_init)
    assert(pool_r$q == ($past(reset) ? 20'd0
        : $past(pool_r$q) + ($past(reserve) ? $past(fw_due_len) : 20'd0) - ($past(send && fw_fres) ? 20'd1 : 20'd0)));

// property front_outputs: ready, avail and state are those of the front descriptor: ready
// when none of it is sent and it is reserved, or spilled with its tail in and its spill
// countdown done; avail when all of it is in or fewer flits are sent than received; state
// IDLE (no descriptor), REINJECT (some sent), DETECT (countdown above 32), PROGRAM
// (undecided), SPILL (spilled, not ready), else READY
wire fw_ready = fw_fv && sent$q == 20'd0 && (fw_fres || (fw_fspl && fw_fcmp && fw_fspc0));
always @(*) if (!fw_init) assert(ready == fw_ready
        && avail == (fw_fv && (fw_fcmp || sent$q < rx_cnt$q))
        && state == (!fw_fv ? ST_IDLE : sent$q != 20'd0 ? ST_REINJECT : fw_fdet > 8'd32 ? ST_DETECT
            : !(fw_fres || fw_fspl) ? ST_PROGRAM : fw_fspl && !fw_ready ? ST_SPILL : ST_READY));

// property ring_update: a start is taken when the ring is not full or the front leaves the
// same cycle, the front leaves on a send of its last flit; the occupancy moves by takes minus
// departures, rd and wr by one on each, and sent counts the front packet's sends, 0 after its
// last (all 0 after a reset); a descriptor taken is valid, of the start's length, undecided,
// incomplete, its countdown at 75
always @(posedge clock) if (!fw_init) begin
    assert(cnt$q == ($past(reset) ? 4'd0 : $past(cnt$q) + $past(fw_take) - $past(fw_pop)));
    assert(rd$q == ($past(reset) ? 3'd0 : $past(rd$q) + $past(fw_pop)));
    assert(wr$q == ($past(reset) ? 3'd0 : $past(wr$q) + $past(fw_take)));
    assert(sent$q == ($past(reset) || $past(fw_pop) ? 20'd0 : $past(sent$q) + $past(send)));
    if (!$past(reset) && $past(fw_take))
        assert(fw_valid[$past(wr$q)] && fw_len[20*$past(wr$q) +: 20] == $past(len)
            && !fw_dec[$past(wr$q)] && !fw_cmp[$past(wr$q)] && fw_det[8*$past(wr$q) +: 8] == 8'd75);
end

// property descriptor_update: each descriptor's next state (outside a reset; a descriptor
// taken is ring_update's): its detect countdown falls by one to 0; a descriptor due is decided,
// reserved or spilled as pool_decision says, and keeps that; the tail (rx with rx_tail) marks
// the newest descriptor (at wr - 1) complete and loads its spill countdown with 3199, which
// then falls by one to 0 while complete; it leaves the ring when it is the front and the front
// leaves; its length holds. rx_cnt counts the flits received, and restarts from 0 on a start
// taken without a flit received the same cycle (0 after a reset)

// the registers and decisions of the cycle before
reg [63:0] fw_p_det;
reg [95:0] fw_p_spc;
reg [159:0] fw_p_len;
reg [7:0] fw_p_valid, fw_p_dec, fw_p_res, fw_p_spl, fw_p_cmp, fw_p_due;
reg [2:0] fw_p_wr, fw_p_rd;
reg [19:0] fw_p_rxcnt;
reg fw_p_fit, fw_p_take, fw_p_pop, fw_p_tail, fw_p_rx, fw_p_reset;
always @(posedge clock) begin
    {fw_p_det, fw_p_spc, fw_p_len} <= {fw_det, fw_spc, fw_len};
    {fw_p_valid, fw_p_dec, fw_p_res, fw_p_spl, fw_p_cmp, fw_p_due} <= {fw_valid, fw_dec, fw_res, fw_spl, fw_cmp, fw_due};
    {fw_p_wr, fw_p_rd, fw_p_rxcnt} <= {wr$q, rd$q, rx_cnt$q};
    {fw_p_fit, fw_p_take, fw_p_pop, fw_p_tail, fw_p_rx, fw_p_reset} <= {fw_fit, fw_take, fw_pop, rx && rx_tail, rx, reset};
end
reg fw_desc_ok, fw_tail_d;
wire [2:0] fw_p_back = fw_p_wr - 3'd1;  // the newest descriptor of the cycle before
reg [7:0] fw_pd;
reg [11:0] fw_ps;
integer fw_d;
always @(*) begin
    fw_desc_ok = 1'b1;
    for (fw_d = 0; fw_d < 8; fw_d = fw_d + 1) begin
        fw_pd = fw_p_det[8*fw_d +: 8];
        fw_ps = fw_p_spc[12*fw_d +: 12];
        fw_tail_d = fw_p_tail && fw_p_back == fw_d;
        if (fw_p_take && fw_p_wr == fw_d) begin
            if (fw_res[fw_d] || fw_spl[fw_d] || fw_spc[12*fw_d +: 12] != 12'd0) fw_desc_ok = 1'b0;
        end else begin
            if (fw_det[8*fw_d +: 8] != (fw_pd == 8'd0 ? 8'd0 : fw_pd - 8'd1)) fw_desc_ok = 1'b0;
            if (fw_dec[fw_d] != (fw_p_dec[fw_d] || fw_p_due[fw_d])) fw_desc_ok = 1'b0;
            if (fw_res[fw_d] != (fw_p_due[fw_d] ? fw_p_fit : fw_p_res[fw_d])) fw_desc_ok = 1'b0;
            if (fw_spl[fw_d] != (fw_p_due[fw_d] ? !fw_p_fit : fw_p_spl[fw_d])) fw_desc_ok = 1'b0;
            if (fw_len[20*fw_d +: 20] != fw_p_len[20*fw_d +: 20]) fw_desc_ok = 1'b0;
            if (fw_valid[fw_d] != (fw_p_valid[fw_d] && !(fw_p_pop && fw_p_rd == fw_d))) fw_desc_ok = 1'b0;
            if (fw_cmp[fw_d] != (fw_p_cmp[fw_d] || fw_tail_d)) fw_desc_ok = 1'b0;
            if (fw_spc[12*fw_d +: 12] != (fw_tail_d ? 12'd3199
                    : fw_p_cmp[fw_d] && fw_ps != 12'd0 ? fw_ps - 12'd1 : fw_ps)) fw_desc_ok = 1'b0;
        end
    end
end
always @(*) if (!fw_init && !fw_p_reset) assert(fw_desc_ok
        && rx_cnt$q == (fw_p_rx ? fw_p_rxcnt + 20'd1 : fw_p_take ? 20'd0 : fw_p_rxcnt));
always @(posedge clock) if (!fw_init && $past(reset)) assert(rx_cnt$q == 20'd0);
