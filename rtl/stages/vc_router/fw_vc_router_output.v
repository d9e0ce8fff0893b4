// fw_vc_router_output: one output port of the VC router (fw_vc_router.v): per output
// VC whether an input VC holds it (`busy`: taken at a VC grant, freed as its packet's tail
// leaves) and the credits of the buffer downstream in use (`used`, 0..DEPTH: a flit sent
// consumes one; a credit returned frees one — refused when none is in use, unless one is
// consumed in the same cycle). A credit from downstream waits one register (`cd_v`, `cd_vc`)
// before it counts: usable 2 cycles after it arrives (`credit_delay_cycles` 2). Model:
// fabric::vc::switch::output and blocks::credit; twin: src/hdl/vc_router/logic.rs step 5.

module fw_vc_router_output (
    input  wire       clock,
    input  wire       reset,
    input  wire       cred_in,     // a credit returns from downstream
    input  wire       cred_in_vc,  // ... for this VC
    input  wire [1:0] take,        // per VC: granted to an input VC this cycle
    input  wire [1:0] consume,     // per VC: a flit leaves on it
    input  wire [1:0] free,     // per VC: the flit leaving is its packet's tail
    output wire [7:0] used,        // per VC (4 bits): credits in use
    output wire [1:0] busy         // per VC: held
);

    reg cd_v_q, cd_vc_q;
    always @(posedge clock) begin
        if (reset) begin
            cd_v_q <= 1'b0;
            cd_vc_q <= 1'b0;
        end else begin
            cd_v_q <= cred_in;
            cd_vc_q <= cred_in_vc;
        end
    end

    genvar v;
    generate
        for (v = 0; v < 2; v = v + 1) begin : g_vc
            reg [3:0] used_q, used_d;
            reg busy_q, busy_d;
            wire ret = cd_v_q & (v == 0 ? ~cd_vc_q : cd_vc_q);
            wire give = ret & ((used_q != 4'd0) | consume[v]);
            always @(*) begin
                used_d = used_q;
                if (consume[v] & ~give) used_d = used_q + 4'd1;
                if (give & ~consume[v]) used_d = used_q - 4'd1;
                busy_d = busy_q;
                if (take[v]) busy_d = 1'b1;
                if (free[v]) busy_d = 1'b0;
            end
            always @(posedge clock) begin
                if (reset) begin
                    used_q <= 4'd0;
                    busy_q <= 1'b0;
                end else begin
                    used_q <= used_d;
                    busy_q <= busy_d;
                end
            end
            assign used[4*v +: 4] = used_q;
            assign busy[v] = busy_q;
        end
    endgenerate

endmodule
