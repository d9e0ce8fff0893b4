// fw_vc_mesh: an NX x NY mesh of the input-queued VC router in its pipeline form
// (rtl/stages/vc_router/fw_vc_router.v, BookSim2's iq preset, configs/booksim-iq.toml) joined
// by links of FLY cycles (fw_vc_link), as `flitwave rtl network` builds and checks it against
// the model (docs/rtl.md, "A network in Verilog"). Router r = x + NX * y sits at (x, y); its
// port 1 (+x) leads to port 2 (-x) of router r + 1, its port 3 (+y) to port 4 (-y) of router
// r + NX (src/topology/mesh.rs lays the model's mesh out the same way); ports at the mesh's
// edge are tied off. Port 0 of every router is its host's, brought out to the top: bit r of
// each host bus (word r of the flit buses) is router r's. Host r's flits carry its
// destination's coordinates in bits 2..7 (x in 2..4, y in 5..7; an 8 x 8 mesh at most).
// Clock: rising edge of `clock`; reset: synchronous, active high, every register to 0.

module fw_vc_mesh #(
    parameter NX     = 4,   // routers along x (1..8)
    parameter NY     = 4,   // routers along y (1..8)
    parameter FLY    = 2,   // link latency between routers, cycles (at least 1)
    parameter FLIT_W = 48   // flit word: head, tail, destination, data byte, packet tag
) (
    input  wire                      clock,
    input  wire                      reset,
    // per host: a flit injected into its router's port 0, on VC in_vc
    input  wire [NX*NY-1:0]          in_valid,
    input  wire [NX*NY-1:0]          in_vc,
    input  wire [FLIT_W*NX*NY-1:0]   flit_in,
    // per host: a credit returned to its router's port 0 (the host took an ejected flit)
    input  wire [NX*NY-1:0]          cred_in,
    input  wire [NX*NY-1:0]          cred_in_vc,
    // per host: a flit ejected from its router's port 0, on VC out_vc
    output wire [NX*NY-1:0]          out_valid,
    output wire [NX*NY-1:0]          out_vc,
    output wire [FLIT_W*NX*NY-1:0]   flit_out,
    // per host: a credit from its router's port 0 (the router took an injected flit)
    output wire [NX*NY-1:0]          cred_out,
    output wire [NX*NY-1:0]          cred_out_vc
);

    localparam R     = NX * NY;  // routers
    localparam PORTS = 5;        // ports a router (0 the host, 1 +x, 2 -x, 3 +y, 4 -y)
    localparam LW    = FLIT_W + 4;  // a link's bits: flit valid, VC, word; credit valid, VC

    // per router and port (bit PORTS * r + p): what router r drives out of port p ...
    wire [PORTS*R-1:0]        ov, ovc, cv, cvc;
    wire [FLIT_W*PORTS*R-1:0] of;
    // ... and what arrives on port p: a flit in, a credit for the flits it sent
    wire [PORTS*R-1:0]        iv, ivc, icv, icvc;
    wire [FLIT_W*PORTS*R-1:0] iw;

    genvar r, p;
    generate
        for (r = 0; r < R; r = r + 1) begin : g_router
            localparam integer X = r % NX;
            localparam integer Y = r / NX;

            fw_vc_router #(.FLIT_W(FLIT_W)) u_router (
                .clock(clock), .reset(reset), .my_x(X[2:0]), .my_y(Y[2:0]),
                .in_valid(iv[PORTS*r +: PORTS]), .in_vc(ivc[PORTS*r +: PORTS]),
                .flit_in0(iw[FLIT_W*(PORTS*r + 0) +: FLIT_W]),
                .flit_in1(iw[FLIT_W*(PORTS*r + 1) +: FLIT_W]),
                .flit_in2(iw[FLIT_W*(PORTS*r + 2) +: FLIT_W]),
                .flit_in3(iw[FLIT_W*(PORTS*r + 3) +: FLIT_W]),
                .flit_in4(iw[FLIT_W*(PORTS*r + 4) +: FLIT_W]),
                .cred_in(icv[PORTS*r +: PORTS]), .cred_in_vc(icvc[PORTS*r +: PORTS]),
                .out_valid(ov[PORTS*r +: PORTS]), .out_vc(ovc[PORTS*r +: PORTS]),
                .flit_out0(of[FLIT_W*(PORTS*r + 0) +: FLIT_W]),
                .flit_out1(of[FLIT_W*(PORTS*r + 1) +: FLIT_W]),
                .flit_out2(of[FLIT_W*(PORTS*r + 2) +: FLIT_W]),
                .flit_out3(of[FLIT_W*(PORTS*r + 3) +: FLIT_W]),
                .flit_out4(of[FLIT_W*(PORTS*r + 4) +: FLIT_W]),
                .cred_out(cv[PORTS*r +: PORTS]), .cred_out_vc(cvc[PORTS*r +: PORTS])
            );

            // port 0: the host's, at the top
            assign iv[PORTS*r]   = in_valid[r];
            assign ivc[PORTS*r]  = in_vc[r];
            assign iw[FLIT_W*PORTS*r +: FLIT_W] = flit_in[FLIT_W*r +: FLIT_W];
            assign icv[PORTS*r]  = cred_in[r];
            assign icvc[PORTS*r] = cred_in_vc[r];
            assign out_valid[r]   = ov[PORTS*r];
            assign out_vc[r]      = ovc[PORTS*r];
            assign flit_out[FLIT_W*r +: FLIT_W] = of[FLIT_W*PORTS*r +: FLIT_W];
            assign cred_out[r]    = cv[PORTS*r];
            assign cred_out_vc[r] = cvc[PORTS*r];

            // ports 1..4: from the neighbour's opposite port (N) through a link, if any
            for (p = 1; p < PORTS; p = p + 1) begin : g_port
                localparam HAS = p == 1 ? X + 1 < NX : p == 2 ? X > 0 : p == 3 ? Y + 1 < NY : Y > 0;
                localparam integer N = p == 1 ? r + 1 : p == 2 ? r - 1 : p == 3 ? r + NX : r - NX;
                localparam integer Q = p == 1 ? 2 : p == 2 ? 1 : p == 3 ? 4 : 3;
                if (HAS) begin : g_link
                    fw_vc_link #(.FLY(FLY), .W(LW)) u_link (
                        .clock(clock), .reset(reset),
                        .d({ov[PORTS*N + Q], ovc[PORTS*N + Q], of[FLIT_W*(PORTS*N + Q) +: FLIT_W],
                            cv[PORTS*N + Q], cvc[PORTS*N + Q]}),
                        .q({iv[PORTS*r + p], ivc[PORTS*r + p], iw[FLIT_W*(PORTS*r + p) +: FLIT_W],
                            icv[PORTS*r + p], icvc[PORTS*r + p]})
                    );
                end else begin : g_edge
                    assign iv[PORTS*r + p]   = 1'b0;
                    assign ivc[PORTS*r + p]  = 1'b0;
                    assign iw[FLIT_W*(PORTS*r + p) +: FLIT_W] = {FLIT_W{1'b0}};
                    assign icv[PORTS*r + p]  = 1'b0;
                    assign icvc[PORTS*r + p] = 1'b0;
                end
            end
        end
    endgenerate

    // what routers drive out of ports at the mesh's edge goes nowhere
    wire unused_edges = &{1'b0, ov, ovc, of, cv, cvc, 1'b0};

endmodule
