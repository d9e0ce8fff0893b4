// fw_vc_router_ram: the flit RAM of one input port of the VC router (fw_vc_router.v):
// 2^ADDR_W words of FLIT_W bits, one write port, one synchronous read port
// (the word at `read_address` appears on `read_data` after the edge: the read is the crossbar
// stage's register). Address = VC * DEPTH + slot. No reset: a word is read only after it was
// written. The ports of rust-hdl's RAM, which the twin uses (one clock per port).

module fw_vc_router_ram #(
    parameter FLIT_W = 16,  // flit word bits
    parameter ADDR_W = 4    // address bits: 2 VCs x 8 flits
) (
    input  wire              read_clock,
    input  wire              write_clock,
    input  wire [ADDR_W-1:0] read_address,
    output reg  [FLIT_W-1:0] read_data,
    input  wire [ADDR_W-1:0] write_address,
    input  wire [FLIT_W-1:0] write_data,
    input  wire              write_enable
);

    reg [FLIT_W-1:0] mem [0:(1 << ADDR_W)-1];

    always @(posedge read_clock) begin
        read_data <= mem[read_address];
    end

    always @(posedge write_clock) begin
        if (write_enable) mem[write_address] <= write_data;
    end

endmodule
