// Properties of fw_speculative (the speculative selection unit SSR of seed 002 §4,
// src/hdl/speculative.rs, model routing::selection::speculative::choose), proven by
// `flitwave rtl prove speculative` (docs/rtl.md §Proofs). Spliced into fw_speculative before its
// `endmodule`: channel i (0..7) has `valid[i]`, `free[i]`, `dim[i]`, `r<i>`, `n1_<i>`, `n2_<i>`; the
// pick of cycle t's inputs is registered (`pv$q`, `pi$q`) and shows as `pick_valid`, `pick` in
// t + 1. `fw_init` is high in the first cycle, a reset. No assumption: the properties hold for
// any input sequence.
// depth 3: the pick is registered, so every property looks one cycle back; 3-induction proves
// them (the cost is the eight 20-bit cost sums, about the same at any depth).

// last cycle's inputs, and whether last cycle was a reset
reg fw_was_reset;
reg [7:0] fw_valid, fw_free;
always @(posedge clock) begin
    fw_was_reset <= reset;
    fw_valid <= valid;
    fw_free <= free;
end
// the channels the pick must come from: the free valid ones if any, else every valid one
wire [7:0] fw_elig = (fw_valid & fw_free) != 8'd0 ? fw_valid & fw_free : fw_valid;

// property pick_to_candidate: a pick exactly when some channel was valid, always a valid one; no pick (and pick 0) after reset or with no candidate
always @(*) if (!fw_init) begin
    if (fw_was_reset) assert(!pick_valid && pick == 3'd0);
    else begin
        assert(pick_valid == (fw_valid != 8'd0));
        if (pick_valid) assert(fw_valid[pick]);
        else assert(pick == 3'd0);
    end
end

// property free_first: a free valid channel is picked whenever one was offered
always @(*) if (!fw_init && !fw_was_reset && pick_valid && (fw_valid & fw_free) != 8'd0) assert(fw_free[pick]);

// property least_cost: the pick has the least E = 4(D + R + N1) + k N2 among the eligible channels, the lowest index on a tie

// E computed here at full width (no truncation), from the inputs, and registered beside the pick
wire [63:0] fw_r = {r7, r6, r5, r4, r3, r2, r1, r0};
wire [127:0] fw_n1 = {n1_7, n1_6, n1_5, n1_4, n1_3, n1_2, n1_1, n1_0};
wire [127:0] fw_n2 = {n2_7, n2_6, n2_5, n2_4, n2_3, n2_2, n2_1, n2_0};
reg [191:0] fw_e_now;  // 24 bits per channel
integer fw_i;
always @(*)
    for (fw_i = 0; fw_i < 8; fw_i = fw_i + 1)
        fw_e_now[24*fw_i +: 24] = 24'd4 * ({23'd0, dim[fw_i]} + {16'd0, fw_r[8*fw_i +: 8]} + {8'd0, fw_n1[16*fw_i +: 16]})
                                + {21'd0, kq} * {8'd0, fw_n2[16*fw_i +: 16]};
reg [191:0] fw_e;
always @(posedge clock) fw_e <= fw_e_now;
reg fw_least;
integer fw_j;
always @(*) begin
    fw_least = 1'b1;
    for (fw_j = 0; fw_j < 8; fw_j = fw_j + 1)
        if (fw_elig[fw_j]) begin
            if (fw_j < pick && !(fw_e[24*pick +: 24] < fw_e[24*fw_j +: 24])) fw_least = 1'b0;
            if (fw_j > pick && !(fw_e[24*pick +: 24] <= fw_e[24*fw_j +: 24])) fw_least = 1'b0;
        end
end
always @(*) if (!fw_init && !fw_was_reset && pick_valid) assert(fw_elig[pick] && fw_least);
