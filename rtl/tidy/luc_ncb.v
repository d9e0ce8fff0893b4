// fw_luc_ncb: tidy form written by `flitwave rtl emit` from src/hdl/luc_ncb.rs (rust-hdl 0.46).
// Equivalent to rtl/luc_ncb.v (the raw rust-hdl emission), proven by `flitwave rtl check`.
// Do not edit; regenerate instead. Checked by `flitwave rtl check` (docs/rtl.md).
// Clock: rising edge of `clock`. Reset: synchronous, active high (`reset`); no initial
// blocks, every register takes its power-on value from reset.

module fw_luc_ncb(clock,reset,heads,tails,rx_valid,rx_kind_px,rx_kind_mx,rx_kind_py,rx_kind_my,rx_value_px,rx_value_mx,rx_value_py,rx_value_my,halts,phase,luc,ncb1_px,ncb1_mx,ncb1_py,ncb1_my,ncb2_px,ncb2_mx,ncb2_py,ncb2_my,tx_valid,tx_kind_px,tx_kind_mx,tx_kind_py,tx_kind_my,tx_value_px,tx_value_mx,tx_value_py,tx_value_my);

    // Parameters: the configuration this module was generated for. Local, not
    // overridable: the logic is unrolled for these values; regenerate for others.
    localparam DIRS    = 4; // mesh directions (+x, -x, +y, -y)
    localparam CNT_W   = 3; // heads and tails per cycle (5 input ports)
    localparam VAL_W   = 16; // LUC and NCB counters and exchanged values
    localparam KIND_W  = 2; // exchange word kind
    localparam PHASE_W = 7; // exchange phase counter

    // Module arguments
    input wire  clock;
    input wire  reset;
    input wire  [CNT_W-1:0] heads;
    input wire  [CNT_W-1:0] tails;
    input wire  [DIRS-1:0] rx_valid;
    input wire  [KIND_W-1:0] rx_kind_px;
    input wire  [KIND_W-1:0] rx_kind_mx;
    input wire  [KIND_W-1:0] rx_kind_py;
    input wire  [KIND_W-1:0] rx_kind_my;
    input wire  [VAL_W-1:0] rx_value_px;
    input wire  [VAL_W-1:0] rx_value_mx;
    input wire  [VAL_W-1:0] rx_value_py;
    input wire  [VAL_W-1:0] rx_value_my;
    output reg  halts;
    output reg  [PHASE_W-1:0] phase;
    output reg  [VAL_W-1:0] luc;
    output reg  [VAL_W-1:0] ncb1_px;
    output reg  [VAL_W-1:0] ncb1_mx;
    output reg  [VAL_W-1:0] ncb1_py;
    output reg  [VAL_W-1:0] ncb1_my;
    output reg  [VAL_W-1:0] ncb2_px;
    output reg  [VAL_W-1:0] ncb2_mx;
    output reg  [VAL_W-1:0] ncb2_py;
    output reg  [VAL_W-1:0] ncb2_my;
    output reg  [DIRS-1:0] tx_valid;
    output reg  [KIND_W-1:0] tx_kind_px;
    output reg  [KIND_W-1:0] tx_kind_mx;
    output reg  [KIND_W-1:0] tx_kind_py;
    output reg  [KIND_W-1:0] tx_kind_my;
    output reg  [VAL_W-1:0] tx_value_px;
    output reg  [VAL_W-1:0] tx_value_mx;
    output reg  [VAL_W-1:0] tx_value_py;
    output reg  [VAL_W-1:0] tx_value_my;

    // Constant declarations
    localparam  last = 7'd99;
    localparam  occ = 7'd10;
    localparam  luc_at = 7'd2;
    localparam  ncb_at = 7'd3;
    localparam  W_HANDSHAKE = 2'd0;
    localparam  W_LUC = 2'd1;
    localparam  W_NCB = 2'd2;
    localparam  W_PAD = 2'd3;

    // Registers (_q) and their next values (_d), and sub-module ports
    reg  [PHASE_W-1:0] ph_d;
    reg  [PHASE_W-1:0] ph_q;
    reg  [VAL_W-1:0] cnt_d;
    reg  [VAL_W-1:0] cnt_q;
    reg  [VAL_W-1:0] snap_luc_d;
    reg  [VAL_W-1:0] snap_luc_q;
    reg  [15:0] n1_0_d;
    reg  [15:0] n1_0_q;
    reg  [15:0] n1_1_d;
    reg  [15:0] n1_1_q;
    reg  [15:0] n1_2_d;
    reg  [15:0] n1_2_q;
    reg  [15:0] n1_3_d;
    reg  [15:0] n1_3_q;
    reg  [15:0] n2_0_d;
    reg  [15:0] n2_0_q;
    reg  [15:0] n2_1_d;
    reg  [15:0] n2_1_q;
    reg  [15:0] n2_2_d;
    reg  [15:0] n2_2_q;
    reg  [15:0] n2_3_d;
    reg  [15:0] n2_3_q;
    reg  [15:0] snap1_0_d;
    reg  [15:0] snap1_0_q;
    reg  [15:0] snap1_1_d;
    reg  [15:0] snap1_1_q;
    reg  [15:0] snap1_2_d;
    reg  [15:0] snap1_2_q;
    reg  [15:0] snap1_3_d;
    reg  [15:0] snap1_3_q;

    // Local signals
    reg  [KIND_W-1:0] rk_0;
    reg  [KIND_W-1:0] rk_1;
    reg  [KIND_W-1:0] rk_2;
    reg  [KIND_W-1:0] rk_3;
    reg  [15:0] rv_0;
    reg  [15:0] rv_1;
    reg  [15:0] rv_2;
    reg  [15:0] rv_3;
    reg  [15:0] m1_0;
    reg  [15:0] m1_1;
    reg  [15:0] m1_2;
    reg  [15:0] m1_3;
    reg  [15:0] m2_0;
    reg  [15:0] m2_1;
    reg  [15:0] m2_2;
    reg  [15:0] m2_3;
    reg  [KIND_W-1:0] wk;
    reg  [15:0] wv_0;
    reg  [15:0] wv_1;
    reg  [15:0] wv_2;
    reg  [15:0] wv_3;
    reg  [CNT_W-1:0] dlt;
    reg  [15:0] dlt16;
    reg  [15:0] sum;

    // Update code
    always @(*) begin
        ph_d = ph_q;
        cnt_d = cnt_q;
        snap_luc_d = snap_luc_q;
        snap1_0_d = snap1_0_q;
        snap1_1_d = snap1_1_q;
        snap1_2_d = snap1_2_q;
        snap1_3_d = snap1_3_q;
        rk_0 = rx_kind_px;
        rk_1 = rx_kind_mx;
        rk_2 = rx_kind_py;
        rk_3 = rx_kind_my;
        rv_0 = rx_value_px;
        rv_1 = rx_value_mx;
        rv_2 = rx_value_py;
        rv_3 = rx_value_my;
        phase = ph_q;
        ph_d = ph_q + 7'h1;
        if ((ph_q == last)) begin
            ph_d = 7'h0;
        end
        halts = (ph_q < occ);
        wk = W_PAD;
        if ((ph_q < luc_at)) begin
            wk = W_HANDSHAKE;
        end
        if ((ph_q == luc_at)) begin
            wk = W_LUC;
        end
        if ((ph_q == ncb_at)) begin
            wk = W_NCB;
        end
        wv_0 = 16'h0;
        if ((wk == W_LUC)) begin
            wv_0 = snap_luc_q;
        end
        wv_1 = 16'h0;
        if ((wk == W_LUC)) begin
            wv_1 = snap_luc_q;
        end
        wv_2 = 16'h0;
        if ((wk == W_LUC)) begin
            wv_2 = snap_luc_q;
        end
        wv_3 = 16'h0;
        if ((wk == W_LUC)) begin
            wv_3 = snap_luc_q;
        end
        if ((wk == W_NCB)) begin
            wv_0 = snap1_1_q;
            wv_1 = snap1_0_q;
            wv_2 = snap1_3_q;
            wv_3 = snap1_2_q;
        end
        tx_valid = 4'h0;
        if (halts) begin
            tx_valid = 4'hf;
        end
        else begin
            wk = W_HANDSHAKE;
            wv_0 = 16'h0;
            wv_1 = 16'h0;
            wv_2 = 16'h0;
            wv_3 = 16'h0;
        end
        tx_kind_px = wk;
        tx_kind_mx = wk;
        tx_kind_py = wk;
        tx_kind_my = wk;
        tx_value_px = wv_0;
        tx_value_mx = wv_1;
        tx_value_py = wv_2;
        tx_value_my = wv_3;
        m1_0 = n1_0_q;
        m2_0 = n2_0_q;
        if ((rx_valid[0] & (rk_0 == W_LUC))) begin
            m1_0 = rv_0;
        end
        if ((rx_valid[0] & (rk_0 == W_NCB))) begin
            m2_0 = rv_0;
        end
        n1_0_d = m1_0;
        n2_0_d = m2_0;
        m1_1 = n1_1_q;
        m2_1 = n2_1_q;
        if ((rx_valid[1] & (rk_1 == W_LUC))) begin
            m1_1 = rv_1;
        end
        if ((rx_valid[1] & (rk_1 == W_NCB))) begin
            m2_1 = rv_1;
        end
        n1_1_d = m1_1;
        n2_1_d = m2_1;
        m1_2 = n1_2_q;
        m2_2 = n2_2_q;
        if ((rx_valid[2] & (rk_2 == W_LUC))) begin
            m1_2 = rv_2;
        end
        if ((rx_valid[2] & (rk_2 == W_NCB))) begin
            m2_2 = rv_2;
        end
        n1_2_d = m1_2;
        n2_2_d = m2_2;
        m1_3 = n1_3_q;
        m2_3 = n2_3_q;
        if ((rx_valid[3] & (rk_3 == W_LUC))) begin
            m1_3 = rv_3;
        end
        if ((rx_valid[3] & (rk_3 == W_NCB))) begin
            m2_3 = rv_3;
        end
        n1_3_d = m1_3;
        n2_3_d = m2_3;
        if (~|ph_q) begin
            snap_luc_d = cnt_q;
            snap1_0_d = m1_0;
            snap1_1_d = m1_1;
            snap1_2_d = m1_2;
            snap1_3_d = m1_3;
        end
        ncb1_px = m1_0;
        ncb1_mx = m1_1;
        ncb1_py = m1_2;
        ncb1_my = m1_3;
        ncb2_px = m2_0;
        ncb2_mx = m2_1;
        ncb2_py = m2_2;
        ncb2_my = m2_3;
        luc = cnt_q;
        dlt = tails - heads;
        if ((heads >= tails)) begin
            dlt = heads - tails;
        end
        dlt16 = 16'h0;
        if ((dlt == 1)) begin
            dlt16 = 1;
        end
        if ((dlt == 2)) begin
            dlt16 = 2;
        end
        if ((dlt == 3)) begin
            dlt16 = 3;
        end
        if ((dlt == 4)) begin
            dlt16 = 4;
        end
        if ((dlt == 5)) begin
            dlt16 = 5;
        end
        if ((dlt == 6)) begin
            dlt16 = 6;
        end
        if ((dlt == 7)) begin
            dlt16 = 7;
        end
        sum = cnt_q + dlt16;
        if ((heads >= tails)) begin
            cnt_d = sum;
            if ((sum < cnt_q)) begin
                cnt_d = 16'hffff;
            end
        end
        else begin
            cnt_d = cnt_q - dlt16;
            if ((cnt_q < dlt16)) begin
                cnt_d = 16'h0;
            end
        end
    end

    // Registers: synchronous reset to their power-on values
    always @(posedge clock) begin
        if (reset) begin
            ph_q <= 7'h0;
            cnt_q <= 16'h0;
            snap_luc_q <= 16'h0;
            n1_0_q <= 16'h0;
            n1_1_q <= 16'h0;
            n1_2_q <= 16'h0;
            n1_3_q <= 16'h0;
            n2_0_q <= 16'h0;
            n2_1_q <= 16'h0;
            n2_2_q <= 16'h0;
            n2_3_q <= 16'h0;
            snap1_0_q <= 16'h0;
            snap1_1_q <= 16'h0;
            snap1_2_q <= 16'h0;
            snap1_3_q <= 16'h0;
        end
        else begin
            ph_q <= ph_d;
            cnt_q <= cnt_d;
            snap_luc_q <= snap_luc_d;
            n1_0_q <= n1_0_d;
            n1_1_q <= n1_1_d;
            n1_2_q <= n1_2_d;
            n1_3_q <= n1_3_d;
            n2_0_q <= n2_0_d;
            n2_1_q <= n2_1_d;
            n2_2_q <= n2_2_d;
            n2_3_q <= n2_3_d;
            snap1_0_q <= snap1_0_d;
            snap1_1_q <= snap1_1_d;
            snap1_2_q <= snap1_2_d;
            snap1_3_q <= snap1_3_d;
        end
    end
endmodule // fw_luc_ncb
