//! The seeded mutants of every twin (docs/rtl.md §Seeded mutants): one table per twin of
//! one-gate changes to its `rtl/<block>.v` — an operator swapped, a term dropped, a condition
//! inverted, a constant off by one, a wrong signal read — each applied alone by
//! [`super::mutate`], whose properties must then fail. A change's original text occurs exactly
//! once in the Verilog (a test checks it on the checked-in files).

/// One mutant: what it breaks, in words; the original text; its replacement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mutant {
    pub what: &'static str,
    pub from: &'static str,
    pub to: &'static str,
}

const fn m(what: &'static str, from: &'static str, to: &'static str) -> Mutant {
    Mutant { what, from, to }
}

/// Block name → its mutants (numbered from 1 in this order).
pub const TABLES: &[(&str, &[Mutant])] = &[
    ("arbiter", ARBITER),
    ("slack_buffer", SLACK_BUFFER),
    ("credit", CREDIT),
    ("ir_fir", IR_FIR),
    ("itb", ITB),
    ("allocator", ALLOCATOR),
    ("vc_allocator", VC_ALLOCATOR),
    ("dl_table", DL_TABLE),
    ("rearrange", REARRANGE),
    ("luc_ncb", LUC_NCB),
    ("speculative", SPECULATIVE),
    ("vc_router", VC_ROUTER),
];

const CREDIT: &[Mutant] = &[
    m(
        "a return at the size is refused although a consume takes a credit the same cycle (`give` without the `take` term)",
        "give = ret & ((count$q != limit$q) | take);",
        "give = ret & (count$q != limit$q);",
    ),
    m(
        "a consume takes a credit from an empty counter (the `|count` term dropped)",
        "take = consume & |count$q;",
        "take = consume;",
    ),
    m(
        "overflow flags an accepted return instead of a refused one (inverted)",
        "overflow = ret & ~give;",
        "overflow = ret & give;",
    ),
    m(
        "init does not latch the size (the limit keeps its old value)",
        "limit$d = size;",
        "limit$d = limit$q;",
    ),
];

const ARBITER: &[Mutant] = &[
    m(
        "the round-robin mask forgets the requests",
        "masked = req & thermo;",
        "masked = thermo;",
    ),
    m(
        "the pointer stays on the winner instead of moving past it",
        "ptr_r$d = gidx + 32'h1;",
        "ptr_r$d = gidx;",
    ),
    m(
        "valid only when every input requests (`|` to `&`)",
        "valid = |req;",
        "valid = &req;",
    ),
    m(
        "the masked search is used only when every input at or after the pointer requests (`|` to `&`)",
        "if (|masked) begin",
        "if (&masked) begin",
    ),
];

const SLACK_BUFFER: &[Mutant] = &[
    m(
        "the bypass register compares the write pointer with the current read pointer, not the next",
        "byp_valid$d = push_ok & (wr$q == rd_next);",
        "byp_valid$d = push_ok & (wr$q == rd$q);",
    ),
    m(
        "go is sent while going (the `stopped` term dropped)",
        "go = stopped_r$q & (count_next < go_below);",
        "go = (count_next < go_below);",
    ),
    m(
        "a pop of an empty buffer takes a flit (the `valid` term dropped)",
        "pop_ok = pop & valid;",
        "pop_ok = pop;",
    ),
    m(
        "an arrival into an empty buffer shows the stale head instead of itself",
        "                front = din;",
        "                front = head;",
    ),
];

const IR_FIR: &[Mutant] = &[
    m(
        "port 3's wrapping interval takes the and of its two comparisons (`|` to `&`)",
        "else if ((((dest & mr$3$q) >= fi$3$q) | ((dest & mr$3$q) <= li$3$q))) begin",
        "else if ((((dest & mr$3$q) >= fi$3$q) & ((dest & mr$3$q) <= li$3$q))) begin",
    ),
    m(
        "a write of port 1's MR also lands in its LI (wrong select bit)",
        "if ((wport[1] & wreg[32'h1])) begin",
        "if ((wport[1] & wreg[32'h2])) begin",
    ),
    m(
        "port 3 is allowed by port 2's RRR (wrong register read)",
        "if ((hv[3] & ~(|(rrr$3$q & hv)))) begin",
        "if ((hv[3] & ~(|(rrr$2$q & hv)))) begin",
    ),
    m(
        "port 3's interval with FI = LI is taken as wrapping (`<=` to `<`)",
        "if ((fi$3$q <= li$3$q)) begin",
        "if ((fi$3$q < li$3$q)) begin",
    ),
];

