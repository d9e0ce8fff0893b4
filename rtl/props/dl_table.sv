// Properties of fw_dl_table (the DL routing-table unit of RHiNET-2/SW, src/hdl/dl_table.rs;
// model src/blocks/dl_table.rs), proven by `flitwave rtl prove dl_table` (docs/rtl.md §Proofs).
// Spliced into fw_dl_table before its `endmodule`: the names are the module's own (`req_q$q`
// the lookup in flight, `layers$q` the layer count). `fw_init` is high in the first cycle,
// which is a reset. No assumption: the properties hold for any configuration writes and
// lookups. The table RAMs have no reset and no defined power-on contents, and their arrays
// cannot be named here, so the table properties speak of entries written through the
// configuration port a bounded number of cycles before the lookup (any cycles in between are
// unconstrained: other writes, including to the same entry in the lookup's own cycle).
// depth 4: the table properties reach 3 cycles back; 4-induction proves every property in about
// a second each, where 20 cycles unroll the 256-entry RAM for up to a minute per property.

// the inputs of the last three cycles (fw_v*: that cycle exists since power-on)
reg fw_v1 = 1'b0, fw_v2 = 1'b0, fw_v3 = 1'b0;
reg fw_we1, fw_we2, fw_we3, fw_req1, fw_rst1;
reg [1:0] fw_sel1, fw_sel2, fw_sel3;
reg [7:0] fw_addr1, fw_addr2, fw_addr3, fw_dest1;
reg [3:0] fw_data1, fw_data2, fw_data3;
reg [2:0] fw_port1, fw_vc1;
always @(posedge clock) begin
    {fw_v1, fw_v2, fw_v3} <= {1'b1, fw_v1, fw_v2};
    {fw_we1, fw_we2, fw_we3} <= {cfg_we, fw_we1, fw_we2};
    {fw_sel1, fw_sel2, fw_sel3} <= {cfg_sel, fw_sel1, fw_sel2};
    {fw_addr1, fw_addr2, fw_addr3} <= {cfg_addr, fw_addr1, fw_addr2};
    {fw_data1, fw_data2, fw_data3} <= {cfg_data, fw_data1, fw_data2};
    {fw_req1, fw_rst1, fw_dest1, fw_port1, fw_vc1} <= {req, reset, dest, in_port, in_vc};
end
// the lookup of the last cycle (not cut off by a reset)
wire fw_looked = fw_v1 && fw_req1 && !fw_rst1;

// a lookup preceded by a write of the port entry p of its destination and then of the diff
// entry e at (its input port, p): its answer must be port p, VC (e absolute ? 0 : in_vc) +
// signed(e[2:0]) (fw_vi, as an integer), legal exactly when that lies in 0..layers-1
wire fw_routed = fw_v3 && fw_looked
        && fw_we3 && fw_sel3 == 2'd0 && fw_addr3 == fw_dest1
        && fw_we2 && fw_sel2 == 2'd1 && fw_addr2[5:3] == fw_port1 && fw_addr2[2:0] == fw_data3[2:0];
integer fw_vi;
always @(*) begin
    fw_vi = fw_data2[3] ? 0 : fw_vc1;
    fw_vi = fw_vi + fw_data2[2:0];
    if (fw_data2[2]) fw_vi = fw_vi - 8;
end

// property valid_follows_req: an answer is shown exactly the cycle after a lookup (none after a reset), and the outputs are all 0 without one
always @(*) if (!fw_init && fw_v1) assert(valid == (fw_req1 && !fw_rst1));
always @(*) if (!fw_init && !valid) assert(out_port == 3'd0 && out_vc == 3'd0 && !vc_ok);

// property vc_ok_in_range: a VC is declared legal only for an answer, and only below the layer count
always @(*) if (!fw_init && vc_ok) assert(valid && {1'b0, out_vc} < layers$q);

// property port_entry_written_is_read: a lookup returns the output port written for its destination in the cycle before, even if the entry is rewritten in the lookup's own cycle (writes land after the reads)
always @(*) if (!fw_init && fw_v2 && fw_looked
        && fw_we2 && fw_sel2 == 2'd0 && fw_addr2 == fw_dest1)
    assert(valid && out_port == fw_data2[2:0]);

// property lookup_route: written port entry p for the destination, then diff entry e at (in, p): the lookup answers port p and VC (e absolute ? 0 : in_vc) + signed(e[2:0])
always @(*) if (!fw_init && fw_routed) assert(valid && out_port == fw_data3[2:0] && out_vc == fw_vi[2:0]);

// property lookup_vc_legal: for such a lookup, vc_ok exactly when that VC lies in 0..layers-1 (a route leaving the layers is flagged, not wrapped)
always @(*) if (!fw_init && fw_routed) assert(vc_ok == (fw_vi >= 0 && fw_vi < $signed({1'b0, layers$q})));

// property port_entry_kept: a port entry written two cycles before a lookup and not written (cfg_we with select 0 at its address) in the cycle between is what the lookup returns
always @(*) if (!fw_init && fw_v3 && fw_looked
        && fw_we3 && fw_sel3 == 2'd0 && fw_addr3 == fw_dest1
        && !(fw_we2 && fw_sel2 == 2'd0 && fw_addr2 == fw_dest1))
    assert(valid && out_port == fw_data3[2:0]);

// property layers_written: the layer count is 0 after a reset, takes cfg_data on a write with select 2, and holds otherwise
always @(posedge clock) if (!fw_init)
    assert(layers$q == ($past(reset) ? 4'd0 : $past(cfg_we && cfg_sel == 2'd2) ? $past(cfg_data) : $past(layers$q)));
