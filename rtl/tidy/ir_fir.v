// fw_ir_fir: tidy form written by `flitwave rtl emit` from src/hdl/ir_fir.rs (rust-hdl 0.46).
// Equivalent to rtl/ir_fir.v (the raw rust-hdl emission), proven by `flitwave rtl check`.
// Do not edit; regenerate instead. Checked by `flitwave rtl check` (docs/rtl.md).
// Clock: rising edge of `clock`. Reset: synchronous, active high (`reset`); no initial
// blocks, every register takes its power-on value from reset.

module fw_ir_fir(clock,reset,cfg_we,cfg_port,cfg_sel,cfg_data,dest,hit,allowed);

    // Parameters: the configuration this module was generated for. Local, not
    // overridable: the logic is unrolled for these values; regenerate for others.
    localparam PORTS  = 8; // output ports
    localparam PORT_W = $clog2(PORTS); // port index
    localparam ADDR_W = 8; // destination address

    // Module arguments
    input wire  clock;
    input wire  reset;
    input wire  cfg_we;
    input wire  [PORT_W-1:0] cfg_port;
    input wire  [1:0] cfg_sel;
    input wire  [ADDR_W-1:0] cfg_data;
    input wire  [ADDR_W-1:0] dest;
    output reg  [PORTS-1:0] hit;
    output reg  [PORTS-1:0] allowed;

    // Constant declarations
    localparam  onehot_0 = 8'd1;
    localparam  onehot_1 = 8'd2;
    localparam  onehot_2 = 8'd4;
    localparam  onehot_3 = 8'd8;
    localparam  onehot_4 = 8'd16;
    localparam  onehot_5 = 8'd32;
    localparam  onehot_6 = 8'd64;
    localparam  onehot_7 = 8'd128;

    // Registers (_q) and their next values (_d), and sub-module ports
    reg  [ADDR_W-1:0] fi_0_d;
    reg  [ADDR_W-1:0] fi_0_q;
    reg  [ADDR_W-1:0] fi_1_d;
    reg  [ADDR_W-1:0] fi_1_q;
    reg  [ADDR_W-1:0] fi_2_d;
    reg  [ADDR_W-1:0] fi_2_q;
    reg  [ADDR_W-1:0] fi_3_d;
    reg  [ADDR_W-1:0] fi_3_q;
    reg  [ADDR_W-1:0] fi_4_d;
    reg  [ADDR_W-1:0] fi_4_q;
    reg  [ADDR_W-1:0] fi_5_d;
    reg  [ADDR_W-1:0] fi_5_q;
    reg  [ADDR_W-1:0] fi_6_d;
    reg  [ADDR_W-1:0] fi_6_q;
    reg  [ADDR_W-1:0] fi_7_d;
    reg  [ADDR_W-1:0] fi_7_q;
    reg  [ADDR_W-1:0] li_0_d;
    reg  [ADDR_W-1:0] li_0_q;
    reg  [ADDR_W-1:0] li_1_d;
    reg  [ADDR_W-1:0] li_1_q;
    reg  [ADDR_W-1:0] li_2_d;
    reg  [ADDR_W-1:0] li_2_q;
    reg  [ADDR_W-1:0] li_3_d;
    reg  [ADDR_W-1:0] li_3_q;
    reg  [ADDR_W-1:0] li_4_d;
    reg  [ADDR_W-1:0] li_4_q;
    reg  [ADDR_W-1:0] li_5_d;
    reg  [ADDR_W-1:0] li_5_q;
    reg  [ADDR_W-1:0] li_6_d;
    reg  [ADDR_W-1:0] li_6_q;
    reg  [ADDR_W-1:0] li_7_d;
    reg  [ADDR_W-1:0] li_7_q;
    reg  [ADDR_W-1:0] mr_0_d;
    reg  [ADDR_W-1:0] mr_0_q;
    reg  [ADDR_W-1:0] mr_1_d;
    reg  [ADDR_W-1:0] mr_1_q;
    reg  [ADDR_W-1:0] mr_2_d;
    reg  [ADDR_W-1:0] mr_2_q;
    reg  [ADDR_W-1:0] mr_3_d;
    reg  [ADDR_W-1:0] mr_3_q;
    reg  [ADDR_W-1:0] mr_4_d;
    reg  [ADDR_W-1:0] mr_4_q;
    reg  [ADDR_W-1:0] mr_5_d;
    reg  [ADDR_W-1:0] mr_5_q;
    reg  [ADDR_W-1:0] mr_6_d;
    reg  [ADDR_W-1:0] mr_6_q;
    reg  [ADDR_W-1:0] mr_7_d;
    reg  [ADDR_W-1:0] mr_7_q;
    reg  [PORTS-1:0] rrr_0_d;
    reg  [PORTS-1:0] rrr_0_q;
    reg  [PORTS-1:0] rrr_1_d;
    reg  [PORTS-1:0] rrr_1_q;
    reg  [PORTS-1:0] rrr_2_d;
    reg  [PORTS-1:0] rrr_2_q;
    reg  [PORTS-1:0] rrr_3_d;
    reg  [PORTS-1:0] rrr_3_q;
    reg  [PORTS-1:0] rrr_4_d;
    reg  [PORTS-1:0] rrr_4_q;
    reg  [PORTS-1:0] rrr_5_d;
    reg  [PORTS-1:0] rrr_5_q;
    reg  [PORTS-1:0] rrr_6_d;
    reg  [PORTS-1:0] rrr_6_q;
    reg  [PORTS-1:0] rrr_7_d;
    reg  [PORTS-1:0] rrr_7_q;

    // Local signals
    reg  [PORTS-1:0] wport;
    reg  [3:0] wreg;
    reg  [PORTS-1:0] hv;
    reg  [PORTS-1:0] av;

    // Update code
    always @(*) begin
        fi_0_d = fi_0_q;
        li_0_d = li_0_q;
        mr_0_d = mr_0_q;
        rrr_0_d = rrr_0_q;
        fi_1_d = fi_1_q;
        li_1_d = li_1_q;
        mr_1_d = mr_1_q;
        rrr_1_d = rrr_1_q;
        fi_2_d = fi_2_q;
        li_2_d = li_2_q;
        mr_2_d = mr_2_q;
        rrr_2_d = rrr_2_q;
        fi_3_d = fi_3_q;
        li_3_d = li_3_q;
        mr_3_d = mr_3_q;
        rrr_3_d = rrr_3_q;
        fi_4_d = fi_4_q;
        li_4_d = li_4_q;
        mr_4_d = mr_4_q;
        rrr_4_d = rrr_4_q;
        fi_5_d = fi_5_q;
        li_5_d = li_5_q;
        mr_5_d = mr_5_q;
        rrr_5_d = rrr_5_q;
        fi_6_d = fi_6_q;
        li_6_d = li_6_q;
        mr_6_d = mr_6_q;
        rrr_6_d = rrr_6_q;
        fi_7_d = fi_7_q;
        li_7_d = li_7_q;
        mr_7_d = mr_7_q;
        rrr_7_d = rrr_7_q;
        wport = 8'h0;
        hv = 8'h0;
        av = 8'h0;
        wreg = ((4'h1) & 4'hf) << cfg_sel;
        if (cfg_we) begin
            wport = ((8'h1) & 8'hff) << cfg_port;
        end
        if ((wport[0] & wreg[0])) begin
            fi_0_d = cfg_data;
        end
        if ((wport[0] & wreg[1])) begin
            li_0_d = cfg_data;
        end
        if ((wport[0] & wreg[2])) begin
            mr_0_d = cfg_data;
        end
        if ((wport[0] & wreg[3])) begin
            rrr_0_d = cfg_data;
        end
        if ((wport[1] & wreg[0])) begin
            fi_1_d = cfg_data;
        end
        if ((wport[1] & wreg[1])) begin
            li_1_d = cfg_data;
        end
        if ((wport[1] & wreg[2])) begin
            mr_1_d = cfg_data;
        end
        if ((wport[1] & wreg[3])) begin
            rrr_1_d = cfg_data;
        end
        if ((wport[2] & wreg[0])) begin
            fi_2_d = cfg_data;
        end
        if ((wport[2] & wreg[1])) begin
            li_2_d = cfg_data;
        end
        if ((wport[2] & wreg[2])) begin
            mr_2_d = cfg_data;
        end
        if ((wport[2] & wreg[3])) begin
            rrr_2_d = cfg_data;
        end
        if ((wport[3] & wreg[0])) begin
            fi_3_d = cfg_data;
        end
        if ((wport[3] & wreg[1])) begin
            li_3_d = cfg_data;
        end
        if ((wport[3] & wreg[2])) begin
            mr_3_d = cfg_data;
        end
        if ((wport[3] & wreg[3])) begin
            rrr_3_d = cfg_data;
        end
        if ((wport[4] & wreg[0])) begin
            fi_4_d = cfg_data;
        end
        if ((wport[4] & wreg[1])) begin
            li_4_d = cfg_data;
        end
        if ((wport[4] & wreg[2])) begin
            mr_4_d = cfg_data;
        end
        if ((wport[4] & wreg[3])) begin
            rrr_4_d = cfg_data;
        end
        if ((wport[5] & wreg[0])) begin
            fi_5_d = cfg_data;
        end
        if ((wport[5] & wreg[1])) begin
            li_5_d = cfg_data;
        end
        if ((wport[5] & wreg[2])) begin
            mr_5_d = cfg_data;
        end
        if ((wport[5] & wreg[3])) begin
            rrr_5_d = cfg_data;
        end
        if ((wport[6] & wreg[0])) begin
            fi_6_d = cfg_data;
        end
        if ((wport[6] & wreg[1])) begin
            li_6_d = cfg_data;
        end
        if ((wport[6] & wreg[2])) begin
            mr_6_d = cfg_data;
        end
        if ((wport[6] & wreg[3])) begin
            rrr_6_d = cfg_data;
        end
        if ((wport[7] & wreg[0])) begin
            fi_7_d = cfg_data;
        end
        if ((wport[7] & wreg[1])) begin
            li_7_d = cfg_data;
        end
        if ((wport[7] & wreg[2])) begin
            mr_7_d = cfg_data;
        end
        if ((wport[7] & wreg[3])) begin
            rrr_7_d = cfg_data;
        end
        if ((fi_0_q <= li_0_q)) begin
            if ((((dest & mr_0_q) >= fi_0_q) & ((dest & mr_0_q) <= li_0_q))) begin
                hv = hv | onehot_0;
            end
        end
        else if ((((dest & mr_0_q) >= fi_0_q) | ((dest & mr_0_q) <= li_0_q))) begin
            hv = hv | onehot_0;
        end
        if ((fi_1_q <= li_1_q)) begin
            if ((((dest & mr_1_q) >= fi_1_q) & ((dest & mr_1_q) <= li_1_q))) begin
                hv = hv | onehot_1;
            end
        end
        else if ((((dest & mr_1_q) >= fi_1_q) | ((dest & mr_1_q) <= li_1_q))) begin
            hv = hv | onehot_1;
        end
        if ((fi_2_q <= li_2_q)) begin
            if ((((dest & mr_2_q) >= fi_2_q) & ((dest & mr_2_q) <= li_2_q))) begin
                hv = hv | onehot_2;
            end
        end
        else if ((((dest & mr_2_q) >= fi_2_q) | ((dest & mr_2_q) <= li_2_q))) begin
            hv = hv | onehot_2;
        end
        if ((fi_3_q <= li_3_q)) begin
            if ((((dest & mr_3_q) >= fi_3_q) & ((dest & mr_3_q) <= li_3_q))) begin
                hv = hv | onehot_3;
            end
        end
        else if ((((dest & mr_3_q) >= fi_3_q) | ((dest & mr_3_q) <= li_3_q))) begin
            hv = hv | onehot_3;
        end
        if ((fi_4_q <= li_4_q)) begin
            if ((((dest & mr_4_q) >= fi_4_q) & ((dest & mr_4_q) <= li_4_q))) begin
                hv = hv | onehot_4;
            end
        end
        else if ((((dest & mr_4_q) >= fi_4_q) | ((dest & mr_4_q) <= li_4_q))) begin
            hv = hv | onehot_4;
        end
        if ((fi_5_q <= li_5_q)) begin
            if ((((dest & mr_5_q) >= fi_5_q) & ((dest & mr_5_q) <= li_5_q))) begin
                hv = hv | onehot_5;
            end
        end
        else if ((((dest & mr_5_q) >= fi_5_q) | ((dest & mr_5_q) <= li_5_q))) begin
            hv = hv | onehot_5;
        end
        if ((fi_6_q <= li_6_q)) begin
            if ((((dest & mr_6_q) >= fi_6_q) & ((dest & mr_6_q) <= li_6_q))) begin
                hv = hv | onehot_6;
            end
        end
        else if ((((dest & mr_6_q) >= fi_6_q) | ((dest & mr_6_q) <= li_6_q))) begin
            hv = hv | onehot_6;
        end
        if ((fi_7_q <= li_7_q)) begin
            if ((((dest & mr_7_q) >= fi_7_q) & ((dest & mr_7_q) <= li_7_q))) begin
                hv = hv | onehot_7;
            end
        end
        else if ((((dest & mr_7_q) >= fi_7_q) | ((dest & mr_7_q) <= li_7_q))) begin
            hv = hv | onehot_7;
        end
        if ((hv[0] & ~(|(rrr_0_q & hv)))) begin
            av = av | onehot_0;
        end
        if ((hv[1] & ~(|(rrr_1_q & hv)))) begin
            av = av | onehot_1;
        end
        if ((hv[2] & ~(|(rrr_2_q & hv)))) begin
            av = av | onehot_2;
        end
        if ((hv[3] & ~(|(rrr_3_q & hv)))) begin
            av = av | onehot_3;
        end
        if ((hv[4] & ~(|(rrr_4_q & hv)))) begin
            av = av | onehot_4;
        end
        if ((hv[5] & ~(|(rrr_5_q & hv)))) begin
            av = av | onehot_5;
        end
        if ((hv[6] & ~(|(rrr_6_q & hv)))) begin
            av = av | onehot_6;
        end
        if ((hv[7] & ~(|(rrr_7_q & hv)))) begin
            av = av | onehot_7;
        end
        hit = hv;
        allowed = av;
    end

    // Registers: synchronous reset to their power-on values
    always @(posedge clock) begin
        if (reset) begin
            fi_0_q <= 8'h0;
            fi_1_q <= 8'h0;
            fi_2_q <= 8'h0;
            fi_3_q <= 8'h0;
            fi_4_q <= 8'h0;
            fi_5_q <= 8'h0;
            fi_6_q <= 8'h0;
            fi_7_q <= 8'h0;
            li_0_q <= 8'h0;
            li_1_q <= 8'h0;
            li_2_q <= 8'h0;
            li_3_q <= 8'h0;
            li_4_q <= 8'h0;
            li_5_q <= 8'h0;
            li_6_q <= 8'h0;
            li_7_q <= 8'h0;
            mr_0_q <= 8'h0;
            mr_1_q <= 8'h0;
            mr_2_q <= 8'h0;
            mr_3_q <= 8'h0;
            mr_4_q <= 8'h0;
            mr_5_q <= 8'h0;
            mr_6_q <= 8'h0;
            mr_7_q <= 8'h0;
            rrr_0_q <= 8'h0;
            rrr_1_q <= 8'h0;
            rrr_2_q <= 8'h0;
            rrr_3_q <= 8'h0;
            rrr_4_q <= 8'h0;
            rrr_5_q <= 8'h0;
            rrr_6_q <= 8'h0;
            rrr_7_q <= 8'h0;
        end
        else begin
            fi_0_q <= fi_0_d;
            fi_1_q <= fi_1_d;
            fi_2_q <= fi_2_d;
            fi_3_q <= fi_3_d;
            fi_4_q <= fi_4_d;
            fi_5_q <= fi_5_d;
            fi_6_q <= fi_6_d;
            fi_7_q <= fi_7_d;
            li_0_q <= li_0_d;
            li_1_q <= li_1_d;
            li_2_q <= li_2_d;
            li_3_q <= li_3_d;
            li_4_q <= li_4_d;
            li_5_q <= li_5_d;
            li_6_q <= li_6_d;
            li_7_q <= li_7_d;
            mr_0_q <= mr_0_d;
            mr_1_q <= mr_1_d;
            mr_2_q <= mr_2_d;
            mr_3_q <= mr_3_d;
            mr_4_q <= mr_4_d;
            mr_5_q <= mr_5_d;
            mr_6_q <= mr_6_d;
            mr_7_q <= mr_7_d;
            rrr_0_q <= rrr_0_d;
            rrr_1_q <= rrr_1_d;
            rrr_2_q <= rrr_2_d;
            rrr_3_q <= rrr_3_d;
            rrr_4_q <= rrr_4_d;
            rrr_5_q <= rrr_5_d;
            rrr_6_q <= rrr_6_d;
            rrr_7_q <= rrr_7_d;
        end
    end
endmodule // fw_ir_fir
