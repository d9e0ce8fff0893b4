// fw_dl_table: tidy form written by `flitwave rtl emit` from src/hdl/dl_table.rs (rust-hdl 0.46).
// Equivalent to rtl/dl_table.v (the raw rust-hdl emission), proven by `flitwave rtl check`.
// Do not edit; regenerate instead. Checked by `flitwave rtl check` (docs/rtl.md).
// Clock: rising edge of `clock`. Reset: synchronous, active high (`reset`); no initial
// blocks, every register takes its power-on value from reset.

module fw_dl_table(clock,reset,cfg_we,cfg_sel,cfg_addr,cfg_data,req,dest,in_port,in_vc,valid,out_port,out_vc,vc_ok);

    // Parameters: the configuration this module was generated for. Local, not
    // overridable: the logic is unrolled for these values; regenerate for others.
    localparam ADDR_W = 8; // destination address
    localparam PORT_W = 3; // port and VC index

    // Module arguments
    input wire  clock;
    input wire  reset;
    input wire  cfg_we;
    input wire  [1:0] cfg_sel;
    input wire  [ADDR_W-1:0] cfg_addr;
    input wire  [3:0] cfg_data;
    input wire  req;
    input wire  [ADDR_W-1:0] dest;
    input wire  [PORT_W-1:0] in_port;
    input wire  [PORT_W-1:0] in_vc;
    output reg  valid;
    output reg  [PORT_W-1:0] out_port;
    output reg  [PORT_W-1:0] out_vc;
    output reg  vc_ok;

    // Constant declarations
    localparam  one5_0 = 5'd1;
    localparam  one5_1 = 5'd2;
    localparam  one5_2 = 5'd4;
    localparam  one5_3 = 5'd8;
    localparam  one5_4 = 5'd16;

    // Registers (_q) and their next values (_d), and sub-module ports
    reg  [ADDR_W-1:0] port_ram_read_address;
    wire  [PORT_W-1:0] port_ram_read_data;
    reg  [ADDR_W-1:0] port_ram_write_address;
    reg  [PORT_W-1:0] port_ram_write_data;
    reg  port_ram_write_enable;
    reg  [2:0] diff_ram_0_read_address;
    wire  [3:0] diff_ram_0_read_data;
    reg  [2:0] diff_ram_0_write_address;
    reg  [3:0] diff_ram_0_write_data;
    reg  diff_ram_0_write_enable;
    reg  [2:0] diff_ram_1_read_address;
    wire  [3:0] diff_ram_1_read_data;
    reg  [2:0] diff_ram_1_write_address;
    reg  [3:0] diff_ram_1_write_data;
    reg  diff_ram_1_write_enable;
    reg  [2:0] diff_ram_2_read_address;
    wire  [3:0] diff_ram_2_read_data;
    reg  [2:0] diff_ram_2_write_address;
    reg  [3:0] diff_ram_2_write_data;
    reg  diff_ram_2_write_enable;
    reg  [2:0] diff_ram_3_read_address;
    wire  [3:0] diff_ram_3_read_data;
    reg  [2:0] diff_ram_3_write_address;
    reg  [3:0] diff_ram_3_write_data;
    reg  diff_ram_3_write_enable;
    reg  [2:0] diff_ram_4_read_address;
    wire  [3:0] diff_ram_4_read_data;
    reg  [2:0] diff_ram_4_write_address;
    reg  [3:0] diff_ram_4_write_data;
    reg  diff_ram_4_write_enable;
    reg  [2:0] diff_ram_5_read_address;
    wire  [3:0] diff_ram_5_read_data;
    reg  [2:0] diff_ram_5_write_address;
    reg  [3:0] diff_ram_5_write_data;
    reg  diff_ram_5_write_enable;
    reg  [2:0] diff_ram_6_read_address;
    wire  [3:0] diff_ram_6_read_data;
    reg  [2:0] diff_ram_6_write_address;
    reg  [3:0] diff_ram_6_write_data;
    reg  diff_ram_6_write_enable;
    reg  [2:0] diff_ram_7_read_address;
    wire  [3:0] diff_ram_7_read_data;
    reg  [2:0] diff_ram_7_write_address;
    reg  [3:0] diff_ram_7_write_data;
    reg  diff_ram_7_write_enable;
    reg  [3:0] layers_d;
    reg  [3:0] layers_q;
    reg  req_q_d;
    reg  req_q_q;
    reg  [2:0] vc_q_d;
    reg  [2:0] vc_q_q;

    // Local signals
    reg  [7:0] wsel;
    reg  [7:0] rsel;
    reg  [3:0] entry;
    reg  [4:0] base;
    reg  [4:0] dext;
    reg  [4:0] sum;
    reg  [4:0] lay5;

    // Sub module instances
    fw_dl_table__port_ram port_ram(
        .read_address(port_ram_read_address),
        .read_clock(clock),
        .read_data(port_ram_read_data),
        .write_address(port_ram_write_address),
        .write_clock(clock),
        .write_data(port_ram_write_data),
        .write_enable(port_ram_write_enable)
    );
    fw_dl_table__diff_ram__0 diff_ram_0(
        .read_address(diff_ram_0_read_address),
        .read_clock(clock),
        .read_data(diff_ram_0_read_data),
        .write_address(diff_ram_0_write_address),
        .write_clock(clock),
        .write_data(diff_ram_0_write_data),
        .write_enable(diff_ram_0_write_enable)
    );
    fw_dl_table__diff_ram__1 diff_ram_1(
        .read_address(diff_ram_1_read_address),
        .read_clock(clock),
        .read_data(diff_ram_1_read_data),
        .write_address(diff_ram_1_write_address),
        .write_clock(clock),
        .write_data(diff_ram_1_write_data),
        .write_enable(diff_ram_1_write_enable)
    );
    fw_dl_table__diff_ram__2 diff_ram_2(
        .read_address(diff_ram_2_read_address),
        .read_clock(clock),
        .read_data(diff_ram_2_read_data),
        .write_address(diff_ram_2_write_address),
        .write_clock(clock),
        .write_data(diff_ram_2_write_data),
        .write_enable(diff_ram_2_write_enable)
    );
    fw_dl_table__diff_ram__3 diff_ram_3(
        .read_address(diff_ram_3_read_address),
        .read_clock(clock),
        .read_data(diff_ram_3_read_data),
        .write_address(diff_ram_3_write_address),
        .write_clock(clock),
        .write_data(diff_ram_3_write_data),
        .write_enable(diff_ram_3_write_enable)
    );
    fw_dl_table__diff_ram__4 diff_ram_4(
        .read_address(diff_ram_4_read_address),
        .read_clock(clock),
        .read_data(diff_ram_4_read_data),
        .write_address(diff_ram_4_write_address),
        .write_clock(clock),
        .write_data(diff_ram_4_write_data),
        .write_enable(diff_ram_4_write_enable)
    );
    fw_dl_table__diff_ram__5 diff_ram_5(
        .read_address(diff_ram_5_read_address),
        .read_clock(clock),
        .read_data(diff_ram_5_read_data),
        .write_address(diff_ram_5_write_address),
        .write_clock(clock),
        .write_data(diff_ram_5_write_data),
        .write_enable(diff_ram_5_write_enable)
    );
    fw_dl_table__diff_ram__6 diff_ram_6(
        .read_address(diff_ram_6_read_address),
        .read_clock(clock),
        .read_data(diff_ram_6_read_data),
        .write_address(diff_ram_6_write_address),
        .write_clock(clock),
        .write_data(diff_ram_6_write_data),
        .write_enable(diff_ram_6_write_enable)
    );
    fw_dl_table__diff_ram__7 diff_ram_7(
        .read_address(diff_ram_7_read_address),
        .read_clock(clock),
        .read_data(diff_ram_7_read_data),
        .write_address(diff_ram_7_write_address),
        .write_clock(clock),
        .write_data(diff_ram_7_write_data),
        .write_enable(diff_ram_7_write_enable)
    );

    // Update code
    always @(*) begin
        layers_d = layers_q;
        req_q_d = req_q_q;
        vc_q_d = vc_q_q;
        port_ram_read_address = dest;
        port_ram_write_address = cfg_addr;
        port_ram_write_data = cfg_data[0+:3];
        port_ram_write_enable = (cfg_we & (cfg_sel == 2'h0));
        wsel = 8'h0;
        if ((cfg_we & (cfg_sel == 2'h1))) begin
            wsel = ((8'h1) & 8'hff) << cfg_addr[0+:3];
        end
        diff_ram_0_read_address = in_port;
        diff_ram_0_write_address = cfg_addr[3+:3];
        diff_ram_0_write_data = cfg_data;
        diff_ram_0_write_enable = wsel[0];
        diff_ram_1_read_address = in_port;
        diff_ram_1_write_address = cfg_addr[3+:3];
        diff_ram_1_write_data = cfg_data;
        diff_ram_1_write_enable = wsel[1];
        diff_ram_2_read_address = in_port;
        diff_ram_2_write_address = cfg_addr[3+:3];
        diff_ram_2_write_data = cfg_data;
        diff_ram_2_write_enable = wsel[2];
        diff_ram_3_read_address = in_port;
        diff_ram_3_write_address = cfg_addr[3+:3];
        diff_ram_3_write_data = cfg_data;
        diff_ram_3_write_enable = wsel[3];
        diff_ram_4_read_address = in_port;
        diff_ram_4_write_address = cfg_addr[3+:3];
        diff_ram_4_write_data = cfg_data;
        diff_ram_4_write_enable = wsel[4];
        diff_ram_5_read_address = in_port;
        diff_ram_5_write_address = cfg_addr[3+:3];
        diff_ram_5_write_data = cfg_data;
        diff_ram_5_write_enable = wsel[5];
        diff_ram_6_read_address = in_port;
        diff_ram_6_write_address = cfg_addr[3+:3];
        diff_ram_6_write_data = cfg_data;
        diff_ram_6_write_enable = wsel[6];
        diff_ram_7_read_address = in_port;
        diff_ram_7_write_address = cfg_addr[3+:3];
        diff_ram_7_write_data = cfg_data;
        diff_ram_7_write_enable = wsel[7];
        if ((cfg_we & (cfg_sel == 2'h2))) begin
            layers_d = cfg_data;
        end
        req_q_d = req;
        vc_q_d = in_vc;
        rsel = ((8'h1) & 8'hff) << port_ram_read_data;
        entry = 4'h0;
        if (rsel[0]) begin
            entry = diff_ram_0_read_data;
        end
        if (rsel[1]) begin
            entry = diff_ram_1_read_data;
        end
        if (rsel[2]) begin
            entry = diff_ram_2_read_data;
        end
        if (rsel[3]) begin
            entry = diff_ram_3_read_data;
        end
        if (rsel[4]) begin
            entry = diff_ram_4_read_data;
        end
        if (rsel[5]) begin
            entry = diff_ram_5_read_data;
        end
        if (rsel[6]) begin
            entry = diff_ram_6_read_data;
        end
        if (rsel[7]) begin
            entry = diff_ram_7_read_data;
        end
        base = 5'h0;
        dext = 5'h0;
        lay5 = 5'h0;
        if ((vc_q_q[0] & ~entry[3])) begin
            base = base | one5_0;
        end
        if (entry[0]) begin
            dext = dext | one5_0;
        end
        if ((vc_q_q[1] & ~entry[3])) begin
            base = base | one5_1;
        end
        if (entry[1]) begin
            dext = dext | one5_1;
        end
        if ((vc_q_q[2] & ~entry[3])) begin
            base = base | one5_2;
        end
        if (entry[2]) begin
            dext = dext | one5_2;
        end
        if (entry[2]) begin
            dext = dext | one5_3 | one5_4;
        end
        if (layers_q[0]) begin
            lay5 = lay5 | one5_0;
        end
        if (layers_q[1]) begin
            lay5 = lay5 | one5_1;
        end
        if (layers_q[2]) begin
            lay5 = lay5 | one5_2;
        end
        if (layers_q[3]) begin
            lay5 = lay5 | one5_3;
        end
        sum = base + dext;
        valid = req_q_q;
        out_port = 3'h0;
        out_vc = 3'h0;
        vc_ok = 1'b0;
        if (req_q_q) begin
            out_port = port_ram_read_data;
            out_vc = sum[0+:3];
            vc_ok = (~sum[4] & (sum < lay5));
        end
    end

    // Registers: synchronous reset to their power-on values
    always @(posedge clock) begin
        if (reset) begin
            layers_q <= 4'h0;
            req_q_q <= 1'h0;
            vc_q_q <= 3'h0;
        end
        else begin
            layers_q <= layers_d;
            req_q_q <= req_q_d;
            vc_q_q <= vc_q_d;
        end
    end
endmodule // fw_dl_table

module fw_dl_table__diff_ram__0(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);

    // Module arguments
    input wire  [2:0] read_address;
    input wire  read_clock;
    output reg  [3:0] read_data;
    input wire  [2:0] write_address;
    input wire  write_clock;
    input wire  [3:0] write_data;
    input wire  write_enable;

    // Update code (custom)
    reg[3:0] mem[7:0];



    always @(posedge read_clock) begin
       read_data <= mem[read_address];
    end

    always @(posedge write_clock) begin
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end

endmodule // fw_dl_table__diff_ram__0

module fw_dl_table__diff_ram__1(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);

    // Module arguments
    input wire  [2:0] read_address;
    input wire  read_clock;
    output reg  [3:0] read_data;
    input wire  [2:0] write_address;
    input wire  write_clock;
    input wire  [3:0] write_data;
    input wire  write_enable;

    // Update code (custom)
    reg[3:0] mem[7:0];



    always @(posedge read_clock) begin
       read_data <= mem[read_address];
    end

    always @(posedge write_clock) begin
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end

endmodule // fw_dl_table__diff_ram__1

module fw_dl_table__diff_ram__2(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);

    // Module arguments
    input wire  [2:0] read_address;
    input wire  read_clock;
    output reg  [3:0] read_data;
    input wire  [2:0] write_address;
    input wire  write_clock;
    input wire  [3:0] write_data;
    input wire  write_enable;

    // Update code (custom)
    reg[3:0] mem[7:0];



    always @(posedge read_clock) begin
       read_data <= mem[read_address];
    end

    always @(posedge write_clock) begin
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end

endmodule // fw_dl_table__diff_ram__2

module fw_dl_table__diff_ram__3(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);

    // Module arguments
    input wire  [2:0] read_address;
    input wire  read_clock;
    output reg  [3:0] read_data;
    input wire  [2:0] write_address;
    input wire  write_clock;
    input wire  [3:0] write_data;
    input wire  write_enable;

    // Update code (custom)
    reg[3:0] mem[7:0];



    always @(posedge read_clock) begin
       read_data <= mem[read_address];
    end

    always @(posedge write_clock) begin
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end

endmodule // fw_dl_table__diff_ram__3

module fw_dl_table__diff_ram__4(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);

    // Module arguments
    input wire  [2:0] read_address;
    input wire  read_clock;
    output reg  [3:0] read_data;
    input wire  [2:0] write_address;
    input wire  write_clock;
    input wire  [3:0] write_data;
    input wire  write_enable;

    // Update code (custom)
    reg[3:0] mem[7:0];



    always @(posedge read_clock) begin
       read_data <= mem[read_address];
    end

    always @(posedge write_clock) begin
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end

endmodule // fw_dl_table__diff_ram__4

module fw_dl_table__diff_ram__5(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);

    // Module arguments
    input wire  [2:0] read_address;
    input wire  read_clock;
    output reg  [3:0] read_data;
    input wire  [2:0] write_address;
    input wire  write_clock;
    input wire  [3:0] write_data;
    input wire  write_enable;

    // Update code (custom)
    reg[3:0] mem[7:0];



    always @(posedge read_clock) begin
       read_data <= mem[read_address];
    end

    always @(posedge write_clock) begin
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end

endmodule // fw_dl_table__diff_ram__5

module fw_dl_table__diff_ram__6(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);

    // Module arguments
    input wire  [2:0] read_address;
    input wire  read_clock;
    output reg  [3:0] read_data;
    input wire  [2:0] write_address;
    input wire  write_clock;
    input wire  [3:0] write_data;
    input wire  write_enable;

    // Update code (custom)
    reg[3:0] mem[7:0];



    always @(posedge read_clock) begin
       read_data <= mem[read_address];
    end

    always @(posedge write_clock) begin
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end

endmodule // fw_dl_table__diff_ram__6

module fw_dl_table__diff_ram__7(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);

    // Module arguments
    input wire  [2:0] read_address;
    input wire  read_clock;
    output reg  [3:0] read_data;
    input wire  [2:0] write_address;
    input wire  write_clock;
    input wire  [3:0] write_data;
    input wire  write_enable;

    // Update code (custom)
    reg[3:0] mem[7:0];



    always @(posedge read_clock) begin
       read_data <= mem[read_address];
    end

    always @(posedge write_clock) begin
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end

endmodule // fw_dl_table__diff_ram__7

module fw_dl_table__port_ram(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);

    // Module arguments
    input wire  [7:0] read_address;
    input wire  read_clock;
    output reg  [2:0] read_data;
    input wire  [7:0] write_address;
    input wire  write_clock;
    input wire  [2:0] write_data;
    input wire  write_enable;

    // Update code (custom)
    reg[2:0] mem[255:0];



    always @(posedge read_clock) begin
       read_data <= mem[read_address];
    end

    always @(posedge write_clock) begin
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end

endmodule // fw_dl_table__port_ram
