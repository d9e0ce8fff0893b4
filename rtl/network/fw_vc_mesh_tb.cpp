// fw_vc_mesh_tb: the Verilator harness of fw_vc_mesh (`flitwave rtl network`, docs/rtl.md "A
// network in Verilog"). It plays every host's side of the mesh from a vector file and logs
// what every router's host port drives, cycle by cycle; flitwave compares the log with the
// model's.
//
//   Vfw_vc_mesh VECTORS LOG CYCLES [VCD [START END]]
//
// VECTORS: one event a line, `CYCLE ROUTER KIND VC WORD` (WORD in hex), sorted by cycle;
// KIND `f`: a flit enters router ROUTER's port 0 on VC VC in that cycle; `c`: a credit for
// VC VC returns to its port 0. Lines starting with `#` are comments. LOG: the same form,
// KIND `F` for a flit the router's port 0 drives out (ejected to the host), `C` for a credit
// it drives (WORD 0). After a reset cycle, cycle 0 is the model's cycle 0. Compiled with
// -DFW_NX, -DFW_NY and -DFW_FLIT_W as the mesh's parameters; with --trace, VCD writes the
// waveform of cycles START..END (all by default; a cycle is 10 time units: the clock rises at
// 10 t + 5, and cycle t is dumped at 10 t, before its edge, and 10 t + 5, after it).

#include "Vfw_vc_mesh.h"
#include "verilated.h"
#if VM_TRACE
#include "verilated_vcd_c.h"
#endif

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

static const int ROUTERS = FW_NX * FW_NY;

// one bit of a port of any width (Verilator keeps ports up to 64 bits as integers, wider
// ones as arrays of 32-bit words)
template <typename T> static void put_bit(T& s, int i, bool v) {
    s = v ? T(s | (T(1) << i)) : T(s & ~(T(1) << i));
}
template <std::size_t N> static void put_bit(VlWide<N>& s, int i, bool v) {
    s[i / 32] = v ? (s[i / 32] | (1u << (i % 32))) : (s[i / 32] & ~(1u << (i % 32)));
}
template <typename T> static bool get_bit(const T& s, int i) { return (s >> i) & 1; }
template <std::size_t N> static bool get_bit(const VlWide<N>& s, int i) {
    return (s[i / 32] >> (i % 32)) & 1;
}
template <typename T> static void clear(T& s) { s = 0; }
template <std::size_t N> static void clear(VlWide<N>& s) {
    for (std::size_t i = 0; i < N; ++i) s[i] = 0;
}
template <typename T> static void put_word(T& s, int r, uint64_t w) {
    for (int b = 0; b < FW_FLIT_W; ++b) put_bit(s, FW_FLIT_W * r + b, (w >> b) & 1);
}
template <typename T> static uint64_t get_word(const T& s, int r) {
    uint64_t w = 0;
    for (int b = 0; b < FW_FLIT_W; ++b) w |= uint64_t(get_bit(s, FW_FLIT_W * r + b)) << b;
    return w;
}

struct Event {
    uint64_t cycle;
    int router;
    char kind;
    int vc;
    uint64_t word;
};

// the next event of the vector file; false at its end
static bool next_event(FILE* f, const char* path, long* line, Event* e) {
    static char* buf = nullptr;
    static size_t cap = 0;
    while (getline(&buf, &cap, f) > 0) {
        ++*line;
        if (buf[0] == '#' || buf[0] == '\n') continue;
        if (sscanf(buf, "%" SCNu64 " %d %c %d %" SCNx64, &e->cycle, &e->router, &e->kind, &e->vc,
                   &e->word) != 5 ||
            e->router < 0 || e->router >= ROUTERS || (e->kind != 'f' && e->kind != 'c') ||
            e->vc < 0 || e->vc > 1) {
            fprintf(stderr, "%s:%ld: expected CYCLE ROUTER f|c VC WORD (router 0..%d, VC 0..1), got: %s",
                    path, *line, ROUTERS - 1, buf);
            exit(2);
        }
        return true;
    }
    return false;
}

int main(int argc, char** argv) {
    if (argc < 4 || argc == 6 || argc > 7) {
        fprintf(stderr, "usage: %s VECTORS LOG CYCLES [VCD [START END]]\n", argv[0]);
        return 2;
    }
    FILE* vec = fopen(argv[1], "r");
    if (!vec) {
        fprintf(stderr, "cannot read %s\n", argv[1]);
        return 2;
    }
    FILE* log = fopen(argv[2], "w");
    if (!log) {
        fprintf(stderr, "cannot write %s\n", argv[2]);
        return 2;
    }
    const uint64_t cycles = strtoull(argv[3], nullptr, 10);
    const uint64_t from = argc == 7 ? strtoull(argv[5], nullptr, 10) : 0;
    const uint64_t to = argc == 7 ? strtoull(argv[6], nullptr, 10) : cycles;

    auto ctx = std::make_unique<VerilatedContext>();
    auto top = std::make_unique<Vfw_vc_mesh>(ctx.get());
#if VM_TRACE
    std::unique_ptr<VerilatedVcdC> vcd;
    if (argc >= 5) {
        ctx->traceEverOn(true);
        vcd = std::make_unique<VerilatedVcdC>();
        top->trace(vcd.get(), 99);
        vcd->open(argv[4]);
    }
#else
    if (argc >= 5) {
        fprintf(stderr, "this harness was built without --trace: no waveform\n");
        return 2;
    }
#endif
    // reset: one clock edge with reset high
    top->reset = 1;
    top->clock = 0;
    top->eval();
    top->clock = 1;
    top->eval();
    top->reset = 0;

    long line = 0;
    Event e;
    bool more = next_event(vec, argv[1], &line, &e);
    for (uint64_t t = 0; t < cycles; ++t) {
        top->clock = 0;
        clear(top->in_valid);
        clear(top->in_vc);
        clear(top->flit_in);
        clear(top->cred_in);
        clear(top->cred_in_vc);
        for (; more && e.cycle <= t; more = next_event(vec, argv[1], &line, &e)) {
            if (e.cycle < t) {
                fprintf(stderr, "%s:%ld: cycle %" PRIu64 " after cycle %" PRIu64 ": not sorted\n",
                        argv[1], line, e.cycle, t);
                return 2;
            }
            if (e.kind == 'f') {
                put_bit(top->in_valid, e.router, true);
                put_bit(top->in_vc, e.router, e.vc);
                put_word(top->flit_in, e.router, e.word);
            } else {
                put_bit(top->cred_in, e.router, true);
                put_bit(top->cred_in_vc, e.router, e.vc);
            }
        }
        top->eval();
#if VM_TRACE
        if (vcd && t >= from && t < to) vcd->dump(10 * t);
#endif
        for (int r = 0; r < ROUTERS; ++r) {
            if (get_bit(top->out_valid, r))
                fprintf(log, "%" PRIu64 " %d F %d %" PRIx64 "\n", t, r, int(get_bit(top->out_vc, r)),
                        get_word(top->flit_out, r));
            if (get_bit(top->cred_out, r))
                fprintf(log, "%" PRIu64 " %d C %d 0\n", t, r, int(get_bit(top->cred_out_vc, r)));
        }
        top->clock = 1;
        top->eval();
#if VM_TRACE
        if (vcd && t >= from && t < to) vcd->dump(10 * t + 5);
#endif
    }
#if VM_TRACE
    if (vcd) vcd->close();
#endif
    top->final();
    if (fclose(log) != 0) {
        fprintf(stderr, "cannot write %s\n", argv[2]);
        return 2;
    }
    return 0;
}
