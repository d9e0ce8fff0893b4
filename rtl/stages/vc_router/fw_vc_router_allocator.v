// fw_vc_router_allocator: separable input-first round-robin allocator of N inputs x N outputs, the
// VC router's VC allocator (N = 10 input VCs x 10 output VCs) and switch allocator (N = 5
// ports). Stage 1: each input picks its first requested output at or after its pointer
// (wrapping round). Stage 2: each output grants the first of the inputs that picked it, at or
// after its pointer. Pointers move one past the winner, for granted pairs only. Grants are
// combinational (the same cycle as the requests); the pointers are the registers.
// Model: blocks::allocator::SeparableInputFirst (BookSim2's separable_input_first); twin:
// src/hdl/allocator.rs, and the router twin's copies in src/hdl/vc_router/logic.rs.

module fw_vc_router_allocator #(
    parameter N     = 10,  // inputs = outputs
    parameter PTR_W = 4    // pointer bits
) (
    input  wire             clock,
    input  wire             reset,
    input  wire [N*N-1:0]   req,    // row i (bits N*i +: N): the outputs input i requests
    output reg  [N*N-1:0]   grant   // row i: the output granted to input i (at most one bit)
);

    localparam [N-1:0] ONE = 1;

    // the pointers: in_ptr[i] over outputs, out_ptr[o] over inputs
    wire [PTR_W-1:0] in_ptr  [0:N-1];
    wire [PTR_W-1:0] out_ptr [0:N-1];
    reg  [PTR_W-1:0] in_ptr_d  [0:N-1];
    reg  [PTR_W-1:0] out_ptr_d [0:N-1];

    // stage 1: each input's pick (one-hot over outputs)
    reg [N-1:0] pick [0:N-1];
    reg [N-1:0] imask;
    // stage 2: per output, the inputs that picked it, and the winner (one-hot over inputs)
    reg [N-1:0] col  [0:N-1];
    reg [N-1:0] win  [0:N-1];
    reg [N-1:0] omask;
    integer i, o;

    // the pointer value after x (wrapping round at N)
    function [PTR_W-1:0] succ(input integer x);
        succ = (x + 1 == N) ? {PTR_W{1'b0}} : x[PTR_W-1:0] + 1'b1;
    endfunction

    always @(*) begin
        for (i = 0; i < N; i = i + 1) begin
            imask = req[N*i +: N] & ~((ONE << in_ptr[i]) - ONE);
            if (|imask) pick[i] = imask & (~imask + ONE);
            else        pick[i] = req[N*i +: N] & (~req[N*i +: N] + ONE);
        end
        grant = {N*N{1'b0}};
        for (i = 0; i < N; i = i + 1) in_ptr_d[i] = in_ptr[i];
        for (o = 0; o < N; o = o + 1) begin
            out_ptr_d[o] = out_ptr[o];
            col[o] = {N{1'b0}};
            for (i = 0; i < N; i = i + 1)
                if (pick[i][o]) col[o] = col[o] | (ONE << i);
            omask = col[o] & ~((ONE << out_ptr[o]) - ONE);
            if (|omask) win[o] = omask & (~omask + ONE);
            else        win[o] = col[o] & (~col[o] + ONE);
            for (i = 0; i < N; i = i + 1)
                if (win[o][i]) begin
                    out_ptr_d[o] = succ(i);
                    in_ptr_d[i]  = succ(o);
                    grant[N*i + o] = 1'b1;
                end
        end
    end

    genvar g;
    generate
        for (g = 0; g < N; g = g + 1) begin : g_ptr
            reg [PTR_W-1:0] in_q, out_q;
            always @(posedge clock) begin
                if (reset) begin
                    in_q  <= {PTR_W{1'b0}};
                    out_q <= {PTR_W{1'b0}};
                end else begin
                    in_q  <= in_ptr_d[g];
                    out_q <= out_ptr_d[g];
                end
            end
            assign in_ptr[g]  = in_q;
            assign out_ptr[g] = out_q;
        end
    endgenerate

endmodule
