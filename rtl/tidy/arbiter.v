// fw_arbiter: tidy form written by `flitwave rtl emit` from src/hdl/arbiter.rs (rust-hdl 0.46).
// Equivalent to rtl/arbiter.v (the raw rust-hdl emission), proven by `flitwave rtl check`.
// Do not edit; regenerate instead. Checked by `flitwave rtl check` (docs/rtl.md).
// Clock: rising edge of `clock`. Reset: synchronous, active high (`reset`); no initial
// blocks, every register takes its power-on value from reset.

module fw_arbiter(clock,reset,req,grant,valid,ptr);

    // Parameters: the configuration this module was generated for. Local, not
    // overridable: the logic is unrolled for these values; regenerate for others.
    localparam N     = 8; // requesters
    localparam PTR_W = $clog2(N); // round-robin pointer

    // Module arguments
    input wire  clock;
    input wire  reset;
    input wire  [N-1:0] req;
    output reg  [N-1:0] grant;
    output reg  valid;
    output reg  [PTR_W-1:0] ptr;

    // Constant declarations
    localparam  last_idx = 3'd7;

    // Registers (_q) and their next values (_d), and sub-module ports
    reg  [PTR_W-1:0] ptr_r_d;
    reg  [PTR_W-1:0] ptr_r_q;

    // Local signals
    reg  [N-1:0] thermo;
    reg  [N-1:0] masked;
    reg  [PTR_W-1:0] gidx;

    // Update code
    always @(*) begin
        ptr_r_d = ptr_r_q;
        thermo = ~((((8'h1) & 8'hff) << ptr_r_q) - 8'h1);
        masked = req & thermo;
        if (|masked) begin
            grant = masked & (~masked + 8'h1);
        end
        else begin
            grant = req & (~req + 8'h1);
        end
        valid = |req;
        gidx = 3'h0;
        if (grant[0]) begin
            gidx = 0;
        end
        if (grant[1]) begin
            gidx = 1;
        end
        if (grant[2]) begin
            gidx = 2;
        end
        if (grant[3]) begin
            gidx = 3;
        end
        if (grant[4]) begin
            gidx = 4;
        end
        if (grant[5]) begin
            gidx = 5;
        end
        if (grant[6]) begin
            gidx = 6;
        end
        if (grant[7]) begin
            gidx = 7;
        end
        if (|req) begin
            if (gidx == last_idx) begin
                ptr_r_d = 3'h0;
            end
            else begin
                ptr_r_d = gidx + 3'h1;
            end
        end
        ptr = ptr_r_q;
    end

    // Registers: synchronous reset to their power-on values
    always @(posedge clock) begin
        if (reset) begin
            ptr_r_q <= 3'h0;
        end
        else begin
            ptr_r_q <= ptr_r_d;
        end
    end
endmodule // fw_arbiter
