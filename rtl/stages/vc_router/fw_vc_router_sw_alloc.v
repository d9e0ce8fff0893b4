// fw_vc_router_sw_alloc: the switch allocation stage of the VC router
// (fw_vc_router.v). An input VC competes when it is active, holds a flit (or one
// arrives) and its output VC has a credit downstream; each input offers, per output, its VC
// from the round-robin pointer (`rr`: the VC after its last winner); a separable input-first
// allocator of PORTS x PORTS grants (fw_vc_router_allocator). The winner's front flit leaves
// its buffer (`pop`) at this edge and its credit goes upstream in this cycle (`cred_out`,
// `cred_out_vc`). 1 cycle. Model: fabric::vc::switch::sw_alloc; twin:
// src/hdl/vc_router/logic.rs step 3.

module fw_vc_router_sw_alloc #(
    parameter PORTS  = 5,
    parameter IN_VCS = 10,  // 2 a port
    parameter DEPTH  = 8    // credits of a VC downstream
) (
    input  wire                clock,
    input  wire                reset,
    input  wire [2*IN_VCS-1:0] st,      // per input VC: state (2 active)
    input  wire [IN_VCS-1:0]   hold,    // per input VC: a flit held or arriving
    input  wire [4*IN_VCS-1:0] oport,   // per input VC: output port held
    input  wire [4*IN_VCS-1:0] ocv,     // per input VC: output VC held
    input  wire [4*IN_VCS-1:0] used,    // per output VC: credits in use downstream
    output reg  [IN_VCS-1:0]   pop,     // per input VC: its front flit leaves
    output reg  [PORTS-1:0]    wvc,     // per input port: the winning VC
    output reg  [4*PORTS-1:0]  wout,    // per input port: the output it won
    output reg  [PORTS-1:0]    cred_out,     // per input port: a credit upstream
    output reg  [PORTS-1:0]    cred_out_vc   // ... for this VC
);

    localparam [3:0] FULL = DEPTH;  // every credit in use
    reg [IN_VCS-1:0] cand;
    reg csend, ca, cb, win;
    reg [PORTS*PORTS-1:0] srow;  // row p: the outputs input p requests
    reg [PORTS*PORTS-1:0] lab;   // row p: per output, the VC offered (1: VC 1)
    wire [PORTS*PORTS-1:0] sgrant;
    wire [PORTS-1:0] rr;
    reg  [PORTS-1:0] rr_d;
    integer i, k, p, o;

    // the candidates and each input's row of requests
    always @(*) begin
        for (i = 0; i < IN_VCS; i = i + 1) begin
            csend = 1'b0;
            for (k = 0; k < IN_VCS; k = k + 1)
                if (ocv[4*i +: 4] == k[3:0]) csend = (used[4*k +: 4] != FULL);
            cand[i] = (st[2*i +: 2] == 2'd2) & hold[i] & csend;
        end
        srow = {PORTS*PORTS{1'b0}};
        lab = {PORTS*PORTS{1'b0}};
        for (p = 0; p < PORTS; p = p + 1)
            for (o = 0; o < PORTS; o = o + 1) begin
                ca = cand[2*p] & (oport[8*p +: 4] == o[3:0]);
                cb = cand[2*p + 1] & (oport[8*p + 4 +: 4] == o[3:0]);
                if (ca | cb) srow[PORTS*p + o] = 1'b1;
                if (cb & (rr[p] | ~ca)) lab[PORTS*p + o] = 1'b1;
            end
    end

    fw_vc_router_allocator #(.N(PORTS), .PTR_W($clog2(PORTS))) u_alloc (
        .clock(clock), .reset(reset), .req(srow), .grant(sgrant)
    );

    // the winners leave
    always @(*) begin
        pop = {IN_VCS{1'b0}};
        cred_out = {PORTS{1'b0}};
        cred_out_vc = {PORTS{1'b0}};
        for (p = 0; p < PORTS; p = p + 1) begin
            rr_d[p] = rr[p];
            win = |sgrant[PORTS*p +: PORTS];
            wvc[p] = 1'b0;
            wout[4*p +: 4] = 4'd0;
            for (o = 0; o < PORTS; o = o + 1)
                if (sgrant[PORTS*p + o]) begin
                    wvc[p] = lab[PORTS*p + o];
                    wout[4*p +: 4] = o[3:0];
                end
            pop[2*p] = win & ~wvc[p];
            pop[2*p + 1] = win & wvc[p];
            if (win) begin
                cred_out[p] = 1'b1;
                rr_d[p] = ~wvc[p];
                if (wvc[p]) cred_out_vc[p] = 1'b1;
            end
        end
    end

    genvar g;
    generate
        for (g = 0; g < PORTS; g = g + 1) begin : g_port
            reg rr_q;
            always @(posedge clock) begin
                if (reset) rr_q <= 1'b0;
                else rr_q <= rr_d[g];
            end
            assign rr[g] = rr_q;
        end
    endgenerate

endmodule
