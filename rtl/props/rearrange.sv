// Properties of fw_rearrange (the rearrange-buffer controller of seed 004's sequenced NIC,
// src/hdl/rearrange.rs, model blocks::nic::rearrange), proven by `flitwave rtl prove rearrange`
// (docs/rtl.md §Proofs). Spliced into fw_rearrange before its `endmodule`: per connection c
// `exp$c$q` is the next sequence number expected, `map$c$q` the stored bitmap relative to it,
// `cused$c$q` its bytes stored; `total$q` the bytes stored in all; `s_kind$q` (S_IDLE, S_DELIVER,
// S_ACK, S_NACK), `s_conn$q`, `s_sn$q`, `s_cnt$q`, `s_mask$q` the action sequencer. `fw_init` is
// high in the first cycle, a reset.
// Assumption (the twin's documented bound, also what the lockstep stimulus and the NIC obey):
// a source keeps at most 8 packets of a connection unacknowledged, so an arrival taken is a
// duplicate of a delivered packet (`sn < expected`) or inside the window (`sn - expected < 8`);
// beyond it `sn mod 8` would alias a slot of the window (docs of src/hdl/rearrange.rs).
// depth 2: the helper invariant fw_seq_ok makes both properties 2-inductive, so 2 cycles prove
// them for every reachable state; the model has about 28,000 gates and each unrolled cycle
// costs yosys-smtbmc about 25 s (20 cycles: some 20 minutes per property).

wire [95:0] fw_exp = {exp$3$q, exp$2$q, exp$1$q, exp$0$q};
wire [31:0] fw_map = {map$3$q, map$2$q, map$1$q, map$0$q};
wire [63:0] fw_cused = {cused$3$q, cused$2$q, cused$1$q, cused$0$q};
wire [23:0] fw_e_in = fw_exp[24*conn +: 24];
always @(*) if (!fw_init && arrive && ready) assume(sn < fw_e_in || sn - fw_e_in < 24'd8);

wire fw_deliver = act_valid && act_kind == 2'd0;
wire fw_ack = act_valid && act_kind == 2'd1;
wire fw_nack = act_valid && act_kind == 2'd2;

// fw_next[c]: how many packets of connection c have been DELIVERed since reset
reg [95:0] fw_next;
always @(posedge clock)
    if (reset) fw_next <= 96'd0;
    else if (fw_deliver) fw_next[24*act_conn +: 24] <= fw_next[24*act_conn +: 24] + 24'd1;
// fw_seq_ok: the helper invariant both properties need to be inductive: a delivery run ends at
// expected - 1 and starts at the next undelivered packet; an ACK names the last packet delivered;
// every other connection has delivered all it expects; the NACK mask is empty outside NACK runs
reg fw_seq_ok;
integer fw_c;
always @(*) begin
    fw_seq_ok = s_kind$q == S_NACK || s_mask$q == 8'd0;
    for (fw_c = 0; fw_c < 4; fw_c = fw_c + 1)
        if (s_kind$q == S_DELIVER && s_conn$q == fw_c) begin
            if (s_sn$q != fw_next[24*fw_c +: 24]) fw_seq_ok = 1'b0;
            if (s_sn$q + s_cnt$q + 24'd1 != fw_exp[24*fw_c +: 24]) fw_seq_ok = 1'b0;
        end else begin
            if (fw_next[24*fw_c +: 24] != fw_exp[24*fw_c +: 24]) fw_seq_ok = 1'b0;
            if (s_kind$q == S_ACK && s_conn$q == fw_c && s_sn$q + 24'd1 != fw_exp[24*fw_c +: 24]) fw_seq_ok = 1'b0;
        end
end

// property deliver_in_sequence: each connection's packets are DELIVERed in sequence order, 0, 1, 2, ... with none skipped or repeated
// (arrivals assumed duplicates or inside the window of 8)
always @(*) if (!fw_init && fw_deliver) assert(act_sn == fw_next[24*act_conn +: 24]);
always @(*) if (!fw_init) assert(fw_seq_ok);

// property ack_after_run: an ACK follows a DELIVER run of its connection and acknowledges cumulatively the last packet delivered
// (arrivals assumed duplicates or inside the window of 8)
always @(posedge clock) if (!fw_init && fw_ack) begin
    assert(act_sn + 24'd1 == fw_next[24*act_conn +: 24]);
    assert(!$past(reset) && $past(fw_deliver) && $past(act_conn) == act_conn && $past(act_sn) == act_sn);
end
always @(*) if (!fw_init) assert(fw_seq_ok);
