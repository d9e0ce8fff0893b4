// Properties of fw_credit (the credit counter of one output VC, src/hdl/credit.rs), proven by
// `flitwave rtl prove credit` (docs/rtl.md §Proofs). Spliced into fw_credit before its
// `endmodule`: the names are the module's own (`count$q` the counter, `limit$q` the size
// latched at init). `fw_init` is high in the first cycle, which is a reset. No assumption:
// the properties hold for any input sequence.

// property in_range: the credit counter stays within 0..size (a return beyond the size is refused)
always @(*) if (!fw_init) assert(count$q <= limit$q);

// property no_underflow: a consume with no credit takes none, and says so
always @(posedge clock) if (!fw_init && !$past(fw_init) && !$past(reset) && !$past(init)
        && $past(consume) && $past(count$q) == 0 && !$past(ret))
    assert(count$q == 0);
always @(*) if (!fw_init && !init) assert(underflow == (consume && count$q == 0));

// property can_send_iff_credit: can_send exactly when a credit is held, and credits shows the counter
always @(*) if (!fw_init) assert(can_send == (count$q != 0) && credits == count$q);