const ITB: &[Mutant] = &[
    m(
        "a descriptor is taken when the ring is full and nothing leaves (the `full` term dropped)",
        "take = start & (~full | pop);",
        "take = start;",
    ),
    m(
        "a flit counts as available when all received flits are sent (`<` to `<=`)",
        "avail = f_valid & (f_cmp | (sent$q < rx_cnt$q));",
        "avail = f_valid & (f_cmp | (sent$q <= rx_cnt$q));",
    ),
    m(
        "any send pops the front descriptor, not only the last flit's (the `send_last` term dropped)",
        "pop = send & send_last & f_valid;",
        "pop = send & f_valid;",
    ),
    m(
        "the state shows re-injection for a packet none of which is sent (inverted)",
        "if (|sent$q) begin",
        "if (~|sent$q) begin",
    ),
];

const ALLOCATOR: &[Mutant] = &[
    m(
        "output 0's stage-2 arbiter grants every input that picked it",
        "win$0 = (omask$0 & (~omask$0 + 32'h1));",
        "win$0 = omask$0;",
    ),
    m(
        "output 1's pointer stays on input 3 when it wins, instead of moving past it",
        "out_ptr$1$d = next$3;",
        "out_ptr$1$d = 3'd3;",
    ),
    m(
        "input 2's stage-1 arbiter searches from its pointer only when every output from there is requested (`|` to `&`)",
        "if (|imask$2) begin",
        "if (&imask$2) begin",
    ),
    m(
        "the pointer after input 4 is 5, not 0 (an off-by-one constant: no wrap)",
        "localparam  next$4 = 3'd0;",
        "localparam  next$4 = 3'd5;",
    ),
];

const VC_ALLOCATOR: &[Mutant] = &[
    m(
        "output 0's stage-2 arbiter grants every input that picked it",
        "win$0 = (omask$0 & (~omask$0 + 32'h1));",
        "win$0 = omask$0;",
    ),
    m(
        "output 1's pointer stays on input 3 when it wins, instead of moving past it",
        "out_ptr$1$d = next$3;",
        "out_ptr$1$d = 4'd3;",
    ),
    m(
        "input 4's pick of output 0 is read as input 3's (wrong signal)",
        "if (pick$4[0]) begin",
        "if (pick$3[0]) begin",
    ),
    m(
        "the pointer after input 9 is 10, not 0 (an off-by-one constant: no wrap)",
        "localparam  next$9 = 4'd0;",
        "localparam  next$9 = 4'd10;",
    ),
];

const DL_TABLE: &[Mutant] = &[
    m(
        "the VC-difference entry's absolute flag is read from the wrong bit",
        "if (entry[32'h2]) begin",
        "if (entry[32'h3]) begin",
    ),
    m(
        "the port table is written without a write enable (the `cfg_we` term dropped)",
        "port_ram$write_enable = (cfg_we & (cfg_sel == 32'h0));",
        "port_ram$write_enable = (cfg_sel == 32'h0);",
    ),
    m(
        "the layer count is written by the wrong select (3 instead of 2)",
        "if ((cfg_we & (cfg_sel == 32'h2))) begin",
        "if ((cfg_we & (cfg_sel == 32'h3))) begin",
    ),
    m(
        "a VC equal to the layer count is legal (`<` to `<=`)",
        "vc_ok = (~sum[32'h4] & (sum < lay5));",
        "vc_ok = (~sum[32'h4] & (sum <= lay5));",
    ),
];

const REARRANGE: &[Mutant] = &[
    m(
        "a delivery run skips every other sequence number (an off-by-one step)",
        "                s_sn$d = s_sn$q + 32'h1;",
        "                s_sn$d = s_sn$q + 32'h2;",
    ),
    m(
        "an arrival of a packet already stored is not a duplicate (the bitmap term dropped)",
        "dup = (sn < e) | |(m & dbit);",
        "dup = (sn < e);",
    ),
    m(
        "the controller is not ready for an arrival while it sends an ACK (a term dropped)",
        "ready = (s_kind$q == S_IDLE) | (s_kind$q == S_ACK) | ((s_kind$q == S_NACK) & lone);",
        "ready = (s_kind$q == S_IDLE) | ((s_kind$q == S_NACK) & lone);",
    ),
    m(
        "the MMS rises only when it is already above the bytes stored (inverted comparison)",
        "if ((mms_r$q < (total$q + b16))) begin",
        "if ((mms_r$q > (total$q + b16))) begin",
    ),
    m(
        "the queried expected number of connection 2 is connection 1's (wrong register read)",
        "q_expected = exp$2$q;",
        "q_expected = exp$1$q;",
    ),
];

