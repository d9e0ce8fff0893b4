// Properties of fw_luc_ncb (the LUC/NCB exchange unit of a mesh router, src/hdl/luc_ncb.rs;
// model src/blocks/luc_ncb.rs), proven by `flitwave rtl prove luc_ncb` (docs/rtl.md §Proofs).
// Spliced into fw_luc_ncb before its `endmodule`: the names are the module's own (`ph$q` the
// phase counter, `cnt$q` the LUC, `snap_luc$q` and `snap1$<d>$q` the snapshots an exchange
// sends; directions 0..3 are +x, -x, +y, -y). Word kinds: 0 handshake, 1 LUC, 2 NCB, 3 pad.
// `fw_init` is high in the first cycle, which is a reset. No assumption: the properties hold
// for any heads, tails and received words (stray words at any phase included).
// depth 2: the properties look at most one cycle back ($past); 2-induction proves them
// (4 s) where 20 cycles took 24 s (user CPU, `flitwave rtl prove luc_ncb`).

// the words received this cycle, per direction: a LUC word (NCB 1-hop) or an NCB word (2-hop)
wire [3:0] fw_rx_luc = rx_valid & {rx_kind_my == 2'd1, rx_kind_py == 2'd1, rx_kind_mx == 2'd1, rx_kind_px == 2'd1};
wire [3:0] fw_rx_ncb = rx_valid & {rx_kind_my == 2'd2, rx_kind_py == 2'd2, rx_kind_mx == 2'd2, rx_kind_px == 2'd2};
// what an exchange must send: the LUC and the NCB 1-hop values as they stood at its phase 0
reg fw_seen;
reg [15:0] fw_luc0, fw_n0_px, fw_n0_mx, fw_n0_py, fw_n0_my;
always @(posedge clock)
    if (reset) fw_seen <= 1'b0;
    else if (phase == 7'd0) begin
        fw_seen <= 1'b1;
        fw_luc0 <= luc;
        fw_n0_px <= ncb1_px;
        fw_n0_mx <= ncb1_mx;
        fw_n0_py <= ncb1_py;
        fw_n0_my <= ncb1_my;
    end

// property phase_cycle: the phase stays in 0..99 and advances by one each cycle, wrapping from 99 to 0 (0 after a reset)
always @(*) if (!fw_init) assert(phase < 7'd100);
always @(posedge clock) if (!fw_init && !$past(fw_init))
    assert(phase == ($past(reset) || $past(phase) == 7'd99 ? 7'd0 : $past(phase) + 7'd1));

// property luc_saturating: the LUC moves by heads minus tails, saturating at 0 and 65535: it never goes negative nor wraps
// (0 after a reset)
always @(posedge clock) if (!fw_init && !$past(fw_init)) begin
    if ($past(reset)) assert(luc == 16'd0);
    else if ({1'b0, $past(luc)} + $past(heads) < $past(tails)) assert(luc == 16'd0);
    else if ({1'b0, $past(luc)} + $past(heads) - $past(tails) > 17'd65535) assert(luc == 16'hffff);
    else assert(luc == $past(luc) + $past(heads) - $past(tails));
end

// property exchange_schedule: the links are taken (halts, a word in every direction) exactly in phases 0..9: handshake, handshake, LUC, NCB, six pads; no word (kind 0, value 0) otherwise
wire [1:0] fw_kind = phase < 7'd2 ? 2'd0 : phase == 7'd2 ? 2'd1 : phase == 7'd3 ? 2'd2 : phase < 7'd10 ? 2'd3 : 2'd0;
always @(*) if (!fw_init) assert(phase < 7'd100 && halts == (phase < 7'd10)
        && tx_valid == (halts ? 4'hf : 4'h0)
        && tx_kind_px == fw_kind && tx_kind_mx == fw_kind && tx_kind_py == fw_kind && tx_kind_my == fw_kind
        && (phase == 7'd2 || phase == 7'd3
            || {tx_value_px, tx_value_mx, tx_value_py, tx_value_my} == 64'd0));

// property luc_word_is_snapshot: the LUC word of an exchange (phase 2) carries, in every direction, the LUC as it stood at the exchange's phase 0
always @(*) if (!fw_init && fw_seen) assert(snap_luc$q == fw_luc0);
always @(*) if (!fw_init && fw_seen && phase == 7'd2)
    assert(tx_value_px == fw_luc0 && tx_value_mx == fw_luc0 && tx_value_py == fw_luc0 && tx_value_my == fw_luc0);

// property ncb_word_is_opposite_ncb1: the NCB word of an exchange (phase 3) toward each direction carries the NCB 1-hop of the opposite direction as it stood at phase 0
always @(*) if (!fw_init && fw_seen)
    assert(snap1$0$q == fw_n0_px && snap1$1$q == fw_n0_mx && snap1$2$q == fw_n0_py && snap1$3$q == fw_n0_my);
always @(*) if (!fw_init && fw_seen && phase == 7'd3)
    assert(tx_value_px == fw_n0_mx && tx_value_mx == fw_n0_px && tx_value_py == fw_n0_my && tx_value_my == fw_n0_py);

// property ncb_follows_words: a received LUC word sets the NCB 1-hop of its direction and an NCB word its 2-hop, from the cycle it arrives; otherwise both hold
// (0 after a reset)
always @(posedge clock) if (!fw_init && !$past(fw_init)) begin
    assert(ncb1_px == (fw_rx_luc[0] ? rx_value_px : $past(reset) ? 16'd0 : $past(ncb1_px)));
    assert(ncb1_mx == (fw_rx_luc[1] ? rx_value_mx : $past(reset) ? 16'd0 : $past(ncb1_mx)));
    assert(ncb1_py == (fw_rx_luc[2] ? rx_value_py : $past(reset) ? 16'd0 : $past(ncb1_py)));
    assert(ncb1_my == (fw_rx_luc[3] ? rx_value_my : $past(reset) ? 16'd0 : $past(ncb1_my)));
    assert(ncb2_px == (fw_rx_ncb[0] ? rx_value_px : $past(reset) ? 16'd0 : $past(ncb2_px)));
    assert(ncb2_mx == (fw_rx_ncb[1] ? rx_value_mx : $past(reset) ? 16'd0 : $past(ncb2_mx)));
    assert(ncb2_py == (fw_rx_ncb[2] ? rx_value_py : $past(reset) ? 16'd0 : $past(ncb2_py)));
    assert(ncb2_my == (fw_rx_ncb[3] ? rx_value_my : $past(reset) ? 16'd0 : $past(ncb2_my)));
end
