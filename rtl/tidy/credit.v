// fw_credit: tidy form written by `flitwave rtl emit` from src/hdl/credit.rs (rust-hdl 0.46).
// Equivalent to rtl/credit.v (the raw rust-hdl emission), proven by `flitwave rtl check`.
// Do not edit; regenerate instead. Checked by `flitwave rtl check` (docs/rtl.md).
// Clock: rising edge of `clock`. Reset: synchronous, active high (`reset`); no initial
// blocks, every register takes its power-on value from reset.

module fw_credit(clock,reset,init,size,consume,ret,credits,can_send,underflow,overflow);

    // Parameters: the configuration this module was generated for. Local, not
    // overridable: the logic is unrolled for these values; regenerate for others.
    localparam CNT_W = 16; // credit counter and buffer size

    // Module arguments
    input wire  clock;
    input wire  reset;
    input wire  init;
    input wire  [CNT_W-1:0] size;
    input wire  consume;
    input wire  ret;
    output reg  [CNT_W-1:0] credits;
    output reg  can_send;
    output reg  underflow;
    output reg  overflow;

    // Registers (_q) and their next values (_d), and sub-module ports
    reg  [CNT_W-1:0] count_d;
    reg  [CNT_W-1:0] count_q;
    reg  [CNT_W-1:0] limit_d;
    reg  [CNT_W-1:0] limit_q;

    // Local signals
    reg  take;
    reg  give;

    // Update code
    always @(*) begin
        count_d = count_q;
        limit_d = limit_q;
        credits = count_q;
        can_send = |count_q;
        take = consume & |count_q;
        give = ret & ((count_q != limit_q) | take);
        underflow = 1'b0;
        overflow = 1'b0;
        if (init) begin
            count_d = size;
            limit_d = size;
        end
        else begin
            underflow = consume & ~take;
            overflow = ret & ~give;
            if (take & ~give) begin
                count_d = count_q - 16'h1;
            end
            if (give & ~take) begin
                count_d = count_q + 16'h1;
            end
        end
    end

    // Registers: synchronous reset to their power-on values
    always @(posedge clock) begin
        if (reset) begin
            count_q <= 16'h0;
            limit_q <= 16'h0;
        end
        else begin
            count_q <= count_d;
            limit_q <= limit_d;
        end
    end
endmodule // fw_credit
