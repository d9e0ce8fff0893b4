// Properties of fw_slack_buffer (the 80-byte stop/go slack buffer of a Myrinet link,
// src/hdl/slack_buffer.rs; model src/blocks/slack_buffer.rs), proven by
// `flitwave rtl prove slack_buffer` (docs/rtl.md §Proofs). Spliced into fw_slack_buffer before
// its `endmodule`: the names are the module's own (`count$q` the occupancy, `rd$q`/`wr$q` the
// ring pointers into the RAM, `stopped_r$q` the hysteresis state, `byp_valid$q`/`byp_data$q`
// the one-word bypass). `fw_init` is high in the first cycle, which is a reset.
// Shared assumptions: none; every property but no_overflow_under_stop_go holds for any input
// sequence. no_overflow_under_stop_go assumes, in its own block, the one rule of the stop/go
// protocol the buffer relies on: the upstream sender stops within a bounded round trip of a
// stop symbol (see there).
// depth 2: the properties look at most one cycle back, and the stop/go assumption keeps its
// own counter; 2-induction proves them (2 s) where 20 cycles took 13 s (user CPU).

// ring pointer arithmetic: the write pointer expected from the read pointer and the occupancy
wire [7:0] fw_sum = {1'b0, rd$q} + {1'b0, count$q};
wire [6:0] fw_wr_exp = fw_sum >= 8'd80 ? fw_sum - 8'd80 : fw_sum[6:0];
wire fw_ring_ok = count$q <= 7'd80 && rd$q < 7'd80 && wr$q < 7'd80 && wr$q == fw_wr_exp;

// property occupancy_in_range: occupancy and level stay within 0..80, and the ring pointers are in 0..79 and consistent with the occupancy
always @(*) if (!fw_init) assert(fw_ring_ok && level <= 7'd80);

// property no_overflow_under_stop_go: a sender that stops within 23 cycles of a stop symbol never overflows the buffer (the model's fly time of 8 needs 16)

// The protocol rule, assumed: after a stop symbol, arrivals continue for at most 23 cycles (flits
// on the wire plus those sent while the symbol travels back) until a go symbol; the model's link
// (fly time 8) delivers at most 16. 23 = 80 - 57 is the slack above the stop decision.
// fw_since counts the cycles since the last stop symbol while the sender is stopped (0: going),
// from the block's outputs only, as the sender sees them.
reg [4:0] fw_since;
always @(posedge clock)
    if (reset || go) fw_since <= 5'd0;
    else if (stop) fw_since <= 5'd1;
    else if (fw_since != 5'd0 && fw_since != 5'd31) fw_since <= fw_since + 5'd1;
always @(*) if (!fw_init && fw_since > 5'd23) assume(!push);
// helper invariant: going, the occupancy is at most 56; stopped, at most 56 + the cycles since stop
always @(*) if (!fw_init) assert(fw_ring_ok && stopped_r$q == (fw_since != 5'd0)
        && (fw_since == 5'd0 ? count$q <= 7'd56
            : {2'b0, count$q} <= 9'd56 + (fw_since > 5'd24 ? 9'd24 : {4'b0, fw_since})));
always @(*) if (!fw_init) assert(!overflow);

// property stop_go_hysteresis: stop exactly when the level rises above 56 while going, go exactly when it falls below 40 while stopped, never both; going holds at most 56, stopped at least 40
always @(*) if (!fw_init) assert(count$q <= 7'd80 && stopped == stopped_r$q
        && (stopped_r$q ? count$q >= 7'd40 : count$q <= 7'd56)
        && stop == (!stopped && level > 7'd56) && go == (stopped && level < 7'd40)
        && !(stop && go) && (!stop || level == 7'd57) && (!go || level == 7'd39));
always @(posedge clock) if (!fw_init && !$past(fw_init) && !$past(reset))
    assert(stopped == ($past(stop) || ($past(stopped) && !$past(go))));

// property valid_and_accounting: a head is shown exactly when a flit is held or arrives; a push is refused (overflow) exactly when full; the level moves by accepted arrivals minus departures, a pop of an empty buffer taking nothing
wire fw_acc = push && count$q != 7'd80;
wire fw_dep = pop && valid;
always @(*) if (!fw_init) assert(count$q <= 7'd80
        && valid == (count$q != 7'd0 || push)
        && overflow == (push && count$q == 7'd80)
        && {1'b0, level} == {1'b0, count$q} + fw_acc - fw_dep);
always @(posedge clock) if (!fw_init && !$past(fw_init) && !$past(reset))
    assert(count$q == $past(level));

// property refill_head: an arrival into an empty buffer is at front the same cycle (fall-through); one that is the only flit left after this cycle is at front the next cycle (bypass)
always @(*) if (!fw_init) assert(fw_ring_ok);
always @(*) if (!fw_init && count$q == 7'd0 && push) assert(valid && front == din);
always @(posedge clock) if (!fw_init && !$past(fw_init) && !$past(reset)
        && $past(push) && $past(count$q) != 7'd80 && $past(level) == 7'd1)
    assert(valid && front == $past(din));
