// fw_vc_link: one direction of a router-to-router channel: what the sender drives in cycle t
// reaches the receiver in cycle t + FLY (FLY registers in a row, at least 1), as the model's
// link carries a flit forward and a credit back (src/blocks/link.rs: a value sent at t is
// received at t + fly). The mesh (fw_vc_mesh) puts one on each input of every router: the
// neighbour's flit (valid, VC, word) and its credit for the flits this router sent (valid,
// VC). Clock: rising edge of `clock`; reset: synchronous, active high, every register to 0.

module fw_vc_link #(
    parameter FLY = 2,  // cycles from sender to receiver
    parameter W   = 1   // bits carried
) (
    input  wire         clock,
    input  wire         reset,
    input  wire [W-1:0] d,  // driven by the sender in cycle t
    output wire [W-1:0] q   // seen by the receiver in cycle t + FLY
);

    reg [W-1:0] stage [0:FLY-1];

    integer i;
    always @(posedge clock) begin
        if (reset) begin
            for (i = 0; i < FLY; i = i + 1) stage[i] <= {W{1'b0}};
        end else begin
            stage[0] <= d;
            for (i = 1; i < FLY; i = i + 1) stage[i] <= stage[i - 1];
        end
    end

    assign q = stage[FLY - 1];

endmodule
