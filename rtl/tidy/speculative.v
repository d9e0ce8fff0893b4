// fw_speculative: tidy form written by `flitwave rtl emit` from src/hdl/speculative.rs (rust-hdl 0.46).
// Equivalent to rtl/speculative.v (the raw rust-hdl emission), proven by `flitwave rtl check`.
// Do not edit; regenerate instead. Checked by `flitwave rtl check` (docs/rtl.md).
// Clock: rising edge of `clock`. Reset: synchronous, active high (`reset`); no initial
// blocks, every register takes its power-on value from reset.

module fw_speculative(clock,reset,kq,valid,free,dim,r0,r1,r2,r3,r4,r5,r6,r7,n1_0,n1_1,n1_2,n1_3,n1_4,n1_5,n1_6,n1_7,n2_0,n2_1,n2_2,n2_3,n2_4,n2_5,n2_6,n2_7,pick_valid,pick);

    // Parameters: the configuration this module was generated for. Local, not
    // overridable: the logic is unrolled for these values; regenerate for others.
    localparam CH     = 8; // channels compared
    localparam CH_W   = $clog2(CH); // channel index
    localparam R_W    = 8; // R of a channel
    localparam N_W    = 16; // N1 and N2 of a channel
    localparam COST_W = 20; // cost: 4(1 + 255 + 65,535) + 7 x 65,535 < 2^20

    // Module arguments
    input wire  clock;
    input wire  reset;
    input wire  [2:0] kq;
    input wire  [CH-1:0] valid;
    input wire  [CH-1:0] free;
    input wire  [CH-1:0] dim;
    input wire  [R_W-1:0] r0;
    input wire  [R_W-1:0] r1;
    input wire  [R_W-1:0] r2;
    input wire  [R_W-1:0] r3;
    input wire  [R_W-1:0] r4;
    input wire  [R_W-1:0] r5;
    input wire  [R_W-1:0] r6;
    input wire  [R_W-1:0] r7;
    input wire  [N_W-1:0] n1_0;
    input wire  [N_W-1:0] n1_1;
    input wire  [N_W-1:0] n1_2;
    input wire  [N_W-1:0] n1_3;
    input wire  [N_W-1:0] n1_4;
    input wire  [N_W-1:0] n1_5;
    input wire  [N_W-1:0] n1_6;
    input wire  [N_W-1:0] n1_7;
    input wire  [N_W-1:0] n2_0;
    input wire  [N_W-1:0] n2_1;
    input wire  [N_W-1:0] n2_2;
    input wire  [N_W-1:0] n2_3;
    input wire  [N_W-1:0] n2_4;
    input wire  [N_W-1:0] n2_5;
    input wire  [N_W-1:0] n2_6;
    input wire  [N_W-1:0] n2_7;
    output reg  pick_valid;
    output reg  [CH_W-1:0] pick;

    // Registers (_q) and their next values (_d), and sub-module ports
    reg  pv_d;
    reg  pv_q;
    reg  [CH_W-1:0] pi_d;
    reg  [CH_W-1:0] pi_q;

    // Local signals
    reg  [R_W-1:0] rv_0;
    reg  [R_W-1:0] rv_1;
    reg  [R_W-1:0] rv_2;
    reg  [R_W-1:0] rv_3;
    reg  [R_W-1:0] rv_4;
    reg  [R_W-1:0] rv_5;
    reg  [R_W-1:0] rv_6;
    reg  [R_W-1:0] rv_7;
    reg  [N_W-1:0] n1v_0;
    reg  [N_W-1:0] n1v_1;
    reg  [N_W-1:0] n1v_2;
    reg  [N_W-1:0] n1v_3;
    reg  [N_W-1:0] n1v_4;
    reg  [N_W-1:0] n1v_5;
    reg  [N_W-1:0] n1v_6;
    reg  [N_W-1:0] n1v_7;
    reg  [N_W-1:0] n2v_0;
    reg  [N_W-1:0] n2v_1;
    reg  [N_W-1:0] n2v_2;
    reg  [N_W-1:0] n2v_3;
    reg  [N_W-1:0] n2v_4;
    reg  [N_W-1:0] n2v_5;
    reg  [N_W-1:0] n2v_6;
    reg  [N_W-1:0] n2v_7;
    reg  [COST_W-1:0] rw_0;
    reg  [COST_W-1:0] rw_1;
    reg  [COST_W-1:0] rw_2;
    reg  [COST_W-1:0] rw_3;
    reg  [COST_W-1:0] rw_4;
    reg  [COST_W-1:0] rw_5;
    reg  [COST_W-1:0] rw_6;
    reg  [COST_W-1:0] rw_7;
    reg  [COST_W-1:0] base_0;
    reg  [COST_W-1:0] base_1;
    reg  [COST_W-1:0] base_2;
    reg  [COST_W-1:0] base_3;
    reg  [COST_W-1:0] base_4;
    reg  [COST_W-1:0] base_5;
    reg  [COST_W-1:0] base_6;
    reg  [COST_W-1:0] base_7;
    reg  [COST_W-1:0] n2w_0;
    reg  [COST_W-1:0] n2w_1;
    reg  [COST_W-1:0] n2w_2;
    reg  [COST_W-1:0] n2w_3;
    reg  [COST_W-1:0] n2w_4;
    reg  [COST_W-1:0] n2w_5;
    reg  [COST_W-1:0] n2w_6;
    reg  [COST_W-1:0] n2w_7;
    reg  [COST_W-1:0] kn2_0;
    reg  [COST_W-1:0] kn2_1;
    reg  [COST_W-1:0] kn2_2;
    reg  [COST_W-1:0] kn2_3;
    reg  [COST_W-1:0] kn2_4;
    reg  [COST_W-1:0] kn2_5;
    reg  [COST_W-1:0] kn2_6;
    reg  [COST_W-1:0] kn2_7;
    reg  [COST_W-1:0] e_0;
    reg  [COST_W-1:0] e_1;
    reg  [COST_W-1:0] e_2;
    reg  [COST_W-1:0] e_3;
    reg  [COST_W-1:0] e_4;
    reg  [COST_W-1:0] e_5;
    reg  [COST_W-1:0] e_6;
    reg  [COST_W-1:0] e_7;
    reg  any_free;
    reg  [CH-1:0] elig;
    reg  found;
    reg  [COST_W-1:0] best;
    reg  [CH_W-1:0] idx;

    // Update code
    always @(*) begin
        pv_d = pv_q;
        pi_d = pi_q;
        rv_0 = r0;
        rv_1 = r1;
        rv_2 = r2;
        rv_3 = r3;
        rv_4 = r4;
        rv_5 = r5;
        rv_6 = r6;
        rv_7 = r7;
        n1v_0 = n1_0;
        n1v_1 = n1_1;
        n1v_2 = n1_2;
        n1v_3 = n1_3;
        n1v_4 = n1_4;
        n1v_5 = n1_5;
        n1v_6 = n1_6;
        n1v_7 = n1_7;
        n2v_0 = n2_0;
        n2v_1 = n2_1;
        n2v_2 = n2_2;
        n2v_3 = n2_3;
        n2v_4 = n2_4;
        n2v_5 = n2_5;
        n2v_6 = n2_6;
        n2v_7 = n2_7;
        base_0 = 20'h0;
        n2w_0 = 20'h0;
        if (n1v_0[0]) begin
            base_0 = base_0 | (((20'h1) & 20'hfffff) << 0);
        end
        if (n2v_0[0]) begin
            n2w_0 = n2w_0 | (((20'h1) & 20'hfffff) << 0);
        end
        if (n1v_0[1]) begin
            base_0 = base_0 | (((20'h1) & 20'hfffff) << 1);
        end
        if (n2v_0[1]) begin
            n2w_0 = n2w_0 | (((20'h1) & 20'hfffff) << 1);
        end
        if (n1v_0[2]) begin
            base_0 = base_0 | (((20'h1) & 20'hfffff) << 2);
        end
        if (n2v_0[2]) begin
            n2w_0 = n2w_0 | (((20'h1) & 20'hfffff) << 2);
        end
        if (n1v_0[3]) begin
            base_0 = base_0 | (((20'h1) & 20'hfffff) << 3);
        end
        if (n2v_0[3]) begin
            n2w_0 = n2w_0 | (((20'h1) & 20'hfffff) << 3);
        end
        if (n1v_0[4]) begin
            base_0 = base_0 | (((20'h1) & 20'hfffff) << 4);
        end
        if (n2v_0[4]) begin
            n2w_0 = n2w_0 | (((20'h1) & 20'hfffff) << 4);
        end
        if (n1v_0[5]) begin
            base_0 = base_0 | (((20'h1) & 20'hfffff) << 5);
        end
        if (n2v_0[5]) begin
            n2w_0 = n2w_0 | (((20'h1) & 20'hfffff) << 5);
        end
        if (n1v_0[6]) begin
            base_0 = base_0 | (((20'h1) & 20'hfffff) << 6);
        end
        if (n2v_0[6]) begin
            n2w_0 = n2w_0 | (((20'h1) & 20'hfffff) << 6);
        end
        if (n1v_0[7]) begin
            base_0 = base_0 | (((20'h1) & 20'hfffff) << 7);
        end
        if (n2v_0[7]) begin
            n2w_0 = n2w_0 | (((20'h1) & 20'hfffff) << 7);
        end
        if (n1v_0[8]) begin
            base_0 = base_0 | (((20'h1) & 20'hfffff) << 8);
        end
        if (n2v_0[8]) begin
            n2w_0 = n2w_0 | (((20'h1) & 20'hfffff) << 8);
        end
        if (n1v_0[9]) begin
            base_0 = base_0 | (((20'h1) & 20'hfffff) << 9);
        end
        if (n2v_0[9]) begin
            n2w_0 = n2w_0 | (((20'h1) & 20'hfffff) << 9);
        end
        if (n1v_0[10]) begin
            base_0 = base_0 | (((20'h1) & 20'hfffff) << 10);
        end
        if (n2v_0[10]) begin
            n2w_0 = n2w_0 | (((20'h1) & 20'hfffff) << 10);
        end
        if (n1v_0[11]) begin
            base_0 = base_0 | (((20'h1) & 20'hfffff) << 11);
        end
        if (n2v_0[11]) begin
            n2w_0 = n2w_0 | (((20'h1) & 20'hfffff) << 11);
        end
        if (n1v_0[12]) begin
            base_0 = base_0 | (((20'h1) & 20'hfffff) << 12);
        end
        if (n2v_0[12]) begin
            n2w_0 = n2w_0 | (((20'h1) & 20'hfffff) << 12);
        end
        if (n1v_0[13]) begin
            base_0 = base_0 | (((20'h1) & 20'hfffff) << 13);
        end
        if (n2v_0[13]) begin
            n2w_0 = n2w_0 | (((20'h1) & 20'hfffff) << 13);
        end
        if (n1v_0[14]) begin
            base_0 = base_0 | (((20'h1) & 20'hfffff) << 14);
        end
        if (n2v_0[14]) begin
            n2w_0 = n2w_0 | (((20'h1) & 20'hfffff) << 14);
        end
        if (n1v_0[15]) begin
            base_0 = base_0 | (((20'h1) & 20'hfffff) << 15);
        end
        if (n2v_0[15]) begin
            n2w_0 = n2w_0 | (((20'h1) & 20'hfffff) << 15);
        end
        rw_0 = 20'h0;
        if (rv_0[0]) begin
            rw_0 = rw_0 | (((20'h1) & 20'hfffff) << 0);
        end
        if (rv_0[1]) begin
            rw_0 = rw_0 | (((20'h1) & 20'hfffff) << 1);
        end
        if (rv_0[2]) begin
            rw_0 = rw_0 | (((20'h1) & 20'hfffff) << 2);
        end
        if (rv_0[3]) begin
            rw_0 = rw_0 | (((20'h1) & 20'hfffff) << 3);
        end
        if (rv_0[4]) begin
            rw_0 = rw_0 | (((20'h1) & 20'hfffff) << 4);
        end
        if (rv_0[5]) begin
            rw_0 = rw_0 | (((20'h1) & 20'hfffff) << 5);
        end
        if (rv_0[6]) begin
            rw_0 = rw_0 | (((20'h1) & 20'hfffff) << 6);
        end
        if (rv_0[7]) begin
            rw_0 = rw_0 | (((20'h1) & 20'hfffff) << 7);
        end
        base_0 = base_0 + rw_0;
        if (dim[0]) begin
            base_0 = base_0 + 20'h1;
        end
        kn2_0 = 20'h0;
        if (kq[0]) begin
            kn2_0 = n2w_0;
        end
        if (kq[1]) begin
            kn2_0 = kn2_0 + (n2w_0 << 1);
        end
        if (kq[2]) begin
            kn2_0 = kn2_0 + (n2w_0 << 2);
        end
        e_0 = (base_0 << 2) + kn2_0;
        base_1 = 20'h0;
        n2w_1 = 20'h0;
        if (n1v_1[0]) begin
            base_1 = base_1 | (((20'h1) & 20'hfffff) << 0);
        end
        if (n2v_1[0]) begin
            n2w_1 = n2w_1 | (((20'h1) & 20'hfffff) << 0);
        end
        if (n1v_1[1]) begin
            base_1 = base_1 | (((20'h1) & 20'hfffff) << 1);
        end
        if (n2v_1[1]) begin
            n2w_1 = n2w_1 | (((20'h1) & 20'hfffff) << 1);
        end
        if (n1v_1[2]) begin
            base_1 = base_1 | (((20'h1) & 20'hfffff) << 2);
        end
        if (n2v_1[2]) begin
            n2w_1 = n2w_1 | (((20'h1) & 20'hfffff) << 2);
        end
        if (n1v_1[3]) begin
            base_1 = base_1 | (((20'h1) & 20'hfffff) << 3);
        end
        if (n2v_1[3]) begin
            n2w_1 = n2w_1 | (((20'h1) & 20'hfffff) << 3);
        end
        if (n1v_1[4]) begin
            base_1 = base_1 | (((20'h1) & 20'hfffff) << 4);
        end
        if (n2v_1[4]) begin
            n2w_1 = n2w_1 | (((20'h1) & 20'hfffff) << 4);
        end
        if (n1v_1[5]) begin
            base_1 = base_1 | (((20'h1) & 20'hfffff) << 5);
        end
        if (n2v_1[5]) begin
            n2w_1 = n2w_1 | (((20'h1) & 20'hfffff) << 5);
        end
        if (n1v_1[6]) begin
            base_1 = base_1 | (((20'h1) & 20'hfffff) << 6);
        end
        if (n2v_1[6]) begin
            n2w_1 = n2w_1 | (((20'h1) & 20'hfffff) << 6);
        end
        if (n1v_1[7]) begin
            base_1 = base_1 | (((20'h1) & 20'hfffff) << 7);
        end
        if (n2v_1[7]) begin
            n2w_1 = n2w_1 | (((20'h1) & 20'hfffff) << 7);
        end
        if (n1v_1[8]) begin
            base_1 = base_1 | (((20'h1) & 20'hfffff) << 8);
        end
        if (n2v_1[8]) begin
            n2w_1 = n2w_1 | (((20'h1) & 20'hfffff) << 8);
        end
        if (n1v_1[9]) begin
            base_1 = base_1 | (((20'h1) & 20'hfffff) << 9);
        end
        if (n2v_1[9]) begin
            n2w_1 = n2w_1 | (((20'h1) & 20'hfffff) << 9);
        end
        if (n1v_1[10]) begin
            base_1 = base_1 | (((20'h1) & 20'hfffff) << 10);
        end
        if (n2v_1[10]) begin
            n2w_1 = n2w_1 | (((20'h1) & 20'hfffff) << 10);
        end
        if (n1v_1[11]) begin
            base_1 = base_1 | (((20'h1) & 20'hfffff) << 11);
        end
        if (n2v_1[11]) begin
            n2w_1 = n2w_1 | (((20'h1) & 20'hfffff) << 11);
        end
        if (n1v_1[12]) begin
            base_1 = base_1 | (((20'h1) & 20'hfffff) << 12);
        end
        if (n2v_1[12]) begin
            n2w_1 = n2w_1 | (((20'h1) & 20'hfffff) << 12);
        end
        if (n1v_1[13]) begin
            base_1 = base_1 | (((20'h1) & 20'hfffff) << 13);
        end
        if (n2v_1[13]) begin
            n2w_1 = n2w_1 | (((20'h1) & 20'hfffff) << 13);
        end
        if (n1v_1[14]) begin
            base_1 = base_1 | (((20'h1) & 20'hfffff) << 14);
        end
        if (n2v_1[14]) begin
            n2w_1 = n2w_1 | (((20'h1) & 20'hfffff) << 14);
        end
        if (n1v_1[15]) begin
            base_1 = base_1 | (((20'h1) & 20'hfffff) << 15);
        end
        if (n2v_1[15]) begin
            n2w_1 = n2w_1 | (((20'h1) & 20'hfffff) << 15);
        end
        rw_1 = 20'h0;
        if (rv_1[0]) begin
            rw_1 = rw_1 | (((20'h1) & 20'hfffff) << 0);
        end
        if (rv_1[1]) begin
            rw_1 = rw_1 | (((20'h1) & 20'hfffff) << 1);
        end
        if (rv_1[2]) begin
            rw_1 = rw_1 | (((20'h1) & 20'hfffff) << 2);
        end
        if (rv_1[3]) begin
            rw_1 = rw_1 | (((20'h1) & 20'hfffff) << 3);
        end
        if (rv_1[4]) begin
            rw_1 = rw_1 | (((20'h1) & 20'hfffff) << 4);
        end
        if (rv_1[5]) begin
            rw_1 = rw_1 | (((20'h1) & 20'hfffff) << 5);
        end
        if (rv_1[6]) begin
            rw_1 = rw_1 | (((20'h1) & 20'hfffff) << 6);
        end
        if (rv_1[7]) begin
            rw_1 = rw_1 | (((20'h1) & 20'hfffff) << 7);
        end
        base_1 = base_1 + rw_1;
        if (dim[1]) begin
            base_1 = base_1 + 20'h1;
        end
        kn2_1 = 20'h0;
        if (kq[0]) begin
            kn2_1 = n2w_1;
        end
        if (kq[1]) begin
            kn2_1 = kn2_1 + (n2w_1 << 1);
        end
        if (kq[2]) begin
            kn2_1 = kn2_1 + (n2w_1 << 2);
        end
        e_1 = (base_1 << 2) + kn2_1;
        base_2 = 20'h0;
        n2w_2 = 20'h0;
        if (n1v_2[0]) begin
            base_2 = base_2 | (((20'h1) & 20'hfffff) << 0);
        end
        if (n2v_2[0]) begin
            n2w_2 = n2w_2 | (((20'h1) & 20'hfffff) << 0);
        end
        if (n1v_2[1]) begin
            base_2 = base_2 | (((20'h1) & 20'hfffff) << 1);
        end
        if (n2v_2[1]) begin
            n2w_2 = n2w_2 | (((20'h1) & 20'hfffff) << 1);
        end
        if (n1v_2[2]) begin
            base_2 = base_2 | (((20'h1) & 20'hfffff) << 2);
        end
        if (n2v_2[2]) begin
            n2w_2 = n2w_2 | (((20'h1) & 20'hfffff) << 2);
        end
        if (n1v_2[3]) begin
            base_2 = base_2 | (((20'h1) & 20'hfffff) << 3);
        end
        if (n2v_2[3]) begin
            n2w_2 = n2w_2 | (((20'h1) & 20'hfffff) << 3);
        end
        if (n1v_2[4]) begin
            base_2 = base_2 | (((20'h1) & 20'hfffff) << 4);
        end
        if (n2v_2[4]) begin
            n2w_2 = n2w_2 | (((20'h1) & 20'hfffff) << 4);
        end
        if (n1v_2[5]) begin
            base_2 = base_2 | (((20'h1) & 20'hfffff) << 5);
        end
        if (n2v_2[5]) begin
            n2w_2 = n2w_2 | (((20'h1) & 20'hfffff) << 5);
        end
        if (n1v_2[6]) begin
            base_2 = base_2 | (((20'h1) & 20'hfffff) << 6);
        end
        if (n2v_2[6]) begin
            n2w_2 = n2w_2 | (((20'h1) & 20'hfffff) << 6);
        end
        if (n1v_2[7]) begin
            base_2 = base_2 | (((20'h1) & 20'hfffff) << 7);
        end
        if (n2v_2[7]) begin
            n2w_2 = n2w_2 | (((20'h1) & 20'hfffff) << 7);
        end
        if (n1v_2[8]) begin
            base_2 = base_2 | (((20'h1) & 20'hfffff) << 8);
        end
        if (n2v_2[8]) begin
            n2w_2 = n2w_2 | (((20'h1) & 20'hfffff) << 8);
        end
        if (n1v_2[9]) begin
            base_2 = base_2 | (((20'h1) & 20'hfffff) << 9);
        end
        if (n2v_2[9]) begin
            n2w_2 = n2w_2 | (((20'h1) & 20'hfffff) << 9);
        end
        if (n1v_2[10]) begin
            base_2 = base_2 | (((20'h1) & 20'hfffff) << 10);
        end
        if (n2v_2[10]) begin
            n2w_2 = n2w_2 | (((20'h1) & 20'hfffff) << 10);
        end
        if (n1v_2[11]) begin
            base_2 = base_2 | (((20'h1) & 20'hfffff) << 11);
        end
        if (n2v_2[11]) begin
            n2w_2 = n2w_2 | (((20'h1) & 20'hfffff) << 11);
        end
        if (n1v_2[12]) begin
            base_2 = base_2 | (((20'h1) & 20'hfffff) << 12);
        end
        if (n2v_2[12]) begin
            n2w_2 = n2w_2 | (((20'h1) & 20'hfffff) << 12);
        end
        if (n1v_2[13]) begin
            base_2 = base_2 | (((20'h1) & 20'hfffff) << 13);
        end
        if (n2v_2[13]) begin
            n2w_2 = n2w_2 | (((20'h1) & 20'hfffff) << 13);
        end
        if (n1v_2[14]) begin
            base_2 = base_2 | (((20'h1) & 20'hfffff) << 14);
        end
        if (n2v_2[14]) begin
            n2w_2 = n2w_2 | (((20'h1) & 20'hfffff) << 14);
        end
        if (n1v_2[15]) begin
            base_2 = base_2 | (((20'h1) & 20'hfffff) << 15);
        end
        if (n2v_2[15]) begin
            n2w_2 = n2w_2 | (((20'h1) & 20'hfffff) << 15);
        end
        rw_2 = 20'h0;
        if (rv_2[0]) begin
            rw_2 = rw_2 | (((20'h1) & 20'hfffff) << 0);
        end
        if (rv_2[1]) begin
            rw_2 = rw_2 | (((20'h1) & 20'hfffff) << 1);
        end
        if (rv_2[2]) begin
            rw_2 = rw_2 | (((20'h1) & 20'hfffff) << 2);
        end
        if (rv_2[3]) begin
            rw_2 = rw_2 | (((20'h1) & 20'hfffff) << 3);
        end
        if (rv_2[4]) begin
            rw_2 = rw_2 | (((20'h1) & 20'hfffff) << 4);
        end
        if (rv_2[5]) begin
            rw_2 = rw_2 | (((20'h1) & 20'hfffff) << 5);
        end
        if (rv_2[6]) begin
            rw_2 = rw_2 | (((20'h1) & 20'hfffff) << 6);
        end
        if (rv_2[7]) begin
            rw_2 = rw_2 | (((20'h1) & 20'hfffff) << 7);
        end
        base_2 = base_2 + rw_2;
        if (dim[2]) begin
            base_2 = base_2 + 20'h1;
        end
        kn2_2 = 20'h0;
        if (kq[0]) begin
            kn2_2 = n2w_2;
        end
        if (kq[1]) begin
            kn2_2 = kn2_2 + (n2w_2 << 1);
        end
        if (kq[2]) begin
            kn2_2 = kn2_2 + (n2w_2 << 2);
        end
        e_2 = (base_2 << 2) + kn2_2;
        base_3 = 20'h0;
        n2w_3 = 20'h0;
        if (n1v_3[0]) begin
            base_3 = base_3 | (((20'h1) & 20'hfffff) << 0);
        end
        if (n2v_3[0]) begin
            n2w_3 = n2w_3 | (((20'h1) & 20'hfffff) << 0);
        end
        if (n1v_3[1]) begin
            base_3 = base_3 | (((20'h1) & 20'hfffff) << 1);
        end
        if (n2v_3[1]) begin
            n2w_3 = n2w_3 | (((20'h1) & 20'hfffff) << 1);
        end
        if (n1v_3[2]) begin
            base_3 = base_3 | (((20'h1) & 20'hfffff) << 2);
        end
        if (n2v_3[2]) begin
            n2w_3 = n2w_3 | (((20'h1) & 20'hfffff) << 2);
        end
        if (n1v_3[3]) begin
            base_3 = base_3 | (((20'h1) & 20'hfffff) << 3);
        end
        if (n2v_3[3]) begin
            n2w_3 = n2w_3 | (((20'h1) & 20'hfffff) << 3);
        end
        if (n1v_3[4]) begin
            base_3 = base_3 | (((20'h1) & 20'hfffff) << 4);
        end
        if (n2v_3[4]) begin
            n2w_3 = n2w_3 | (((20'h1) & 20'hfffff) << 4);
        end
        if (n1v_3[5]) begin
            base_3 = base_3 | (((20'h1) & 20'hfffff) << 5);
        end
        if (n2v_3[5]) begin
            n2w_3 = n2w_3 | (((20'h1) & 20'hfffff) << 5);
        end
        if (n1v_3[6]) begin
            base_3 = base_3 | (((20'h1) & 20'hfffff) << 6);
        end
        if (n2v_3[6]) begin
            n2w_3 = n2w_3 | (((20'h1) & 20'hfffff) << 6);
        end
        if (n1v_3[7]) begin
            base_3 = base_3 | (((20'h1) & 20'hfffff) << 7);
        end
        if (n2v_3[7]) begin
            n2w_3 = n2w_3 | (((20'h1) & 20'hfffff) << 7);
        end
        if (n1v_3[8]) begin
            base_3 = base_3 | (((20'h1) & 20'hfffff) << 8);
        end
        if (n2v_3[8]) begin
            n2w_3 = n2w_3 | (((20'h1) & 20'hfffff) << 8);
        end
        if (n1v_3[9]) begin
            base_3 = base_3 | (((20'h1) & 20'hfffff) << 9);
        end
        if (n2v_3[9]) begin
            n2w_3 = n2w_3 | (((20'h1) & 20'hfffff) << 9);
        end
        if (n1v_3[10]) begin
            base_3 = base_3 | (((20'h1) & 20'hfffff) << 10);
        end
        if (n2v_3[10]) begin
            n2w_3 = n2w_3 | (((20'h1) & 20'hfffff) << 10);
        end
        if (n1v_3[11]) begin
            base_3 = base_3 | (((20'h1) & 20'hfffff) << 11);
        end
        if (n2v_3[11]) begin
            n2w_3 = n2w_3 | (((20'h1) & 20'hfffff) << 11);
        end
        if (n1v_3[12]) begin
            base_3 = base_3 | (((20'h1) & 20'hfffff) << 12);
        end
        if (n2v_3[12]) begin
            n2w_3 = n2w_3 | (((20'h1) & 20'hfffff) << 12);
        end
        if (n1v_3[13]) begin
            base_3 = base_3 | (((20'h1) & 20'hfffff) << 13);
        end
        if (n2v_3[13]) begin
            n2w_3 = n2w_3 | (((20'h1) & 20'hfffff) << 13);
        end
        if (n1v_3[14]) begin
            base_3 = base_3 | (((20'h1) & 20'hfffff) << 14);
        end
        if (n2v_3[14]) begin
            n2w_3 = n2w_3 | (((20'h1) & 20'hfffff) << 14);
        end
        if (n1v_3[15]) begin
            base_3 = base_3 | (((20'h1) & 20'hfffff) << 15);
        end
        if (n2v_3[15]) begin
            n2w_3 = n2w_3 | (((20'h1) & 20'hfffff) << 15);
        end
        rw_3 = 20'h0;
        if (rv_3[0]) begin
            rw_3 = rw_3 | (((20'h1) & 20'hfffff) << 0);
        end
        if (rv_3[1]) begin
            rw_3 = rw_3 | (((20'h1) & 20'hfffff) << 1);
        end
        if (rv_3[2]) begin
            rw_3 = rw_3 | (((20'h1) & 20'hfffff) << 2);
        end
        if (rv_3[3]) begin
            rw_3 = rw_3 | (((20'h1) & 20'hfffff) << 3);
        end
        if (rv_3[4]) begin
            rw_3 = rw_3 | (((20'h1) & 20'hfffff) << 4);
        end
        if (rv_3[5]) begin
            rw_3 = rw_3 | (((20'h1) & 20'hfffff) << 5);
        end
        if (rv_3[6]) begin
            rw_3 = rw_3 | (((20'h1) & 20'hfffff) << 6);
        end
        if (rv_3[7]) begin
            rw_3 = rw_3 | (((20'h1) & 20'hfffff) << 7);
        end
        base_3 = base_3 + rw_3;
        if (dim[3]) begin
            base_3 = base_3 + 20'h1;
        end
        kn2_3 = 20'h0;
        if (kq[0]) begin
            kn2_3 = n2w_3;
        end
        if (kq[1]) begin
            kn2_3 = kn2_3 + (n2w_3 << 1);
        end
        if (kq[2]) begin
            kn2_3 = kn2_3 + (n2w_3 << 2);
        end
        e_3 = (base_3 << 2) + kn2_3;
        base_4 = 20'h0;
        n2w_4 = 20'h0;
        if (n1v_4[0]) begin
            base_4 = base_4 | (((20'h1) & 20'hfffff) << 0);
        end
        if (n2v_4[0]) begin
            n2w_4 = n2w_4 | (((20'h1) & 20'hfffff) << 0);
        end
        if (n1v_4[1]) begin
            base_4 = base_4 | (((20'h1) & 20'hfffff) << 1);
        end
        if (n2v_4[1]) begin
            n2w_4 = n2w_4 | (((20'h1) & 20'hfffff) << 1);
        end
        if (n1v_4[2]) begin
            base_4 = base_4 | (((20'h1) & 20'hfffff) << 2);
        end
        if (n2v_4[2]) begin
            n2w_4 = n2w_4 | (((20'h1) & 20'hfffff) << 2);
        end
        if (n1v_4[3]) begin
            base_4 = base_4 | (((20'h1) & 20'hfffff) << 3);
        end
        if (n2v_4[3]) begin
            n2w_4 = n2w_4 | (((20'h1) & 20'hfffff) << 3);
        end
        if (n1v_4[4]) begin
            base_4 = base_4 | (((20'h1) & 20'hfffff) << 4);
        end
        if (n2v_4[4]) begin
            n2w_4 = n2w_4 | (((20'h1) & 20'hfffff) << 4);
        end
        if (n1v_4[5]) begin
            base_4 = base_4 | (((20'h1) & 20'hfffff) << 5);
        end
        if (n2v_4[5]) begin
            n2w_4 = n2w_4 | (((20'h1) & 20'hfffff) << 5);
        end
        if (n1v_4[6]) begin
            base_4 = base_4 | (((20'h1) & 20'hfffff) << 6);
        end
        if (n2v_4[6]) begin
            n2w_4 = n2w_4 | (((20'h1) & 20'hfffff) << 6);
        end
        if (n1v_4[7]) begin
            base_4 = base_4 | (((20'h1) & 20'hfffff) << 7);
        end
        if (n2v_4[7]) begin
            n2w_4 = n2w_4 | (((20'h1) & 20'hfffff) << 7);
        end
        if (n1v_4[8]) begin
            base_4 = base_4 | (((20'h1) & 20'hfffff) << 8);
        end
        if (n2v_4[8]) begin
            n2w_4 = n2w_4 | (((20'h1) & 20'hfffff) << 8);
        end
        if (n1v_4[9]) begin
            base_4 = base_4 | (((20'h1) & 20'hfffff) << 9);
        end
        if (n2v_4[9]) begin
            n2w_4 = n2w_4 | (((20'h1) & 20'hfffff) << 9);
        end
        if (n1v_4[10]) begin
            base_4 = base_4 | (((20'h1) & 20'hfffff) << 10);
        end
        if (n2v_4[10]) begin
            n2w_4 = n2w_4 | (((20'h1) & 20'hfffff) << 10);
        end
        if (n1v_4[11]) begin
            base_4 = base_4 | (((20'h1) & 20'hfffff) << 11);
        end
        if (n2v_4[11]) begin
            n2w_4 = n2w_4 | (((20'h1) & 20'hfffff) << 11);
        end
        if (n1v_4[12]) begin
            base_4 = base_4 | (((20'h1) & 20'hfffff) << 12);
        end
        if (n2v_4[12]) begin
            n2w_4 = n2w_4 | (((20'h1) & 20'hfffff) << 12);
        end
        if (n1v_4[13]) begin
            base_4 = base_4 | (((20'h1) & 20'hfffff) << 13);
        end
        if (n2v_4[13]) begin
            n2w_4 = n2w_4 | (((20'h1) & 20'hfffff) << 13);
        end
        if (n1v_4[14]) begin
            base_4 = base_4 | (((20'h1) & 20'hfffff) << 14);
        end
        if (n2v_4[14]) begin
            n2w_4 = n2w_4 | (((20'h1) & 20'hfffff) << 14);
        end
        if (n1v_4[15]) begin
            base_4 = base_4 | (((20'h1) & 20'hfffff) << 15);
        end
        if (n2v_4[15]) begin
            n2w_4 = n2w_4 | (((20'h1) & 20'hfffff) << 15);
        end
        rw_4 = 20'h0;
        if (rv_4[0]) begin
            rw_4 = rw_4 | (((20'h1) & 20'hfffff) << 0);
        end
        if (rv_4[1]) begin
            rw_4 = rw_4 | (((20'h1) & 20'hfffff) << 1);
        end
        if (rv_4[2]) begin
            rw_4 = rw_4 | (((20'h1) & 20'hfffff) << 2);
        end
        if (rv_4[3]) begin
            rw_4 = rw_4 | (((20'h1) & 20'hfffff) << 3);
        end
        if (rv_4[4]) begin
            rw_4 = rw_4 | (((20'h1) & 20'hfffff) << 4);
        end
        if (rv_4[5]) begin
            rw_4 = rw_4 | (((20'h1) & 20'hfffff) << 5);
        end
        if (rv_4[6]) begin
            rw_4 = rw_4 | (((20'h1) & 20'hfffff) << 6);
        end
        if (rv_4[7]) begin
            rw_4 = rw_4 | (((20'h1) & 20'hfffff) << 7);
        end
        base_4 = base_4 + rw_4;
        if (dim[4]) begin
            base_4 = base_4 + 20'h1;
        end
        kn2_4 = 20'h0;
        if (kq[0]) begin
            kn2_4 = n2w_4;
        end
        if (kq[1]) begin
            kn2_4 = kn2_4 + (n2w_4 << 1);
        end
        if (kq[2]) begin
            kn2_4 = kn2_4 + (n2w_4 << 2);
        end
        e_4 = (base_4 << 2) + kn2_4;
        base_5 = 20'h0;
        n2w_5 = 20'h0;
        if (n1v_5[0]) begin
            base_5 = base_5 | (((20'h1) & 20'hfffff) << 0);
        end
        if (n2v_5[0]) begin
            n2w_5 = n2w_5 | (((20'h1) & 20'hfffff) << 0);
        end
        if (n1v_5[1]) begin
            base_5 = base_5 | (((20'h1) & 20'hfffff) << 1);
        end
        if (n2v_5[1]) begin
            n2w_5 = n2w_5 | (((20'h1) & 20'hfffff) << 1);
        end
        if (n1v_5[2]) begin
            base_5 = base_5 | (((20'h1) & 20'hfffff) << 2);
        end
        if (n2v_5[2]) begin
            n2w_5 = n2w_5 | (((20'h1) & 20'hfffff) << 2);
        end
        if (n1v_5[3]) begin
            base_5 = base_5 | (((20'h1) & 20'hfffff) << 3);
        end
        if (n2v_5[3]) begin
            n2w_5 = n2w_5 | (((20'h1) & 20'hfffff) << 3);
        end
        if (n1v_5[4]) begin
            base_5 = base_5 | (((20'h1) & 20'hfffff) << 4);
        end
        if (n2v_5[4]) begin
            n2w_5 = n2w_5 | (((20'h1) & 20'hfffff) << 4);
        end
        if (n1v_5[5]) begin
            base_5 = base_5 | (((20'h1) & 20'hfffff) << 5);
        end
        if (n2v_5[5]) begin
            n2w_5 = n2w_5 | (((20'h1) & 20'hfffff) << 5);
        end
        if (n1v_5[6]) begin
            base_5 = base_5 | (((20'h1) & 20'hfffff) << 6);
        end
        if (n2v_5[6]) begin
            n2w_5 = n2w_5 | (((20'h1) & 20'hfffff) << 6);
        end
        if (n1v_5[7]) begin
            base_5 = base_5 | (((20'h1) & 20'hfffff) << 7);
        end
        if (n2v_5[7]) begin
            n2w_5 = n2w_5 | (((20'h1) & 20'hfffff) << 7);
        end
        if (n1v_5[8]) begin
            base_5 = base_5 | (((20'h1) & 20'hfffff) << 8);
        end
        if (n2v_5[8]) begin
            n2w_5 = n2w_5 | (((20'h1) & 20'hfffff) << 8);
        end
        if (n1v_5[9]) begin
            base_5 = base_5 | (((20'h1) & 20'hfffff) << 9);
        end
        if (n2v_5[9]) begin
            n2w_5 = n2w_5 | (((20'h1) & 20'hfffff) << 9);
        end
        if (n1v_5[10]) begin
            base_5 = base_5 | (((20'h1) & 20'hfffff) << 10);
        end
        if (n2v_5[10]) begin
            n2w_5 = n2w_5 | (((20'h1) & 20'hfffff) << 10);
        end
        if (n1v_5[11]) begin
            base_5 = base_5 | (((20'h1) & 20'hfffff) << 11);
        end
        if (n2v_5[11]) begin
            n2w_5 = n2w_5 | (((20'h1) & 20'hfffff) << 11);
        end
        if (n1v_5[12]) begin
            base_5 = base_5 | (((20'h1) & 20'hfffff) << 12);
        end
        if (n2v_5[12]) begin
            n2w_5 = n2w_5 | (((20'h1) & 20'hfffff) << 12);
        end
        if (n1v_5[13]) begin
            base_5 = base_5 | (((20'h1) & 20'hfffff) << 13);
        end
        if (n2v_5[13]) begin
            n2w_5 = n2w_5 | (((20'h1) & 20'hfffff) << 13);
        end
        if (n1v_5[14]) begin
            base_5 = base_5 | (((20'h1) & 20'hfffff) << 14);
        end
        if (n2v_5[14]) begin
            n2w_5 = n2w_5 | (((20'h1) & 20'hfffff) << 14);
        end
        if (n1v_5[15]) begin
            base_5 = base_5 | (((20'h1) & 20'hfffff) << 15);
        end
        if (n2v_5[15]) begin
            n2w_5 = n2w_5 | (((20'h1) & 20'hfffff) << 15);
        end
        rw_5 = 20'h0;
        if (rv_5[0]) begin
            rw_5 = rw_5 | (((20'h1) & 20'hfffff) << 0);
        end
        if (rv_5[1]) begin
            rw_5 = rw_5 | (((20'h1) & 20'hfffff) << 1);
        end
        if (rv_5[2]) begin
            rw_5 = rw_5 | (((20'h1) & 20'hfffff) << 2);
        end
        if (rv_5[3]) begin
            rw_5 = rw_5 | (((20'h1) & 20'hfffff) << 3);
        end
        if (rv_5[4]) begin
            rw_5 = rw_5 | (((20'h1) & 20'hfffff) << 4);
        end
        if (rv_5[5]) begin
            rw_5 = rw_5 | (((20'h1) & 20'hfffff) << 5);
        end
        if (rv_5[6]) begin
            rw_5 = rw_5 | (((20'h1) & 20'hfffff) << 6);
        end
        if (rv_5[7]) begin
            rw_5 = rw_5 | (((20'h1) & 20'hfffff) << 7);
        end
        base_5 = base_5 + rw_5;
        if (dim[5]) begin
            base_5 = base_5 + 20'h1;
        end
        kn2_5 = 20'h0;
        if (kq[0]) begin
            kn2_5 = n2w_5;
        end
        if (kq[1]) begin
            kn2_5 = kn2_5 + (n2w_5 << 1);
        end
        if (kq[2]) begin
            kn2_5 = kn2_5 + (n2w_5 << 2);
        end
        e_5 = (base_5 << 2) + kn2_5;
        base_6 = 20'h0;
        n2w_6 = 20'h0;
        if (n1v_6[0]) begin
            base_6 = base_6 | (((20'h1) & 20'hfffff) << 0);
        end
        if (n2v_6[0]) begin
            n2w_6 = n2w_6 | (((20'h1) & 20'hfffff) << 0);
        end
        if (n1v_6[1]) begin
            base_6 = base_6 | (((20'h1) & 20'hfffff) << 1);
        end
        if (n2v_6[1]) begin
            n2w_6 = n2w_6 | (((20'h1) & 20'hfffff) << 1);
        end
        if (n1v_6[2]) begin
            base_6 = base_6 | (((20'h1) & 20'hfffff) << 2);
        end
        if (n2v_6[2]) begin
            n2w_6 = n2w_6 | (((20'h1) & 20'hfffff) << 2);
        end
        if (n1v_6[3]) begin
            base_6 = base_6 | (((20'h1) & 20'hfffff) << 3);
        end
        if (n2v_6[3]) begin
            n2w_6 = n2w_6 | (((20'h1) & 20'hfffff) << 3);
        end
        if (n1v_6[4]) begin
            base_6 = base_6 | (((20'h1) & 20'hfffff) << 4);
        end
        if (n2v_6[4]) begin
            n2w_6 = n2w_6 | (((20'h1) & 20'hfffff) << 4);
        end
        if (n1v_6[5]) begin
            base_6 = base_6 | (((20'h1) & 20'hfffff) << 5);
        end
        if (n2v_6[5]) begin
            n2w_6 = n2w_6 | (((20'h1) & 20'hfffff) << 5);
        end
        if (n1v_6[6]) begin
            base_6 = base_6 | (((20'h1) & 20'hfffff) << 6);
        end
        if (n2v_6[6]) begin
            n2w_6 = n2w_6 | (((20'h1) & 20'hfffff) << 6);
        end
        if (n1v_6[7]) begin
            base_6 = base_6 | (((20'h1) & 20'hfffff) << 7);
        end
        if (n2v_6[7]) begin
            n2w_6 = n2w_6 | (((20'h1) & 20'hfffff) << 7);
        end
        if (n1v_6[8]) begin
            base_6 = base_6 | (((20'h1) & 20'hfffff) << 8);
        end
        if (n2v_6[8]) begin
            n2w_6 = n2w_6 | (((20'h1) & 20'hfffff) << 8);
        end
        if (n1v_6[9]) begin
            base_6 = base_6 | (((20'h1) & 20'hfffff) << 9);
        end
        if (n2v_6[9]) begin
            n2w_6 = n2w_6 | (((20'h1) & 20'hfffff) << 9);
        end
        if (n1v_6[10]) begin
            base_6 = base_6 | (((20'h1) & 20'hfffff) << 10);
        end
        if (n2v_6[10]) begin
            n2w_6 = n2w_6 | (((20'h1) & 20'hfffff) << 10);
        end
        if (n1v_6[11]) begin
            base_6 = base_6 | (((20'h1) & 20'hfffff) << 11);
        end
        if (n2v_6[11]) begin
            n2w_6 = n2w_6 | (((20'h1) & 20'hfffff) << 11);
        end
        if (n1v_6[12]) begin
            base_6 = base_6 | (((20'h1) & 20'hfffff) << 12);
        end
        if (n2v_6[12]) begin
            n2w_6 = n2w_6 | (((20'h1) & 20'hfffff) << 12);
        end
        if (n1v_6[13]) begin
            base_6 = base_6 | (((20'h1) & 20'hfffff) << 13);
        end
        if (n2v_6[13]) begin
            n2w_6 = n2w_6 | (((20'h1) & 20'hfffff) << 13);
        end
        if (n1v_6[14]) begin
            base_6 = base_6 | (((20'h1) & 20'hfffff) << 14);
        end
        if (n2v_6[14]) begin
            n2w_6 = n2w_6 | (((20'h1) & 20'hfffff) << 14);
        end
        if (n1v_6[15]) begin
            base_6 = base_6 | (((20'h1) & 20'hfffff) << 15);
        end
        if (n2v_6[15]) begin
            n2w_6 = n2w_6 | (((20'h1) & 20'hfffff) << 15);
        end
        rw_6 = 20'h0;
        if (rv_6[0]) begin
            rw_6 = rw_6 | (((20'h1) & 20'hfffff) << 0);
        end
        if (rv_6[1]) begin
            rw_6 = rw_6 | (((20'h1) & 20'hfffff) << 1);
        end
        if (rv_6[2]) begin
            rw_6 = rw_6 | (((20'h1) & 20'hfffff) << 2);
        end
        if (rv_6[3]) begin
            rw_6 = rw_6 | (((20'h1) & 20'hfffff) << 3);
        end
        if (rv_6[4]) begin
            rw_6 = rw_6 | (((20'h1) & 20'hfffff) << 4);
        end
        if (rv_6[5]) begin
            rw_6 = rw_6 | (((20'h1) & 20'hfffff) << 5);
        end
        if (rv_6[6]) begin
            rw_6 = rw_6 | (((20'h1) & 20'hfffff) << 6);
        end
        if (rv_6[7]) begin
            rw_6 = rw_6 | (((20'h1) & 20'hfffff) << 7);
        end
        base_6 = base_6 + rw_6;
        if (dim[6]) begin
            base_6 = base_6 + 20'h1;
        end
        kn2_6 = 20'h0;
        if (kq[0]) begin
            kn2_6 = n2w_6;
        end
        if (kq[1]) begin
            kn2_6 = kn2_6 + (n2w_6 << 1);
        end
        if (kq[2]) begin
            kn2_6 = kn2_6 + (n2w_6 << 2);
        end
        e_6 = (base_6 << 2) + kn2_6;
        base_7 = 20'h0;
        n2w_7 = 20'h0;
        if (n1v_7[0]) begin
            base_7 = base_7 | (((20'h1) & 20'hfffff) << 0);
        end
        if (n2v_7[0]) begin
            n2w_7 = n2w_7 | (((20'h1) & 20'hfffff) << 0);
        end
        if (n1v_7[1]) begin
            base_7 = base_7 | (((20'h1) & 20'hfffff) << 1);
        end
        if (n2v_7[1]) begin
            n2w_7 = n2w_7 | (((20'h1) & 20'hfffff) << 1);
        end
        if (n1v_7[2]) begin
            base_7 = base_7 | (((20'h1) & 20'hfffff) << 2);
        end
        if (n2v_7[2]) begin
            n2w_7 = n2w_7 | (((20'h1) & 20'hfffff) << 2);
        end
        if (n1v_7[3]) begin
            base_7 = base_7 | (((20'h1) & 20'hfffff) << 3);
        end
        if (n2v_7[3]) begin
            n2w_7 = n2w_7 | (((20'h1) & 20'hfffff) << 3);
        end
        if (n1v_7[4]) begin
            base_7 = base_7 | (((20'h1) & 20'hfffff) << 4);
        end
        if (n2v_7[4]) begin
            n2w_7 = n2w_7 | (((20'h1) & 20'hfffff) << 4);
        end
        if (n1v_7[5]) begin
            base_7 = base_7 | (((20'h1) & 20'hfffff) << 5);
        end
        if (n2v_7[5]) begin
            n2w_7 = n2w_7 | (((20'h1) & 20'hfffff) << 5);
        end
        if (n1v_7[6]) begin
            base_7 = base_7 | (((20'h1) & 20'hfffff) << 6);
        end
        if (n2v_7[6]) begin
            n2w_7 = n2w_7 | (((20'h1) & 20'hfffff) << 6);
        end
        if (n1v_7[7]) begin
            base_7 = base_7 | (((20'h1) & 20'hfffff) << 7);
        end
        if (n2v_7[7]) begin
            n2w_7 = n2w_7 | (((20'h1) & 20'hfffff) << 7);
        end
        if (n1v_7[8]) begin
            base_7 = base_7 | (((20'h1) & 20'hfffff) << 8);
        end
        if (n2v_7[8]) begin
            n2w_7 = n2w_7 | (((20'h1) & 20'hfffff) << 8);
        end
        if (n1v_7[9]) begin
            base_7 = base_7 | (((20'h1) & 20'hfffff) << 9);
        end
        if (n2v_7[9]) begin
            n2w_7 = n2w_7 | (((20'h1) & 20'hfffff) << 9);
        end
        if (n1v_7[10]) begin
            base_7 = base_7 | (((20'h1) & 20'hfffff) << 10);
        end
        if (n2v_7[10]) begin
            n2w_7 = n2w_7 | (((20'h1) & 20'hfffff) << 10);
        end
        if (n1v_7[11]) begin
            base_7 = base_7 | (((20'h1) & 20'hfffff) << 11);
        end
        if (n2v_7[11]) begin
            n2w_7 = n2w_7 | (((20'h1) & 20'hfffff) << 11);
        end
        if (n1v_7[12]) begin
            base_7 = base_7 | (((20'h1) & 20'hfffff) << 12);
        end
        if (n2v_7[12]) begin
            n2w_7 = n2w_7 | (((20'h1) & 20'hfffff) << 12);
        end
        if (n1v_7[13]) begin
            base_7 = base_7 | (((20'h1) & 20'hfffff) << 13);
        end
        if (n2v_7[13]) begin
            n2w_7 = n2w_7 | (((20'h1) & 20'hfffff) << 13);
        end
        if (n1v_7[14]) begin
            base_7 = base_7 | (((20'h1) & 20'hfffff) << 14);
        end
        if (n2v_7[14]) begin
            n2w_7 = n2w_7 | (((20'h1) & 20'hfffff) << 14);
        end
        if (n1v_7[15]) begin
            base_7 = base_7 | (((20'h1) & 20'hfffff) << 15);
        end
        if (n2v_7[15]) begin
            n2w_7 = n2w_7 | (((20'h1) & 20'hfffff) << 15);
        end
        rw_7 = 20'h0;
        if (rv_7[0]) begin
            rw_7 = rw_7 | (((20'h1) & 20'hfffff) << 0);
        end
        if (rv_7[1]) begin
            rw_7 = rw_7 | (((20'h1) & 20'hfffff) << 1);
        end
        if (rv_7[2]) begin
            rw_7 = rw_7 | (((20'h1) & 20'hfffff) << 2);
        end
        if (rv_7[3]) begin
            rw_7 = rw_7 | (((20'h1) & 20'hfffff) << 3);
        end
        if (rv_7[4]) begin
            rw_7 = rw_7 | (((20'h1) & 20'hfffff) << 4);
        end
        if (rv_7[5]) begin
            rw_7 = rw_7 | (((20'h1) & 20'hfffff) << 5);
        end
        if (rv_7[6]) begin
            rw_7 = rw_7 | (((20'h1) & 20'hfffff) << 6);
        end
        if (rv_7[7]) begin
            rw_7 = rw_7 | (((20'h1) & 20'hfffff) << 7);
        end
        base_7 = base_7 + rw_7;
        if (dim[7]) begin
            base_7 = base_7 + 20'h1;
        end
        kn2_7 = 20'h0;
        if (kq[0]) begin
            kn2_7 = n2w_7;
        end
        if (kq[1]) begin
            kn2_7 = kn2_7 + (n2w_7 << 1);
        end
        if (kq[2]) begin
            kn2_7 = kn2_7 + (n2w_7 << 2);
        end
        e_7 = (base_7 << 2) + kn2_7;
        any_free = |(valid & free);
        elig = valid;
        if (any_free) begin
            elig = valid & free;
        end
        found = 1'b0;
        best = 20'h0;
        idx = 3'h0;
        if ((elig[0] & (~found | (e_0 < best)))) begin
            found = 1'b1;
            best = e_0;
            idx = 0;
        end
        if ((elig[1] & (~found | (e_1 < best)))) begin
            found = 1'b1;
            best = e_1;
            idx = 1;
        end
        if ((elig[2] & (~found | (e_2 < best)))) begin
            found = 1'b1;
            best = e_2;
            idx = 2;
        end
        if ((elig[3] & (~found | (e_3 < best)))) begin
            found = 1'b1;
            best = e_3;
            idx = 3;
        end
        if ((elig[4] & (~found | (e_4 < best)))) begin
            found = 1'b1;
            best = e_4;
            idx = 4;
        end
        if ((elig[5] & (~found | (e_5 < best)))) begin
            found = 1'b1;
            best = e_5;
            idx = 5;
        end
        if ((elig[6] & (~found | (e_6 < best)))) begin
            found = 1'b1;
            best = e_6;
            idx = 6;
        end
        if ((elig[7] & (~found | (e_7 < best)))) begin
            found = 1'b1;
            best = e_7;
            idx = 7;
        end
        pv_d = found;
        pi_d = idx;
        pick_valid = pv_q;
        pick = pi_q;
    end

    // Registers: synchronous reset to their power-on values
    always @(posedge clock) begin
        if (reset) begin
            pv_q <= 1'h0;
            pi_q <= 3'h0;
        end
        else begin
            pv_q <= pv_d;
            pi_q <= pi_d;
        end
    end
endmodule // fw_speculative