const LUC_NCB: &[Mutant] = &[
    m(
        "the LUC's saturation at 0 tests for 0 instead of for a decrement larger than it",
        "if ((cnt$q < dlt16)) begin",
        "if ((cnt$q == 16'h0)) begin",
    ),
    m(
        "the NCB word toward +x carries +x's own NCB 1-hop, not -x's",
        "wv$0 = snap1$1$q;",
        "wv$0 = snap1$0$q;",
    ),
    m(
        "an NCB word from +y is taken without rx_valid (the `valid` term dropped)",
        "if ((rx_valid[2] & (rk$2 == W_NCB))) begin",
        "if ((rk$2 == W_NCB)) begin",
    ),
    m(
        "the exchange takes the links for 11 phases, not 10 (`<` to `<=`)",
        "halts = (ph$q < occ);",
        "halts = (ph$q <= occ);",
    ),
    m(
        "a change of 5 in heads minus tails counts 4 (an off-by-one constant)",
        "            dlt16 = 5;",
        "            dlt16 = 4;",
    ),
];

const SPECULATIVE: &[Mutant] = &[
    m(
        "the free-first rule looks at free channels that are not valid (the `valid` term dropped)",
        "any_free = |(valid & free);",
        "any_free = |free;",
    ),
    m(
        "channel 3 wins a tie with a lower channel (`<` to `<=`)",
        "if ((elig[3] & (~found | (e$3 < best)))) begin",
        "if ((elig[3] & (~found | (e$3 <= best)))) begin",
    ),
    m(
        "channel 7's D is read from channel 6's dim bit (wrong signal)",
        "if (dim[7]) begin",
        "if (dim[6]) begin",
    ),
    m(
        "channel 7's k·N2 counts bit 2 of k as 2 instead of 4 (a wrong shift)",
        "kn2$7 = kn2$7 + (n2w$7 << 32'h2);",
        "kn2$7 = kn2$7 + (n2w$7 << 32'h1);",
    ),
];

const VC_ROUTER: &[Mutant] = &[
    m(
        "output VC 0's stage-2 arbiter of the VC allocator grants every input VC that picked it",
        "vwin$0 = (vomask$0 & (~vomask$0 + 32'h1));",
        "vwin$0 = vomask$0;",
    ),
    m(
        "output 0's stage-2 arbiter of the switch allocator grants every input that picked it",
        "swin$0 = (somask$0 & (~somask$0 + 32'h1));",
        "swin$0 = somask$0;",
    ),
    m(
        "input VC 0 requests output VC 0 even while another packet holds it (the `busy` test inverted)",
        "if (~busy$0$q) begin\n                    vreq$0 = (vreq$0 | oh10$0);",
        "if (busy$0$q) begin\n                    vreq$0 = (vreq$0 | oh10$0);",
    ),
    m(
        "input VC 0's count is not decremented on a pop when an arrival at its port is refused (the requested arrival read instead of the accepted one)",
        "if (pop$0 & ~arrive$0) begin",
        "if (pop$0 & ~(in_valid[0] & ~in_vc[0])) begin",
    ),
    m(
        "a credit for VC 1 of output 0 is returned to its VC 0 too (the delay register's VC bit not inverted)",
        "ret$0 = (cd_v$0$q & ~cd_vc$0$q);",
        "ret$0 = (cd_v$0$q & cd_vc$0$q);",
    ),
    m(
        "output 1's crossbar stage takes input VC 0's output VC from bit 1 instead of bit 0",
        "xovc$1$d = ocv$0$q[32'h0];",
        "xovc$1$d = ocv$0$q[32'h1];",
    ),
    m(
        "input 0's credit upstream goes on the VC it did not pop (the winner's VC inverted)",
        "if (wvc$0) begin\n                covc = (covc | oh5$0);",
        "if (~wvc$0) begin\n                covc = (covc | oh5$0);",
    ),
    m(
        "a flit at port 0 in the router's column below it in y is routed to +y, one above it to the host (a DOR comparison flipped)",
        "else if (dy$0 > my_y) begin",
        "else if (dy$0 < my_y) begin",
    ),
];
