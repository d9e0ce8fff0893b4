// Properties of fw_credit (the credit counter of one output VC, src/hdl/credit.rs), proven by
// `flitwave rtl prove credit` (docs/rtl.md §Proofs). Spliced into fw_credit before its
// `endmodule`: the names are the module's own (`count$q` the counter, `limit$q` the size
// latched at init). `fw_init` is high in the first cycle, which is a reset. No assumption:
// the properties hold for any input sequence.

// The reference model (blocks/credit.rs, `CreditCounter::cycle`), from the inputs and the
// counter: a consume takes a credit when one is held; a return gives one back when the
// counter is below the size, or at the size when a consume takes one in the same cycle.
wire fw_took = consume && count$q != 16'd0;
wire fw_gave = ret && (count$q < limit$q || fw_took);

// property in_range: the credit counter stays within 0..size (a return beyond the size is refused)
always @(*) if (!fw_init) assert(count$q <= limit$q);

// property next_count: the counter's next value is the reference model's: the size on init;
// else one less for a credit taken (a consume with one held) and one more for a credit given
// (a return below the size, or at the size while a consume takes one the same cycle), both
// at once cancelling; 0 after a reset; the size is latched on init and held otherwise
always @(posedge clock) if (!fw_init)
    assert(count$q == ($past(reset) ? 16'd0 : $past(init) ? $past(size)
                : $past(count$q) - $past(fw_took) + $past(fw_gave))
        && limit$q == ($past(reset) ? 16'd0 : $past(init) ? $past(size) : $past(limit$q)));

// property refusals_flagged: underflow exactly when a consume finds no credit, overflow
// exactly when a return is refused (the counter at its size and no credit taken the same
// cycle); neither during init
always @(*) if (!fw_init)
    assert(underflow == (!init && consume && !fw_took) && overflow == (!init && ret && !fw_gave));

// property can_send_iff_credit: can_send exactly when a credit is held, and credits shows the counter
always @(*) if (!fw_init) assert(can_send == (count$q != 0) && credits == count$q);
