// fw_vc_router_input: one input port of the VC router (fw_vc_router.v): its two VC
// buffers (one flit RAM, per VC a ring of DEPTH slots: front slot `head`, flits held `cnt`),
// the route of every arriving flit (fw_vc_router_route; kept per slot with its tail mark), and per VC
// the state of the packet at its front (idle, waiting for an output VC, holding output VC
// `ocv` of port `oport`). A flit arriving at a full VC is refused (not written). The winner of
// switch allocation (`pop`, VC `wvc`) is read from the RAM at this edge; a flit that arrived in
// the same cycle is taken from a one-word bypass instead (`rd_word`, the crossbar stage's
// input, valid the next cycle). Model: fabric::vc::switch::input and route; twin:
// src/hdl/vc_router/logic.rs steps 1-3. Latency: a head may ask for an output VC in the cycle
// it arrives.

module fw_vc_router_input #(
    parameter FLIT_W  = 16,  // flit word: bit 0 head, 1 tail, 2..4 destination x, 5..7 y
    parameter COORD_W = 3,   // mesh coordinate bits
    parameter DEPTH   = 8,   // flits per VC buffer
    parameter IN_VCS  = 10   // input VCs of the router = output VCs (grant width)
) (
    input  wire                clock,
    input  wire                reset,
    input  wire [COORD_W-1:0]  my_x,
    input  wire [COORD_W-1:0]  my_y,
    // the link: a flit arrives on VC `in_vc`
    input  wire                in_valid,
    input  wire                in_vc,
    input  wire [FLIT_W-1:0]   flit_in,
    // VC allocation: per VC, the output VC granted (one-hot over IN_VCS)
    input  wire [2*IN_VCS-1:0] vgrant,
    // switch allocation: per VC, its front flit leaves; the winning VC of the port
    input  wire [1:0]          pop,
    input  wire                wvc,
    // per VC: a flit is written this cycle, a flit is held or arriving
    output wire [1:0]          arrive,
    output wire [1:0]          hold,
    // per VC (4 bits each): the front flit's tail mark (bit 3) and route (bits 0..2)
    output wire [7:0]          fsb,
    // per VC: the state (2 bits: 0 idle, 1 VC allocation, 2 active), the output port and
    // output VC held (4 bits each)
    output wire [3:0]          st,
    output wire [7:0]          oport,
    output wire [7:0]          ocv,
    // the word read for the crossbar (valid the cycle after a pop)
    output wire [FLIT_W-1:0]   rd_word
);

    localparam BUF_AW = $clog2(2 * DEPTH);  // RAM address: VC * DEPTH + slot
    localparam [3:0] FULL = DEPTH;           // a full VC
    localparam [3:0] SLOTS = DEPTH - 1;      // slot index mask
    localparam [3:0] VC1 = DEPTH;            // RAM address bit of VC 1

    // the arriving flit's route, and its slot entry (tail mark | route)
    wire [3:0] rin;
    fw_vc_router_route #(.COORD_W(COORD_W)) u_route (
        .my_x(my_x), .my_y(my_y),
        .dst_x(flit_in[4:2]), .dst_y(flit_in[7:5]),
        .port(rin)
    );
    wire [3:0] sbin = flit_in[1] ? (rin | 4'd8) : rin;

    // per VC: the slot an arrival is written into, and the RAM read address of its front
    wire [3:0] wslot [0:1];
    wire [3:0] head_q [0:1];
    wire [3:0] cnt_w [0:1];

    genvar v, s;
    generate
        for (v = 0; v < 2; v = v + 1) begin : g_vc
            reg [3:0] head_q_r, cnt_q, oport_q, ocv_q;
            reg [1:0] st_q;
            reg [3:0] head_d, cnt_d, oport_d, ocv_d;
            reg [1:0] st_d;
            wire [3:0] sb_q [0:DEPTH-1];
            reg  [3:0] front;
            integer k, r, t;

            assign arrive[v] = in_valid & (v == 0 ? ~in_vc : in_vc) & (cnt_q != FULL);
            assign wslot[v]  = (head_q_r + cnt_q) & SLOTS;
            assign head_q[v] = head_q_r;
            assign cnt_w[v]  = cnt_q;
            assign hold[v]   = (cnt_q != 4'd0) | arrive[v];

            // the front flit's entry: stored, or arriving into an empty VC
            always @(*) begin
                front = sbin;
                for (t = 0; t < DEPTH; t = t + 1)
                    if ((cnt_q != 4'd0) & (head_q_r == t[3:0])) front = sb_q[t];
            end
            assign fsb[4*v +: 4] = front;

            always @(*) begin
                // VC allocation: a grant makes the VC active on the granted output VC
                st_d = st_q;
                ocv_d = ocv_q;
                oport_d = oport_q;
                if (|vgrant[IN_VCS*v +: IN_VCS]) begin
                    st_d = 2'd2;
                    for (k = 0; k < IN_VCS; k = k + 1)
                        if (vgrant[IN_VCS*v + k]) ocv_d = k[3:0];
                    for (r = 0; r < IN_VCS / 2; r = r + 1)
                        if (vgrant[IN_VCS*v + 2*r] | vgrant[IN_VCS*v + 2*r + 1]) oport_d = r[3:0];
                end else if ((st_q == 2'd0) & arrive[v]) begin
                    st_d = 2'd1;
                end
                // the count, and the front moving on a pop
                cnt_d = cnt_q;
                if (arrive[v] & ~pop[v]) cnt_d = cnt_q + 4'd1;
                if (pop[v] & ~arrive[v]) cnt_d = cnt_q - 4'd1;
                head_d = head_q_r;
                if (pop[v]) begin
                    head_d = (head_q_r + 4'd1) & SLOTS;
                    // a tail frees the VC; a head behind it asks from the next cycle
                    if (front[3]) st_d = (cnt_d != 4'd0) ? 2'd1 : 2'd0;
                end
            end

            always @(posedge clock) begin
                if (reset) begin
                    head_q_r <= 4'd0;
                    cnt_q <= 4'd0;
                    st_q <= 2'd0;
                    oport_q <= 4'd0;
                    ocv_q <= 4'd0;
                end else begin
                    head_q_r <= head_d;
                    cnt_q <= cnt_d;
                    st_q <= st_d;
                    oport_q <= oport_d;
                    ocv_q <= ocv_d;
                end
            end

            // per slot: the tail mark and route of the flit it holds
            for (s = 0; s < DEPTH; s = s + 1) begin : g_slot
                localparam [3:0] SLOT = s;
                reg [3:0] sb_r;
                always @(posedge clock) begin
                    if (reset) sb_r <= 4'd0;
                    else if (arrive[v] & (wslot[v] == SLOT)) sb_r <= sbin;
                end
                assign sb_q[s] = sb_r;
            end

            assign st[2*v +: 2]    = st_q;
            assign oport[4*v +: 4] = oport_q;
            assign ocv[4*v +: 4]   = ocv_q;
        end
    endgenerate

    // the flit RAM: arrivals written at their slot; the winner's front read at this edge
    wire [FLIT_W-1:0] read_data;
    fw_vc_router_ram #(.FLIT_W(FLIT_W), .ADDR_W(BUF_AW)) u_ram (
        .read_clock(clock),
        .write_clock(clock),
        .read_address(wvc ? (head_q[1] | VC1) : head_q[0]),
        .read_data(read_data),
        .write_address(in_vc ? (wslot[1] | VC1) : wslot[0]),
        .write_data(flit_in),
        .write_enable(arrive[0] | arrive[1])
    );

    // the bypass: a winner that arrived into an empty VC this cycle
    reg byp_v_q;
    reg [FLIT_W-1:0] byp_d_q;
    reg byp_v_d;
    integer b;
    always @(*) begin
        byp_v_d = 1'b0;
        for (b = 0; b < 2; b = b + 1)
            if (pop[b]) byp_v_d = (cnt_w[b] == 4'd0);
    end
    always @(posedge clock) begin
        if (reset) begin
            byp_v_q <= 1'b0;
            byp_d_q <= {FLIT_W{1'b0}};
        end else begin
            byp_v_q <= byp_v_d;
            byp_d_q <= flit_in;
        end
    end
    assign rd_word = byp_v_q ? byp_d_q : read_data;

endmodule
