// Properties of fw_arbiter (the 8-input round-robin arbiter, src/hdl/arbiter.rs), proven by
// `flitwave rtl prove arbiter` (docs/rtl.md §Proofs). Spliced into fw_arbiter before its
// `endmodule`; `ptr_r$q` is the pointer register. `fw_init` is high in the first cycle, a
// reset. No assumption on the requests.

// property grant_onehot: at most one grant, and one whenever some input requests
always @(*) if (!fw_init) assert((grant & (grant - 8'd1)) == 8'd0 && (grant != 0) == (req != 0) && valid == (req != 0));

// property grant_to_requester: only a requesting input is granted
always @(*) if (!fw_init) assert((grant & ~req) == 8'd0);

// property round_robin: the grant is the first requester at or after the pointer, wrapping round
wire [7:0] fw_from_ptr = req & ~((8'd1 << ptr_r$q) - 8'd1);
always @(*) if (!fw_init)
    assert(grant == (fw_from_ptr != 0 ? fw_from_ptr & (~fw_from_ptr + 8'd1) : req & (~req + 8'd1)));

// property no_starvation: an input requesting without pause is granted within 8 cycles
reg [3:0] fw_wait0;
always @(posedge clock)
    if (reset || !req[0] || grant[0]) fw_wait0 <= 4'd0;
    else fw_wait0 <= fw_wait0 + 4'd1;
always @(*) if (!fw_init) assert(fw_wait0 < 4'd8);
