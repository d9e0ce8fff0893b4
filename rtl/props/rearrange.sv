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

// property counters_shown: used, mms and duplicates show the bytes stored, the MMS and the duplicates counter; q_expected, q_used and q_mbs show the queried connection's next expected number, bytes stored and MBS
// (arrivals assumed duplicates or inside the window of 8)
wire [63:0] fw_mbs = {mbs$3$q, mbs$2$q, mbs$1$q, mbs$0$q};
always @(*) if (!fw_init) assert(used == total$q && mms == mms_r$q && duplicates == n_dup$q
        && q_expected == fw_exp[24*q_conn +: 24] && q_used == fw_cused[16*q_conn +: 16]
        && q_mbs == fw_mbs[16*q_conn +: 16]);

// property ready_when_free: ready exactly when the action of this cycle is the last pending: the sequencer idle, sending an ACK, or sending the last NACK of its run
// (arrivals assumed duplicates or inside the window of 8)
always @(*) if (!fw_init) assert(ready == (!act_valid || fw_ack
        || (fw_nack && (s_mask$q & (s_mask$q - 8'd1)) == 8'd0)));

// property duplicates_and_mms: an arrival taken (arrive while ready) is a duplicate when its
// number is below the connection's expected one or its slot is already stored; the duplicates
// counter counts them; the MMS rises to the bytes stored plus the arrival's bytes (a 16-bit
// sum) when an out-of-order arrival (neither a duplicate nor the expected number) needs more,
// and holds otherwise (both 0 after a reset); arrivals assumed duplicates or inside the window of 8
wire [7:0] fw_m_in = fw_map[8*conn +: 8];
wire [23:0] fw_d_in = sn - fw_e_in;
wire fw_dup = sn < fw_e_in || (fw_d_in < 24'd8 && fw_m_in[fw_d_in[2:0]]);
wire fw_taken = arrive && ready;
wire fw_ooo = !fw_dup && sn != fw_e_in;
wire [15:0] fw_need = total$q + {5'd0, bytes};  // at the counters' 16 bits
always @(posedge clock) if (!fw_init) begin
    assert(n_dup$q == ($past(reset) ? 16'd0 : $past(n_dup$q) + $past(fw_taken && fw_dup)));
    assert(mms_r$q == ($past(reset) ? 16'd0
        : $past(fw_taken && fw_ooo && fw_need > mms_r$q) ? $past(fw_need) : $past(mms_r$q)));
end
