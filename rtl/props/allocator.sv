// Properties of fw_allocator (the switch allocator of the iq VC router, src/hdl/allocator.rs), a separable
// input-first allocator of 5 inputs x 5 outputs, proven by `flitwave rtl prove allocator`
// (docs/rtl.md §Proofs). Spliced into fw_allocator before its `endmodule`: bit 5*i + o of the
// request and grant vectors is input i and output o; `in_ptr$i$q` and `out_ptr$o$q` are the
// round-robin pointers. `fw_init` is high in the first cycle, a reset. No assumption on the
// requests.
// depth 2: every property relates one cycle to the next ($past); 2-induction proves them, where
// 20 cycles unroll the reference allocation 20 times.

wire [24:0] fw_r = {req_hi, req_lo};
wire [24:0] fw_g = {grant_hi, grant_lo};
wire [14:0] fw_ip = {in_ptr$4$q, in_ptr$3$q, in_ptr$2$q, in_ptr$1$q, in_ptr$0$q};
wire [14:0] fw_op = {out_ptr$4$q, out_ptr$3$q, out_ptr$2$q, out_ptr$1$q, out_ptr$0$q};
// per input: grants in its row; per output: grants in its column
reg fw_row_ok, fw_col_ok;
integer fw_i, fw_o, fw_n;
always @(*) begin
    fw_row_ok = 1'b1;
    fw_col_ok = 1'b1;
    for (fw_i = 0; fw_i < 5; fw_i = fw_i + 1) begin
        fw_n = 0;
        for (fw_o = 0; fw_o < 5; fw_o = fw_o + 1) fw_n = fw_n + fw_g[5*fw_i + fw_o];
        if (fw_n > 1) fw_row_ok = 1'b0;
    end
    for (fw_o = 0; fw_o < 5; fw_o = fw_o + 1) begin
        fw_n = 0;
        for (fw_i = 0; fw_i < 5; fw_i = fw_i + 1) fw_n = fw_n + fw_g[5*fw_i + fw_o];
        if (fw_n > 1) fw_col_ok = 1'b0;
    end
end

// The reference allocation (BookSim2's separable_input_first), written from the requests and
// the pointer registers with one round-robin rule: among a set of candidates, the first at or
// after the pointer, else the first of all (wrapping round). Stage 1: input i picks its
// requested output so; stage 2: output o grants, among the inputs that picked it, one so. A
// grant of (i, o) moves input i's pointer to the output after o and output o's to the input
// after i (wrapping); the other pointers hold.
reg [24:0] fw_pick, fw_ref;
reg [14:0] fw_ip_next, fw_op_next;
reg [4:0] fw_set, fw_at, fw_one;
integer fw_a, fw_b;
always @(*) begin
    fw_pick = 25'd0;
    fw_ref = 25'd0;
    fw_ip_next = fw_ip;
    fw_op_next = fw_op;
    for (fw_a = 0; fw_a < 5; fw_a = fw_a + 1) begin
        fw_set = fw_r[5*fw_a +: 5];
        fw_at = fw_set & ~((5'd1 << fw_ip[3*fw_a +: 3]) - 5'd1);
        fw_one = fw_at != 5'd0 ? fw_at & (~fw_at + 5'd1) : fw_set & (~fw_set + 5'd1);
        fw_pick[5*fw_a +: 5] = fw_one;
    end
    for (fw_b = 0; fw_b < 5; fw_b = fw_b + 1) begin
        for (fw_a = 0; fw_a < 5; fw_a = fw_a + 1) fw_set[fw_a] = fw_pick[5*fw_a + fw_b];
        fw_at = fw_set & ~((5'd1 << fw_op[3*fw_b +: 3]) - 5'd1);
        fw_one = fw_at != 5'd0 ? fw_at & (~fw_at + 5'd1) : fw_set & (~fw_set + 5'd1);
        for (fw_a = 0; fw_a < 5; fw_a = fw_a + 1)
            if (fw_one[fw_a]) begin
                fw_ref[5*fw_a + fw_b] = 1'b1;
                fw_ip_next[3*fw_a +: 3] = fw_b == 4 ? 3'd0 : fw_b + 1;
                fw_op_next[3*fw_b +: 3] = fw_a == 4 ? 3'd0 : fw_a + 1;
            end
    end
end

// property grant_to_requester: only a requested (input, output) pair is granted
always @(*) if (!fw_init) assert((fw_g & ~fw_r) == 25'd0);

// property one_output_per_input: no input is granted two outputs
always @(*) if (!fw_init) assert(fw_row_ok);

// property no_output_granted_twice: no output is granted to two inputs
always @(*) if (!fw_init) assert(fw_col_ok);

// property work_conserving: some pair is granted whenever some pair is requested
always @(*) if (!fw_init) assert((fw_r != 0) == (fw_g != 0));

// property pointers_in_range: every round-robin pointer names an existing input or output
reg fw_ptr_ok;
integer fw_k;
always @(*) begin
    fw_ptr_ok = 1'b1;
    for (fw_k = 0; fw_k < 5; fw_k = fw_k + 1) begin
        if (fw_ip[3*fw_k +: 3] >= 5) fw_ptr_ok = 1'b0;
        if (fw_op[3*fw_k +: 3] >= 5) fw_ptr_ok = 1'b0;
    end
end
always @(*) if (!fw_init) assert(fw_ptr_ok);

// property grants_are_reference: the grants are exactly the reference separable input-first
// allocation of the requests from the pointers (each input's first requested output at or
// after its pointer, each output's first picking input at or after its pointer)
always @(*) if (!fw_init) assert(fw_g == fw_ref);

// property pointer_update: in_ptrs and out_ptrs show the pointers; a grant of (i, o) moves
// input i's pointer to o + 1 and output o's to i + 1 (wrapping), the others hold; 0 after a
// reset
always @(*) if (!fw_init) assert(in_ptrs == fw_ip && out_ptrs == fw_op);
always @(posedge clock) if (!fw_init)
    assert(fw_ip == ($past(reset) ? 15'd0 : $past(fw_ip_next))
        && fw_op == ($past(reset) ? 15'd0 : $past(fw_op_next)));
