// Properties of fw_ir_fir (the IR/FIR routing unit of a 4-ary 4-tree switch, src/hdl/ir_fir.rs,
// model blocks::ir_fir), proven by `flitwave rtl prove ir_fir` (docs/rtl.md §Proofs). Spliced into
// fw_ir_fir before its `endmodule`: `fi$p$q`, `li$p$q`, `mr$p$q`, `rrr$p$q` are the FI, LI, MR and
// RRR registers of output port p (8 ports, 8-bit destinations), written through the configuration
// port (`cfg_we`, `cfg_port`, `cfg_sel` 0 FI / 1 LI / 2 MR / 3 RRR, `cfg_data`). `fw_init` is high
// in the first cycle, a reset. No assumption: the properties hold for any input sequence.
// depth 2: the properties look at most one cycle back ($past); 2-induction proves them
// (5 s) where 20 cycles took 9 s (user CPU, `flitwave rtl prove ir_fir`).

// the registers of all ports side by side, port p in bits 8p+7..8p
wire [63:0] fw_fi = {fi$7$q, fi$6$q, fi$5$q, fi$4$q, fi$3$q, fi$2$q, fi$1$q, fi$0$q};
wire [63:0] fw_li = {li$7$q, li$6$q, li$5$q, li$4$q, li$3$q, li$2$q, li$1$q, li$0$q};
wire [63:0] fw_mr = {mr$7$q, mr$6$q, mr$5$q, mr$4$q, mr$3$q, mr$2$q, mr$1$q, mr$0$q};
wire [63:0] fw_rrr = {rrr$7$q, rrr$6$q, rrr$5$q, rrr$4$q, rrr$3$q, rrr$2$q, rrr$1$q, rrr$0$q};
// the four registers as one 256-bit vector, register k (0 FI .. 3 RRR) of port p at 64k + 8p
wire [255:0] fw_regs = {fw_rrr, fw_mr, fw_li, fw_fi};

// property allowed_within_hit: only a port whose interval holds the destination is allowed
always @(*) if (!fw_init) assert((allowed & ~hit) == 8'd0);

// property hit_is_cyclic_interval: hit[p] exactly when dest & MR[p] lies in the cyclic interval [FI[p], LI[p]]

// stated independently of the twin's two comparators: d is in [FI, LI] (cyclically) iff
// (d - FI) mod 256 <= (LI - FI) mod 256, which covers FI <= LI and the wrap-around alike
reg [7:0] fw_hit_spec;
reg [7:0] fw_off, fw_len;
integer fw_p;
always @(*) begin
    for (fw_p = 0; fw_p < 8; fw_p = fw_p + 1) begin
        fw_off = (dest & fw_mr[8*fw_p +: 8]) - fw_fi[8*fw_p +: 8];
        fw_len = fw_li[8*fw_p +: 8] - fw_fi[8*fw_p +: 8];
        fw_hit_spec[fw_p] = fw_off <= fw_len;
    end
end
always @(*) if (!fw_init) assert(hit == fw_hit_spec);

// property allowed_by_rrr: a hit port is allowed exactly when no port its RRR prefers also hits
reg [7:0] fw_allowed_spec;
integer fw_q;
always @(*)
    for (fw_q = 0; fw_q < 8; fw_q = fw_q + 1)
        fw_allowed_spec[fw_q] = hit[fw_q] && (fw_rrr[8*fw_q +: 8] & hit) == 8'd0;
always @(*) if (!fw_init) assert(allowed == fw_allowed_spec);

// property config_writes: reset clears every register; otherwise a register changes only by a write addressed to it, and takes cfg_data
integer fw_k, fw_r;
reg fw_cfg_ok;
always @(posedge clock) if (!fw_init) begin
    fw_cfg_ok = 1'b1;
    for (fw_k = 0; fw_k < 4; fw_k = fw_k + 1)
        for (fw_r = 0; fw_r < 8; fw_r = fw_r + 1)
            if ($past(reset)) begin
                if (fw_regs[64*fw_k + 8*fw_r +: 8] != 8'd0) fw_cfg_ok = 1'b0;
            end else if ($past(cfg_we) && $past(cfg_port) == fw_r && $past(cfg_sel) == fw_k) begin
                if (fw_regs[64*fw_k + 8*fw_r +: 8] != $past(cfg_data)) fw_cfg_ok = 1'b0;
            end else if (fw_regs[64*fw_k + 8*fw_r +: 8] != $past(fw_regs[64*fw_k + 8*fw_r +: 8])) fw_cfg_ok = 1'b0;
    assert(fw_cfg_ok);
end

// property power_on_routes_everywhere: after reset, until the first write, every port hits and is allowed for every destination
reg fw_written;
always @(posedge clock)
    if (reset) fw_written <= 1'b0;
    else if (cfg_we) fw_written <= 1'b1;
always @(*) if (!fw_init && !fw_written) assert(hit == 8'hff && allowed == 8'hff);
// helper (makes it inductive): no register has left its power-on value 0 before the first write
always @(*) if (!fw_init && !fw_written) assert(fw_regs == 256'd0);
