// fw_allocator: tidy form written by `flitwave rtl emit` from src/hdl/allocator.rs (rust-hdl 0.46).
// Equivalent to rtl/allocator.v (the raw rust-hdl emission), proven by `flitwave rtl check`.
// Do not edit; regenerate instead. Checked by `flitwave rtl check` (docs/rtl.md).
// Clock: rising edge of `clock`. Reset: synchronous, active high (`reset`); no initial
// blocks, every register takes its power-on value from reset.

module fw_allocator(clock,reset,req_lo,req_hi,grant_lo,grant_hi,in_ptrs,out_ptrs);

    // Parameters: the configuration this module was generated for. Local, not
    // overridable: the logic is unrolled for these values; regenerate for others.
    localparam N        = 5; // inputs and outputs
    localparam PTR_W    = $clog2(N); // round-robin pointer
    localparam LO       = 3; // inputs in the low request word
    localparam REQ_LO_W = LO * N; // requests of inputs 0..LO, bit N*i + o
    localparam REQ_HI_W = (N - LO) * N; // requests of inputs LO..N
    localparam PTRS_W   = N * PTR_W; // pointers, packed

    // Module arguments
    input wire  clock;
    input wire  reset;
    input wire  [REQ_LO_W-1:0] req_lo;
    input wire  [REQ_HI_W-1:0] req_hi;
    output reg  [REQ_LO_W-1:0] grant_lo;
    output reg  [REQ_HI_W-1:0] grant_hi;
    output reg  [PTRS_W-1:0] in_ptrs;
    output reg  [PTRS_W-1:0] out_ptrs;

    // Constant declarations
    localparam  onehot_0 = 5'd1;
    localparam  onehot_1 = 5'd2;
    localparam  onehot_2 = 5'd4;
    localparam  onehot_3 = 5'd8;
    localparam  onehot_4 = 5'd16;
    localparam  ohlo_0 = 15'd1;
    localparam  ohlo_1 = 15'd2;
    localparam  ohlo_2 = 15'd4;
    localparam  ohlo_3 = 15'd8;
    localparam  ohlo_4 = 15'd16;
    localparam  ohlo_5 = 15'd32;
    localparam  ohlo_6 = 15'd64;
    localparam  ohlo_7 = 15'd128;
    localparam  ohlo_8 = 15'd256;
    localparam  ohlo_9 = 15'd512;
    localparam  ohlo_10 = 15'd1024;
    localparam  ohlo_11 = 15'd2048;
    localparam  ohlo_12 = 15'd4096;
    localparam  ohlo_13 = 15'd8192;
    localparam  ohlo_14 = 15'd16384;
    localparam  ohhi_0 = 10'd1;
    localparam  ohhi_1 = 10'd2;
    localparam  ohhi_2 = 10'd4;
    localparam  ohhi_3 = 10'd8;
    localparam  ohhi_4 = 10'd16;
    localparam  ohhi_5 = 10'd32;
    localparam  ohhi_6 = 10'd64;
    localparam  ohhi_7 = 10'd128;
    localparam  ohhi_8 = 10'd256;
    localparam  ohhi_9 = 10'd512;
    localparam  ohp_0 = 15'd1;
    localparam  ohp_1 = 15'd2;
    localparam  ohp_2 = 15'd4;
    localparam  ohp_3 = 15'd8;
    localparam  ohp_4 = 15'd16;
    localparam  ohp_5 = 15'd32;
    localparam  ohp_6 = 15'd64;
    localparam  ohp_7 = 15'd128;
    localparam  ohp_8 = 15'd256;
    localparam  ohp_9 = 15'd512;
    localparam  ohp_10 = 15'd1024;
    localparam  ohp_11 = 15'd2048;
    localparam  ohp_12 = 15'd4096;
    localparam  ohp_13 = 15'd8192;
    localparam  ohp_14 = 15'd16384;
    localparam  next_0 = 3'd1;
    localparam  next_1 = 3'd2;
    localparam  next_2 = 3'd3;
    localparam  next_3 = 3'd4;
    localparam  next_4 = 3'd0;

    // Registers (_q) and their next values (_d), and sub-module ports
    reg  [PTR_W-1:0] in_ptr_0_d;
    reg  [PTR_W-1:0] in_ptr_0_q;
    reg  [PTR_W-1:0] in_ptr_1_d;
    reg  [PTR_W-1:0] in_ptr_1_q;
    reg  [PTR_W-1:0] in_ptr_2_d;
    reg  [PTR_W-1:0] in_ptr_2_q;
    reg  [PTR_W-1:0] in_ptr_3_d;
    reg  [PTR_W-1:0] in_ptr_3_q;
    reg  [PTR_W-1:0] in_ptr_4_d;
    reg  [PTR_W-1:0] in_ptr_4_q;
    reg  [PTR_W-1:0] out_ptr_0_d;
    reg  [PTR_W-1:0] out_ptr_0_q;
    reg  [PTR_W-1:0] out_ptr_1_d;
    reg  [PTR_W-1:0] out_ptr_1_q;
    reg  [PTR_W-1:0] out_ptr_2_d;
    reg  [PTR_W-1:0] out_ptr_2_q;
    reg  [PTR_W-1:0] out_ptr_3_d;
    reg  [PTR_W-1:0] out_ptr_3_q;
    reg  [PTR_W-1:0] out_ptr_4_d;
    reg  [PTR_W-1:0] out_ptr_4_q;

    // Local signals
    reg  [N-1:0] row_0;
    reg  [N-1:0] row_1;
    reg  [N-1:0] row_2;
    reg  [N-1:0] row_3;
    reg  [N-1:0] row_4;
    reg  [N-1:0] imask_0;
    reg  [N-1:0] imask_1;
    reg  [N-1:0] imask_2;
    reg  [N-1:0] imask_3;
    reg  [N-1:0] imask_4;
    reg  [N-1:0] pick_0;
    reg  [N-1:0] pick_1;
    reg  [N-1:0] pick_2;
    reg  [N-1:0] pick_3;
    reg  [N-1:0] pick_4;
    reg  [N-1:0] col_0;
    reg  [N-1:0] col_1;
    reg  [N-1:0] col_2;
    reg  [N-1:0] col_3;
    reg  [N-1:0] col_4;
    reg  [N-1:0] omask_0;
    reg  [N-1:0] omask_1;
    reg  [N-1:0] omask_2;
    reg  [N-1:0] omask_3;
    reg  [N-1:0] omask_4;
    reg  [N-1:0] win_0;
    reg  [N-1:0] win_1;
    reg  [N-1:0] win_2;
    reg  [N-1:0] win_3;
    reg  [N-1:0] win_4;
    reg  [REQ_LO_W-1:0] glo;
    reg  [REQ_HI_W-1:0] ghi;
    reg  [PTRS_W-1:0] iacc;
    reg  [PTRS_W-1:0] oacc;

    // Update code
    always @(*) begin
        in_ptr_0_d = in_ptr_0_q;
        out_ptr_0_d = out_ptr_0_q;
        in_ptr_1_d = in_ptr_1_q;
        out_ptr_1_d = out_ptr_1_q;
        in_ptr_2_d = in_ptr_2_q;
        out_ptr_2_d = out_ptr_2_q;
        in_ptr_3_d = in_ptr_3_q;
        out_ptr_3_d = out_ptr_3_q;
        in_ptr_4_d = in_ptr_4_q;
        out_ptr_4_d = out_ptr_4_q;
        row_0 = 5'h0;
        if (req_lo[0]) begin
            row_0 = (row_0 | onehot_0);
        end
        if (req_lo[1]) begin
            row_0 = (row_0 | onehot_1);
        end
        if (req_lo[2]) begin
            row_0 = (row_0 | onehot_2);
        end
        if (req_lo[3]) begin
            row_0 = (row_0 | onehot_3);
        end
        if (req_lo[4]) begin
            row_0 = (row_0 | onehot_4);
        end
        row_1 = 5'h0;
        if (req_lo[5]) begin
            row_1 = (row_1 | onehot_0);
        end
        if (req_lo[6]) begin
            row_1 = (row_1 | onehot_1);
        end
        if (req_lo[7]) begin
            row_1 = (row_1 | onehot_2);
        end
        if (req_lo[8]) begin
            row_1 = (row_1 | onehot_3);
        end
        if (req_lo[9]) begin
            row_1 = (row_1 | onehot_4);
        end
        row_2 = 5'h0;
        if (req_lo[10]) begin
            row_2 = (row_2 | onehot_0);
        end
        if (req_lo[11]) begin
            row_2 = (row_2 | onehot_1);
        end
        if (req_lo[12]) begin
            row_2 = (row_2 | onehot_2);
        end
        if (req_lo[13]) begin
            row_2 = (row_2 | onehot_3);
        end
        if (req_lo[14]) begin
            row_2 = (row_2 | onehot_4);
        end
        row_3 = 5'h0;
        if (req_hi[0]) begin
            row_3 = (row_3 | onehot_0);
        end
        if (req_hi[1]) begin
            row_3 = (row_3 | onehot_1);
        end
        if (req_hi[2]) begin
            row_3 = (row_3 | onehot_2);
        end
        if (req_hi[3]) begin
            row_3 = (row_3 | onehot_3);
        end
        if (req_hi[4]) begin
            row_3 = (row_3 | onehot_4);
        end
        row_4 = 5'h0;
        if (req_hi[5]) begin
            row_4 = (row_4 | onehot_0);
        end
        if (req_hi[6]) begin
            row_4 = (row_4 | onehot_1);
        end
        if (req_hi[7]) begin
            row_4 = (row_4 | onehot_2);
        end
        if (req_hi[8]) begin
            row_4 = (row_4 | onehot_3);
        end
        if (req_hi[9]) begin
            row_4 = (row_4 | onehot_4);
        end
        imask_0 = (row_0 & ~((((5'h1) & 5'h1f) << in_ptr_0_q) - 5'h1));
        if (|imask_0) begin
            pick_0 = (imask_0 & (~imask_0 + 5'h1));
        end
        else begin
            pick_0 = (row_0 & (~row_0 + 5'h1));
        end
        imask_1 = (row_1 & ~((((5'h1) & 5'h1f) << in_ptr_1_q) - 5'h1));
        if (|imask_1) begin
            pick_1 = (imask_1 & (~imask_1 + 5'h1));
        end
        else begin
            pick_1 = (row_1 & (~row_1 + 5'h1));
        end
        imask_2 = (row_2 & ~((((5'h1) & 5'h1f) << in_ptr_2_q) - 5'h1));
        if (|imask_2) begin
            pick_2 = (imask_2 & (~imask_2 + 5'h1));
        end
        else begin
            pick_2 = (row_2 & (~row_2 + 5'h1));
        end
        imask_3 = (row_3 & ~((((5'h1) & 5'h1f) << in_ptr_3_q) - 5'h1));
        if (|imask_3) begin
            pick_3 = (imask_3 & (~imask_3 + 5'h1));
        end
        else begin
            pick_3 = (row_3 & (~row_3 + 5'h1));
        end
        imask_4 = (row_4 & ~((((5'h1) & 5'h1f) << in_ptr_4_q) - 5'h1));
        if (|imask_4) begin
            pick_4 = (imask_4 & (~imask_4 + 5'h1));
        end
        else begin
            pick_4 = (row_4 & (~row_4 + 5'h1));
        end
        col_0 = 5'h0;
        if (pick_0[0]) begin
            col_0 = (col_0 | onehot_0);
        end
        if (pick_1[0]) begin
            col_0 = (col_0 | onehot_1);
        end
        if (pick_2[0]) begin
            col_0 = (col_0 | onehot_2);
        end
        if (pick_3[0]) begin
            col_0 = (col_0 | onehot_3);
        end
        if (pick_4[0]) begin
            col_0 = (col_0 | onehot_4);
        end
        omask_0 = (col_0 & ~((((5'h1) & 5'h1f) << out_ptr_0_q) - 5'h1));
        if (|omask_0) begin
            win_0 = (omask_0 & (~omask_0 + 5'h1));
        end
        else begin
            win_0 = (col_0 & (~col_0 + 5'h1));
        end
        if (win_0[0]) begin
            out_ptr_0_d = next_0;
        end
        if (win_0[1]) begin
            out_ptr_0_d = next_1;
        end
        if (win_0[2]) begin
            out_ptr_0_d = next_2;
        end
        if (win_0[3]) begin
            out_ptr_0_d = next_3;
        end
        if (win_0[4]) begin
            out_ptr_0_d = next_4;
        end
        col_1 = 5'h0;
        if (pick_0[1]) begin
            col_1 = (col_1 | onehot_0);
        end
        if (pick_1[1]) begin
            col_1 = (col_1 | onehot_1);
        end
        if (pick_2[1]) begin
            col_1 = (col_1 | onehot_2);
        end
        if (pick_3[1]) begin
            col_1 = (col_1 | onehot_3);
        end
        if (pick_4[1]) begin
            col_1 = (col_1 | onehot_4);
        end
        omask_1 = (col_1 & ~((((5'h1) & 5'h1f) << out_ptr_1_q) - 5'h1));
        if (|omask_1) begin
            win_1 = (omask_1 & (~omask_1 + 5'h1));
        end
        else begin
            win_1 = (col_1 & (~col_1 + 5'h1));
        end
        if (win_1[0]) begin
            out_ptr_1_d = next_0;
        end
        if (win_1[1]) begin
            out_ptr_1_d = next_1;
        end
        if (win_1[2]) begin
            out_ptr_1_d = next_2;
        end
        if (win_1[3]) begin
            out_ptr_1_d = next_3;
        end
        if (win_1[4]) begin
            out_ptr_1_d = next_4;
        end
        col_2 = 5'h0;
        if (pick_0[2]) begin
            col_2 = (col_2 | onehot_0);
        end
        if (pick_1[2]) begin
            col_2 = (col_2 | onehot_1);
        end
        if (pick_2[2]) begin
            col_2 = (col_2 | onehot_2);
        end
        if (pick_3[2]) begin
            col_2 = (col_2 | onehot_3);
        end
        if (pick_4[2]) begin
            col_2 = (col_2 | onehot_4);
        end
        omask_2 = (col_2 & ~((((5'h1) & 5'h1f) << out_ptr_2_q) - 5'h1));
        if (|omask_2) begin
            win_2 = (omask_2 & (~omask_2 + 5'h1));
        end
        else begin
            win_2 = (col_2 & (~col_2 + 5'h1));
        end
        if (win_2[0]) begin
            out_ptr_2_d = next_0;
        end
        if (win_2[1]) begin
            out_ptr_2_d = next_1;
        end
        if (win_2[2]) begin
            out_ptr_2_d = next_2;
        end
        if (win_2[3]) begin
            out_ptr_2_d = next_3;
        end
        if (win_2[4]) begin
            out_ptr_2_d = next_4;
        end
        col_3 = 5'h0;
        if (pick_0[3]) begin
            col_3 = (col_3 | onehot_0);
        end
        if (pick_1[3]) begin
            col_3 = (col_3 | onehot_1);
        end
        if (pick_2[3]) begin
            col_3 = (col_3 | onehot_2);
        end
        if (pick_3[3]) begin
            col_3 = (col_3 | onehot_3);
        end
        if (pick_4[3]) begin
            col_3 = (col_3 | onehot_4);
        end
        omask_3 = (col_3 & ~((((5'h1) & 5'h1f) << out_ptr_3_q) - 5'h1));
        if (|omask_3) begin
            win_3 = (omask_3 & (~omask_3 + 5'h1));
        end
        else begin
            win_3 = (col_3 & (~col_3 + 5'h1));
        end
        if (win_3[0]) begin
            out_ptr_3_d = next_0;
        end
        if (win_3[1]) begin
            out_ptr_3_d = next_1;
        end
        if (win_3[2]) begin
            out_ptr_3_d = next_2;
        end
        if (win_3[3]) begin
            out_ptr_3_d = next_3;
        end
        if (win_3[4]) begin
            out_ptr_3_d = next_4;
        end
        col_4 = 5'h0;
        if (pick_0[4]) begin
            col_4 = (col_4 | onehot_0);
        end
        if (pick_1[4]) begin
            col_4 = (col_4 | onehot_1);
        end
        if (pick_2[4]) begin
            col_4 = (col_4 | onehot_2);
        end
        if (pick_3[4]) begin
            col_4 = (col_4 | onehot_3);
        end
        if (pick_4[4]) begin
            col_4 = (col_4 | onehot_4);
        end
        omask_4 = (col_4 & ~((((5'h1) & 5'h1f) << out_ptr_4_q) - 5'h1));
        if (|omask_4) begin
            win_4 = (omask_4 & (~omask_4 + 5'h1));
        end
        else begin
            win_4 = (col_4 & (~col_4 + 5'h1));
        end
        if (win_4[0]) begin
            out_ptr_4_d = next_0;
        end
        if (win_4[1]) begin
            out_ptr_4_d = next_1;
        end
        if (win_4[2]) begin
            out_ptr_4_d = next_2;
        end
        if (win_4[3]) begin
            out_ptr_4_d = next_3;
        end
        if (win_4[4]) begin
            out_ptr_4_d = next_4;
        end
        glo = 15'h0;
        ghi = 10'h0;
        if (win_0[0]) begin
            glo = (glo | ohlo_0);
            in_ptr_0_d = next_0;
        end
        if (win_0[1]) begin
            glo = (glo | ohlo_5);
            in_ptr_1_d = next_0;
        end
        if (win_0[2]) begin
            glo = (glo | ohlo_10);
            in_ptr_2_d = next_0;
        end
        if (win_0[3]) begin
            ghi = (ghi | ohhi_0);
            in_ptr_3_d = next_0;
        end
        if (win_0[4]) begin
            ghi = (ghi | ohhi_5);
            in_ptr_4_d = next_0;
        end
        if (win_1[0]) begin
            glo = (glo | ohlo_1);
            in_ptr_0_d = next_1;
        end
        if (win_1[1]) begin
            glo = (glo | ohlo_6);
            in_ptr_1_d = next_1;
        end
        if (win_1[2]) begin
            glo = (glo | ohlo_11);
            in_ptr_2_d = next_1;
        end
        if (win_1[3]) begin
            ghi = (ghi | ohhi_1);
            in_ptr_3_d = next_1;
        end
        if (win_1[4]) begin
            ghi = (ghi | ohhi_6);
            in_ptr_4_d = next_1;
        end
        if (win_2[0]) begin
            glo = (glo | ohlo_2);
            in_ptr_0_d = next_2;
        end
        if (win_2[1]) begin
            glo = (glo | ohlo_7);
            in_ptr_1_d = next_2;
        end
        if (win_2[2]) begin
            glo = (glo | ohlo_12);
            in_ptr_2_d = next_2;
        end
        if (win_2[3]) begin
            ghi = (ghi | ohhi_2);
            in_ptr_3_d = next_2;
        end
        if (win_2[4]) begin
            ghi = (ghi | ohhi_7);
            in_ptr_4_d = next_2;
        end
        if (win_3[0]) begin
            glo = (glo | ohlo_3);
            in_ptr_0_d = next_3;
        end
        if (win_3[1]) begin
            glo = (glo | ohlo_8);
            in_ptr_1_d = next_3;
        end
        if (win_3[2]) begin
            glo = (glo | ohlo_13);
            in_ptr_2_d = next_3;
        end
        if (win_3[3]) begin
            ghi = (ghi | ohhi_3);
            in_ptr_3_d = next_3;
        end
        if (win_3[4]) begin
            ghi = (ghi | ohhi_8);
            in_ptr_4_d = next_3;
        end
        if (win_4[0]) begin
            glo = (glo | ohlo_4);
            in_ptr_0_d = next_4;
        end
        if (win_4[1]) begin
            glo = (glo | ohlo_9);
            in_ptr_1_d = next_4;
        end
        if (win_4[2]) begin
            glo = (glo | ohlo_14);
            in_ptr_2_d = next_4;
        end
        if (win_4[3]) begin
            ghi = (ghi | ohhi_4);
            in_ptr_3_d = next_4;
        end
        if (win_4[4]) begin
            ghi = (ghi | ohhi_9);
            in_ptr_4_d = next_4;
        end
        iacc = 15'h0;
        oacc = 15'h0;
        if (in_ptr_0_q[0]) begin
            iacc = (iacc | ohp_0);
        end
        if (out_ptr_0_q[0]) begin
            oacc = (oacc | ohp_0);
        end
        if (in_ptr_0_q[1]) begin
            iacc = (iacc | ohp_1);
        end
        if (out_ptr_0_q[1]) begin
            oacc = (oacc | ohp_1);
        end
        if (in_ptr_0_q[2]) begin
            iacc = (iacc | ohp_2);
        end
        if (out_ptr_0_q[2]) begin
            oacc = (oacc | ohp_2);
        end
        if (in_ptr_1_q[0]) begin
            iacc = (iacc | ohp_3);
        end
        if (out_ptr_1_q[0]) begin
            oacc = (oacc | ohp_3);
        end
        if (in_ptr_1_q[1]) begin
            iacc = (iacc | ohp_4);
        end
        if (out_ptr_1_q[1]) begin
            oacc = (oacc | ohp_4);
        end
        if (in_ptr_1_q[2]) begin
            iacc = (iacc | ohp_5);
        end
        if (out_ptr_1_q[2]) begin
            oacc = (oacc | ohp_5);
        end
        if (in_ptr_2_q[0]) begin
            iacc = (iacc | ohp_6);
        end
        if (out_ptr_2_q[0]) begin
            oacc = (oacc | ohp_6);
        end
        if (in_ptr_2_q[1]) begin
            iacc = (iacc | ohp_7);
        end
        if (out_ptr_2_q[1]) begin
            oacc = (oacc | ohp_7);
        end
        if (in_ptr_2_q[2]) begin
            iacc = (iacc | ohp_8);
        end
        if (out_ptr_2_q[2]) begin
            oacc = (oacc | ohp_8);
        end
        if (in_ptr_3_q[0]) begin
            iacc = (iacc | ohp_9);
        end
        if (out_ptr_3_q[0]) begin
            oacc = (oacc | ohp_9);
        end
        if (in_ptr_3_q[1]) begin
            iacc = (iacc | ohp_10);
        end
        if (out_ptr_3_q[1]) begin
            oacc = (oacc | ohp_10);
        end
        if (in_ptr_3_q[2]) begin
            iacc = (iacc | ohp_11);
        end
        if (out_ptr_3_q[2]) begin
            oacc = (oacc | ohp_11);
        end
        if (in_ptr_4_q[0]) begin
            iacc = (iacc | ohp_12);
        end
        if (out_ptr_4_q[0]) begin
            oacc = (oacc | ohp_12);
        end
        if (in_ptr_4_q[1]) begin
            iacc = (iacc | ohp_13);
        end
        if (out_ptr_4_q[1]) begin
            oacc = (oacc | ohp_13);
        end
        if (in_ptr_4_q[2]) begin
            iacc = (iacc | ohp_14);
        end
        if (out_ptr_4_q[2]) begin
            oacc = (oacc | ohp_14);
        end
        grant_lo = glo;
        grant_hi = ghi;
        in_ptrs = iacc;
        out_ptrs = oacc;
    end

    // Registers: synchronous reset to their power-on values
    always @(posedge clock) begin
        if (reset) begin
            in_ptr_0_q <= 3'h0;
            in_ptr_1_q <= 3'h0;
            in_ptr_2_q <= 3'h0;
            in_ptr_3_q <= 3'h0;
            in_ptr_4_q <= 3'h0;
            out_ptr_0_q <= 3'h0;
            out_ptr_1_q <= 3'h0;
            out_ptr_2_q <= 3'h0;
            out_ptr_3_q <= 3'h0;
            out_ptr_4_q <= 3'h0;
        end
        else begin
            in_ptr_0_q <= in_ptr_0_d;
            in_ptr_1_q <= in_ptr_1_d;
            in_ptr_2_q <= in_ptr_2_d;
            in_ptr_3_q <= in_ptr_3_d;
            in_ptr_4_q <= in_ptr_4_d;
            out_ptr_0_q <= out_ptr_0_d;
            out_ptr_1_q <= out_ptr_1_d;
            out_ptr_2_q <= out_ptr_2_d;
            out_ptr_3_q <= out_ptr_3_d;
            out_ptr_4_q <= out_ptr_4_d;
        end
    end
endmodule // fw_allocator
