// fw_vc_allocator: tidy form written by `flitwave rtl emit` from src/hdl/vc_allocator.rs (rust-hdl 0.46).
// Equivalent to rtl/vc_allocator.v (the raw rust-hdl emission), proven by `flitwave rtl check`.
// Do not edit; regenerate instead. Checked by `flitwave rtl check` (docs/rtl.md).
// Clock: rising edge of `clock`. Reset: synchronous, active high (`reset`); no initial
// blocks, every register takes its power-on value from reset.

module fw_vc_allocator(clock,reset,req_lo,req_hi,grant_lo,grant_hi,in_ptrs,out_ptrs);

    // Parameters: the configuration this module was generated for. Local, not
    // overridable: the logic is unrolled for these values; regenerate for others.
    localparam N        = 10; // inputs and outputs
    localparam PTR_W    = $clog2(N); // round-robin pointer
    localparam LO       = 5; // inputs in the low request word
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
    localparam  onehot_0 = 10'd1;
    localparam  onehot_1 = 10'd2;
    localparam  onehot_2 = 10'd4;
    localparam  onehot_3 = 10'd8;
    localparam  onehot_4 = 10'd16;
    localparam  onehot_5 = 10'd32;
    localparam  onehot_6 = 10'd64;
    localparam  onehot_7 = 10'd128;
    localparam  onehot_8 = 10'd256;
    localparam  onehot_9 = 10'd512;
    localparam  ohlo_0 = 50'd1;
    localparam  ohlo_1 = 50'd2;
    localparam  ohlo_2 = 50'd4;
    localparam  ohlo_3 = 50'd8;
    localparam  ohlo_4 = 50'd16;
    localparam  ohlo_5 = 50'd32;
    localparam  ohlo_6 = 50'd64;
    localparam  ohlo_7 = 50'd128;
    localparam  ohlo_8 = 50'd256;
    localparam  ohlo_9 = 50'd512;
    localparam  ohlo_10 = 50'd1024;
    localparam  ohlo_11 = 50'd2048;
    localparam  ohlo_12 = 50'd4096;
    localparam  ohlo_13 = 50'd8192;
    localparam  ohlo_14 = 50'd16384;
    localparam  ohlo_15 = 50'd32768;
    localparam  ohlo_16 = 50'd65536;
    localparam  ohlo_17 = 50'd131072;
    localparam  ohlo_18 = 50'd262144;
    localparam  ohlo_19 = 50'd524288;
    localparam  ohlo_20 = 50'd1048576;
    localparam  ohlo_21 = 50'd2097152;
    localparam  ohlo_22 = 50'd4194304;
    localparam  ohlo_23 = 50'd8388608;
    localparam  ohlo_24 = 50'd16777216;
    localparam  ohlo_25 = 50'd33554432;
    localparam  ohlo_26 = 50'd67108864;
    localparam  ohlo_27 = 50'd134217728;
    localparam  ohlo_28 = 50'd268435456;
    localparam  ohlo_29 = 50'd536870912;
    localparam  ohlo_30 = 50'd1073741824;
    localparam  ohlo_31 = 50'd2147483648;
    localparam  ohlo_32 = 50'd4294967296;
    localparam  ohlo_33 = 50'd8589934592;
    localparam  ohlo_34 = 50'd17179869184;
    localparam  ohlo_35 = 50'd34359738368;
    localparam  ohlo_36 = 50'd68719476736;
    localparam  ohlo_37 = 50'd137438953472;
    localparam  ohlo_38 = 50'd274877906944;
    localparam  ohlo_39 = 50'd549755813888;
    localparam  ohlo_40 = 50'd1099511627776;
    localparam  ohlo_41 = 50'd2199023255552;
    localparam  ohlo_42 = 50'd4398046511104;
    localparam  ohlo_43 = 50'd8796093022208;
    localparam  ohlo_44 = 50'd17592186044416;
    localparam  ohlo_45 = 50'd35184372088832;
    localparam  ohlo_46 = 50'd70368744177664;
    localparam  ohlo_47 = 50'd140737488355328;
    localparam  ohlo_48 = 50'd281474976710656;
    localparam  ohlo_49 = 50'd562949953421312;
    localparam  ohhi_0 = 50'd1;
    localparam  ohhi_1 = 50'd2;
    localparam  ohhi_2 = 50'd4;
    localparam  ohhi_3 = 50'd8;
    localparam  ohhi_4 = 50'd16;
    localparam  ohhi_5 = 50'd32;
    localparam  ohhi_6 = 50'd64;
    localparam  ohhi_7 = 50'd128;
    localparam  ohhi_8 = 50'd256;
    localparam  ohhi_9 = 50'd512;
    localparam  ohhi_10 = 50'd1024;
    localparam  ohhi_11 = 50'd2048;
    localparam  ohhi_12 = 50'd4096;
    localparam  ohhi_13 = 50'd8192;
    localparam  ohhi_14 = 50'd16384;
    localparam  ohhi_15 = 50'd32768;
    localparam  ohhi_16 = 50'd65536;
    localparam  ohhi_17 = 50'd131072;
    localparam  ohhi_18 = 50'd262144;
    localparam  ohhi_19 = 50'd524288;
    localparam  ohhi_20 = 50'd1048576;
    localparam  ohhi_21 = 50'd2097152;
    localparam  ohhi_22 = 50'd4194304;
    localparam  ohhi_23 = 50'd8388608;
    localparam  ohhi_24 = 50'd16777216;
    localparam  ohhi_25 = 50'd33554432;
    localparam  ohhi_26 = 50'd67108864;
    localparam  ohhi_27 = 50'd134217728;
    localparam  ohhi_28 = 50'd268435456;
    localparam  ohhi_29 = 50'd536870912;
    localparam  ohhi_30 = 50'd1073741824;
    localparam  ohhi_31 = 50'd2147483648;
    localparam  ohhi_32 = 50'd4294967296;
    localparam  ohhi_33 = 50'd8589934592;
    localparam  ohhi_34 = 50'd17179869184;
    localparam  ohhi_35 = 50'd34359738368;
    localparam  ohhi_36 = 50'd68719476736;
    localparam  ohhi_37 = 50'd137438953472;
    localparam  ohhi_38 = 50'd274877906944;
    localparam  ohhi_39 = 50'd549755813888;
    localparam  ohhi_40 = 50'd1099511627776;
    localparam  ohhi_41 = 50'd2199023255552;
    localparam  ohhi_42 = 50'd4398046511104;
    localparam  ohhi_43 = 50'd8796093022208;
    localparam  ohhi_44 = 50'd17592186044416;
    localparam  ohhi_45 = 50'd35184372088832;
    localparam  ohhi_46 = 50'd70368744177664;
    localparam  ohhi_47 = 50'd140737488355328;
    localparam  ohhi_48 = 50'd281474976710656;
    localparam  ohhi_49 = 50'd562949953421312;
    localparam  ohp_0 = 40'd1;
    localparam  ohp_1 = 40'd2;
    localparam  ohp_2 = 40'd4;
    localparam  ohp_3 = 40'd8;
    localparam  ohp_4 = 40'd16;
    localparam  ohp_5 = 40'd32;
    localparam  ohp_6 = 40'd64;
    localparam  ohp_7 = 40'd128;
    localparam  ohp_8 = 40'd256;
    localparam  ohp_9 = 40'd512;
    localparam  ohp_10 = 40'd1024;
    localparam  ohp_11 = 40'd2048;
    localparam  ohp_12 = 40'd4096;
    localparam  ohp_13 = 40'd8192;
    localparam  ohp_14 = 40'd16384;
    localparam  ohp_15 = 40'd32768;
    localparam  ohp_16 = 40'd65536;
    localparam  ohp_17 = 40'd131072;
    localparam  ohp_18 = 40'd262144;
    localparam  ohp_19 = 40'd524288;
    localparam  ohp_20 = 40'd1048576;
    localparam  ohp_21 = 40'd2097152;
    localparam  ohp_22 = 40'd4194304;
    localparam  ohp_23 = 40'd8388608;
    localparam  ohp_24 = 40'd16777216;
    localparam  ohp_25 = 40'd33554432;
    localparam  ohp_26 = 40'd67108864;
    localparam  ohp_27 = 40'd134217728;
    localparam  ohp_28 = 40'd268435456;
    localparam  ohp_29 = 40'd536870912;
    localparam  ohp_30 = 40'd1073741824;
    localparam  ohp_31 = 40'd2147483648;
    localparam  ohp_32 = 40'd4294967296;
    localparam  ohp_33 = 40'd8589934592;
    localparam  ohp_34 = 40'd17179869184;
    localparam  ohp_35 = 40'd34359738368;
    localparam  ohp_36 = 40'd68719476736;
    localparam  ohp_37 = 40'd137438953472;
    localparam  ohp_38 = 40'd274877906944;
    localparam  ohp_39 = 40'd549755813888;
    localparam  next_0 = 4'd1;
    localparam  next_1 = 4'd2;
    localparam  next_2 = 4'd3;
    localparam  next_3 = 4'd4;
    localparam  next_4 = 4'd5;
    localparam  next_5 = 4'd6;
    localparam  next_6 = 4'd7;
    localparam  next_7 = 4'd8;
    localparam  next_8 = 4'd9;
    localparam  next_9 = 4'd0;

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
    reg  [PTR_W-1:0] in_ptr_5_d;
    reg  [PTR_W-1:0] in_ptr_5_q;
    reg  [PTR_W-1:0] in_ptr_6_d;
    reg  [PTR_W-1:0] in_ptr_6_q;
    reg  [PTR_W-1:0] in_ptr_7_d;
    reg  [PTR_W-1:0] in_ptr_7_q;
    reg  [PTR_W-1:0] in_ptr_8_d;
    reg  [PTR_W-1:0] in_ptr_8_q;
    reg  [PTR_W-1:0] in_ptr_9_d;
    reg  [PTR_W-1:0] in_ptr_9_q;
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
    reg  [PTR_W-1:0] out_ptr_5_d;
    reg  [PTR_W-1:0] out_ptr_5_q;
    reg  [PTR_W-1:0] out_ptr_6_d;
    reg  [PTR_W-1:0] out_ptr_6_q;
    reg  [PTR_W-1:0] out_ptr_7_d;
    reg  [PTR_W-1:0] out_ptr_7_q;
    reg  [PTR_W-1:0] out_ptr_8_d;
    reg  [PTR_W-1:0] out_ptr_8_q;
    reg  [PTR_W-1:0] out_ptr_9_d;
    reg  [PTR_W-1:0] out_ptr_9_q;

    // Local signals
    reg  [N-1:0] row_0;
    reg  [N-1:0] row_1;
    reg  [N-1:0] row_2;
    reg  [N-1:0] row_3;
    reg  [N-1:0] row_4;
    reg  [N-1:0] row_5;
    reg  [N-1:0] row_6;
    reg  [N-1:0] row_7;
    reg  [N-1:0] row_8;
    reg  [N-1:0] row_9;
    reg  [N-1:0] imask_0;
    reg  [N-1:0] imask_1;
    reg  [N-1:0] imask_2;
    reg  [N-1:0] imask_3;
    reg  [N-1:0] imask_4;
    reg  [N-1:0] imask_5;
    reg  [N-1:0] imask_6;
    reg  [N-1:0] imask_7;
    reg  [N-1:0] imask_8;
    reg  [N-1:0] imask_9;
    reg  [N-1:0] pick_0;
    reg  [N-1:0] pick_1;
    reg  [N-1:0] pick_2;
    reg  [N-1:0] pick_3;
    reg  [N-1:0] pick_4;
    reg  [N-1:0] pick_5;
    reg  [N-1:0] pick_6;
    reg  [N-1:0] pick_7;
    reg  [N-1:0] pick_8;
    reg  [N-1:0] pick_9;
    reg  [N-1:0] col_0;
    reg  [N-1:0] col_1;
    reg  [N-1:0] col_2;
    reg  [N-1:0] col_3;
    reg  [N-1:0] col_4;
    reg  [N-1:0] col_5;
    reg  [N-1:0] col_6;
    reg  [N-1:0] col_7;
    reg  [N-1:0] col_8;
    reg  [N-1:0] col_9;
    reg  [N-1:0] omask_0;
    reg  [N-1:0] omask_1;
    reg  [N-1:0] omask_2;
    reg  [N-1:0] omask_3;
    reg  [N-1:0] omask_4;
    reg  [N-1:0] omask_5;
    reg  [N-1:0] omask_6;
    reg  [N-1:0] omask_7;
    reg  [N-1:0] omask_8;
    reg  [N-1:0] omask_9;
    reg  [N-1:0] win_0;
    reg  [N-1:0] win_1;
    reg  [N-1:0] win_2;
    reg  [N-1:0] win_3;
    reg  [N-1:0] win_4;
    reg  [N-1:0] win_5;
    reg  [N-1:0] win_6;
    reg  [N-1:0] win_7;
    reg  [N-1:0] win_8;
    reg  [N-1:0] win_9;
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
        in_ptr_5_d = in_ptr_5_q;
        out_ptr_5_d = out_ptr_5_q;
        in_ptr_6_d = in_ptr_6_q;
        out_ptr_6_d = out_ptr_6_q;
        in_ptr_7_d = in_ptr_7_q;
        out_ptr_7_d = out_ptr_7_q;
        in_ptr_8_d = in_ptr_8_q;
        out_ptr_8_d = out_ptr_8_q;
        in_ptr_9_d = in_ptr_9_q;
        out_ptr_9_d = out_ptr_9_q;
        row_0 = 10'h0;
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
        if (req_lo[5]) begin
            row_0 = (row_0 | onehot_5);
        end
        if (req_lo[6]) begin
            row_0 = (row_0 | onehot_6);
        end
        if (req_lo[7]) begin
            row_0 = (row_0 | onehot_7);
        end
        if (req_lo[8]) begin
            row_0 = (row_0 | onehot_8);
        end
        if (req_lo[9]) begin
            row_0 = (row_0 | onehot_9);
        end
        row_1 = 10'h0;
        if (req_lo[10]) begin
            row_1 = (row_1 | onehot_0);
        end
        if (req_lo[11]) begin
            row_1 = (row_1 | onehot_1);
        end
        if (req_lo[12]) begin
            row_1 = (row_1 | onehot_2);
        end
        if (req_lo[13]) begin
            row_1 = (row_1 | onehot_3);
        end
        if (req_lo[14]) begin
            row_1 = (row_1 | onehot_4);
        end
        if (req_lo[15]) begin
            row_1 = (row_1 | onehot_5);
        end
        if (req_lo[16]) begin
            row_1 = (row_1 | onehot_6);
        end
        if (req_lo[17]) begin
            row_1 = (row_1 | onehot_7);
        end
        if (req_lo[18]) begin
            row_1 = (row_1 | onehot_8);
        end
        if (req_lo[19]) begin
            row_1 = (row_1 | onehot_9);
        end
        row_2 = 10'h0;
        if (req_lo[20]) begin
            row_2 = (row_2 | onehot_0);
        end
        if (req_lo[21]) begin
            row_2 = (row_2 | onehot_1);
        end
        if (req_lo[22]) begin
            row_2 = (row_2 | onehot_2);
        end
        if (req_lo[23]) begin
            row_2 = (row_2 | onehot_3);
        end
        if (req_lo[24]) begin
            row_2 = (row_2 | onehot_4);
        end
        if (req_lo[25]) begin
            row_2 = (row_2 | onehot_5);
        end
        if (req_lo[26]) begin
            row_2 = (row_2 | onehot_6);
        end
        if (req_lo[27]) begin
            row_2 = (row_2 | onehot_7);
        end
        if (req_lo[28]) begin
            row_2 = (row_2 | onehot_8);
        end
        if (req_lo[29]) begin
            row_2 = (row_2 | onehot_9);
        end
        row_3 = 10'h0;
        if (req_lo[30]) begin
            row_3 = (row_3 | onehot_0);
        end
        if (req_lo[31]) begin
            row_3 = (row_3 | onehot_1);
        end
        if (req_lo[32]) begin
            row_3 = (row_3 | onehot_2);
        end
        if (req_lo[33]) begin
            row_3 = (row_3 | onehot_3);
        end
        if (req_lo[34]) begin
            row_3 = (row_3 | onehot_4);
        end
        if (req_lo[35]) begin
            row_3 = (row_3 | onehot_5);
        end
        if (req_lo[36]) begin
            row_3 = (row_3 | onehot_6);
        end
        if (req_lo[37]) begin
            row_3 = (row_3 | onehot_7);
        end
        if (req_lo[38]) begin
            row_3 = (row_3 | onehot_8);
        end
        if (req_lo[39]) begin
            row_3 = (row_3 | onehot_9);
        end
        row_4 = 10'h0;
        if (req_lo[40]) begin
            row_4 = (row_4 | onehot_0);
        end
        if (req_lo[41]) begin
            row_4 = (row_4 | onehot_1);
        end
        if (req_lo[42]) begin
            row_4 = (row_4 | onehot_2);
        end
        if (req_lo[43]) begin
            row_4 = (row_4 | onehot_3);
        end
        if (req_lo[44]) begin
            row_4 = (row_4 | onehot_4);
        end
        if (req_lo[45]) begin
            row_4 = (row_4 | onehot_5);
        end
        if (req_lo[46]) begin
            row_4 = (row_4 | onehot_6);
        end
        if (req_lo[47]) begin
            row_4 = (row_4 | onehot_7);
        end
        if (req_lo[48]) begin
            row_4 = (row_4 | onehot_8);
        end
        if (req_lo[49]) begin
            row_4 = (row_4 | onehot_9);
        end
        row_5 = 10'h0;
        if (req_hi[0]) begin
            row_5 = (row_5 | onehot_0);
        end
        if (req_hi[1]) begin
            row_5 = (row_5 | onehot_1);
        end
        if (req_hi[2]) begin
            row_5 = (row_5 | onehot_2);
        end
        if (req_hi[3]) begin
            row_5 = (row_5 | onehot_3);
        end
        if (req_hi[4]) begin
            row_5 = (row_5 | onehot_4);
        end
        if (req_hi[5]) begin
            row_5 = (row_5 | onehot_5);
        end
        if (req_hi[6]) begin
            row_5 = (row_5 | onehot_6);
        end
        if (req_hi[7]) begin
            row_5 = (row_5 | onehot_7);
        end
        if (req_hi[8]) begin
            row_5 = (row_5 | onehot_8);
        end
        if (req_hi[9]) begin
            row_5 = (row_5 | onehot_9);
        end
        row_6 = 10'h0;
        if (req_hi[10]) begin
            row_6 = (row_6 | onehot_0);
        end
        if (req_hi[11]) begin
            row_6 = (row_6 | onehot_1);
        end
        if (req_hi[12]) begin
            row_6 = (row_6 | onehot_2);
        end
        if (req_hi[13]) begin
            row_6 = (row_6 | onehot_3);
        end
        if (req_hi[14]) begin
            row_6 = (row_6 | onehot_4);
        end
        if (req_hi[15]) begin
            row_6 = (row_6 | onehot_5);
        end
        if (req_hi[16]) begin
            row_6 = (row_6 | onehot_6);
        end
        if (req_hi[17]) begin
            row_6 = (row_6 | onehot_7);
        end
        if (req_hi[18]) begin
            row_6 = (row_6 | onehot_8);
        end
        if (req_hi[19]) begin
            row_6 = (row_6 | onehot_9);
        end
        row_7 = 10'h0;
        if (req_hi[20]) begin
            row_7 = (row_7 | onehot_0);
        end
        if (req_hi[21]) begin
            row_7 = (row_7 | onehot_1);
        end
        if (req_hi[22]) begin
            row_7 = (row_7 | onehot_2);
        end
        if (req_hi[23]) begin
            row_7 = (row_7 | onehot_3);
        end
        if (req_hi[24]) begin
            row_7 = (row_7 | onehot_4);
        end
        if (req_hi[25]) begin
            row_7 = (row_7 | onehot_5);
        end
        if (req_hi[26]) begin
            row_7 = (row_7 | onehot_6);
        end
        if (req_hi[27]) begin
            row_7 = (row_7 | onehot_7);
        end
        if (req_hi[28]) begin
            row_7 = (row_7 | onehot_8);
        end
        if (req_hi[29]) begin
            row_7 = (row_7 | onehot_9);
        end
        row_8 = 10'h0;
        if (req_hi[30]) begin
            row_8 = (row_8 | onehot_0);
        end
        if (req_hi[31]) begin
            row_8 = (row_8 | onehot_1);
        end
        if (req_hi[32]) begin
            row_8 = (row_8 | onehot_2);
        end
        if (req_hi[33]) begin
            row_8 = (row_8 | onehot_3);
        end
        if (req_hi[34]) begin
            row_8 = (row_8 | onehot_4);
        end
        if (req_hi[35]) begin
            row_8 = (row_8 | onehot_5);
        end
        if (req_hi[36]) begin
            row_8 = (row_8 | onehot_6);
        end
        if (req_hi[37]) begin
            row_8 = (row_8 | onehot_7);
        end
        if (req_hi[38]) begin
            row_8 = (row_8 | onehot_8);
        end
        if (req_hi[39]) begin
            row_8 = (row_8 | onehot_9);
        end
        row_9 = 10'h0;
        if (req_hi[40]) begin
            row_9 = (row_9 | onehot_0);
        end
        if (req_hi[41]) begin
            row_9 = (row_9 | onehot_1);
        end
        if (req_hi[42]) begin
            row_9 = (row_9 | onehot_2);
        end
        if (req_hi[43]) begin
            row_9 = (row_9 | onehot_3);
        end
        if (req_hi[44]) begin
            row_9 = (row_9 | onehot_4);
        end
        if (req_hi[45]) begin
            row_9 = (row_9 | onehot_5);
        end
        if (req_hi[46]) begin
            row_9 = (row_9 | onehot_6);
        end
        if (req_hi[47]) begin
            row_9 = (row_9 | onehot_7);
        end
        if (req_hi[48]) begin
            row_9 = (row_9 | onehot_8);
        end
        if (req_hi[49]) begin
            row_9 = (row_9 | onehot_9);
        end
        imask_0 = (row_0 & ~((((10'h1) & 10'h3ff) << in_ptr_0_q) - 10'h1));
        if (|imask_0) begin
            pick_0 = (imask_0 & (~imask_0 + 10'h1));
        end
        else begin
            pick_0 = (row_0 & (~row_0 + 10'h1));
        end
        imask_1 = (row_1 & ~((((10'h1) & 10'h3ff) << in_ptr_1_q) - 10'h1));
        if (|imask_1) begin
            pick_1 = (imask_1 & (~imask_1 + 10'h1));
        end
        else begin
            pick_1 = (row_1 & (~row_1 + 10'h1));
        end
        imask_2 = (row_2 & ~((((10'h1) & 10'h3ff) << in_ptr_2_q) - 10'h1));
        if (|imask_2) begin
            pick_2 = (imask_2 & (~imask_2 + 10'h1));
        end
        else begin
            pick_2 = (row_2 & (~row_2 + 10'h1));
        end
        imask_3 = (row_3 & ~((((10'h1) & 10'h3ff) << in_ptr_3_q) - 10'h1));
        if (|imask_3) begin
            pick_3 = (imask_3 & (~imask_3 + 10'h1));
        end
        else begin
            pick_3 = (row_3 & (~row_3 + 10'h1));
        end
        imask_4 = (row_4 & ~((((10'h1) & 10'h3ff) << in_ptr_4_q) - 10'h1));
        if (|imask_4) begin
            pick_4 = (imask_4 & (~imask_4 + 10'h1));
        end
        else begin
            pick_4 = (row_4 & (~row_4 + 10'h1));
        end
        imask_5 = (row_5 & ~((((10'h1) & 10'h3ff) << in_ptr_5_q) - 10'h1));
        if (|imask_5) begin
            pick_5 = (imask_5 & (~imask_5 + 10'h1));
        end
        else begin
            pick_5 = (row_5 & (~row_5 + 10'h1));
        end
        imask_6 = (row_6 & ~((((10'h1) & 10'h3ff) << in_ptr_6_q) - 10'h1));
        if (|imask_6) begin
            pick_6 = (imask_6 & (~imask_6 + 10'h1));
        end
        else begin
            pick_6 = (row_6 & (~row_6 + 10'h1));
        end
        imask_7 = (row_7 & ~((((10'h1) & 10'h3ff) << in_ptr_7_q) - 10'h1));
        if (|imask_7) begin
            pick_7 = (imask_7 & (~imask_7 + 10'h1));
        end
        else begin
            pick_7 = (row_7 & (~row_7 + 10'h1));
        end
        imask_8 = (row_8 & ~((((10'h1) & 10'h3ff) << in_ptr_8_q) - 10'h1));
        if (|imask_8) begin
            pick_8 = (imask_8 & (~imask_8 + 10'h1));
        end
        else begin
            pick_8 = (row_8 & (~row_8 + 10'h1));
        end
        imask_9 = (row_9 & ~((((10'h1) & 10'h3ff) << in_ptr_9_q) - 10'h1));
        if (|imask_9) begin
            pick_9 = (imask_9 & (~imask_9 + 10'h1));
        end
        else begin
            pick_9 = (row_9 & (~row_9 + 10'h1));
        end
        col_0 = 10'h0;
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
        if (pick_5[0]) begin
            col_0 = (col_0 | onehot_5);
        end
        if (pick_6[0]) begin
            col_0 = (col_0 | onehot_6);
        end
        if (pick_7[0]) begin
            col_0 = (col_0 | onehot_7);
        end
        if (pick_8[0]) begin
            col_0 = (col_0 | onehot_8);
        end
        if (pick_9[0]) begin
            col_0 = (col_0 | onehot_9);
        end
        omask_0 = (col_0 & ~((((10'h1) & 10'h3ff) << out_ptr_0_q) - 10'h1));
        if (|omask_0) begin
            win_0 = (omask_0 & (~omask_0 + 10'h1));
        end
        else begin
            win_0 = (col_0 & (~col_0 + 10'h1));
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
        if (win_0[5]) begin
            out_ptr_0_d = next_5;
        end
        if (win_0[6]) begin
            out_ptr_0_d = next_6;
        end
        if (win_0[7]) begin
            out_ptr_0_d = next_7;
        end
        if (win_0[8]) begin
            out_ptr_0_d = next_8;
        end
        if (win_0[9]) begin
            out_ptr_0_d = next_9;
        end
        col_1 = 10'h0;
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
        if (pick_5[1]) begin
            col_1 = (col_1 | onehot_5);
        end
        if (pick_6[1]) begin
            col_1 = (col_1 | onehot_6);
        end
        if (pick_7[1]) begin
            col_1 = (col_1 | onehot_7);
        end
        if (pick_8[1]) begin
            col_1 = (col_1 | onehot_8);
        end
        if (pick_9[1]) begin
            col_1 = (col_1 | onehot_9);
        end
        omask_1 = (col_1 & ~((((10'h1) & 10'h3ff) << out_ptr_1_q) - 10'h1));
        if (|omask_1) begin
            win_1 = (omask_1 & (~omask_1 + 10'h1));
        end
        else begin
            win_1 = (col_1 & (~col_1 + 10'h1));
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
        if (win_1[5]) begin
            out_ptr_1_d = next_5;
        end
        if (win_1[6]) begin
            out_ptr_1_d = next_6;
        end
        if (win_1[7]) begin
            out_ptr_1_d = next_7;
        end
        if (win_1[8]) begin
            out_ptr_1_d = next_8;
        end
        if (win_1[9]) begin
            out_ptr_1_d = next_9;
        end
        col_2 = 10'h0;
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
        if (pick_5[2]) begin
            col_2 = (col_2 | onehot_5);
        end
        if (pick_6[2]) begin
            col_2 = (col_2 | onehot_6);
        end
        if (pick_7[2]) begin
            col_2 = (col_2 | onehot_7);
        end
        if (pick_8[2]) begin
            col_2 = (col_2 | onehot_8);
        end
        if (pick_9[2]) begin
            col_2 = (col_2 | onehot_9);
        end
        omask_2 = (col_2 & ~((((10'h1) & 10'h3ff) << out_ptr_2_q) - 10'h1));
        if (|omask_2) begin
            win_2 = (omask_2 & (~omask_2 + 10'h1));
        end
        else begin
            win_2 = (col_2 & (~col_2 + 10'h1));
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
        if (win_2[5]) begin
            out_ptr_2_d = next_5;
        end
        if (win_2[6]) begin
            out_ptr_2_d = next_6;
        end
        if (win_2[7]) begin
            out_ptr_2_d = next_7;
        end
        if (win_2[8]) begin
            out_ptr_2_d = next_8;
        end
        if (win_2[9]) begin
            out_ptr_2_d = next_9;
        end
        col_3 = 10'h0;
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
        if (pick_5[3]) begin
            col_3 = (col_3 | onehot_5);
        end
        if (pick_6[3]) begin
            col_3 = (col_3 | onehot_6);
        end
        if (pick_7[3]) begin
            col_3 = (col_3 | onehot_7);
        end
        if (pick_8[3]) begin
            col_3 = (col_3 | onehot_8);
        end
        if (pick_9[3]) begin
            col_3 = (col_3 | onehot_9);
        end
        omask_3 = (col_3 & ~((((10'h1) & 10'h3ff) << out_ptr_3_q) - 10'h1));
        if (|omask_3) begin
            win_3 = (omask_3 & (~omask_3 + 10'h1));
        end
        else begin
            win_3 = (col_3 & (~col_3 + 10'h1));
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
        if (win_3[5]) begin
            out_ptr_3_d = next_5;
        end
        if (win_3[6]) begin
            out_ptr_3_d = next_6;
        end
        if (win_3[7]) begin
            out_ptr_3_d = next_7;
        end
        if (win_3[8]) begin
            out_ptr_3_d = next_8;
        end
        if (win_3[9]) begin
            out_ptr_3_d = next_9;
        end
        col_4 = 10'h0;
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
        if (pick_5[4]) begin
            col_4 = (col_4 | onehot_5);
        end
        if (pick_6[4]) begin
            col_4 = (col_4 | onehot_6);
        end
        if (pick_7[4]) begin
            col_4 = (col_4 | onehot_7);
        end
        if (pick_8[4]) begin
            col_4 = (col_4 | onehot_8);
        end
        if (pick_9[4]) begin
            col_4 = (col_4 | onehot_9);
        end
        omask_4 = (col_4 & ~((((10'h1) & 10'h3ff) << out_ptr_4_q) - 10'h1));
        if (|omask_4) begin
            win_4 = (omask_4 & (~omask_4 + 10'h1));
        end
        else begin
            win_4 = (col_4 & (~col_4 + 10'h1));
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
        if (win_4[5]) begin
            out_ptr_4_d = next_5;
        end
        if (win_4[6]) begin
            out_ptr_4_d = next_6;
        end
        if (win_4[7]) begin
            out_ptr_4_d = next_7;
        end
        if (win_4[8]) begin
            out_ptr_4_d = next_8;
        end
        if (win_4[9]) begin
            out_ptr_4_d = next_9;
        end
        col_5 = 10'h0;
        if (pick_0[5]) begin
            col_5 = (col_5 | onehot_0);
        end
        if (pick_1[5]) begin
            col_5 = (col_5 | onehot_1);
        end
        if (pick_2[5]) begin
            col_5 = (col_5 | onehot_2);
        end
        if (pick_3[5]) begin
            col_5 = (col_5 | onehot_3);
        end
        if (pick_4[5]) begin
            col_5 = (col_5 | onehot_4);
        end
        if (pick_5[5]) begin
            col_5 = (col_5 | onehot_5);
        end
        if (pick_6[5]) begin
            col_5 = (col_5 | onehot_6);
        end
        if (pick_7[5]) begin
            col_5 = (col_5 | onehot_7);
        end
        if (pick_8[5]) begin
            col_5 = (col_5 | onehot_8);
        end
        if (pick_9[5]) begin
            col_5 = (col_5 | onehot_9);
        end
        omask_5 = (col_5 & ~((((10'h1) & 10'h3ff) << out_ptr_5_q) - 10'h1));
        if (|omask_5) begin
            win_5 = (omask_5 & (~omask_5 + 10'h1));
        end
        else begin
            win_5 = (col_5 & (~col_5 + 10'h1));
        end
        if (win_5[0]) begin
            out_ptr_5_d = next_0;
        end
        if (win_5[1]) begin
            out_ptr_5_d = next_1;
        end
        if (win_5[2]) begin
            out_ptr_5_d = next_2;
        end
        if (win_5[3]) begin
            out_ptr_5_d = next_3;
        end
        if (win_5[4]) begin
            out_ptr_5_d = next_4;
        end
        if (win_5[5]) begin
            out_ptr_5_d = next_5;
        end
        if (win_5[6]) begin
            out_ptr_5_d = next_6;
        end
        if (win_5[7]) begin
            out_ptr_5_d = next_7;
        end
        if (win_5[8]) begin
            out_ptr_5_d = next_8;
        end
        if (win_5[9]) begin
            out_ptr_5_d = next_9;
        end
        col_6 = 10'h0;
        if (pick_0[6]) begin
            col_6 = (col_6 | onehot_0);
        end
        if (pick_1[6]) begin
            col_6 = (col_6 | onehot_1);
        end
        if (pick_2[6]) begin
            col_6 = (col_6 | onehot_2);
        end
        if (pick_3[6]) begin
            col_6 = (col_6 | onehot_3);
        end
        if (pick_4[6]) begin
            col_6 = (col_6 | onehot_4);
        end
        if (pick_5[6]) begin
            col_6 = (col_6 | onehot_5);
        end
        if (pick_6[6]) begin
            col_6 = (col_6 | onehot_6);
        end
        if (pick_7[6]) begin
            col_6 = (col_6 | onehot_7);
        end
        if (pick_8[6]) begin
            col_6 = (col_6 | onehot_8);
        end
        if (pick_9[6]) begin
            col_6 = (col_6 | onehot_9);
        end
        omask_6 = (col_6 & ~((((10'h1) & 10'h3ff) << out_ptr_6_q) - 10'h1));
        if (|omask_6) begin
            win_6 = (omask_6 & (~omask_6 + 10'h1));
        end
        else begin
            win_6 = (col_6 & (~col_6 + 10'h1));
        end
        if (win_6[0]) begin
            out_ptr_6_d = next_0;
        end
        if (win_6[1]) begin
            out_ptr_6_d = next_1;
        end
        if (win_6[2]) begin
            out_ptr_6_d = next_2;
        end
        if (win_6[3]) begin
            out_ptr_6_d = next_3;
        end
        if (win_6[4]) begin
            out_ptr_6_d = next_4;
        end
        if (win_6[5]) begin
            out_ptr_6_d = next_5;
        end
        if (win_6[6]) begin
            out_ptr_6_d = next_6;
        end
        if (win_6[7]) begin
            out_ptr_6_d = next_7;
        end
        if (win_6[8]) begin
            out_ptr_6_d = next_8;
        end
        if (win_6[9]) begin
            out_ptr_6_d = next_9;
        end
        col_7 = 10'h0;
        if (pick_0[7]) begin
            col_7 = (col_7 | onehot_0);
        end
        if (pick_1[7]) begin
            col_7 = (col_7 | onehot_1);
        end
        if (pick_2[7]) begin
            col_7 = (col_7 | onehot_2);
        end
        if (pick_3[7]) begin
            col_7 = (col_7 | onehot_3);
        end
        if (pick_4[7]) begin
            col_7 = (col_7 | onehot_4);
        end
        if (pick_5[7]) begin
            col_7 = (col_7 | onehot_5);
        end
        if (pick_6[7]) begin
            col_7 = (col_7 | onehot_6);
        end
        if (pick_7[7]) begin
            col_7 = (col_7 | onehot_7);
        end
        if (pick_8[7]) begin
            col_7 = (col_7 | onehot_8);
        end
        if (pick_9[7]) begin
            col_7 = (col_7 | onehot_9);
        end
        omask_7 = (col_7 & ~((((10'h1) & 10'h3ff) << out_ptr_7_q) - 10'h1));
        if (|omask_7) begin
            win_7 = (omask_7 & (~omask_7 + 10'h1));
        end
        else begin
            win_7 = (col_7 & (~col_7 + 10'h1));
        end
        if (win_7[0]) begin
            out_ptr_7_d = next_0;
        end
        if (win_7[1]) begin
            out_ptr_7_d = next_1;
        end
        if (win_7[2]) begin
            out_ptr_7_d = next_2;
        end
        if (win_7[3]) begin
            out_ptr_7_d = next_3;
        end
        if (win_7[4]) begin
            out_ptr_7_d = next_4;
        end
        if (win_7[5]) begin
            out_ptr_7_d = next_5;
        end
        if (win_7[6]) begin
            out_ptr_7_d = next_6;
        end
        if (win_7[7]) begin
            out_ptr_7_d = next_7;
        end
        if (win_7[8]) begin
            out_ptr_7_d = next_8;
        end
        if (win_7[9]) begin
            out_ptr_7_d = next_9;
        end
        col_8 = 10'h0;
        if (pick_0[8]) begin
            col_8 = (col_8 | onehot_0);
        end
        if (pick_1[8]) begin
            col_8 = (col_8 | onehot_1);
        end
        if (pick_2[8]) begin
            col_8 = (col_8 | onehot_2);
        end
        if (pick_3[8]) begin
            col_8 = (col_8 | onehot_3);
        end
        if (pick_4[8]) begin
            col_8 = (col_8 | onehot_4);
        end
        if (pick_5[8]) begin
            col_8 = (col_8 | onehot_5);
        end
        if (pick_6[8]) begin
            col_8 = (col_8 | onehot_6);
        end
        if (pick_7[8]) begin
            col_8 = (col_8 | onehot_7);
        end
        if (pick_8[8]) begin
            col_8 = (col_8 | onehot_8);
        end
        if (pick_9[8]) begin
            col_8 = (col_8 | onehot_9);
        end
        omask_8 = (col_8 & ~((((10'h1) & 10'h3ff) << out_ptr_8_q) - 10'h1));
        if (|omask_8) begin
            win_8 = (omask_8 & (~omask_8 + 10'h1));
        end
        else begin
            win_8 = (col_8 & (~col_8 + 10'h1));
        end
        if (win_8[0]) begin
            out_ptr_8_d = next_0;
        end
        if (win_8[1]) begin
            out_ptr_8_d = next_1;
        end
        if (win_8[2]) begin
            out_ptr_8_d = next_2;
        end
        if (win_8[3]) begin
            out_ptr_8_d = next_3;
        end
        if (win_8[4]) begin
            out_ptr_8_d = next_4;
        end
        if (win_8[5]) begin
            out_ptr_8_d = next_5;
        end
        if (win_8[6]) begin
            out_ptr_8_d = next_6;
        end
        if (win_8[7]) begin
            out_ptr_8_d = next_7;
        end
        if (win_8[8]) begin
            out_ptr_8_d = next_8;
        end
        if (win_8[9]) begin
            out_ptr_8_d = next_9;
        end
        col_9 = 10'h0;
        if (pick_0[9]) begin
            col_9 = (col_9 | onehot_0);
        end
        if (pick_1[9]) begin
            col_9 = (col_9 | onehot_1);
        end
        if (pick_2[9]) begin
            col_9 = (col_9 | onehot_2);
        end
        if (pick_3[9]) begin
            col_9 = (col_9 | onehot_3);
        end
        if (pick_4[9]) begin
            col_9 = (col_9 | onehot_4);
        end
        if (pick_5[9]) begin
            col_9 = (col_9 | onehot_5);
        end
        if (pick_6[9]) begin
            col_9 = (col_9 | onehot_6);
        end
        if (pick_7[9]) begin
            col_9 = (col_9 | onehot_7);
        end
        if (pick_8[9]) begin
            col_9 = (col_9 | onehot_8);
        end
        if (pick_9[9]) begin
            col_9 = (col_9 | onehot_9);
        end
        omask_9 = (col_9 & ~((((10'h1) & 10'h3ff) << out_ptr_9_q) - 10'h1));
        if (|omask_9) begin
            win_9 = (omask_9 & (~omask_9 + 10'h1));
        end
        else begin
            win_9 = (col_9 & (~col_9 + 10'h1));
        end
        if (win_9[0]) begin
            out_ptr_9_d = next_0;
        end
        if (win_9[1]) begin
            out_ptr_9_d = next_1;
        end
        if (win_9[2]) begin
            out_ptr_9_d = next_2;
        end
        if (win_9[3]) begin
            out_ptr_9_d = next_3;
        end
        if (win_9[4]) begin
            out_ptr_9_d = next_4;
        end
        if (win_9[5]) begin
            out_ptr_9_d = next_5;
        end
        if (win_9[6]) begin
            out_ptr_9_d = next_6;
        end
        if (win_9[7]) begin
            out_ptr_9_d = next_7;
        end
        if (win_9[8]) begin
            out_ptr_9_d = next_8;
        end
        if (win_9[9]) begin
            out_ptr_9_d = next_9;
        end
        glo = 50'h0;
        ghi = 50'h0;
        if (win_0[0]) begin
            glo = (glo | ohlo_0);
            in_ptr_0_d = next_0;
        end
        if (win_0[1]) begin
            glo = (glo | ohlo_10);
            in_ptr_1_d = next_0;
        end
        if (win_0[2]) begin
            glo = (glo | ohlo_20);
            in_ptr_2_d = next_0;
        end
        if (win_0[3]) begin
            glo = (glo | ohlo_30);
            in_ptr_3_d = next_0;
        end
        if (win_0[4]) begin
            glo = (glo | ohlo_40);
            in_ptr_4_d = next_0;
        end
        if (win_0[5]) begin
            ghi = (ghi | ohhi_0);
            in_ptr_5_d = next_0;
        end
        if (win_0[6]) begin
            ghi = (ghi | ohhi_10);
            in_ptr_6_d = next_0;
        end
        if (win_0[7]) begin
            ghi = (ghi | ohhi_20);
            in_ptr_7_d = next_0;
        end
        if (win_0[8]) begin
            ghi = (ghi | ohhi_30);
            in_ptr_8_d = next_0;
        end
        if (win_0[9]) begin
            ghi = (ghi | ohhi_40);
            in_ptr_9_d = next_0;
        end
        if (win_1[0]) begin
            glo = (glo | ohlo_1);
            in_ptr_0_d = next_1;
        end
        if (win_1[1]) begin
            glo = (glo | ohlo_11);
            in_ptr_1_d = next_1;
        end
        if (win_1[2]) begin
            glo = (glo | ohlo_21);
            in_ptr_2_d = next_1;
        end
        if (win_1[3]) begin
            glo = (glo | ohlo_31);
            in_ptr_3_d = next_1;
        end
        if (win_1[4]) begin
            glo = (glo | ohlo_41);
            in_ptr_4_d = next_1;
        end
        if (win_1[5]) begin
            ghi = (ghi | ohhi_1);
            in_ptr_5_d = next_1;
        end
        if (win_1[6]) begin
            ghi = (ghi | ohhi_11);
            in_ptr_6_d = next_1;
        end
        if (win_1[7]) begin
            ghi = (ghi | ohhi_21);
            in_ptr_7_d = next_1;
        end
        if (win_1[8]) begin
            ghi = (ghi | ohhi_31);
            in_ptr_8_d = next_1;
        end
        if (win_1[9]) begin
            ghi = (ghi | ohhi_41);
            in_ptr_9_d = next_1;
        end
        if (win_2[0]) begin
            glo = (glo | ohlo_2);
            in_ptr_0_d = next_2;
        end
        if (win_2[1]) begin
            glo = (glo | ohlo_12);
            in_ptr_1_d = next_2;
        end
        if (win_2[2]) begin
            glo = (glo | ohlo_22);
            in_ptr_2_d = next_2;
        end
        if (win_2[3]) begin
            glo = (glo | ohlo_32);
            in_ptr_3_d = next_2;
        end
        if (win_2[4]) begin
            glo = (glo | ohlo_42);
            in_ptr_4_d = next_2;
        end
        if (win_2[5]) begin
            ghi = (ghi | ohhi_2);
            in_ptr_5_d = next_2;
        end
        if (win_2[6]) begin
            ghi = (ghi | ohhi_12);
            in_ptr_6_d = next_2;
        end
        if (win_2[7]) begin
            ghi = (ghi | ohhi_22);
            in_ptr_7_d = next_2;
        end
        if (win_2[8]) begin
            ghi = (ghi | ohhi_32);
            in_ptr_8_d = next_2;
        end
        if (win_2[9]) begin
            ghi = (ghi | ohhi_42);
            in_ptr_9_d = next_2;
        end
        if (win_3[0]) begin
            glo = (glo | ohlo_3);
            in_ptr_0_d = next_3;
        end
        if (win_3[1]) begin
            glo = (glo | ohlo_13);
            in_ptr_1_d = next_3;
        end
        if (win_3[2]) begin
            glo = (glo | ohlo_23);
            in_ptr_2_d = next_3;
        end
        if (win_3[3]) begin
            glo = (glo | ohlo_33);
            in_ptr_3_d = next_3;
        end
        if (win_3[4]) begin
            glo = (glo | ohlo_43);
            in_ptr_4_d = next_3;
        end
        if (win_3[5]) begin
            ghi = (ghi | ohhi_3);
            in_ptr_5_d = next_3;
        end
        if (win_3[6]) begin
            ghi = (ghi | ohhi_13);
            in_ptr_6_d = next_3;
        end
        if (win_3[7]) begin
            ghi = (ghi | ohhi_23);
            in_ptr_7_d = next_3;
        end
        if (win_3[8]) begin
            ghi = (ghi | ohhi_33);
            in_ptr_8_d = next_3;
        end
        if (win_3[9]) begin
            ghi = (ghi | ohhi_43);
            in_ptr_9_d = next_3;
        end
        if (win_4[0]) begin
            glo = (glo | ohlo_4);
            in_ptr_0_d = next_4;
        end
        if (win_4[1]) begin
            glo = (glo | ohlo_14);
            in_ptr_1_d = next_4;
        end
        if (win_4[2]) begin
            glo = (glo | ohlo_24);
            in_ptr_2_d = next_4;
        end
        if (win_4[3]) begin
            glo = (glo | ohlo_34);
            in_ptr_3_d = next_4;
        end
        if (win_4[4]) begin
            glo = (glo | ohlo_44);
            in_ptr_4_d = next_4;
        end
        if (win_4[5]) begin
            ghi = (ghi | ohhi_4);
            in_ptr_5_d = next_4;
        end
        if (win_4[6]) begin
            ghi = (ghi | ohhi_14);
            in_ptr_6_d = next_4;
        end
        if (win_4[7]) begin
            ghi = (ghi | ohhi_24);
            in_ptr_7_d = next_4;
        end
        if (win_4[8]) begin
            ghi = (ghi | ohhi_34);
            in_ptr_8_d = next_4;
        end
        if (win_4[9]) begin
            ghi = (ghi | ohhi_44);
            in_ptr_9_d = next_4;
        end
        if (win_5[0]) begin
            glo = (glo | ohlo_5);
            in_ptr_0_d = next_5;
        end
        if (win_5[1]) begin
            glo = (glo | ohlo_15);
            in_ptr_1_d = next_5;
        end
        if (win_5[2]) begin
            glo = (glo | ohlo_25);
            in_ptr_2_d = next_5;
        end
        if (win_5[3]) begin
            glo = (glo | ohlo_35);
            in_ptr_3_d = next_5;
        end
        if (win_5[4]) begin
            glo = (glo | ohlo_45);
            in_ptr_4_d = next_5;
        end
        if (win_5[5]) begin
            ghi = (ghi | ohhi_5);
            in_ptr_5_d = next_5;
        end
        if (win_5[6]) begin
            ghi = (ghi | ohhi_15);
            in_ptr_6_d = next_5;
        end
        if (win_5[7]) begin
            ghi = (ghi | ohhi_25);
            in_ptr_7_d = next_5;
        end
        if (win_5[8]) begin
            ghi = (ghi | ohhi_35);
            in_ptr_8_d = next_5;
        end
        if (win_5[9]) begin
            ghi = (ghi | ohhi_45);
            in_ptr_9_d = next_5;
        end
        if (win_6[0]) begin
            glo = (glo | ohlo_6);
            in_ptr_0_d = next_6;
        end
        if (win_6[1]) begin
            glo = (glo | ohlo_16);
            in_ptr_1_d = next_6;
        end
        if (win_6[2]) begin
            glo = (glo | ohlo_26);
            in_ptr_2_d = next_6;
        end
        if (win_6[3]) begin
            glo = (glo | ohlo_36);
            in_ptr_3_d = next_6;
        end
        if (win_6[4]) begin
            glo = (glo | ohlo_46);
            in_ptr_4_d = next_6;
        end
        if (win_6[5]) begin
            ghi = (ghi | ohhi_6);
            in_ptr_5_d = next_6;
        end
        if (win_6[6]) begin
            ghi = (ghi | ohhi_16);
            in_ptr_6_d = next_6;
        end
        if (win_6[7]) begin
            ghi = (ghi | ohhi_26);
            in_ptr_7_d = next_6;
        end
        if (win_6[8]) begin
            ghi = (ghi | ohhi_36);
            in_ptr_8_d = next_6;
        end
        if (win_6[9]) begin
            ghi = (ghi | ohhi_46);
            in_ptr_9_d = next_6;
        end
        if (win_7[0]) begin
            glo = (glo | ohlo_7);
            in_ptr_0_d = next_7;
        end
        if (win_7[1]) begin
            glo = (glo | ohlo_17);
            in_ptr_1_d = next_7;
        end
        if (win_7[2]) begin
            glo = (glo | ohlo_27);
            in_ptr_2_d = next_7;
        end
        if (win_7[3]) begin
            glo = (glo | ohlo_37);
            in_ptr_3_d = next_7;
        end
        if (win_7[4]) begin
            glo = (glo | ohlo_47);
            in_ptr_4_d = next_7;
        end
        if (win_7[5]) begin
            ghi = (ghi | ohhi_7);
            in_ptr_5_d = next_7;
        end
        if (win_7[6]) begin
            ghi = (ghi | ohhi_17);
            in_ptr_6_d = next_7;
        end
        if (win_7[7]) begin
            ghi = (ghi | ohhi_27);
            in_ptr_7_d = next_7;
        end
        if (win_7[8]) begin
            ghi = (ghi | ohhi_37);
            in_ptr_8_d = next_7;
        end
        if (win_7[9]) begin
            ghi = (ghi | ohhi_47);
            in_ptr_9_d = next_7;
        end
        if (win_8[0]) begin
            glo = (glo | ohlo_8);
            in_ptr_0_d = next_8;
        end
        if (win_8[1]) begin
            glo = (glo | ohlo_18);
            in_ptr_1_d = next_8;
        end
        if (win_8[2]) begin
            glo = (glo | ohlo_28);
            in_ptr_2_d = next_8;
        end
        if (win_8[3]) begin
            glo = (glo | ohlo_38);
            in_ptr_3_d = next_8;
        end
        if (win_8[4]) begin
            glo = (glo | ohlo_48);
            in_ptr_4_d = next_8;
        end
        if (win_8[5]) begin
            ghi = (ghi | ohhi_8);
            in_ptr_5_d = next_8;
        end
        if (win_8[6]) begin
            ghi = (ghi | ohhi_18);
            in_ptr_6_d = next_8;
        end
        if (win_8[7]) begin
            ghi = (ghi | ohhi_28);
            in_ptr_7_d = next_8;
        end
        if (win_8[8]) begin
            ghi = (ghi | ohhi_38);
            in_ptr_8_d = next_8;
        end
        if (win_8[9]) begin
            ghi = (ghi | ohhi_48);
            in_ptr_9_d = next_8;
        end
        if (win_9[0]) begin
            glo = (glo | ohlo_9);
            in_ptr_0_d = next_9;
        end
        if (win_9[1]) begin
            glo = (glo | ohlo_19);
            in_ptr_1_d = next_9;
        end
        if (win_9[2]) begin
            glo = (glo | ohlo_29);
            in_ptr_2_d = next_9;
        end
        if (win_9[3]) begin
            glo = (glo | ohlo_39);
            in_ptr_3_d = next_9;
        end
        if (win_9[4]) begin
            glo = (glo | ohlo_49);
            in_ptr_4_d = next_9;
        end
        if (win_9[5]) begin
            ghi = (ghi | ohhi_9);
            in_ptr_5_d = next_9;
        end
        if (win_9[6]) begin
            ghi = (ghi | ohhi_19);
            in_ptr_6_d = next_9;
        end
        if (win_9[7]) begin
            ghi = (ghi | ohhi_29);
            in_ptr_7_d = next_9;
        end
        if (win_9[8]) begin
            ghi = (ghi | ohhi_39);
            in_ptr_8_d = next_9;
        end
        if (win_9[9]) begin
            ghi = (ghi | ohhi_49);
            in_ptr_9_d = next_9;
        end
        iacc = 40'h0;
        oacc = 40'h0;
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
        if (in_ptr_0_q[3]) begin
            iacc = (iacc | ohp_3);
        end
        if (out_ptr_0_q[3]) begin
            oacc = (oacc | ohp_3);
        end
        if (in_ptr_1_q[0]) begin
            iacc = (iacc | ohp_4);
        end
        if (out_ptr_1_q[0]) begin
            oacc = (oacc | ohp_4);
        end
        if (in_ptr_1_q[1]) begin
            iacc = (iacc | ohp_5);
        end
        if (out_ptr_1_q[1]) begin
            oacc = (oacc | ohp_5);
        end
        if (in_ptr_1_q[2]) begin
            iacc = (iacc | ohp_6);
        end
        if (out_ptr_1_q[2]) begin
            oacc = (oacc | ohp_6);
        end
        if (in_ptr_1_q[3]) begin
            iacc = (iacc | ohp_7);
        end
        if (out_ptr_1_q[3]) begin
            oacc = (oacc | ohp_7);
        end
        if (in_ptr_2_q[0]) begin
            iacc = (iacc | ohp_8);
        end
        if (out_ptr_2_q[0]) begin
            oacc = (oacc | ohp_8);
        end
        if (in_ptr_2_q[1]) begin
            iacc = (iacc | ohp_9);
        end
        if (out_ptr_2_q[1]) begin
            oacc = (oacc | ohp_9);
        end
        if (in_ptr_2_q[2]) begin
            iacc = (iacc | ohp_10);
        end
        if (out_ptr_2_q[2]) begin
            oacc = (oacc | ohp_10);
        end
        if (in_ptr_2_q[3]) begin
            iacc = (iacc | ohp_11);
        end
        if (out_ptr_2_q[3]) begin
            oacc = (oacc | ohp_11);
        end
        if (in_ptr_3_q[0]) begin
            iacc = (iacc | ohp_12);
        end
        if (out_ptr_3_q[0]) begin
            oacc = (oacc | ohp_12);
        end
        if (in_ptr_3_q[1]) begin
            iacc = (iacc | ohp_13);
        end
        if (out_ptr_3_q[1]) begin
            oacc = (oacc | ohp_13);
        end
        if (in_ptr_3_q[2]) begin
            iacc = (iacc | ohp_14);
        end
        if (out_ptr_3_q[2]) begin
            oacc = (oacc | ohp_14);
        end
        if (in_ptr_3_q[3]) begin
            iacc = (iacc | ohp_15);
        end
        if (out_ptr_3_q[3]) begin
            oacc = (oacc | ohp_15);
        end
        if (in_ptr_4_q[0]) begin
            iacc = (iacc | ohp_16);
        end
        if (out_ptr_4_q[0]) begin
            oacc = (oacc | ohp_16);
        end
        if (in_ptr_4_q[1]) begin
            iacc = (iacc | ohp_17);
        end
        if (out_ptr_4_q[1]) begin
            oacc = (oacc | ohp_17);
        end
        if (in_ptr_4_q[2]) begin
            iacc = (iacc | ohp_18);
        end
        if (out_ptr_4_q[2]) begin
            oacc = (oacc | ohp_18);
        end
        if (in_ptr_4_q[3]) begin
            iacc = (iacc | ohp_19);
        end
        if (out_ptr_4_q[3]) begin
            oacc = (oacc | ohp_19);
        end
        if (in_ptr_5_q[0]) begin
            iacc = (iacc | ohp_20);
        end
        if (out_ptr_5_q[0]) begin
            oacc = (oacc | ohp_20);
        end
        if (in_ptr_5_q[1]) begin
            iacc = (iacc | ohp_21);
        end
        if (out_ptr_5_q[1]) begin
            oacc = (oacc | ohp_21);
        end
        if (in_ptr_5_q[2]) begin
            iacc = (iacc | ohp_22);
        end
        if (out_ptr_5_q[2]) begin
            oacc = (oacc | ohp_22);
        end
        if (in_ptr_5_q[3]) begin
            iacc = (iacc | ohp_23);
        end
        if (out_ptr_5_q[3]) begin
            oacc = (oacc | ohp_23);
        end
        if (in_ptr_6_q[0]) begin
            iacc = (iacc | ohp_24);
        end
        if (out_ptr_6_q[0]) begin
            oacc = (oacc | ohp_24);
        end
        if (in_ptr_6_q[1]) begin
            iacc = (iacc | ohp_25);
        end
        if (out_ptr_6_q[1]) begin
            oacc = (oacc | ohp_25);
        end
        if (in_ptr_6_q[2]) begin
            iacc = (iacc | ohp_26);
        end
        if (out_ptr_6_q[2]) begin
            oacc = (oacc | ohp_26);
        end
        if (in_ptr_6_q[3]) begin
            iacc = (iacc | ohp_27);
        end
        if (out_ptr_6_q[3]) begin
            oacc = (oacc | ohp_27);
        end
        if (in_ptr_7_q[0]) begin
            iacc = (iacc | ohp_28);
        end
        if (out_ptr_7_q[0]) begin
            oacc = (oacc | ohp_28);
        end
        if (in_ptr_7_q[1]) begin
            iacc = (iacc | ohp_29);
        end
        if (out_ptr_7_q[1]) begin
            oacc = (oacc | ohp_29);
        end
        if (in_ptr_7_q[2]) begin
            iacc = (iacc | ohp_30);
        end
        if (out_ptr_7_q[2]) begin
            oacc = (oacc | ohp_30);
        end
        if (in_ptr_7_q[3]) begin
            iacc = (iacc | ohp_31);
        end
        if (out_ptr_7_q[3]) begin
            oacc = (oacc | ohp_31);
        end
        if (in_ptr_8_q[0]) begin
            iacc = (iacc | ohp_32);
        end
        if (out_ptr_8_q[0]) begin
            oacc = (oacc | ohp_32);
        end
        if (in_ptr_8_q[1]) begin
            iacc = (iacc | ohp_33);
        end
        if (out_ptr_8_q[1]) begin
            oacc = (oacc | ohp_33);
        end
        if (in_ptr_8_q[2]) begin
            iacc = (iacc | ohp_34);
        end
        if (out_ptr_8_q[2]) begin
            oacc = (oacc | ohp_34);
        end
        if (in_ptr_8_q[3]) begin
            iacc = (iacc | ohp_35);
        end
        if (out_ptr_8_q[3]) begin
            oacc = (oacc | ohp_35);
        end
        if (in_ptr_9_q[0]) begin
            iacc = (iacc | ohp_36);
        end
        if (out_ptr_9_q[0]) begin
            oacc = (oacc | ohp_36);
        end
        if (in_ptr_9_q[1]) begin
            iacc = (iacc | ohp_37);
        end
        if (out_ptr_9_q[1]) begin
            oacc = (oacc | ohp_37);
        end
        if (in_ptr_9_q[2]) begin
            iacc = (iacc | ohp_38);
        end
        if (out_ptr_9_q[2]) begin
            oacc = (oacc | ohp_38);
        end
        if (in_ptr_9_q[3]) begin
            iacc = (iacc | ohp_39);
        end
        if (out_ptr_9_q[3]) begin
            oacc = (oacc | ohp_39);
        end
        grant_lo = glo;
        grant_hi = ghi;
        in_ptrs = iacc;
        out_ptrs = oacc;
    end

    // Registers: synchronous reset to their power-on values
    always @(posedge clock) begin
        if (reset) begin
            in_ptr_0_q <= 4'h0;
            in_ptr_1_q <= 4'h0;
            in_ptr_2_q <= 4'h0;
            in_ptr_3_q <= 4'h0;
            in_ptr_4_q <= 4'h0;
            in_ptr_5_q <= 4'h0;
            in_ptr_6_q <= 4'h0;
            in_ptr_7_q <= 4'h0;
            in_ptr_8_q <= 4'h0;
            in_ptr_9_q <= 4'h0;
            out_ptr_0_q <= 4'h0;
            out_ptr_1_q <= 4'h0;
            out_ptr_2_q <= 4'h0;
            out_ptr_3_q <= 4'h0;
            out_ptr_4_q <= 4'h0;
            out_ptr_5_q <= 4'h0;
            out_ptr_6_q <= 4'h0;
            out_ptr_7_q <= 4'h0;
            out_ptr_8_q <= 4'h0;
            out_ptr_9_q <= 4'h0;
        end
        else begin
            in_ptr_0_q <= in_ptr_0_d;
            in_ptr_1_q <= in_ptr_1_d;
            in_ptr_2_q <= in_ptr_2_d;
            in_ptr_3_q <= in_ptr_3_d;
            in_ptr_4_q <= in_ptr_4_d;
            in_ptr_5_q <= in_ptr_5_d;
            in_ptr_6_q <= in_ptr_6_d;
            in_ptr_7_q <= in_ptr_7_d;
            in_ptr_8_q <= in_ptr_8_d;
            in_ptr_9_q <= in_ptr_9_d;
            out_ptr_0_q <= out_ptr_0_d;
            out_ptr_1_q <= out_ptr_1_d;
            out_ptr_2_q <= out_ptr_2_d;
            out_ptr_3_q <= out_ptr_3_d;
            out_ptr_4_q <= out_ptr_4_d;
            out_ptr_5_q <= out_ptr_5_d;
            out_ptr_6_q <= out_ptr_6_d;
            out_ptr_7_q <= out_ptr_7_d;
            out_ptr_8_q <= out_ptr_8_d;
            out_ptr_9_q <= out_ptr_9_d;
        end
    end
endmodule // fw_vc_allocator
