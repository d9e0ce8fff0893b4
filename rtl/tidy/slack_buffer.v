// fw_slack_buffer: tidy form written by `flitwave rtl emit` from src/hdl/slack_buffer.rs (rust-hdl 0.46).
// Equivalent to rtl/slack_buffer.v (the raw rust-hdl emission), proven by `flitwave rtl check`.
// Do not edit; regenerate instead. Checked by `flitwave rtl check` (docs/rtl.md).
// Clock: rising edge of `clock`. Reset: synchronous, active high (`reset`); no initial
// blocks, every register takes its power-on value from reset.

module fw_slack_buffer(clock,reset,push,din,pop,front,valid,level,stop,go,stopped,overflow);

    // Parameters: the configuration this module was generated for. Local, not
    // overridable: the logic is unrolled for these values; regenerate for others.
    localparam WORD_W = 10; // link word: data byte, head, tail
    localparam ADDR_W = 7; // storage address and occupancy (capacity up to 128 words)

    // Module arguments
    input wire  clock;
    input wire  reset;
    input wire  push;
    input wire  [WORD_W-1:0] din;
    input wire  pop;
    output reg  [WORD_W-1:0] front;
    output reg  valid;
    output reg  [ADDR_W-1:0] level;
    output reg  stop;
    output reg  go;
    output reg  stopped;
    output reg  overflow;

    // Constant declarations
    localparam  capacity = 7'd80;
    localparam  last_addr = 7'd79;
    localparam  stop_above = 7'd56;
    localparam  go_below = 7'd40;

    // Registers (_q) and their next values (_d), and sub-module ports
    reg  [ADDR_W-1:0] ram_read_address;
    wire  [WORD_W-1:0] ram_read_data;
    reg  [ADDR_W-1:0] ram_write_address;
    reg  [WORD_W-1:0] ram_write_data;
    reg  ram_write_enable;
    reg  [ADDR_W-1:0] rd_d;
    reg  [ADDR_W-1:0] rd_q;
    reg  [ADDR_W-1:0] wr_d;
    reg  [ADDR_W-1:0] wr_q;
    reg  [ADDR_W-1:0] count_d;
    reg  [ADDR_W-1:0] count_q;
    reg  stopped_r_d;
    reg  stopped_r_q;
    reg  byp_valid_d;
    reg  byp_valid_q;
    reg  [WORD_W-1:0] byp_data_d;
    reg  [WORD_W-1:0] byp_data_q;

    // Local signals
    reg  [WORD_W-1:0] head;
    reg  push_ok;
    reg  pop_ok;
    reg  [ADDR_W-1:0] rd_next;
    reg  [ADDR_W-1:0] count_next;

    // Sub module instances
    fw_slack_buffer__ram ram(
        .read_address(ram_read_address),
        .read_clock(clock),
        .read_data(ram_read_data),
        .write_address(ram_write_address),
        .write_clock(clock),
        .write_data(ram_write_data),
        .write_enable(ram_write_enable)
    );

    // Update code
    always @(*) begin
        rd_d = rd_q;
        wr_d = wr_q;
        count_d = count_q;
        stopped_r_d = stopped_r_q;
        byp_valid_d = byp_valid_q;
        byp_data_d = byp_data_q;
        if (byp_valid_q) begin
            head = byp_data_q;
        end
        else begin
            head = ram_read_data;
        end
        overflow = push & (count_q == capacity);
        push_ok = push & (count_q != capacity);
        front = 10'h0;
        valid = 1'b0;
        if (count_q == 7'h0) begin
            if (push) begin
                front = din;
                valid = 1'b1;
            end
        end
        else begin
            front = head;
            valid = 1'b1;
        end
        pop_ok = pop & valid;
        ram_write_enable = push_ok;
        ram_write_address = wr_q;
        ram_write_data = din;
        if (push_ok) begin
            if (wr_q == last_addr) begin
                wr_d = 7'h0;
            end
            else begin
                wr_d = wr_q + 7'h1;
            end
        end
        rd_next = rd_q;
        if (pop_ok) begin
            if (rd_q == last_addr) begin
                rd_next = 7'h0;
            end
            else begin
                rd_next = rd_q + 7'h1;
            end
        end
        rd_d = rd_next;
        ram_read_address = rd_next;
        byp_valid_d = push_ok & (wr_q == rd_next);
        byp_data_d = din;
        count_next = count_q;
        if (push_ok & ~pop_ok) begin
            count_next = count_q + 7'h1;
        end
        if (pop_ok & ~push_ok) begin
            count_next = count_q - 7'h1;
        end
        count_d = count_next;
        level = count_next;
        stop = ~stopped_r_q & (count_next > stop_above);
        go = stopped_r_q & (count_next < go_below);
        if (stop) begin
            stopped_r_d = 1'b1;
        end
        if (go) begin
            stopped_r_d = 1'b0;
        end
        stopped = stopped_r_q;
    end

    // Registers: synchronous reset to their power-on values
    always @(posedge clock) begin
        if (reset) begin
            rd_q <= 7'h0;
            wr_q <= 7'h0;
            count_q <= 7'h0;
            stopped_r_q <= 1'h0;
            byp_valid_q <= 1'h0;
            byp_data_q <= 10'h0;
        end
        else begin
            rd_q <= rd_d;
            wr_q <= wr_d;
            count_q <= count_d;
            stopped_r_q <= stopped_r_d;
            byp_valid_q <= byp_valid_d;
            byp_data_q <= byp_data_d;
        end
    end
endmodule // fw_slack_buffer

module fw_slack_buffer__ram(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);

    // Module arguments
    input wire  [6:0] read_address;
    input wire  read_clock;
    output reg  [9:0] read_data;
    input wire  [6:0] write_address;
    input wire  write_clock;
    input wire  [9:0] write_data;
    input wire  write_enable;

    // Update code (custom)
    reg[9:0] mem[127:0];



    always @(posedge read_clock) begin
       read_data <= mem[read_address];
    end

    always @(posedge write_clock) begin
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end

endmodule // fw_slack_buffer__ram
