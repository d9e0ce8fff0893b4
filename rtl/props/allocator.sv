// Properties of fw_allocator (the switch allocator of the iq VC router, src/hdl/allocator.rs), a separable
// input-first allocator of 5 inputs x 5 outputs, proven by `flitwave rtl prove allocator`
// (docs/rtl.md §Proofs). Spliced into fw_allocator before its `endmodule`: bit 5*i + o of the
// request and grant vectors is input i and output o. `fw_init` is high in the first cycle, a
// reset. No assumption on the requests.

wire [24:0] fw_r = {req_hi, req_lo};
wire [24:0] fw_g = {grant_hi, grant_lo};
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
        if (in_ptrs[3*fw_k +: 3] >= 5) fw_ptr_ok = 1'b0;
        if (out_ptrs[3*fw_k +: 3] >= 5) fw_ptr_ok = 1'b0;
    end
end
always @(*) if (!fw_init) assert(fw_ptr_ok);
