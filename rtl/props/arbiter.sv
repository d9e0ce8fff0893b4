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

// property pointer_update: ptr shows the pointer; after a cycle with a request the pointer is
// the input after the one granted (7 wraps to 0), after one without it holds; 0 after a reset
reg [2:0] fw_gidx;
integer fw_g;
always @(*) begin
    fw_gidx = 3'd0;
    for (fw_g = 0; fw_g < 8; fw_g = fw_g + 1) if (grant[fw_g]) fw_gidx = fw_g;
end
always @(*) if (!fw_init) assert(ptr == ptr_r$q);
always @(posedge clock) if (!fw_init)
    assert(ptr_r$q == ($past(reset) ? 3'd0 : $past(req) != 8'd0 ? $past(fw_gidx) + 3'd1 : $past(ptr_r$q)));

// property no_starvation: every input (each of the 8, not only input 0) that requests without
// pause is granted within 8 cycles: none is refused 8 cycles in a row

// fw_wait holds one 4-bit counter per input, input k in bits 4k+3..4k: the cycles it has
// requested and been refused in a row; the assertion covers all 8 counters
reg [31:0] fw_wait;
reg fw_fair;
integer fw_k;
always @(posedge clock)
    for (fw_k = 0; fw_k < 8; fw_k = fw_k + 1)
        if (reset || !req[fw_k] || grant[fw_k]) fw_wait[4*fw_k +: 4] <= 4'd0;
        else fw_wait[4*fw_k +: 4] <= fw_wait[4*fw_k +: 4] + 4'd1;
always @(*) begin
    fw_fair = 1'b1;
    for (fw_k = 0; fw_k < 8; fw_k = fw_k + 1)
        if (fw_wait[4*fw_k +: 4] >= 4'd8) fw_fair = 1'b0;
end
always @(*) if (!fw_init) assert(fw_fair);
