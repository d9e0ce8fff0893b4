// fw_rearrange: tidy form written by `flitwave rtl emit` from src/hdl/rearrange.rs (rust-hdl 0.46).
// Equivalent to rtl/rearrange.v (the raw rust-hdl emission), proven by `flitwave rtl check`.
// Do not edit; regenerate instead. Checked by `flitwave rtl check` (docs/rtl.md).
// Clock: rising edge of `clock`. Reset: synchronous, active high (`reset`); no initial
// blocks, every register takes its power-on value from reset.

module fw_rearrange(clock,reset,mode,size,pool,arrive,conn,sn,bytes,tag,q_conn,ready,act_valid,act_kind,act_conn,act_sn,act_tag,used,mms,q_expected,q_used,q_mbs,duplicates);

    // Parameters: the configuration this module was generated for. Local, not
    // overridable: the logic is unrolled for these values; regenerate for others.
    localparam CONN_W  = 2; // connection index (4 connections)
    localparam SN_W    = 24; // sequence number
    localparam BYTES_W = 11; // packet size in bytes
    localparam TAG_W   = 8; // buffer tag
    localparam CNT_W   = 16; // pool, usage and duplicate counters

    // Module arguments
    input wire  clock;
    input wire  reset;
    input wire  [1:0] mode;
    input wire  [CNT_W-1:0] size;
    input wire  [CNT_W-1:0] pool;
    input wire  arrive;
    input wire  [CONN_W-1:0] conn;
    input wire  [SN_W-1:0] sn;
    input wire  [BYTES_W-1:0] bytes;
    input wire  [TAG_W-1:0] tag;
    input wire  [CONN_W-1:0] q_conn;
    output reg  ready;
    output reg  act_valid;
    output reg  [1:0] act_kind;
    output reg  [CONN_W-1:0] act_conn;
    output reg  [SN_W-1:0] act_sn;
    output reg  [TAG_W-1:0] act_tag;
    output reg  [CNT_W-1:0] used;
    output reg  [CNT_W-1:0] mms;
    output reg  [SN_W-1:0] q_expected;
    output reg  [CNT_W-1:0] q_used;
    output reg  [CNT_W-1:0] q_mbs;
    output reg  [CNT_W-1:0] duplicates;

    // Constant declarations
    localparam  S_IDLE = 2'd0;
    localparam  S_DELIVER = 2'd1;
    localparam  S_ACK = 2'd2;
    localparam  S_NACK = 2'd3;

    // Registers (_q) and their next values (_d), and sub-module ports
    reg  [SN_W-1:0] exp_0_d;
    reg  [SN_W-1:0] exp_0_q;
    reg  [SN_W-1:0] exp_1_d;
    reg  [SN_W-1:0] exp_1_q;
    reg  [SN_W-1:0] exp_2_d;
    reg  [SN_W-1:0] exp_2_q;
    reg  [SN_W-1:0] exp_3_d;
    reg  [SN_W-1:0] exp_3_q;
    reg  [TAG_W-1:0] map_0_d;
    reg  [TAG_W-1:0] map_0_q;
    reg  [TAG_W-1:0] map_1_d;
    reg  [TAG_W-1:0] map_1_q;
    reg  [TAG_W-1:0] map_2_d;
    reg  [TAG_W-1:0] map_2_q;
    reg  [TAG_W-1:0] map_3_d;
    reg  [TAG_W-1:0] map_3_q;
    reg  [CNT_W-1:0] cused_0_d;
    reg  [CNT_W-1:0] cused_0_q;
    reg  [CNT_W-1:0] cused_1_d;
    reg  [CNT_W-1:0] cused_1_q;
    reg  [CNT_W-1:0] cused_2_d;
    reg  [CNT_W-1:0] cused_2_q;
    reg  [CNT_W-1:0] cused_3_d;
    reg  [CNT_W-1:0] cused_3_q;
    reg  [CNT_W-1:0] mbs_0_d;
    reg  [CNT_W-1:0] mbs_0_q;
    reg  [CNT_W-1:0] mbs_1_d;
    reg  [CNT_W-1:0] mbs_1_q;
    reg  [CNT_W-1:0] mbs_2_d;
    reg  [CNT_W-1:0] mbs_2_q;
    reg  [CNT_W-1:0] mbs_3_d;
    reg  [CNT_W-1:0] mbs_3_q;
    reg  [CNT_W-1:0] slot_bytes_0_d;
    reg  [CNT_W-1:0] slot_bytes_0_q;
    reg  [CNT_W-1:0] slot_bytes_1_d;
    reg  [CNT_W-1:0] slot_bytes_1_q;
    reg  [CNT_W-1:0] slot_bytes_2_d;
    reg  [CNT_W-1:0] slot_bytes_2_q;
    reg  [CNT_W-1:0] slot_bytes_3_d;
    reg  [CNT_W-1:0] slot_bytes_3_q;
    reg  [CNT_W-1:0] slot_bytes_4_d;
    reg  [CNT_W-1:0] slot_bytes_4_q;
    reg  [CNT_W-1:0] slot_bytes_5_d;
    reg  [CNT_W-1:0] slot_bytes_5_q;
    reg  [CNT_W-1:0] slot_bytes_6_d;
    reg  [CNT_W-1:0] slot_bytes_6_q;
    reg  [CNT_W-1:0] slot_bytes_7_d;
    reg  [CNT_W-1:0] slot_bytes_7_q;
    reg  [CNT_W-1:0] slot_bytes_8_d;
    reg  [CNT_W-1:0] slot_bytes_8_q;
    reg  [CNT_W-1:0] slot_bytes_9_d;
    reg  [CNT_W-1:0] slot_bytes_9_q;
    reg  [CNT_W-1:0] slot_bytes_10_d;
    reg  [CNT_W-1:0] slot_bytes_10_q;
    reg  [CNT_W-1:0] slot_bytes_11_d;
    reg  [CNT_W-1:0] slot_bytes_11_q;
    reg  [CNT_W-1:0] slot_bytes_12_d;
    reg  [CNT_W-1:0] slot_bytes_12_q;
    reg  [CNT_W-1:0] slot_bytes_13_d;
    reg  [CNT_W-1:0] slot_bytes_13_q;
    reg  [CNT_W-1:0] slot_bytes_14_d;
    reg  [CNT_W-1:0] slot_bytes_14_q;
    reg  [CNT_W-1:0] slot_bytes_15_d;
    reg  [CNT_W-1:0] slot_bytes_15_q;
    reg  [CNT_W-1:0] slot_bytes_16_d;
    reg  [CNT_W-1:0] slot_bytes_16_q;
    reg  [CNT_W-1:0] slot_bytes_17_d;
    reg  [CNT_W-1:0] slot_bytes_17_q;
    reg  [CNT_W-1:0] slot_bytes_18_d;
    reg  [CNT_W-1:0] slot_bytes_18_q;
    reg  [CNT_W-1:0] slot_bytes_19_d;
    reg  [CNT_W-1:0] slot_bytes_19_q;
    reg  [CNT_W-1:0] slot_bytes_20_d;
    reg  [CNT_W-1:0] slot_bytes_20_q;
    reg  [CNT_W-1:0] slot_bytes_21_d;
    reg  [CNT_W-1:0] slot_bytes_21_q;
    reg  [CNT_W-1:0] slot_bytes_22_d;
    reg  [CNT_W-1:0] slot_bytes_22_q;
    reg  [CNT_W-1:0] slot_bytes_23_d;
    reg  [CNT_W-1:0] slot_bytes_23_q;
    reg  [CNT_W-1:0] slot_bytes_24_d;
    reg  [CNT_W-1:0] slot_bytes_24_q;
    reg  [CNT_W-1:0] slot_bytes_25_d;
    reg  [CNT_W-1:0] slot_bytes_25_q;
    reg  [CNT_W-1:0] slot_bytes_26_d;
    reg  [CNT_W-1:0] slot_bytes_26_q;
    reg  [CNT_W-1:0] slot_bytes_27_d;
    reg  [CNT_W-1:0] slot_bytes_27_q;
    reg  [CNT_W-1:0] slot_bytes_28_d;
    reg  [CNT_W-1:0] slot_bytes_28_q;
    reg  [CNT_W-1:0] slot_bytes_29_d;
    reg  [CNT_W-1:0] slot_bytes_29_q;
    reg  [CNT_W-1:0] slot_bytes_30_d;
    reg  [CNT_W-1:0] slot_bytes_30_q;
    reg  [CNT_W-1:0] slot_bytes_31_d;
    reg  [CNT_W-1:0] slot_bytes_31_q;
    reg  [TAG_W-1:0] slot_tag_0_d;
    reg  [TAG_W-1:0] slot_tag_0_q;
    reg  [TAG_W-1:0] slot_tag_1_d;
    reg  [TAG_W-1:0] slot_tag_1_q;
    reg  [TAG_W-1:0] slot_tag_2_d;
    reg  [TAG_W-1:0] slot_tag_2_q;
    reg  [TAG_W-1:0] slot_tag_3_d;
    reg  [TAG_W-1:0] slot_tag_3_q;
    reg  [TAG_W-1:0] slot_tag_4_d;
    reg  [TAG_W-1:0] slot_tag_4_q;
    reg  [TAG_W-1:0] slot_tag_5_d;
    reg  [TAG_W-1:0] slot_tag_5_q;
    reg  [TAG_W-1:0] slot_tag_6_d;
    reg  [TAG_W-1:0] slot_tag_6_q;
    reg  [TAG_W-1:0] slot_tag_7_d;
    reg  [TAG_W-1:0] slot_tag_7_q;
    reg  [TAG_W-1:0] slot_tag_8_d;
    reg  [TAG_W-1:0] slot_tag_8_q;
    reg  [TAG_W-1:0] slot_tag_9_d;
    reg  [TAG_W-1:0] slot_tag_9_q;
    reg  [TAG_W-1:0] slot_tag_10_d;
    reg  [TAG_W-1:0] slot_tag_10_q;
    reg  [TAG_W-1:0] slot_tag_11_d;
    reg  [TAG_W-1:0] slot_tag_11_q;
    reg  [TAG_W-1:0] slot_tag_12_d;
    reg  [TAG_W-1:0] slot_tag_12_q;
    reg  [TAG_W-1:0] slot_tag_13_d;
    reg  [TAG_W-1:0] slot_tag_13_q;
    reg  [TAG_W-1:0] slot_tag_14_d;
    reg  [TAG_W-1:0] slot_tag_14_q;
    reg  [TAG_W-1:0] slot_tag_15_d;
    reg  [TAG_W-1:0] slot_tag_15_q;
    reg  [TAG_W-1:0] slot_tag_16_d;
    reg  [TAG_W-1:0] slot_tag_16_q;
    reg  [TAG_W-1:0] slot_tag_17_d;
    reg  [TAG_W-1:0] slot_tag_17_q;
    reg  [TAG_W-1:0] slot_tag_18_d;
    reg  [TAG_W-1:0] slot_tag_18_q;
    reg  [TAG_W-1:0] slot_tag_19_d;
    reg  [TAG_W-1:0] slot_tag_19_q;
    reg  [TAG_W-1:0] slot_tag_20_d;
    reg  [TAG_W-1:0] slot_tag_20_q;
    reg  [TAG_W-1:0] slot_tag_21_d;
    reg  [TAG_W-1:0] slot_tag_21_q;
    reg  [TAG_W-1:0] slot_tag_22_d;
    reg  [TAG_W-1:0] slot_tag_22_q;
    reg  [TAG_W-1:0] slot_tag_23_d;
    reg  [TAG_W-1:0] slot_tag_23_q;
    reg  [TAG_W-1:0] slot_tag_24_d;
    reg  [TAG_W-1:0] slot_tag_24_q;
    reg  [TAG_W-1:0] slot_tag_25_d;
    reg  [TAG_W-1:0] slot_tag_25_q;
    reg  [TAG_W-1:0] slot_tag_26_d;
    reg  [TAG_W-1:0] slot_tag_26_q;
    reg  [TAG_W-1:0] slot_tag_27_d;
    reg  [TAG_W-1:0] slot_tag_27_q;
    reg  [TAG_W-1:0] slot_tag_28_d;
    reg  [TAG_W-1:0] slot_tag_28_q;
    reg  [TAG_W-1:0] slot_tag_29_d;
    reg  [TAG_W-1:0] slot_tag_29_q;
    reg  [TAG_W-1:0] slot_tag_30_d;
    reg  [TAG_W-1:0] slot_tag_30_q;
    reg  [TAG_W-1:0] slot_tag_31_d;
    reg  [TAG_W-1:0] slot_tag_31_q;
    reg  [15:0] total_d;
    reg  [15:0] total_q;
    reg  [15:0] mms_r_d;
    reg  [15:0] mms_r_q;
    reg  [15:0] n_dup_d;
    reg  [15:0] n_dup_q;
    reg  [1:0] s_kind_d;
    reg  [1:0] s_kind_q;
    reg  [CONN_W-1:0] s_conn_d;
    reg  [CONN_W-1:0] s_conn_q;
    reg  [SN_W-1:0] s_sn_d;
    reg  [SN_W-1:0] s_sn_q;
    reg  [2:0] s_cnt_d;
    reg  [2:0] s_cnt_q;
    reg  [7:0] s_mask_d;
    reg  [7:0] s_mask_q;

    // Local signals
    reg  lone;
    reg  [2:0] h;
    reg  [23:0] hw;
    reg  [2:0] rslot;
    reg  [7:0] atag;
    reg  take;
    reg  [15:0] b16;
    reg  [23:0] e;
    reg  [7:0] m;
    reg  [15:0] u;
    reg  [23:0] diff;
    reg  [2:0] d;
    reg  [7:0] dbit;
    reg  dup;
    reg  inord;
    reg  ooo;
    reg  [15:0] row_0;
    reg  [15:0] row_1;
    reg  [15:0] row_2;
    reg  [15:0] row_3;
    reg  [15:0] row_4;
    reg  [15:0] row_5;
    reg  [15:0] row_6;
    reg  [15:0] row_7;
    reg  [2:0] rel_0;
    reg  [2:0] rel_1;
    reg  [2:0] rel_2;
    reg  [2:0] rel_3;
    reg  [2:0] rel_4;
    reg  [2:0] rel_5;
    reg  [2:0] rel_6;
    reg  [2:0] rel_7;
    reg  [15:0] rsz_0;
    reg  [15:0] rsz_1;
    reg  [15:0] rsz_2;
    reg  [15:0] rsz_3;
    reg  [15:0] rsz_4;
    reg  [15:0] rsz_5;
    reg  [15:0] rsz_6;
    reg  run;
    reg  [23:0] k;
    reg  [15:0] frun;
    reg  [15:0] fr_0;
    reg  [15:0] fr_1;
    reg  [15:0] fr_2;
    reg  [15:0] fr_3;
    reg  [15:0] fr_4;
    reg  [15:0] fr_5;
    reg  [15:0] fr_6;
    reg  [15:0] fr_7;
    reg  fit_0;
    reg  fit_1;
    reg  fit_2;
    reg  fit_3;
    reg  fit_4;
    reg  fit_5;
    reg  fit_6;
    reg  fit_7;
    reg  [15:0] cu;
    reg  [15:0] tt;
    reg  can;
    reg  [15:0] frsel;
    reg  [7:0] ev;
    reg  [7:0] nm;

    // Update code
    always @(*) begin
        total_d = total_q;
        mms_r_d = mms_r_q;
        n_dup_d = n_dup_q;
        s_kind_d = s_kind_q;
        s_conn_d = s_conn_q;
        s_sn_d = s_sn_q;
        s_cnt_d = s_cnt_q;
        s_mask_d = s_mask_q;
        q_expected = 24'h0;
        q_used = 16'h0;
        q_mbs = 16'h0;
        if ((q_conn == 0)) begin
            q_expected = exp_0_q;
            q_used = cused_0_q;
            q_mbs = mbs_0_q;
        end
        exp_0_d = exp_0_q;
        map_0_d = map_0_q;
        cused_0_d = cused_0_q;
        mbs_0_d = mbs_0_q;
        if ((q_conn == 1)) begin
            q_expected = exp_1_q;
            q_used = cused_1_q;
            q_mbs = mbs_1_q;
        end
        exp_1_d = exp_1_q;
        map_1_d = map_1_q;
        cused_1_d = cused_1_q;
        mbs_1_d = mbs_1_q;
        if ((q_conn == 2)) begin
            q_expected = exp_2_q;
            q_used = cused_2_q;
            q_mbs = mbs_2_q;
        end
        exp_2_d = exp_2_q;
        map_2_d = map_2_q;
        cused_2_d = cused_2_q;
        mbs_2_d = mbs_2_q;
        if ((q_conn == 3)) begin
            q_expected = exp_3_q;
            q_used = cused_3_q;
            q_mbs = mbs_3_q;
        end
        exp_3_d = exp_3_q;
        map_3_d = map_3_q;
        cused_3_d = cused_3_q;
        mbs_3_d = mbs_3_q;
        slot_bytes_0_d = slot_bytes_0_q;
        slot_tag_0_d = slot_tag_0_q;
        slot_bytes_1_d = slot_bytes_1_q;
        slot_tag_1_d = slot_tag_1_q;
        slot_bytes_2_d = slot_bytes_2_q;
        slot_tag_2_d = slot_tag_2_q;
        slot_bytes_3_d = slot_bytes_3_q;
        slot_tag_3_d = slot_tag_3_q;
        slot_bytes_4_d = slot_bytes_4_q;
        slot_tag_4_d = slot_tag_4_q;
        slot_bytes_5_d = slot_bytes_5_q;
        slot_tag_5_d = slot_tag_5_q;
        slot_bytes_6_d = slot_bytes_6_q;
        slot_tag_6_d = slot_tag_6_q;
        slot_bytes_7_d = slot_bytes_7_q;
        slot_tag_7_d = slot_tag_7_q;
        slot_bytes_8_d = slot_bytes_8_q;
        slot_tag_8_d = slot_tag_8_q;
        slot_bytes_9_d = slot_bytes_9_q;
        slot_tag_9_d = slot_tag_9_q;
        slot_bytes_10_d = slot_bytes_10_q;
        slot_tag_10_d = slot_tag_10_q;
        slot_bytes_11_d = slot_bytes_11_q;
        slot_tag_11_d = slot_tag_11_q;
        slot_bytes_12_d = slot_bytes_12_q;
        slot_tag_12_d = slot_tag_12_q;
        slot_bytes_13_d = slot_bytes_13_q;
        slot_tag_13_d = slot_tag_13_q;
        slot_bytes_14_d = slot_bytes_14_q;
        slot_tag_14_d = slot_tag_14_q;
        slot_bytes_15_d = slot_bytes_15_q;
        slot_tag_15_d = slot_tag_15_q;
        slot_bytes_16_d = slot_bytes_16_q;
        slot_tag_16_d = slot_tag_16_q;
        slot_bytes_17_d = slot_bytes_17_q;
        slot_tag_17_d = slot_tag_17_q;
        slot_bytes_18_d = slot_bytes_18_q;
        slot_tag_18_d = slot_tag_18_q;
        slot_bytes_19_d = slot_bytes_19_q;
        slot_tag_19_d = slot_tag_19_q;
        slot_bytes_20_d = slot_bytes_20_q;
        slot_tag_20_d = slot_tag_20_q;
        slot_bytes_21_d = slot_bytes_21_q;
        slot_tag_21_d = slot_tag_21_q;
        slot_bytes_22_d = slot_bytes_22_q;
        slot_tag_22_d = slot_tag_22_q;
        slot_bytes_23_d = slot_bytes_23_q;
        slot_tag_23_d = slot_tag_23_q;
        slot_bytes_24_d = slot_bytes_24_q;
        slot_tag_24_d = slot_tag_24_q;
        slot_bytes_25_d = slot_bytes_25_q;
        slot_tag_25_d = slot_tag_25_q;
        slot_bytes_26_d = slot_bytes_26_q;
        slot_tag_26_d = slot_tag_26_q;
        slot_bytes_27_d = slot_bytes_27_q;
        slot_tag_27_d = slot_tag_27_q;
        slot_bytes_28_d = slot_bytes_28_q;
        slot_tag_28_d = slot_tag_28_q;
        slot_bytes_29_d = slot_bytes_29_q;
        slot_tag_29_d = slot_tag_29_q;
        slot_bytes_30_d = slot_bytes_30_q;
        slot_tag_30_d = slot_tag_30_q;
        slot_bytes_31_d = slot_bytes_31_q;
        slot_tag_31_d = slot_tag_31_q;
        lone = ~|(s_mask_q & (s_mask_q - 8'h1));
        h = 3'h0;
        hw = 24'h0;
        if (s_mask_q[0]) begin
            h = 0;
            hw = 0;
        end
        if (s_mask_q[1]) begin
            h = 1;
            hw = 1;
        end
        if (s_mask_q[2]) begin
            h = 2;
            hw = 2;
        end
        if (s_mask_q[3]) begin
            h = 3;
            hw = 3;
        end
        if (s_mask_q[4]) begin
            h = 4;
            hw = 4;
        end
        if (s_mask_q[5]) begin
            h = 5;
            hw = 5;
        end
        if (s_mask_q[6]) begin
            h = 6;
            hw = 6;
        end
        if (s_mask_q[7]) begin
            h = 7;
            hw = 7;
        end
        ready = (s_kind_q == S_IDLE) | (s_kind_q == S_ACK) | ((s_kind_q == S_NACK) & lone);
        rslot = s_sn_q[0+:3] + h;
        atag = 8'h0;
        if (((s_conn_q == 0) & (rslot == 0))) begin
            atag = slot_tag_0_q;
        end
        if (((s_conn_q == 0) & (rslot == 1))) begin
            atag = slot_tag_1_q;
        end
        if (((s_conn_q == 0) & (rslot == 2))) begin
            atag = slot_tag_2_q;
        end
        if (((s_conn_q == 0) & (rslot == 3))) begin
            atag = slot_tag_3_q;
        end
        if (((s_conn_q == 0) & (rslot == 4))) begin
            atag = slot_tag_4_q;
        end
        if (((s_conn_q == 0) & (rslot == 5))) begin
            atag = slot_tag_5_q;
        end
        if (((s_conn_q == 0) & (rslot == 6))) begin
            atag = slot_tag_6_q;
        end
        if (((s_conn_q == 0) & (rslot == 7))) begin
            atag = slot_tag_7_q;
        end
        if (((s_conn_q == 1) & (rslot == 0))) begin
            atag = slot_tag_8_q;
        end
        if (((s_conn_q == 1) & (rslot == 1))) begin
            atag = slot_tag_9_q;
        end
        if (((s_conn_q == 1) & (rslot == 2))) begin
            atag = slot_tag_10_q;
        end
        if (((s_conn_q == 1) & (rslot == 3))) begin
            atag = slot_tag_11_q;
        end
        if (((s_conn_q == 1) & (rslot == 4))) begin
            atag = slot_tag_12_q;
        end
        if (((s_conn_q == 1) & (rslot == 5))) begin
            atag = slot_tag_13_q;
        end
        if (((s_conn_q == 1) & (rslot == 6))) begin
            atag = slot_tag_14_q;
        end
        if (((s_conn_q == 1) & (rslot == 7))) begin
            atag = slot_tag_15_q;
        end
        if (((s_conn_q == 2) & (rslot == 0))) begin
            atag = slot_tag_16_q;
        end
        if (((s_conn_q == 2) & (rslot == 1))) begin
            atag = slot_tag_17_q;
        end
        if (((s_conn_q == 2) & (rslot == 2))) begin
            atag = slot_tag_18_q;
        end
        if (((s_conn_q == 2) & (rslot == 3))) begin
            atag = slot_tag_19_q;
        end
        if (((s_conn_q == 2) & (rslot == 4))) begin
            atag = slot_tag_20_q;
        end
        if (((s_conn_q == 2) & (rslot == 5))) begin
            atag = slot_tag_21_q;
        end
        if (((s_conn_q == 2) & (rslot == 6))) begin
            atag = slot_tag_22_q;
        end
        if (((s_conn_q == 2) & (rslot == 7))) begin
            atag = slot_tag_23_q;
        end
        if (((s_conn_q == 3) & (rslot == 0))) begin
            atag = slot_tag_24_q;
        end
        if (((s_conn_q == 3) & (rslot == 1))) begin
            atag = slot_tag_25_q;
        end
        if (((s_conn_q == 3) & (rslot == 2))) begin
            atag = slot_tag_26_q;
        end
        if (((s_conn_q == 3) & (rslot == 3))) begin
            atag = slot_tag_27_q;
        end
        if (((s_conn_q == 3) & (rslot == 4))) begin
            atag = slot_tag_28_q;
        end
        if (((s_conn_q == 3) & (rslot == 5))) begin
            atag = slot_tag_29_q;
        end
        if (((s_conn_q == 3) & (rslot == 6))) begin
            atag = slot_tag_30_q;
        end
        if (((s_conn_q == 3) & (rslot == 7))) begin
            atag = slot_tag_31_q;
        end
        act_valid = (s_kind_q != S_IDLE);
        act_kind = 2'h0;
        act_conn = 2'h0;
        act_sn = 24'h0;
        act_tag = 8'h0;
        if ((s_kind_q != S_IDLE)) begin
            act_kind = s_kind_q - 2'h1;
            act_conn = s_conn_q;
            act_sn = s_sn_q + hw;
            if ((s_kind_q != S_ACK)) begin
                act_tag = atag;
            end
        end
        if ((s_kind_q == S_DELIVER)) begin
            if (|s_cnt_q) begin
                s_sn_d = s_sn_q + 24'h1;
                s_cnt_d = s_cnt_q - 3'h1;
            end
            else begin
                s_kind_d = S_ACK;
            end
        end
        s_mask_d = s_mask_q & ~(((8'h1) & 8'hff) << h);
        if (((s_kind_q == S_ACK) | ((s_kind_q == S_NACK) & lone))) begin
            s_kind_d = S_IDLE;
        end
        take = arrive & ready;
        b16 = 16'h0;
        if (bytes[0]) begin
            b16 = b16 | (((16'h1) & 16'hffff) << 0);
        end
        if (bytes[1]) begin
            b16 = b16 | (((16'h1) & 16'hffff) << 1);
        end
        if (bytes[2]) begin
            b16 = b16 | (((16'h1) & 16'hffff) << 2);
        end
        if (bytes[3]) begin
            b16 = b16 | (((16'h1) & 16'hffff) << 3);
        end
        if (bytes[4]) begin
            b16 = b16 | (((16'h1) & 16'hffff) << 4);
        end
        if (bytes[5]) begin
            b16 = b16 | (((16'h1) & 16'hffff) << 5);
        end
        if (bytes[6]) begin
            b16 = b16 | (((16'h1) & 16'hffff) << 6);
        end
        if (bytes[7]) begin
            b16 = b16 | (((16'h1) & 16'hffff) << 7);
        end
        if (bytes[8]) begin
            b16 = b16 | (((16'h1) & 16'hffff) << 8);
        end
        if (bytes[9]) begin
            b16 = b16 | (((16'h1) & 16'hffff) << 9);
        end
        if (bytes[10]) begin
            b16 = b16 | (((16'h1) & 16'hffff) << 10);
        end
        e = 24'h0;
        m = 8'h0;
        u = 16'h0;
        if ((conn == 0)) begin
            e = exp_0_q;
            m = map_0_q;
            u = cused_0_q;
        end
        if ((conn == 1)) begin
            e = exp_1_q;
            m = map_1_q;
            u = cused_1_q;
        end
        if ((conn == 2)) begin
            e = exp_2_q;
            m = map_2_q;
            u = cused_2_q;
        end
        if ((conn == 3)) begin
            e = exp_3_q;
            m = map_3_q;
            u = cused_3_q;
        end
        row_0 = 16'h0;
        if ((conn == 0)) begin
            row_0 = slot_bytes_0_q;
        end
        if ((conn == 1)) begin
            row_0 = slot_bytes_8_q;
        end
        if ((conn == 2)) begin
            row_0 = slot_bytes_16_q;
        end
        if ((conn == 3)) begin
            row_0 = slot_bytes_24_q;
        end
        rel_0 = 0 - e[0+:3];
        row_1 = 16'h0;
        if ((conn == 0)) begin
            row_1 = slot_bytes_1_q;
        end
        if ((conn == 1)) begin
            row_1 = slot_bytes_9_q;
        end
        if ((conn == 2)) begin
            row_1 = slot_bytes_17_q;
        end
        if ((conn == 3)) begin
            row_1 = slot_bytes_25_q;
        end
        rel_1 = 1 - e[0+:3];
        row_2 = 16'h0;
        if ((conn == 0)) begin
            row_2 = slot_bytes_2_q;
        end
        if ((conn == 1)) begin
            row_2 = slot_bytes_10_q;
        end
        if ((conn == 2)) begin
            row_2 = slot_bytes_18_q;
        end
        if ((conn == 3)) begin
            row_2 = slot_bytes_26_q;
        end
        rel_2 = 2 - e[0+:3];
        row_3 = 16'h0;
        if ((conn == 0)) begin
            row_3 = slot_bytes_3_q;
        end
        if ((conn == 1)) begin
            row_3 = slot_bytes_11_q;
        end
        if ((conn == 2)) begin
            row_3 = slot_bytes_19_q;
        end
        if ((conn == 3)) begin
            row_3 = slot_bytes_27_q;
        end
        rel_3 = 3 - e[0+:3];
        row_4 = 16'h0;
        if ((conn == 0)) begin
            row_4 = slot_bytes_4_q;
        end
        if ((conn == 1)) begin
            row_4 = slot_bytes_12_q;
        end
        if ((conn == 2)) begin
            row_4 = slot_bytes_20_q;
        end
        if ((conn == 3)) begin
            row_4 = slot_bytes_28_q;
        end
        rel_4 = 4 - e[0+:3];
        row_5 = 16'h0;
        if ((conn == 0)) begin
            row_5 = slot_bytes_5_q;
        end
        if ((conn == 1)) begin
            row_5 = slot_bytes_13_q;
        end
        if ((conn == 2)) begin
            row_5 = slot_bytes_21_q;
        end
        if ((conn == 3)) begin
            row_5 = slot_bytes_29_q;
        end
        rel_5 = 5 - e[0+:3];
        row_6 = 16'h0;
        if ((conn == 0)) begin
            row_6 = slot_bytes_6_q;
        end
        if ((conn == 1)) begin
            row_6 = slot_bytes_14_q;
        end
        if ((conn == 2)) begin
            row_6 = slot_bytes_22_q;
        end
        if ((conn == 3)) begin
            row_6 = slot_bytes_30_q;
        end
        rel_6 = 6 - e[0+:3];
        row_7 = 16'h0;
        if ((conn == 0)) begin
            row_7 = slot_bytes_7_q;
        end
        if ((conn == 1)) begin
            row_7 = slot_bytes_15_q;
        end
        if ((conn == 2)) begin
            row_7 = slot_bytes_23_q;
        end
        if ((conn == 3)) begin
            row_7 = slot_bytes_31_q;
        end
        rel_7 = 7 - e[0+:3];
        diff = sn - e;
        d = diff[0+:3];
        dbit = ((8'h1) & 8'hff) << d;
        dup = (sn < e) | |(m & dbit);
        inord = ~dup & ~|diff;
        ooo = ~dup & |diff;
        rsz_0 = 16'h0;
        if ((rel_0 == 1)) begin
            rsz_0 = row_0;
        end
        if ((rel_1 == 1)) begin
            rsz_0 = row_1;
        end
        if ((rel_2 == 1)) begin
            rsz_0 = row_2;
        end
        if ((rel_3 == 1)) begin
            rsz_0 = row_3;
        end
        if ((rel_4 == 1)) begin
            rsz_0 = row_4;
        end
        if ((rel_5 == 1)) begin
            rsz_0 = row_5;
        end
        if ((rel_6 == 1)) begin
            rsz_0 = row_6;
        end
        if ((rel_7 == 1)) begin
            rsz_0 = row_7;
        end
        rsz_1 = 16'h0;
        if ((rel_0 == 2)) begin
            rsz_1 = row_0;
        end
        if ((rel_1 == 2)) begin
            rsz_1 = row_1;
        end
        if ((rel_2 == 2)) begin
            rsz_1 = row_2;
        end
        if ((rel_3 == 2)) begin
            rsz_1 = row_3;
        end
        if ((rel_4 == 2)) begin
            rsz_1 = row_4;
        end
        if ((rel_5 == 2)) begin
            rsz_1 = row_5;
        end
        if ((rel_6 == 2)) begin
            rsz_1 = row_6;
        end
        if ((rel_7 == 2)) begin
            rsz_1 = row_7;
        end
        rsz_2 = 16'h0;
        if ((rel_0 == 3)) begin
            rsz_2 = row_0;
        end
        if ((rel_1 == 3)) begin
            rsz_2 = row_1;
        end
        if ((rel_2 == 3)) begin
            rsz_2 = row_2;
        end
        if ((rel_3 == 3)) begin
            rsz_2 = row_3;
        end
        if ((rel_4 == 3)) begin
            rsz_2 = row_4;
        end
        if ((rel_5 == 3)) begin
            rsz_2 = row_5;
        end
        if ((rel_6 == 3)) begin
            rsz_2 = row_6;
        end
        if ((rel_7 == 3)) begin
            rsz_2 = row_7;
        end
        rsz_3 = 16'h0;
        if ((rel_0 == 4)) begin
            rsz_3 = row_0;
        end
        if ((rel_1 == 4)) begin
            rsz_3 = row_1;
        end
        if ((rel_2 == 4)) begin
            rsz_3 = row_2;
        end
        if ((rel_3 == 4)) begin
            rsz_3 = row_3;
        end
        if ((rel_4 == 4)) begin
            rsz_3 = row_4;
        end
        if ((rel_5 == 4)) begin
            rsz_3 = row_5;
        end
        if ((rel_6 == 4)) begin
            rsz_3 = row_6;
        end
        if ((rel_7 == 4)) begin
            rsz_3 = row_7;
        end
        rsz_4 = 16'h0;
        if ((rel_0 == 5)) begin
            rsz_4 = row_0;
        end
        if ((rel_1 == 5)) begin
            rsz_4 = row_1;
        end
        if ((rel_2 == 5)) begin
            rsz_4 = row_2;
        end
        if ((rel_3 == 5)) begin
            rsz_4 = row_3;
        end
        if ((rel_4 == 5)) begin
            rsz_4 = row_4;
        end
        if ((rel_5 == 5)) begin
            rsz_4 = row_5;
        end
        if ((rel_6 == 5)) begin
            rsz_4 = row_6;
        end
        if ((rel_7 == 5)) begin
            rsz_4 = row_7;
        end
        rsz_5 = 16'h0;
        if ((rel_0 == 6)) begin
            rsz_5 = row_0;
        end
        if ((rel_1 == 6)) begin
            rsz_5 = row_1;
        end
        if ((rel_2 == 6)) begin
            rsz_5 = row_2;
        end
        if ((rel_3 == 6)) begin
            rsz_5 = row_3;
        end
        if ((rel_4 == 6)) begin
            rsz_5 = row_4;
        end
        if ((rel_5 == 6)) begin
            rsz_5 = row_5;
        end
        if ((rel_6 == 6)) begin
            rsz_5 = row_6;
        end
        if ((rel_7 == 6)) begin
            rsz_5 = row_7;
        end
        rsz_6 = 16'h0;
        if ((rel_0 == 7)) begin
            rsz_6 = row_0;
        end
        if ((rel_1 == 7)) begin
            rsz_6 = row_1;
        end
        if ((rel_2 == 7)) begin
            rsz_6 = row_2;
        end
        if ((rel_3 == 7)) begin
            rsz_6 = row_3;
        end
        if ((rel_4 == 7)) begin
            rsz_6 = row_4;
        end
        if ((rel_5 == 7)) begin
            rsz_6 = row_5;
        end
        if ((rel_6 == 7)) begin
            rsz_6 = row_6;
        end
        if ((rel_7 == 7)) begin
            rsz_6 = row_7;
        end
        run = 1'b1;
        k = 24'h0;
        frun = 16'h0;
        run = run & m[1];
        if (run) begin
            k = k + 24'h1;
            frun = frun + rsz_0;
        end
        run = run & m[2];
        if (run) begin
            k = k + 24'h1;
            frun = frun + rsz_1;
        end
        run = run & m[3];
        if (run) begin
            k = k + 24'h1;
            frun = frun + rsz_2;
        end
        run = run & m[4];
        if (run) begin
            k = k + 24'h1;
            frun = frun + rsz_3;
        end
        run = run & m[5];
        if (run) begin
            k = k + 24'h1;
            frun = frun + rsz_4;
        end
        run = run & m[6];
        if (run) begin
            k = k + 24'h1;
            frun = frun + rsz_5;
        end
        run = run & m[7];
        if (run) begin
            k = k + 24'h1;
            frun = frun + rsz_6;
        end
        fr_7 = 16'h0;
        fr_6 = fr_7;
        if (m[7]) begin
            fr_6 = fr_7 + rsz_6;
        end
        fr_5 = fr_6;
        if (m[6]) begin
            fr_5 = fr_6 + rsz_5;
        end
        fr_4 = fr_5;
        if (m[5]) begin
            fr_4 = fr_5 + rsz_4;
        end
        fr_3 = fr_4;
        if (m[4]) begin
            fr_3 = fr_4 + rsz_3;
        end
        fr_2 = fr_3;
        if (m[3]) begin
            fr_2 = fr_3 + rsz_2;
        end
        fr_1 = fr_2;
        if (m[2]) begin
            fr_1 = fr_2 + rsz_1;
        end
        fr_0 = fr_1;
        if (m[1]) begin
            fr_0 = fr_1 + rsz_0;
        end
        cu = 16'h0;
        tt = 16'h0;
        cu = u - fr_0 + b16;
        tt = total_q - fr_0 + b16;
        fit_0 = mode[1] | ((cu <= size) & ((mode == 2'h0) | (tt <= pool)));
        cu = u - fr_1 + b16;
        tt = total_q - fr_1 + b16;
        fit_1 = mode[1] | ((cu <= size) & ((mode == 2'h0) | (tt <= pool)));
        cu = u - fr_2 + b16;
        tt = total_q - fr_2 + b16;
        fit_2 = mode[1] | ((cu <= size) & ((mode == 2'h0) | (tt <= pool)));
        cu = u - fr_3 + b16;
        tt = total_q - fr_3 + b16;
        fit_3 = mode[1] | ((cu <= size) & ((mode == 2'h0) | (tt <= pool)));
        cu = u - fr_4 + b16;
        tt = total_q - fr_4 + b16;
        fit_4 = mode[1] | ((cu <= size) & ((mode == 2'h0) | (tt <= pool)));
        cu = u - fr_5 + b16;
        tt = total_q - fr_5 + b16;
        fit_5 = mode[1] | ((cu <= size) & ((mode == 2'h0) | (tt <= pool)));
        cu = u - fr_6 + b16;
        tt = total_q - fr_6 + b16;
        fit_6 = mode[1] | ((cu <= size) & ((mode == 2'h0) | (tt <= pool)));
        cu = u - fr_7 + b16;
        tt = total_q - fr_7 + b16;
        fit_7 = mode[1] | ((cu <= size) & ((mode == 2'h0) | (tt <= pool)));
        can = fit_7;
        frsel = 16'h0;
        ev = 8'h0;
        if (((d <= 0) & fit_0 & ~fit_7)) begin
            can = 1'b1;
            frsel = fr_0;
            ev = (m >> 1) << 1;
        end
        if (((d <= 1) & fit_1 & ~fit_7)) begin
            can = 1'b1;
            frsel = fr_1;
            ev = (m >> 2) << 2;
        end
        if (((d <= 2) & fit_2 & ~fit_7)) begin
            can = 1'b1;
            frsel = fr_2;
            ev = (m >> 3) << 3;
        end
        if (((d <= 3) & fit_3 & ~fit_7)) begin
            can = 1'b1;
            frsel = fr_3;
            ev = (m >> 4) << 4;
        end
        if (((d <= 4) & fit_4 & ~fit_7)) begin
            can = 1'b1;
            frsel = fr_4;
            ev = (m >> 5) << 5;
        end
        if (((d <= 5) & fit_5 & ~fit_7)) begin
            can = 1'b1;
            frsel = fr_5;
            ev = (m >> 6) << 6;
        end
        if (((d <= 6) & fit_6 & ~fit_7)) begin
            can = 1'b1;
            frsel = fr_6;
            ev = (m >> 7) << 7;
        end
        nm = ev;
        if (~can) begin
            nm = dbit;
        end
        if (take) begin
            if (dup) begin
                n_dup_d = n_dup_q + 16'h1;
            end
            if (inord) begin
                total_d = total_q - frun;
                s_kind_d = S_DELIVER;
                s_conn_d = conn;
                s_sn_d = sn;
                s_cnt_d = k[0+:3];
            end
            if (ooo) begin
                if ((mms_r_q < (total_q + b16))) begin
                    mms_r_d = total_q + b16;
                end
                if (can) begin
                    total_d = total_q - frsel + b16;
                end
                if (|nm) begin
                    s_kind_d = S_NACK;
                    s_conn_d = conn;
                    s_sn_d = e;
                    s_mask_d = nm;
                end
            end
        end
        if ((take & (conn == 0))) begin
            if (inord) begin
                exp_0_d = e + k + 24'h1;
                map_0_d = (m >> k[0+:3]) >> 1;
                cused_0_d = u - frun;
            end
            if ((~dup & (sn[0+:3] == 0))) begin
                slot_bytes_0_d = b16;
                slot_tag_0_d = tag;
            end
            if ((~dup & (sn[0+:3] == 1))) begin
                slot_bytes_1_d = b16;
                slot_tag_1_d = tag;
            end
            if ((~dup & (sn[0+:3] == 2))) begin
                slot_bytes_2_d = b16;
                slot_tag_2_d = tag;
            end
            if ((~dup & (sn[0+:3] == 3))) begin
                slot_bytes_3_d = b16;
                slot_tag_3_d = tag;
            end
            if ((~dup & (sn[0+:3] == 4))) begin
                slot_bytes_4_d = b16;
                slot_tag_4_d = tag;
            end
            if ((~dup & (sn[0+:3] == 5))) begin
                slot_bytes_5_d = b16;
                slot_tag_5_d = tag;
            end
            if ((~dup & (sn[0+:3] == 6))) begin
                slot_bytes_6_d = b16;
                slot_tag_6_d = tag;
            end
            if ((~dup & (sn[0+:3] == 7))) begin
                slot_bytes_7_d = b16;
                slot_tag_7_d = tag;
            end
            if (ooo) begin
                if ((mbs_0_q < (u + b16))) begin
                    mbs_0_d = u + b16;
                end
                if (can) begin
                    map_0_d = (m & ~ev) | dbit;
                    cused_0_d = u - frsel + b16;
                end
            end
        end
        if ((take & (conn == 1))) begin
            if (inord) begin
                exp_1_d = e + k + 24'h1;
                map_1_d = (m >> k[0+:3]) >> 1;
                cused_1_d = u - frun;
            end
            if ((~dup & (sn[0+:3] == 0))) begin
                slot_bytes_8_d = b16;
                slot_tag_8_d = tag;
            end
            if ((~dup & (sn[0+:3] == 1))) begin
                slot_bytes_9_d = b16;
                slot_tag_9_d = tag;
            end
            if ((~dup & (sn[0+:3] == 2))) begin
                slot_bytes_10_d = b16;
                slot_tag_10_d = tag;
            end
            if ((~dup & (sn[0+:3] == 3))) begin
                slot_bytes_11_d = b16;
                slot_tag_11_d = tag;
            end
            if ((~dup & (sn[0+:3] == 4))) begin
                slot_bytes_12_d = b16;
                slot_tag_12_d = tag;
            end
            if ((~dup & (sn[0+:3] == 5))) begin
                slot_bytes_13_d = b16;
                slot_tag_13_d = tag;
            end
            if ((~dup & (sn[0+:3] == 6))) begin
                slot_bytes_14_d = b16;
                slot_tag_14_d = tag;
            end
            if ((~dup & (sn[0+:3] == 7))) begin
                slot_bytes_15_d = b16;
                slot_tag_15_d = tag;
            end
            if (ooo) begin
                if ((mbs_1_q < (u + b16))) begin
                    mbs_1_d = u + b16;
                end
                if (can) begin
                    map_1_d = (m & ~ev) | dbit;
                    cused_1_d = u - frsel + b16;
                end
            end
        end
        if ((take & (conn == 2))) begin
            if (inord) begin
                exp_2_d = e + k + 24'h1;
                map_2_d = (m >> k[0+:3]) >> 1;
                cused_2_d = u - frun;
            end
            if ((~dup & (sn[0+:3] == 0))) begin
                slot_bytes_16_d = b16;
                slot_tag_16_d = tag;
            end
            if ((~dup & (sn[0+:3] == 1))) begin
                slot_bytes_17_d = b16;
                slot_tag_17_d = tag;
            end
            if ((~dup & (sn[0+:3] == 2))) begin
                slot_bytes_18_d = b16;
                slot_tag_18_d = tag;
            end
            if ((~dup & (sn[0+:3] == 3))) begin
                slot_bytes_19_d = b16;
                slot_tag_19_d = tag;
            end
            if ((~dup & (sn[0+:3] == 4))) begin
                slot_bytes_20_d = b16;
                slot_tag_20_d = tag;
            end
            if ((~dup & (sn[0+:3] == 5))) begin
                slot_bytes_21_d = b16;
                slot_tag_21_d = tag;
            end
            if ((~dup & (sn[0+:3] == 6))) begin
                slot_bytes_22_d = b16;
                slot_tag_22_d = tag;
            end
            if ((~dup & (sn[0+:3] == 7))) begin
                slot_bytes_23_d = b16;
                slot_tag_23_d = tag;
            end
            if (ooo) begin
                if ((mbs_2_q < (u + b16))) begin
                    mbs_2_d = u + b16;
                end
                if (can) begin
                    map_2_d = (m & ~ev) | dbit;
                    cused_2_d = u - frsel + b16;
                end
            end
        end
        if ((take & (conn == 3))) begin
            if (inord) begin
                exp_3_d = e + k + 24'h1;
                map_3_d = (m >> k[0+:3]) >> 1;
                cused_3_d = u - frun;
            end
            if ((~dup & (sn[0+:3] == 0))) begin
                slot_bytes_24_d = b16;
                slot_tag_24_d = tag;
            end
            if ((~dup & (sn[0+:3] == 1))) begin
                slot_bytes_25_d = b16;
                slot_tag_25_d = tag;
            end
            if ((~dup & (sn[0+:3] == 2))) begin
                slot_bytes_26_d = b16;
                slot_tag_26_d = tag;
            end
            if ((~dup & (sn[0+:3] == 3))) begin
                slot_bytes_27_d = b16;
                slot_tag_27_d = tag;
            end
            if ((~dup & (sn[0+:3] == 4))) begin
                slot_bytes_28_d = b16;
                slot_tag_28_d = tag;
            end
            if ((~dup & (sn[0+:3] == 5))) begin
                slot_bytes_29_d = b16;
                slot_tag_29_d = tag;
            end
            if ((~dup & (sn[0+:3] == 6))) begin
                slot_bytes_30_d = b16;
                slot_tag_30_d = tag;
            end
            if ((~dup & (sn[0+:3] == 7))) begin
                slot_bytes_31_d = b16;
                slot_tag_31_d = tag;
            end
            if (ooo) begin
                if ((mbs_3_q < (u + b16))) begin
                    mbs_3_d = u + b16;
                end
                if (can) begin
                    map_3_d = (m & ~ev) | dbit;
                    cused_3_d = u - frsel + b16;
                end
            end
        end
        used = total_q;
        mms = mms_r_q;
        duplicates = n_dup_q;
    end

    // Registers: synchronous reset to their power-on values
    always @(posedge clock) begin
        if (reset) begin
            exp_0_q <= 24'h0;
            exp_1_q <= 24'h0;
            exp_2_q <= 24'h0;
            exp_3_q <= 24'h0;
            map_0_q <= 8'h0;
            map_1_q <= 8'h0;
            map_2_q <= 8'h0;
            map_3_q <= 8'h0;
            cused_0_q <= 16'h0;
            cused_1_q <= 16'h0;
            cused_2_q <= 16'h0;
            cused_3_q <= 16'h0;
            mbs_0_q <= 16'h0;
            mbs_1_q <= 16'h0;
            mbs_2_q <= 16'h0;
            mbs_3_q <= 16'h0;
            slot_bytes_0_q <= 16'h0;
            slot_bytes_1_q <= 16'h0;
            slot_bytes_2_q <= 16'h0;
            slot_bytes_3_q <= 16'h0;
            slot_bytes_4_q <= 16'h0;
            slot_bytes_5_q <= 16'h0;
            slot_bytes_6_q <= 16'h0;
            slot_bytes_7_q <= 16'h0;
            slot_bytes_8_q <= 16'h0;
            slot_bytes_9_q <= 16'h0;
            slot_bytes_10_q <= 16'h0;
            slot_bytes_11_q <= 16'h0;
            slot_bytes_12_q <= 16'h0;
            slot_bytes_13_q <= 16'h0;
            slot_bytes_14_q <= 16'h0;
            slot_bytes_15_q <= 16'h0;
            slot_bytes_16_q <= 16'h0;
            slot_bytes_17_q <= 16'h0;
            slot_bytes_18_q <= 16'h0;
            slot_bytes_19_q <= 16'h0;
            slot_bytes_20_q <= 16'h0;
            slot_bytes_21_q <= 16'h0;
            slot_bytes_22_q <= 16'h0;
            slot_bytes_23_q <= 16'h0;
            slot_bytes_24_q <= 16'h0;
            slot_bytes_25_q <= 16'h0;
            slot_bytes_26_q <= 16'h0;
            slot_bytes_27_q <= 16'h0;
            slot_bytes_28_q <= 16'h0;
            slot_bytes_29_q <= 16'h0;
            slot_bytes_30_q <= 16'h0;
            slot_bytes_31_q <= 16'h0;
            slot_tag_0_q <= 8'h0;
            slot_tag_1_q <= 8'h0;
            slot_tag_2_q <= 8'h0;
            slot_tag_3_q <= 8'h0;
            slot_tag_4_q <= 8'h0;
            slot_tag_5_q <= 8'h0;
            slot_tag_6_q <= 8'h0;
            slot_tag_7_q <= 8'h0;
            slot_tag_8_q <= 8'h0;
            slot_tag_9_q <= 8'h0;
            slot_tag_10_q <= 8'h0;
            slot_tag_11_q <= 8'h0;
            slot_tag_12_q <= 8'h0;
            slot_tag_13_q <= 8'h0;
            slot_tag_14_q <= 8'h0;
            slot_tag_15_q <= 8'h0;
            slot_tag_16_q <= 8'h0;
            slot_tag_17_q <= 8'h0;
            slot_tag_18_q <= 8'h0;
            slot_tag_19_q <= 8'h0;
            slot_tag_20_q <= 8'h0;
            slot_tag_21_q <= 8'h0;
            slot_tag_22_q <= 8'h0;
            slot_tag_23_q <= 8'h0;
            slot_tag_24_q <= 8'h0;
            slot_tag_25_q <= 8'h0;
            slot_tag_26_q <= 8'h0;
            slot_tag_27_q <= 8'h0;
            slot_tag_28_q <= 8'h0;
            slot_tag_29_q <= 8'h0;
            slot_tag_30_q <= 8'h0;
            slot_tag_31_q <= 8'h0;
            total_q <= 16'h0;
            mms_r_q <= 16'h0;
            n_dup_q <= 16'h0;
            s_kind_q <= 2'h0;
            s_conn_q <= 2'h0;
            s_sn_q <= 24'h0;
            s_cnt_q <= 3'h0;
            s_mask_q <= 8'h0;
        end
        else begin
            exp_0_q <= exp_0_d;
            exp_1_q <= exp_1_d;
            exp_2_q <= exp_2_d;
            exp_3_q <= exp_3_d;
            map_0_q <= map_0_d;
            map_1_q <= map_1_d;
            map_2_q <= map_2_d;
            map_3_q <= map_3_d;
            cused_0_q <= cused_0_d;
            cused_1_q <= cused_1_d;
            cused_2_q <= cused_2_d;
            cused_3_q <= cused_3_d;
            mbs_0_q <= mbs_0_d;
            mbs_1_q <= mbs_1_d;
            mbs_2_q <= mbs_2_d;
            mbs_3_q <= mbs_3_d;
            slot_bytes_0_q <= slot_bytes_0_d;
            slot_bytes_1_q <= slot_bytes_1_d;
            slot_bytes_2_q <= slot_bytes_2_d;
            slot_bytes_3_q <= slot_bytes_3_d;
            slot_bytes_4_q <= slot_bytes_4_d;
            slot_bytes_5_q <= slot_bytes_5_d;
            slot_bytes_6_q <= slot_bytes_6_d;
            slot_bytes_7_q <= slot_bytes_7_d;
            slot_bytes_8_q <= slot_bytes_8_d;
            slot_bytes_9_q <= slot_bytes_9_d;
            slot_bytes_10_q <= slot_bytes_10_d;
            slot_bytes_11_q <= slot_bytes_11_d;
            slot_bytes_12_q <= slot_bytes_12_d;
            slot_bytes_13_q <= slot_bytes_13_d;
            slot_bytes_14_q <= slot_bytes_14_d;
            slot_bytes_15_q <= slot_bytes_15_d;
            slot_bytes_16_q <= slot_bytes_16_d;
            slot_bytes_17_q <= slot_bytes_17_d;
            slot_bytes_18_q <= slot_bytes_18_d;
            slot_bytes_19_q <= slot_bytes_19_d;
            slot_bytes_20_q <= slot_bytes_20_d;
            slot_bytes_21_q <= slot_bytes_21_d;
            slot_bytes_22_q <= slot_bytes_22_d;
            slot_bytes_23_q <= slot_bytes_23_d;
            slot_bytes_24_q <= slot_bytes_24_d;
            slot_bytes_25_q <= slot_bytes_25_d;
            slot_bytes_26_q <= slot_bytes_26_d;
            slot_bytes_27_q <= slot_bytes_27_d;
            slot_bytes_28_q <= slot_bytes_28_d;
            slot_bytes_29_q <= slot_bytes_29_d;
            slot_bytes_30_q <= slot_bytes_30_d;
            slot_bytes_31_q <= slot_bytes_31_d;
            slot_tag_0_q <= slot_tag_0_d;
            slot_tag_1_q <= slot_tag_1_d;
            slot_tag_2_q <= slot_tag_2_d;
            slot_tag_3_q <= slot_tag_3_d;
            slot_tag_4_q <= slot_tag_4_d;
            slot_tag_5_q <= slot_tag_5_d;
            slot_tag_6_q <= slot_tag_6_d;
            slot_tag_7_q <= slot_tag_7_d;
            slot_tag_8_q <= slot_tag_8_d;
            slot_tag_9_q <= slot_tag_9_d;
            slot_tag_10_q <= slot_tag_10_d;
            slot_tag_11_q <= slot_tag_11_d;
            slot_tag_12_q <= slot_tag_12_d;
            slot_tag_13_q <= slot_tag_13_d;
            slot_tag_14_q <= slot_tag_14_d;
            slot_tag_15_q <= slot_tag_15_d;
            slot_tag_16_q <= slot_tag_16_d;
            slot_tag_17_q <= slot_tag_17_d;
            slot_tag_18_q <= slot_tag_18_d;
            slot_tag_19_q <= slot_tag_19_d;
            slot_tag_20_q <= slot_tag_20_d;
            slot_tag_21_q <= slot_tag_21_d;
            slot_tag_22_q <= slot_tag_22_d;
            slot_tag_23_q <= slot_tag_23_d;
            slot_tag_24_q <= slot_tag_24_d;
            slot_tag_25_q <= slot_tag_25_d;
            slot_tag_26_q <= slot_tag_26_d;
            slot_tag_27_q <= slot_tag_27_d;
            slot_tag_28_q <= slot_tag_28_d;
            slot_tag_29_q <= slot_tag_29_d;
            slot_tag_30_q <= slot_tag_30_d;
            slot_tag_31_q <= slot_tag_31_d;
            total_q <= total_d;
            mms_r_q <= mms_r_d;
            n_dup_q <= n_dup_d;
            s_kind_q <= s_kind_d;
            s_conn_q <= s_conn_d;
            s_sn_q <= s_sn_d;
            s_cnt_q <= s_cnt_d;
            s_mask_q <= s_mask_d;
        end
    end
endmodule // fw_rearrange
