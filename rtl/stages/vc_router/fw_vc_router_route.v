// fw_vc_router_route: the route stage of the VC router (fw_vc_router.v) — dimension-order
// routing on a 2D mesh, X first, then Y, then the local port. Combinational (0 cycles: the
// route is computed as the flit is written, `routing_cycles` 0 of the BookSim2 iq preset).
// Model: routing::function::dor; twin: src/hdl/vc_router/logic.rs step 1.
// Ports: 0 local, 1 +x, 2 -x, 3 +y, 4 -y (a 4-bit code, as the twin's registers hold it).

module fw_vc_router_route #(
    parameter COORD_W = 3  // mesh coordinate bits (8 x 8)
) (
    input  wire [COORD_W-1:0] my_x,   // this router's coordinates
    input  wire [COORD_W-1:0] my_y,
    input  wire [COORD_W-1:0] dst_x,  // the head's destination
    input  wire [COORD_W-1:0] dst_y,
    output reg  [3:0]         port    // output port code
);

    always @(*) begin
        if (dst_x > my_x)      port = 4'd1;
        else if (dst_x < my_x) port = 4'd2;
        else if (dst_y > my_y) port = 4'd3;
        else if (dst_y < my_y) port = 4'd4;
        else                   port = 4'd0;
    end

endmodule
