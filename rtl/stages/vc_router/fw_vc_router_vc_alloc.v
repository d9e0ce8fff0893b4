// fw_vc_router_vc_alloc: the VC allocation stage of the VC router (fw_vc_router.v).
// A routed head — an input VC waiting for an output VC, or an idle one whose head arrives now —
// requests every free VC of its route's output port; a separable input-first allocator of
// IN_VCS input VCs x IN_VCS output VCs grants (fw_vc_router_allocator). Combinational: the
// grant takes effect at the clock edge (the input VC becomes active, the output VC busy), and
// the head may ask for the switch from the next cycle (`vc_alloc_cycles` 1).
// Model: fabric::vc::switch::vc_alloc; twin: src/hdl/vc_router/logic.rs step 2.

module fw_vc_router_vc_alloc #(
    parameter PORTS  = 5,
    parameter IN_VCS = 10  // input VCs = output VCs, 2 a port
) (
    input  wire                    clock,
    input  wire                    reset,
    input  wire [2*IN_VCS-1:0]     st,      // per input VC: 0 idle, 1 VC allocation, 2 active
    input  wire [IN_VCS-1:0]       arrive,  // per input VC: a flit written this cycle
    input  wire [4*IN_VCS-1:0]     fsb,     // per input VC: the front flit's tail | route
    input  wire [IN_VCS-1:0]       busy,    // per output VC: held by an input VC
    output wire [IN_VCS*IN_VCS-1:0] vgrant  // row i: the output VC granted to input VC i
);

    reg [IN_VCS*IN_VCS-1:0] vreq;
    integer i, r;

    always @(*) begin
        vreq = {IN_VCS*IN_VCS{1'b0}};
        for (i = 0; i < IN_VCS; i = i + 1)
            if ((st[2*i +: 2] == 2'd1) | ((st[2*i +: 2] == 2'd0) & arrive[i]))
                for (r = 0; r < PORTS; r = r + 1)
                    if (fsb[4*i +: 3] == r[2:0]) begin
                        if (!busy[2*r])     vreq[IN_VCS*i + 2*r] = 1'b1;
                        if (!busy[2*r + 1]) vreq[IN_VCS*i + 2*r + 1] = 1'b1;
                    end
    end

    fw_vc_router_allocator #(.N(IN_VCS), .PTR_W($clog2(IN_VCS))) u_alloc (
        .clock(clock), .reset(reset), .req(vreq), .grant(vgrant)
    );

endmodule
