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
