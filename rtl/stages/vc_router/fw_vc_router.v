// fw_vc_router: the input-queued virtual-channel router of BookSim2's iq preset
// (configs/booksim-iq.toml) as its pipeline, a module per stage: per input port an input unit
// (fw_vc_router_input: VC buffers, the route stage fw_vc_router_route, the packets' VC
// states), the VC allocation stage (fw_vc_router_vc_alloc), the switch allocation stage
// (fw_vc_router_sw_alloc; both allocators are fw_vc_router_allocator), the crossbar stage
// (fw_vc_router_crossbar) and per output port an output unit (fw_vc_router_output: VC
// ownership, credits downstream). Five ports (0 the host, 1 +x, 2 -x, 3 +y, 4 -y), two VCs of
// eight flits a port, dimension-order routing on a mesh of up to 8 x 8; a head arriving at t
// leaves at t + 2. Written by hand from the twin (src/hdl/vc_router.rs, emitted as
// rtl/vc_router.v); `flitwave rtl check` proves the two equivalent register by register
// (docs/rtl.md, "The router as its pipeline"). Clock: rising edge of `clock`; reset:
// synchronous, active high, every register to 0.

module fw_vc_router #(
    parameter FLIT_W = 16  // flit: head, tail, destination x and y, payload (more: a packet tag)
) (clock,reset,my_x,my_y,in_valid,in_vc,flit_in0,flit_in1,flit_in2,flit_in3,flit_in4,cred_in,cred_in_vc,out_valid,out_vc,flit_out0,flit_out1,flit_out2,flit_out3,flit_out4,cred_out,cred_out_vc);

    localparam PORTS   = 5;            // ports (local, +x, -x, +y, -y)
    localparam VCS     = 2;            // VCs a port
    localparam IN_VCS  = PORTS * VCS;  // input VCs = output VCs
    localparam COORD_W = 3;            // mesh coordinate (8 x 8)
    localparam DEPTH   = 8;            // flits per VC buffer

    input  wire               clock;
    input  wire               reset;
    input  wire [COORD_W-1:0] my_x;
    input  wire [COORD_W-1:0] my_y;
    // per input port: a flit arrives, on VC in_vc
    input  wire [PORTS-1:0]   in_valid;
    input  wire [PORTS-1:0]   in_vc;
    input  wire [FLIT_W-1:0]  flit_in0, flit_in1, flit_in2, flit_in3, flit_in4;
    // per output port: a credit returns from downstream, for VC cred_in_vc
    input  wire [PORTS-1:0]   cred_in;
    input  wire [PORTS-1:0]   cred_in_vc;
    // per output port: a flit leaves, on VC out_vc
    output wire [PORTS-1:0]   out_valid;
    output wire [PORTS-1:0]   out_vc;
    output wire [FLIT_W-1:0]  flit_out0, flit_out1, flit_out2, flit_out3, flit_out4;
    // per input port: a credit goes upstream, for VC cred_out_vc
    output wire [PORTS-1:0]   cred_out;
    output wire [PORTS-1:0]   cred_out_vc;

    wire [FLIT_W*PORTS-1:0] flit_in = {flit_in4, flit_in3, flit_in2, flit_in1, flit_in0};
    wire [FLIT_W*PORTS-1:0] flit_out;
    assign {flit_out4, flit_out3, flit_out2, flit_out1, flit_out0} = flit_out;

    // per input VC (i = VCS * port + VC)
    wire [IN_VCS-1:0]        arrive, hold, pop;
    wire [4*IN_VCS-1:0]      fsb, oport, ocv;
    wire [2*IN_VCS-1:0]      st;
    wire [IN_VCS*IN_VCS-1:0] vgrant;
    // per output VC (k = VCS * port + VC)
    wire [IN_VCS-1:0]        busy;
    wire [4*IN_VCS-1:0]      used;
    reg  [IN_VCS-1:0]        take, consume, free;
    // per input port
    wire [PORTS-1:0]         wvc;
    wire [4*PORTS-1:0]       wout;
    wire [FLIT_W*PORTS-1:0]  rd_word;

    genvar p;
    generate
        for (p = 0; p < PORTS; p = p + 1) begin : g_port
            fw_vc_router_input #(
                .FLIT_W(FLIT_W), .COORD_W(COORD_W), .DEPTH(DEPTH), .IN_VCS(IN_VCS)
            ) u_input (
                .clock(clock), .reset(reset), .my_x(my_x), .my_y(my_y),
                .in_valid(in_valid[p]), .in_vc(in_vc[p]), .flit_in(flit_in[FLIT_W*p +: FLIT_W]),
                .vgrant(vgrant[IN_VCS*VCS*p +: IN_VCS*VCS]),
                .pop(pop[VCS*p +: VCS]), .wvc(wvc[p]),
                .arrive(arrive[VCS*p +: VCS]), .hold(hold[VCS*p +: VCS]),
                .fsb(fsb[4*VCS*p +: 4*VCS]), .st(st[2*VCS*p +: 2*VCS]),
                .oport(oport[4*VCS*p +: 4*VCS]), .ocv(ocv[4*VCS*p +: 4*VCS]),
                .rd_word(rd_word[FLIT_W*p +: FLIT_W])
            );
        end
    endgenerate

    fw_vc_router_vc_alloc #(.PORTS(PORTS), .IN_VCS(IN_VCS)) u_vc_alloc (
        .clock(clock), .reset(reset), .st(st), .arrive(arrive), .fsb(fsb), .busy(busy),
        .vgrant(vgrant)
    );

    fw_vc_router_sw_alloc #(.PORTS(PORTS), .IN_VCS(IN_VCS), .DEPTH(DEPTH)) u_sw_alloc (
        .clock(clock), .reset(reset), .st(st), .hold(hold), .oport(oport), .ocv(ocv),
        .used(used), .pop(pop), .wvc(wvc), .wout(wout), .cred_out(cred_out),
        .cred_out_vc(cred_out_vc)
    );

    fw_vc_router_crossbar #(.PORTS(PORTS), .IN_VCS(IN_VCS), .FLIT_W(FLIT_W)) u_crossbar (
        .clock(clock), .reset(reset), .pop(pop), .wout(wout), .ocv(ocv), .rd_word(rd_word),
        .out_valid(out_valid), .out_vc(out_vc), .flit_out(flit_out)
    );

    // per output VC: granted this cycle, a flit leaving on it, its packet's tail leaving
    integer i, k;
    always @(*) begin
        take = {IN_VCS{1'b0}};
        consume = {IN_VCS{1'b0}};
        free = {IN_VCS{1'b0}};
        for (i = 0; i < IN_VCS; i = i + 1)
            for (k = 0; k < IN_VCS; k = k + 1) begin
                if (vgrant[IN_VCS*i + k]) take[k] = 1'b1;
                if (pop[i] & (ocv[4*i +: 4] == k[3:0])) begin
                    consume[k] = 1'b1;
                    if (fsb[4*i + 3]) free[k] = 1'b1;
                end
            end
    end

    generate
        for (p = 0; p < PORTS; p = p + 1) begin : g_out
            fw_vc_router_output u_output (
                .clock(clock), .reset(reset),
                .cred_in(cred_in[p]), .cred_in_vc(cred_in_vc[p]),
                .take(take[VCS*p +: VCS]), .consume(consume[VCS*p +: VCS]),
                .free(free[VCS*p +: VCS]),
                .used(used[4*VCS*p +: 4*VCS]), .busy(busy[VCS*p +: VCS])
            );
        end
    endgenerate

endmodule
