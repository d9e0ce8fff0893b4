// fw_vc_router_crossbar: the crossbar stage of the VC router (fw_vc_router.v). Per
// output, a register of the switch winner (valid, input port, output VC bit) taken at the grant
// edge; in the next cycle the output drives the word that input read (`rd_word`) on its link
// with its new VC. 1 cycle (`sw_alloc_cycles - 1 + crossbar_cycles`). Model:
// fabric::vc::switch::traversal; twin: src/hdl/vc_router/logic.rs step 4.

module fw_vc_router_crossbar #(
    parameter PORTS  = 5,
    parameter IN_VCS = 10,
    parameter FLIT_W = 16
) (
    input  wire                    clock,
    input  wire                    reset,
    input  wire [IN_VCS-1:0]       pop,      // per input VC: its front flit leaves
    input  wire [4*PORTS-1:0]      wout,     // per input port: the output it won
    input  wire [4*IN_VCS-1:0]     ocv,      // per input VC: the output VC it holds
    input  wire [FLIT_W*PORTS-1:0] rd_word,  // per input port: the word it read
    output reg  [PORTS-1:0]        out_valid,
    output reg  [PORTS-1:0]        out_vc,
    output reg  [FLIT_W*PORTS-1:0] flit_out
);

    wire [PORTS-1:0] xv;
    wire [3:0] xsrc [0:PORTS-1];
    wire [PORTS-1:0] xovc;
    integer o, p;

    // the words on the links
    always @(*) begin
        out_valid = {PORTS{1'b0}};
        out_vc = {PORTS{1'b0}};
        flit_out = {FLIT_W*PORTS{1'b0}};
        for (o = 0; o < PORTS; o = o + 1)
            if (xv[o]) begin
                out_valid[o] = 1'b1;
                if (xovc[o]) out_vc[o] = 1'b1;
                for (p = 0; p < PORTS; p = p + 1)
                    if (xsrc[o] == p[3:0]) flit_out[FLIT_W*o +: FLIT_W] = rd_word[FLIT_W*p +: FLIT_W];
            end
    end

    genvar g;
    generate
        for (g = 0; g < PORTS; g = g + 1) begin : g_out
            localparam [3:0] OUT = g;  // this output's port number
            reg xv_q, xovc_q;
            reg [3:0] xsrc_q;
            reg xv_d, xovc_d;
            reg [3:0] xsrc_d;
            integer q, w;
            // the winner bound for this output
            always @(*) begin
                xv_d = 1'b0;
                xsrc_d = xsrc_q;
                xovc_d = xovc_q;
                for (q = 0; q < PORTS; q = q + 1)
                    for (w = 0; w < 2; w = w + 1)
                        if (pop[2*q + w] & (wout[4*q +: 4] == OUT)) begin
                            xv_d = 1'b1;
                            xsrc_d = q[3:0];
                            xovc_d = ocv[4*(2*q + w)];
                        end
            end
            always @(posedge clock) begin
                if (reset) begin
                    xv_q <= 1'b0;
                    xsrc_q <= 4'd0;
                    xovc_q <= 1'b0;
                end else begin
                    xv_q <= xv_d;
                    xsrc_q <= xsrc_d;
                    xovc_q <= xovc_d;
                end
            end
            assign xv[g] = xv_q;
            assign xsrc[g] = xsrc_q;
            assign xovc[g] = xovc_q;
        end
    endgenerate

endmodule
