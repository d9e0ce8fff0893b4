// fw_itb: tidy form written by `flitwave rtl emit` from src/hdl/itb.rs (rust-hdl 0.46).
// Equivalent to rtl/itb.v (the raw rust-hdl emission), proven by `flitwave rtl check`.
// Do not edit; regenerate instead. Checked by `flitwave rtl check` (docs/rtl.md).
// Clock: rising edge of `clock`. Reset: synchronous, active high (`reset`); no initial
// blocks, every register takes its power-on value from reset.

module fw_itb(clock,reset,pool_size,start,len,rx,rx_tail,send,send_last,ready,avail,reserve,spill,pool,count,full,state);

    // Parameters: the configuration this module was generated for. Local, not
    // overridable: the logic is unrolled for these values; regenerate for others.
    localparam DESC   = 8; // descriptors
    localparam IDX_W  = $clog2(DESC); // descriptor index
    localparam CNT_W  = $clog2(DESC) + 1; // occupancy 0..DESC
    localparam POOL_W = 20; // pool counter, packet lengths and flit counters (512 KB = 2^19 bytes)

    // Module arguments
    input wire  clock;
    input wire  reset;
    input wire  [POOL_W-1:0] pool_size;
    input wire  start;
    input wire  [POOL_W-1:0] len;
    input wire  rx;
    input wire  rx_tail;
    input wire  send;
    input wire  send_last;
    output reg  ready;
    output reg  avail;
    output reg  reserve;
    output reg  spill;
    output reg  [POOL_W-1:0] pool;
    output reg  [CNT_W-1:0] count;
    output reg  full;
    output reg  [2:0] state;

    // Constant declarations
    localparam  ready_m1 = 8'd75;
    localparam  prog_cycles = 8'd32;
    localparam  spill_m1 = 12'd3199;
    localparam  depth = 4'd8;
    localparam  ST_IDLE = 3'd0;
    localparam  ST_DETECT = 3'd1;
    localparam  ST_PROGRAM = 3'd2;
    localparam  ST_SPILL = 3'd3;
    localparam  ST_READY = 3'd4;
    localparam  ST_REINJECT = 3'd5;

    // Registers (_q) and their next values (_d), and sub-module ports
    reg  e_valid_0_d;
    reg  e_valid_0_q;
    reg  e_valid_1_d;
    reg  e_valid_1_q;
    reg  e_valid_2_d;
    reg  e_valid_2_q;
    reg  e_valid_3_d;
    reg  e_valid_3_q;
    reg  e_valid_4_d;
    reg  e_valid_4_q;
    reg  e_valid_5_d;
    reg  e_valid_5_q;
    reg  e_valid_6_d;
    reg  e_valid_6_q;
    reg  e_valid_7_d;
    reg  e_valid_7_q;
    reg  [POOL_W-1:0] e_len_0_d;
    reg  [POOL_W-1:0] e_len_0_q;
    reg  [POOL_W-1:0] e_len_1_d;
    reg  [POOL_W-1:0] e_len_1_q;
    reg  [POOL_W-1:0] e_len_2_d;
    reg  [POOL_W-1:0] e_len_2_q;
    reg  [POOL_W-1:0] e_len_3_d;
    reg  [POOL_W-1:0] e_len_3_q;
    reg  [POOL_W-1:0] e_len_4_d;
    reg  [POOL_W-1:0] e_len_4_q;
    reg  [POOL_W-1:0] e_len_5_d;
    reg  [POOL_W-1:0] e_len_5_q;
    reg  [POOL_W-1:0] e_len_6_d;
    reg  [POOL_W-1:0] e_len_6_q;
    reg  [POOL_W-1:0] e_len_7_d;
    reg  [POOL_W-1:0] e_len_7_q;
    reg  [DESC-1:0] e_det_0_d;
    reg  [DESC-1:0] e_det_0_q;
    reg  [DESC-1:0] e_det_1_d;
    reg  [DESC-1:0] e_det_1_q;
    reg  [DESC-1:0] e_det_2_d;
    reg  [DESC-1:0] e_det_2_q;
    reg  [DESC-1:0] e_det_3_d;
    reg  [DESC-1:0] e_det_3_q;
    reg  [DESC-1:0] e_det_4_d;
    reg  [DESC-1:0] e_det_4_q;
    reg  [DESC-1:0] e_det_5_d;
    reg  [DESC-1:0] e_det_5_q;
    reg  [DESC-1:0] e_det_6_d;
    reg  [DESC-1:0] e_det_6_q;
    reg  [DESC-1:0] e_det_7_d;
    reg  [DESC-1:0] e_det_7_q;
    reg  e_dec_0_d;
    reg  e_dec_0_q;
    reg  e_dec_1_d;
    reg  e_dec_1_q;
    reg  e_dec_2_d;
    reg  e_dec_2_q;
    reg  e_dec_3_d;
    reg  e_dec_3_q;
    reg  e_dec_4_d;
    reg  e_dec_4_q;
    reg  e_dec_5_d;
    reg  e_dec_5_q;
    reg  e_dec_6_d;
    reg  e_dec_6_q;
    reg  e_dec_7_d;
    reg  e_dec_7_q;
    reg  e_res_0_d;
    reg  e_res_0_q;
    reg  e_res_1_d;
    reg  e_res_1_q;
    reg  e_res_2_d;
    reg  e_res_2_q;
    reg  e_res_3_d;
    reg  e_res_3_q;
    reg  e_res_4_d;
    reg  e_res_4_q;
    reg  e_res_5_d;
    reg  e_res_5_q;
    reg  e_res_6_d;
    reg  e_res_6_q;
    reg  e_res_7_d;
    reg  e_res_7_q;
    reg  e_spl_0_d;
    reg  e_spl_0_q;
    reg  e_spl_1_d;
    reg  e_spl_1_q;
    reg  e_spl_2_d;
    reg  e_spl_2_q;
    reg  e_spl_3_d;
    reg  e_spl_3_q;
    reg  e_spl_4_d;
    reg  e_spl_4_q;
    reg  e_spl_5_d;
    reg  e_spl_5_q;
    reg  e_spl_6_d;
    reg  e_spl_6_q;
    reg  e_spl_7_d;
    reg  e_spl_7_q;
    reg  e_cmp_0_d;
    reg  e_cmp_0_q;
    reg  e_cmp_1_d;
    reg  e_cmp_1_q;
    reg  e_cmp_2_d;
    reg  e_cmp_2_q;
    reg  e_cmp_3_d;
    reg  e_cmp_3_q;
    reg  e_cmp_4_d;
    reg  e_cmp_4_q;
    reg  e_cmp_5_d;
    reg  e_cmp_5_q;
    reg  e_cmp_6_d;
    reg  e_cmp_6_q;
    reg  e_cmp_7_d;
    reg  e_cmp_7_q;
    reg  [11:0] e_spc_0_d;
    reg  [11:0] e_spc_0_q;
    reg  [11:0] e_spc_1_d;
    reg  [11:0] e_spc_1_q;
    reg  [11:0] e_spc_2_d;
    reg  [11:0] e_spc_2_q;
    reg  [11:0] e_spc_3_d;
    reg  [11:0] e_spc_3_q;
    reg  [11:0] e_spc_4_d;
    reg  [11:0] e_spc_4_q;
    reg  [11:0] e_spc_5_d;
    reg  [11:0] e_spc_5_q;
    reg  [11:0] e_spc_6_d;
    reg  [11:0] e_spc_6_q;
    reg  [11:0] e_spc_7_d;
    reg  [11:0] e_spc_7_q;
    reg  [IDX_W-1:0] rd_d;
    reg  [IDX_W-1:0] rd_q;
    reg  [IDX_W-1:0] wr_d;
    reg  [IDX_W-1:0] wr_q;
    reg  [CNT_W-1:0] cnt_d;
    reg  [CNT_W-1:0] cnt_q;
    reg  [POOL_W-1:0] rx_cnt_d;
    reg  [POOL_W-1:0] rx_cnt_q;
    reg  [POOL_W-1:0] sent_d;
    reg  [POOL_W-1:0] sent_q;
    reg  [POOL_W-1:0] pool_r_d;
    reg  [POOL_W-1:0] pool_r_q;

    // Local signals
    reg  dec_any;
    reg  [POOL_W-1:0] dec_len;
    reg  dec_fit;
    reg  f_valid;
    reg  f_res;
    reg  f_spl;
    reg  f_cmp;
    reg  f_spc0;
    reg  [DESC-1:0] f_det;
    reg  pop;
    reg  take;
    reg  [IDX_W-1:0] back;
    reg  [POOL_W-1:0] pool_add;

    // Update code
    always @(*) begin
        rd_d = rd_q;
        wr_d = wr_q;
        cnt_d = cnt_q;
        rx_cnt_d = rx_cnt_q;
        sent_d = sent_q;
        pool_r_d = pool_r_q;
        e_valid_0_d = e_valid_0_q;
        e_len_0_d = e_len_0_q;
        e_dec_0_d = e_dec_0_q;
        e_res_0_d = e_res_0_q;
        e_spl_0_d = e_spl_0_q;
        e_cmp_0_d = e_cmp_0_q;
        e_det_0_d = e_det_0_q;
        if (|e_det_0_q) begin
            e_det_0_d = e_det_0_q - 8'h1;
        end
        e_spc_0_d = e_spc_0_q;
        if (e_cmp_0_q & |e_spc_0_q) begin
            e_spc_0_d = e_spc_0_q - 12'h1;
        end
        e_valid_1_d = e_valid_1_q;
        e_len_1_d = e_len_1_q;
        e_dec_1_d = e_dec_1_q;
        e_res_1_d = e_res_1_q;
        e_spl_1_d = e_spl_1_q;
        e_cmp_1_d = e_cmp_1_q;
        e_det_1_d = e_det_1_q;
        if (|e_det_1_q) begin
            e_det_1_d = e_det_1_q - 8'h1;
        end
        e_spc_1_d = e_spc_1_q;
        if (e_cmp_1_q & |e_spc_1_q) begin
            e_spc_1_d = e_spc_1_q - 12'h1;
        end
        e_valid_2_d = e_valid_2_q;
        e_len_2_d = e_len_2_q;
        e_dec_2_d = e_dec_2_q;
        e_res_2_d = e_res_2_q;
        e_spl_2_d = e_spl_2_q;
        e_cmp_2_d = e_cmp_2_q;
        e_det_2_d = e_det_2_q;
        if (|e_det_2_q) begin
            e_det_2_d = e_det_2_q - 8'h1;
        end
        e_spc_2_d = e_spc_2_q;
        if (e_cmp_2_q & |e_spc_2_q) begin
            e_spc_2_d = e_spc_2_q - 12'h1;
        end
        e_valid_3_d = e_valid_3_q;
        e_len_3_d = e_len_3_q;
        e_dec_3_d = e_dec_3_q;
        e_res_3_d = e_res_3_q;
        e_spl_3_d = e_spl_3_q;
        e_cmp_3_d = e_cmp_3_q;
        e_det_3_d = e_det_3_q;
        if (|e_det_3_q) begin
            e_det_3_d = e_det_3_q - 8'h1;
        end
        e_spc_3_d = e_spc_3_q;
        if (e_cmp_3_q & |e_spc_3_q) begin
            e_spc_3_d = e_spc_3_q - 12'h1;
        end
        e_valid_4_d = e_valid_4_q;
        e_len_4_d = e_len_4_q;
        e_dec_4_d = e_dec_4_q;
        e_res_4_d = e_res_4_q;
        e_spl_4_d = e_spl_4_q;
        e_cmp_4_d = e_cmp_4_q;
        e_det_4_d = e_det_4_q;
        if (|e_det_4_q) begin
            e_det_4_d = e_det_4_q - 8'h1;
        end
        e_spc_4_d = e_spc_4_q;
        if (e_cmp_4_q & |e_spc_4_q) begin
            e_spc_4_d = e_spc_4_q - 12'h1;
        end
        e_valid_5_d = e_valid_5_q;
        e_len_5_d = e_len_5_q;
        e_dec_5_d = e_dec_5_q;
        e_res_5_d = e_res_5_q;
        e_spl_5_d = e_spl_5_q;
        e_cmp_5_d = e_cmp_5_q;
        e_det_5_d = e_det_5_q;
        if (|e_det_5_q) begin
            e_det_5_d = e_det_5_q - 8'h1;
        end
        e_spc_5_d = e_spc_5_q;
        if (e_cmp_5_q & |e_spc_5_q) begin
            e_spc_5_d = e_spc_5_q - 12'h1;
        end
        e_valid_6_d = e_valid_6_q;
        e_len_6_d = e_len_6_q;
        e_dec_6_d = e_dec_6_q;
        e_res_6_d = e_res_6_q;
        e_spl_6_d = e_spl_6_q;
        e_cmp_6_d = e_cmp_6_q;
        e_det_6_d = e_det_6_q;
        if (|e_det_6_q) begin
            e_det_6_d = e_det_6_q - 8'h1;
        end
        e_spc_6_d = e_spc_6_q;
        if (e_cmp_6_q & |e_spc_6_q) begin
            e_spc_6_d = e_spc_6_q - 12'h1;
        end
        e_valid_7_d = e_valid_7_q;
        e_len_7_d = e_len_7_q;
        e_dec_7_d = e_dec_7_q;
        e_res_7_d = e_res_7_q;
        e_spl_7_d = e_spl_7_q;
        e_cmp_7_d = e_cmp_7_q;
        e_det_7_d = e_det_7_q;
        if (|e_det_7_q) begin
            e_det_7_d = e_det_7_q - 8'h1;
        end
        e_spc_7_d = e_spc_7_q;
        if (e_cmp_7_q & |e_spc_7_q) begin
            e_spc_7_d = e_spc_7_q - 12'h1;
        end
        dec_any = 1'b0;
        dec_len = 20'h0;
        if (e_valid_0_q & ~e_dec_0_q & ~|e_det_0_q) begin
            dec_any = 1'b1;
            dec_len = e_len_0_q;
        end
        if (e_valid_1_q & ~e_dec_1_q & ~|e_det_1_q) begin
            dec_any = 1'b1;
            dec_len = e_len_1_q;
        end
        if (e_valid_2_q & ~e_dec_2_q & ~|e_det_2_q) begin
            dec_any = 1'b1;
            dec_len = e_len_2_q;
        end
        if (e_valid_3_q & ~e_dec_3_q & ~|e_det_3_q) begin
            dec_any = 1'b1;
            dec_len = e_len_3_q;
        end
        if (e_valid_4_q & ~e_dec_4_q & ~|e_det_4_q) begin
            dec_any = 1'b1;
            dec_len = e_len_4_q;
        end
        if (e_valid_5_q & ~e_dec_5_q & ~|e_det_5_q) begin
            dec_any = 1'b1;
            dec_len = e_len_5_q;
        end
        if (e_valid_6_q & ~e_dec_6_q & ~|e_det_6_q) begin
            dec_any = 1'b1;
            dec_len = e_len_6_q;
        end
        if (e_valid_7_q & ~e_dec_7_q & ~|e_det_7_q) begin
            dec_any = 1'b1;
            dec_len = e_len_7_q;
        end
        dec_fit = (pool_r_q <= pool_size) & (dec_len <= (pool_size - pool_r_q));
        reserve = dec_any & dec_fit;
        spill = dec_any & ~dec_fit;
        f_valid = 1'b0;
        f_res = 1'b0;
        f_spl = 1'b0;
        f_cmp = 1'b0;
        f_spc0 = 1'b0;
        f_det = 8'h0;
        if (e_valid_0_q & ~e_dec_0_q & ~|e_det_0_q) begin
            e_dec_0_d = 1'b1;
            e_res_0_d = dec_fit;
            e_spl_0_d = ~dec_fit;
        end
        if (rd_q == 0) begin
            f_valid = e_valid_0_q;
            f_res = e_res_0_q;
            f_spl = e_spl_0_q;
            if (e_valid_0_q & ~e_dec_0_q & ~|e_det_0_q) begin
                f_res = dec_fit;
                f_spl = ~dec_fit;
            end
            f_cmp = e_cmp_0_q;
            f_spc0 = ~|e_spc_0_q;
            f_det = e_det_0_q;
        end
        if (e_valid_1_q & ~e_dec_1_q & ~|e_det_1_q) begin
            e_dec_1_d = 1'b1;
            e_res_1_d = dec_fit;
            e_spl_1_d = ~dec_fit;
        end
        if (rd_q == 1) begin
            f_valid = e_valid_1_q;
            f_res = e_res_1_q;
            f_spl = e_spl_1_q;
            if (e_valid_1_q & ~e_dec_1_q & ~|e_det_1_q) begin
                f_res = dec_fit;
                f_spl = ~dec_fit;
            end
            f_cmp = e_cmp_1_q;
            f_spc0 = ~|e_spc_1_q;
            f_det = e_det_1_q;
        end
        if (e_valid_2_q & ~e_dec_2_q & ~|e_det_2_q) begin
            e_dec_2_d = 1'b1;
            e_res_2_d = dec_fit;
            e_spl_2_d = ~dec_fit;
        end
        if (rd_q == 2) begin
            f_valid = e_valid_2_q;
            f_res = e_res_2_q;
            f_spl = e_spl_2_q;
            if (e_valid_2_q & ~e_dec_2_q & ~|e_det_2_q) begin
                f_res = dec_fit;
                f_spl = ~dec_fit;
            end
            f_cmp = e_cmp_2_q;
            f_spc0 = ~|e_spc_2_q;
            f_det = e_det_2_q;
        end
        if (e_valid_3_q & ~e_dec_3_q & ~|e_det_3_q) begin
            e_dec_3_d = 1'b1;
            e_res_3_d = dec_fit;
            e_spl_3_d = ~dec_fit;
        end
        if (rd_q == 3) begin
            f_valid = e_valid_3_q;
            f_res = e_res_3_q;
            f_spl = e_spl_3_q;
            if (e_valid_3_q & ~e_dec_3_q & ~|e_det_3_q) begin
                f_res = dec_fit;
                f_spl = ~dec_fit;
            end
            f_cmp = e_cmp_3_q;
            f_spc0 = ~|e_spc_3_q;
            f_det = e_det_3_q;
        end
        if (e_valid_4_q & ~e_dec_4_q & ~|e_det_4_q) begin
            e_dec_4_d = 1'b1;
            e_res_4_d = dec_fit;
            e_spl_4_d = ~dec_fit;
        end
        if (rd_q == 4) begin
            f_valid = e_valid_4_q;
            f_res = e_res_4_q;
            f_spl = e_spl_4_q;
            if (e_valid_4_q & ~e_dec_4_q & ~|e_det_4_q) begin
                f_res = dec_fit;
                f_spl = ~dec_fit;
            end
            f_cmp = e_cmp_4_q;
            f_spc0 = ~|e_spc_4_q;
            f_det = e_det_4_q;
        end
        if (e_valid_5_q & ~e_dec_5_q & ~|e_det_5_q) begin
            e_dec_5_d = 1'b1;
            e_res_5_d = dec_fit;
            e_spl_5_d = ~dec_fit;
        end
        if (rd_q == 5) begin
            f_valid = e_valid_5_q;
            f_res = e_res_5_q;
            f_spl = e_spl_5_q;
            if (e_valid_5_q & ~e_dec_5_q & ~|e_det_5_q) begin
                f_res = dec_fit;
                f_spl = ~dec_fit;
            end
            f_cmp = e_cmp_5_q;
            f_spc0 = ~|e_spc_5_q;
            f_det = e_det_5_q;
        end
        if (e_valid_6_q & ~e_dec_6_q & ~|e_det_6_q) begin
            e_dec_6_d = 1'b1;
            e_res_6_d = dec_fit;
            e_spl_6_d = ~dec_fit;
        end
        if (rd_q == 6) begin
            f_valid = e_valid_6_q;
            f_res = e_res_6_q;
            f_spl = e_spl_6_q;
            if (e_valid_6_q & ~e_dec_6_q & ~|e_det_6_q) begin
                f_res = dec_fit;
                f_spl = ~dec_fit;
            end
            f_cmp = e_cmp_6_q;
            f_spc0 = ~|e_spc_6_q;
            f_det = e_det_6_q;
        end
        if (e_valid_7_q & ~e_dec_7_q & ~|e_det_7_q) begin
            e_dec_7_d = 1'b1;
            e_res_7_d = dec_fit;
            e_spl_7_d = ~dec_fit;
        end
        if (rd_q == 7) begin
            f_valid = e_valid_7_q;
            f_res = e_res_7_q;
            f_spl = e_spl_7_q;
            if (e_valid_7_q & ~e_dec_7_q & ~|e_det_7_q) begin
                f_res = dec_fit;
                f_spl = ~dec_fit;
            end
            f_cmp = e_cmp_7_q;
            f_spc0 = ~|e_spc_7_q;
            f_det = e_det_7_q;
        end
        ready = f_valid & ~|sent_q & (f_res | (f_spl & f_cmp & f_spc0));
        avail = f_valid & (f_cmp | (sent_q < rx_cnt_q));
        state = ST_IDLE;
        if (f_valid) begin
            if (|sent_q) begin
                state = ST_REINJECT;
            end
            else if (f_det > prog_cycles) begin
                state = ST_DETECT;
            end
            else if (~(f_res | f_spl)) begin
                state = ST_PROGRAM;
            end
            else if (f_spl & ~ready) begin
                state = ST_SPILL;
            end
            else begin
                state = ST_READY;
            end
        end
        pool_add = 20'h0;
        if (reserve) begin
            pool_add = dec_len;
        end
        pool_r_d = pool_r_q + pool_add;
        if (send & f_res) begin
            pool_r_d = pool_r_q + pool_add - 20'h1;
        end
        pop = send & send_last & f_valid;
        if (send) begin
            sent_d = sent_q + 20'h1;
        end
        if (pop) begin
            sent_d = 20'h0;
            rd_d = rd_q + 3'h1;
            if (rd_q == 0) begin
                e_valid_0_d = 1'b0;
            end
            if (rd_q == 1) begin
                e_valid_1_d = 1'b0;
            end
            if (rd_q == 2) begin
                e_valid_2_d = 1'b0;
            end
            if (rd_q == 3) begin
                e_valid_3_d = 1'b0;
            end
            if (rd_q == 4) begin
                e_valid_4_d = 1'b0;
            end
            if (rd_q == 5) begin
                e_valid_5_d = 1'b0;
            end
            if (rd_q == 6) begin
                e_valid_6_d = 1'b0;
            end
            if (rd_q == 7) begin
                e_valid_7_d = 1'b0;
            end
        end
        full = cnt_q == depth;
        take = start & (~full | pop);
        if (take) begin
            wr_d = wr_q + 3'h1;
            rx_cnt_d = 20'h0;
            if (wr_q == 0) begin
                e_valid_0_d = 1'b1;
                e_len_0_d = len;
                e_det_0_d = ready_m1;
                e_dec_0_d = 1'b0;
                e_res_0_d = 1'b0;
                e_spl_0_d = 1'b0;
                e_cmp_0_d = 1'b0;
                e_spc_0_d = 12'h0;
            end
            if (wr_q == 1) begin
                e_valid_1_d = 1'b1;
                e_len_1_d = len;
                e_det_1_d = ready_m1;
                e_dec_1_d = 1'b0;
                e_res_1_d = 1'b0;
                e_spl_1_d = 1'b0;
                e_cmp_1_d = 1'b0;
                e_spc_1_d = 12'h0;
            end
            if (wr_q == 2) begin
                e_valid_2_d = 1'b1;
                e_len_2_d = len;
                e_det_2_d = ready_m1;
                e_dec_2_d = 1'b0;
                e_res_2_d = 1'b0;
                e_spl_2_d = 1'b0;
                e_cmp_2_d = 1'b0;
                e_spc_2_d = 12'h0;
            end
            if (wr_q == 3) begin
                e_valid_3_d = 1'b1;
                e_len_3_d = len;
                e_det_3_d = ready_m1;
                e_dec_3_d = 1'b0;
                e_res_3_d = 1'b0;
                e_spl_3_d = 1'b0;
                e_cmp_3_d = 1'b0;
                e_spc_3_d = 12'h0;
            end
            if (wr_q == 4) begin
                e_valid_4_d = 1'b1;
                e_len_4_d = len;
                e_det_4_d = ready_m1;
                e_dec_4_d = 1'b0;
                e_res_4_d = 1'b0;
                e_spl_4_d = 1'b0;
                e_cmp_4_d = 1'b0;
                e_spc_4_d = 12'h0;
            end
            if (wr_q == 5) begin
                e_valid_5_d = 1'b1;
                e_len_5_d = len;
                e_det_5_d = ready_m1;
                e_dec_5_d = 1'b0;
                e_res_5_d = 1'b0;
                e_spl_5_d = 1'b0;
                e_cmp_5_d = 1'b0;
                e_spc_5_d = 12'h0;
            end
            if (wr_q == 6) begin
                e_valid_6_d = 1'b1;
                e_len_6_d = len;
                e_det_6_d = ready_m1;
                e_dec_6_d = 1'b0;
                e_res_6_d = 1'b0;
                e_spl_6_d = 1'b0;
                e_cmp_6_d = 1'b0;
                e_spc_6_d = 12'h0;
            end
            if (wr_q == 7) begin
                e_valid_7_d = 1'b1;
                e_len_7_d = len;
                e_det_7_d = ready_m1;
                e_dec_7_d = 1'b0;
                e_res_7_d = 1'b0;
                e_spl_7_d = 1'b0;
                e_cmp_7_d = 1'b0;
                e_spc_7_d = 12'h0;
            end
        end
        cnt_d = cnt_q;
        if (take & ~pop) begin
            cnt_d = cnt_q + 4'h1;
        end
        if (pop & ~take) begin
            cnt_d = cnt_q - 4'h1;
        end
        back = wr_q - 3'h1;
        if (rx) begin
            rx_cnt_d = rx_cnt_q + 20'h1;
            if (rx_tail) begin
                if (back == 0) begin
                    e_cmp_0_d = 1'b1;
                    e_spc_0_d = spill_m1;
                end
                if (back == 1) begin
                    e_cmp_1_d = 1'b1;
                    e_spc_1_d = spill_m1;
                end
                if (back == 2) begin
                    e_cmp_2_d = 1'b1;
                    e_spc_2_d = spill_m1;
                end
                if (back == 3) begin
                    e_cmp_3_d = 1'b1;
                    e_spc_3_d = spill_m1;
                end
                if (back == 4) begin
                    e_cmp_4_d = 1'b1;
                    e_spc_4_d = spill_m1;
                end
                if (back == 5) begin
                    e_cmp_5_d = 1'b1;
                    e_spc_5_d = spill_m1;
                end
                if (back == 6) begin
                    e_cmp_6_d = 1'b1;
                    e_spc_6_d = spill_m1;
                end
                if (back == 7) begin
                    e_cmp_7_d = 1'b1;
                    e_spc_7_d = spill_m1;
                end
            end
        end
        pool = pool_r_q;
        count = cnt_q;
    end

    // Registers: synchronous reset to their power-on values
    always @(posedge clock) begin
        if (reset) begin
            e_valid_0_q <= 1'h0;
            e_valid_1_q <= 1'h0;
            e_valid_2_q <= 1'h0;
            e_valid_3_q <= 1'h0;
            e_valid_4_q <= 1'h0;
            e_valid_5_q <= 1'h0;
            e_valid_6_q <= 1'h0;
            e_valid_7_q <= 1'h0;
            e_len_0_q <= 20'h0;
            e_len_1_q <= 20'h0;
            e_len_2_q <= 20'h0;
            e_len_3_q <= 20'h0;
            e_len_4_q <= 20'h0;
            e_len_5_q <= 20'h0;
            e_len_6_q <= 20'h0;
            e_len_7_q <= 20'h0;
            e_det_0_q <= 8'h0;
            e_det_1_q <= 8'h0;
            e_det_2_q <= 8'h0;
            e_det_3_q <= 8'h0;
            e_det_4_q <= 8'h0;
            e_det_5_q <= 8'h0;
            e_det_6_q <= 8'h0;
            e_det_7_q <= 8'h0;
            e_dec_0_q <= 1'h0;
            e_dec_1_q <= 1'h0;
            e_dec_2_q <= 1'h0;
            e_dec_3_q <= 1'h0;
            e_dec_4_q <= 1'h0;
            e_dec_5_q <= 1'h0;
            e_dec_6_q <= 1'h0;
            e_dec_7_q <= 1'h0;
            e_res_0_q <= 1'h0;
            e_res_1_q <= 1'h0;
            e_res_2_q <= 1'h0;
            e_res_3_q <= 1'h0;
            e_res_4_q <= 1'h0;
            e_res_5_q <= 1'h0;
            e_res_6_q <= 1'h0;
            e_res_7_q <= 1'h0;
            e_spl_0_q <= 1'h0;
            e_spl_1_q <= 1'h0;
            e_spl_2_q <= 1'h0;
            e_spl_3_q <= 1'h0;
            e_spl_4_q <= 1'h0;
            e_spl_5_q <= 1'h0;
            e_spl_6_q <= 1'h0;
            e_spl_7_q <= 1'h0;
            e_cmp_0_q <= 1'h0;
            e_cmp_1_q <= 1'h0;
            e_cmp_2_q <= 1'h0;
            e_cmp_3_q <= 1'h0;
            e_cmp_4_q <= 1'h0;
            e_cmp_5_q <= 1'h0;
            e_cmp_6_q <= 1'h0;
            e_cmp_7_q <= 1'h0;
            e_spc_0_q <= 12'h0;
            e_spc_1_q <= 12'h0;
            e_spc_2_q <= 12'h0;
            e_spc_3_q <= 12'h0;
            e_spc_4_q <= 12'h0;
            e_spc_5_q <= 12'h0;
            e_spc_6_q <= 12'h0;
            e_spc_7_q <= 12'h0;
            rd_q <= 3'h0;
            wr_q <= 3'h0;
            cnt_q <= 4'h0;
            rx_cnt_q <= 20'h0;
            sent_q <= 20'h0;
            pool_r_q <= 20'h0;
        end
        else begin
            e_valid_0_q <= e_valid_0_d;
            e_valid_1_q <= e_valid_1_d;
            e_valid_2_q <= e_valid_2_d;
            e_valid_3_q <= e_valid_3_d;
            e_valid_4_q <= e_valid_4_d;
            e_valid_5_q <= e_valid_5_d;
            e_valid_6_q <= e_valid_6_d;
            e_valid_7_q <= e_valid_7_d;
            e_len_0_q <= e_len_0_d;
            e_len_1_q <= e_len_1_d;
            e_len_2_q <= e_len_2_d;
            e_len_3_q <= e_len_3_d;
            e_len_4_q <= e_len_4_d;
            e_len_5_q <= e_len_5_d;
            e_len_6_q <= e_len_6_d;
            e_len_7_q <= e_len_7_d;
            e_det_0_q <= e_det_0_d;
            e_det_1_q <= e_det_1_d;
            e_det_2_q <= e_det_2_d;
            e_det_3_q <= e_det_3_d;
            e_det_4_q <= e_det_4_d;
            e_det_5_q <= e_det_5_d;
            e_det_6_q <= e_det_6_d;
            e_det_7_q <= e_det_7_d;
            e_dec_0_q <= e_dec_0_d;
            e_dec_1_q <= e_dec_1_d;
            e_dec_2_q <= e_dec_2_d;
            e_dec_3_q <= e_dec_3_d;
            e_dec_4_q <= e_dec_4_d;
            e_dec_5_q <= e_dec_5_d;
            e_dec_6_q <= e_dec_6_d;
            e_dec_7_q <= e_dec_7_d;
            e_res_0_q <= e_res_0_d;
            e_res_1_q <= e_res_1_d;
            e_res_2_q <= e_res_2_d;
            e_res_3_q <= e_res_3_d;
            e_res_4_q <= e_res_4_d;
            e_res_5_q <= e_res_5_d;
            e_res_6_q <= e_res_6_d;
            e_res_7_q <= e_res_7_d;
            e_spl_0_q <= e_spl_0_d;
            e_spl_1_q <= e_spl_1_d;
            e_spl_2_q <= e_spl_2_d;
            e_spl_3_q <= e_spl_3_d;
            e_spl_4_q <= e_spl_4_d;
            e_spl_5_q <= e_spl_5_d;
            e_spl_6_q <= e_spl_6_d;
            e_spl_7_q <= e_spl_7_d;
            e_cmp_0_q <= e_cmp_0_d;
            e_cmp_1_q <= e_cmp_1_d;
            e_cmp_2_q <= e_cmp_2_d;
            e_cmp_3_q <= e_cmp_3_d;
            e_cmp_4_q <= e_cmp_4_d;
            e_cmp_5_q <= e_cmp_5_d;
            e_cmp_6_q <= e_cmp_6_d;
            e_cmp_7_q <= e_cmp_7_d;
            e_spc_0_q <= e_spc_0_d;
            e_spc_1_q <= e_spc_1_d;
            e_spc_2_q <= e_spc_2_d;
            e_spc_3_q <= e_spc_3_d;
            e_spc_4_q <= e_spc_4_d;
            e_spc_5_q <= e_spc_5_d;
            e_spc_6_q <= e_spc_6_d;
            e_spc_7_q <= e_spc_7_d;
            rd_q <= rd_d;
            wr_q <= wr_d;
            cnt_q <= cnt_d;
            rx_cnt_q <= rx_cnt_d;
            sent_q <= sent_d;
            pool_r_q <= pool_r_d;
        end
    end
endmodule // fw_itb
