//! The Verilog mesh's waveform under the model's names (`flitwave rtl network --vcd`,
//! docs/rtl.md "A network in Verilog"). Verilator traces the mesh in its own hierarchy
//! (`TOP.fw_vc_mesh.g_router[r].u_router.g_port[p].u_input.g_vc[c].cnt_q`); this reads that
//! trace and writes, through the model's own tracer, the signals the model's router shows
//! under the names and in the form the model shows them (`network.sw<r>.in_xp.vc0.level`,
//! `state` as text, `out`/`out_vc` -1 when no output VC is held, per output VC its `credits`
//! and `owner`, per output the flit driven: `valid`, `flit_pkt`, `flit_vc`, `flit`), cycle t
//! at the model's time of cycle t, so the two files open side by side and a save file of one
//! opens the other.

use crate::error::{Error, Result};
use crate::fabric::peers::{Named, Peers};
use crate::fabric::vc::VcFamily;
use crate::fabric::Network;
use crate::sim::trace::{TraceConfig, Tracer, WaveFormat};
use crate::sim::{Probe, ProbeVisitor};
use crate::topology::{Endpoint, Topology};
use std::collections::HashMap;
use std::path::Path;

const PORTS: usize = super::PORTS;
const VCS: usize = super::VCS;
/// Per input VC (port · VCS + VC): count, state, output port, output VC (2 · port + VC);
/// per output VC: credits in use, held, a credit returned into the count this cycle.
const VC_REGS: [&str; 7] = [
    "cnt_q", "st_q", "oport_q", "ocv_q", "used_q", "busy_q", "give",
];
/// The router's outputs (`out_valid`, `out_vc`, `flit_out<p>`), then the allocators' signals
/// (per input: the outputs its VCs request, a VC of it won the switch, its VC pointer; per
/// input VC: it requests an output VC, it is granted one).
const OUTS: usize = VC_REGS.len() * PORTS * VCS;
const ALLOC: usize = OUTS + 2 + PORTS;
const PER_ROUTER: usize = ALLOC + 3 * PORTS + 2 * PORTS * VCS;

/// The registers and outputs of every router, as of one time of the Verilog trace.
struct Regs(Vec<u64>);

impl Regs {
    fn at(&self, r: usize, reg: usize, iv: usize) -> u64 {
        self.0[vc_slot(r, reg, iv)]
    }
}

/// Slot of router `r`'s register `VC_REGS[reg]` of (input or output) VC `iv` = port · VCS + VC.
fn vc_slot(r: usize, reg: usize, iv: usize) -> usize {
    r * PER_ROUTER + reg * PORTS * VCS + iv
}

/// Slot of router `r`'s output `k`: 0 `out_valid`, 1 `out_vc`, 2.. `flit_out<p>`.
fn out_slot(r: usize, k: usize) -> usize {
    r * PER_ROUTER + OUTS + k
}

/// Slot `k` of router `r`'s allocator signals: `sa_req` of input p at p, `sa_grant` at
/// PORTS + p, `sa_ptr` at 2·PORTS + p, `va_req` of input VC iv at 3·PORTS + iv, `va_grant` at
/// 3·PORTS + PORTS·VCS + iv.
fn alloc_slot(r: usize, k: usize) -> usize {
    r * PER_ROUTER + ALLOC + k
}

/// Where a traced signal's value goes: `width` bits from bit `lo` into `slot`, or their OR.
#[derive(Clone, Copy)]
struct Field {
    slot: usize,
    lo: usize,
    width: usize,
    or: bool,
}

impl Field {
    fn whole(slot: usize) -> Field {
        Field {
            slot,
            lo: 0,
            width: 64,
            or: false,
        }
    }
}

/// The mesh seen as the model's routers: per cycle, the values during it (before its clock
/// edge: the outputs driven, the credits returned) and after its edge (the registers).
pub struct MeshView<'a> {
    peers: &'a Peers,
    routers: usize,
    /// Per router and port: an input link, an output link (the model shows linked ports only).
    linked: Vec<[[bool; 2]; PORTS]>,
    during: Regs,
    after: Regs,
    /// Buffer depth: credits held by a free output VC.
    depth: u64,
}

impl Probe for MeshView<'_> {
    fn probe<V: ProbeVisitor>(&self, v: &mut V) {
        for r in 0..self.routers {
            v.scope_idx("sw", r);
            let mut n = Named {
                v: &mut *v,
                peers: self.peers,
            };
            self.router(&mut n, r);
            self.peers.probe_switch(&mut n, r);
            v.up();
        }
    }
}

impl MeshView<'_> {
    fn router<V: ProbeVisitor>(&self, v: &mut V, r: usize) {
        let (g, d) = (&self.after, &self.during);
        let active = |iv| g.at(r, 1, iv) == 2;
        let a = |k| self.during.0[alloc_slot(r, k)];
        for p in (0..PORTS).filter(|&p| self.linked[r][p][0]) {
            v.port("in", p);
            v.bits("sa_req", PORTS as u32, a(p));
            v.flag("sa_grant", a(PORTS + p) == 1);
            v.int("sa_ptr", self.after.0[alloc_slot(r, 2 * PORTS + p)] as i64);
            for c in 0..VCS {
                let iv = p * VCS + c;
                v.scope_idx("vc", c);
                v.bits("level", 16, g.at(r, 0, iv));
                // a VC whose tail left this cycle routes the head behind it: the model's
                // ROUTING for a cycle, the Verilog's VC allocation state already
                v.text(
                    "state",
                    match (g.at(r, 1, iv), d.at(r, 1, iv)) {
                        (0, _) => "IDLE",
                        (1, 2) => "ROUTING",
                        (1, _) => "VC_ALLOC",
                        _ => "ACTIVE",
                    },
                );
                let held = |x: u64| if active(iv) { x as i64 } else { -1 };
                v.int("out", held(g.at(r, 2, iv)));
                v.int("out_vc", held(g.at(r, 3, iv) % VCS as u64));
                v.flag("va_req", a(3 * PORTS + iv) == 1);
                v.flag("va_grant", a(3 * PORTS + PORTS * VCS + iv) == 1);
                v.up();
            }
            v.up();
        }
        for p in (0..PORTS).filter(|&p| self.linked[r][p][1]) {
            v.port("out", p);
            for c in 0..VCS {
                let k = p * VCS + c;
                v.scope_idx("vc", c);
                // a credit returned this cycle is in the Verilog's count after the edge, in
                // the model's when its next cycle begins
                let used = g.at(r, 4, k) + d.at(r, 6, k);
                v.int("credits", self.depth as i64 - used as i64);
                let owner = (0..PORTS * VCS)
                    .find(|&iv| g.at(r, 5, k) == 1 && active(iv) && g.at(r, 3, iv) == k as u64);
                v.int("owner", owner.map_or(-1, |iv| iv as i64));
                v.up();
            }
            let o = &d.0;
            let valid = o[out_slot(r, 0)] >> p & 1 == 1;
            let word = o[out_slot(r, 2 + p)];
            v.flag("valid", valid);
            v.int("flit_pkt", if valid { (word >> 16) as i64 } else { -1 });
            let vc = (o[out_slot(r, 1)] >> p & 1) as i64;
            v.int("flit_vc", if valid { vc } else { -1 });
            v.text(
                "flit",
                match (valid, word & 1 == 1, word & 2 == 2) {
                    (false, _, _) => "",
                    (true, true, true) => "HEAD+TAIL",
                    (true, true, false) => "HEAD",
                    (true, false, true) => "TAIL",
                    (true, false, false) => "BODY",
                },
            );
            v.up();
        }
    }
}

/// Put the fields of a signal whose bits are `bits` (least significant first; X and Z read
/// as 0) into `now`.
fn put(now: &mut [u64], fields: &[Field], bits: &[bool]) {
    for f in fields {
        let b = bits.iter().skip(f.lo).take(f.width);
        now[f.slot] = if f.or {
            b.fold(false, |a, &x| a | x) as u64
        } else {
            b.rev().fold(0, |a, &x| a << 1 | x as u64)
        };
    }
}

/// Rewrite the Verilator trace `rtl_vcd` of the mesh of `net`'s routers (`cycles` cycles,
/// cycle t at times 10t, before its clock edge, and 10t + 5, after it) as the waveform of
/// `net`'s routers, `out` (VCD or FST by its extension; `cfg` gives the period and
/// provenance): the ports named and shown as the model names and shows them.
pub fn write(
    net: &Network<VcFamily>,
    topo: &Topology,
    (rtl_vcd, out): (&Path, &Path),
    cycles: u64,
    cfg: TraceConfig,
) -> Result<()> {
    let links: Vec<_> = (0..net.links().len()).map(|i| net.link_ends(i)).collect();
    let peers = &Peers::new(topo, &links);
    let mut linked = vec![[[false; 2]; PORTS]; net.switches().len()];
    for (from, to) in &links {
        if let Endpoint::Switch { sw, port } = *to {
            linked[sw][port][0] = true;
        }
        if let Endpoint::Switch { sw, port } = *from {
            linked[sw][port][1] = true;
        }
    }
    let bad = |e: std::io::Error| Error::new(format!("{}: {e}", rtl_vcd.display()));
    let f = std::fs::File::open(rtl_vcd).map_err(bad)?;
    let mut parser = vcd::Parser::new(std::io::BufReader::new(f));
    let header = parser.parse_header().map_err(bad)?;
    let routers = linked.len();
    // which slots each of the trace's codes drives (a code can stand for several signals)
    let mut code: HashMap<vcd::IdCode, Vec<Field>> = HashMap::new();
    for r in 0..routers {
        let g = format!("g_router[{r}]");
        // the code of router r's signal at `tail` under its `u_router`
        let find = |tail: &[&str]| -> Result<vcd::IdCode> {
            let mut path = vec!["TOP", "fw_vc_mesh", &g, "u_router"];
            path.extend(tail);
            let var = header
                .find_var(&path)
                .ok_or_else(|| missing(rtl_vcd, &path))?;
            Ok(var.code)
        };
        for (i, reg) in VC_REGS.iter().enumerate() {
            // the first four are the input unit's, the rest the output unit's
            let (group, unit) = if i < 4 {
                ("g_port", "u_input")
            } else {
                ("g_out", "u_output")
            };
            for p in 0..PORTS {
                for c in 0..VCS {
                    let (gp, gc) = (format!("{group}[{p}]"), format!("g_vc[{c}]"));
                    let id = find(&[&gp, unit, &gc, reg])?;
                    let f = Field::whole(vc_slot(r, i, p * VCS + c));
                    code.entry(id).or_default().push(f);
                }
            }
        }
        let outs = ["out_valid", "out_vc"]
            .into_iter()
            .map(String::from)
            .chain((0..PORTS).map(|p| format!("flit_out{p}")));
        for (k, name) in outs.enumerate() {
            let f = Field::whole(out_slot(r, k));
            code.entry(find(&[&name])?).or_default().push(f);
        }
        // the allocators': (signal, bits a field, fields, OR them, first slot)
        let alloc = [
            (["u_sw_alloc", "srow"], PORTS, PORTS, false, 0),
            (["u_sw_alloc", "pop"], VCS, PORTS, true, PORTS),
            (
                ["u_vc_alloc", "vreq"],
                PORTS * VCS,
                PORTS * VCS,
                true,
                3 * PORTS,
            ),
            (
                ["u_vc_alloc", "vgrant"],
                PORTS * VCS,
                PORTS * VCS,
                true,
                3 * PORTS + PORTS * VCS,
            ),
        ];
        for (sig, width, n, or, first) in alloc {
            let fields = code.entry(find(&sig)?).or_default();
            fields.extend((0..n).map(|i| Field {
                slot: alloc_slot(r, first + i),
                lo: width * i,
                width,
                or,
            }));
        }
        for p in 0..PORTS {
            let gp = format!("g_port[{p}]");
            let f = Field::whole(alloc_slot(r, 2 * PORTS + p));
            code.entry(find(&["u_sw_alloc", &gp, "rr_q"])?)
                .or_default()
                .push(f);
        }
    }
    let mut now = Regs(vec![0; routers * PER_ROUTER]);
    let mut view = MeshView {
        peers,
        routers,
        linked,
        during: Regs(now.0.clone()),
        after: Regs(now.0.clone()),
        depth: super::DEPTH as u64,
    };
    let mut tracer = Tracer::create(out, WaveFormat::of_path(out), "network", &view, cfg)?;
    // the next time whose values are complete once the trace moves past it: 10t, then 10t + 5
    let mut point = 0u64;
    let end = cycles * 10;
    let mut settle = |upto: u64, now: &Regs, view: &mut MeshView, tr: &mut Tracer| -> Result<()> {
        while point < upto && point < end {
            if point.is_multiple_of(10) {
                view.during.0.copy_from_slice(&now.0);
            } else {
                view.after.0.copy_from_slice(&now.0);
                tr.sample(point / 10, &*view)?;
            }
            point += 5;
        }
        Ok(())
    };
    let mut bits = vec![];
    for cmd in parser.by_ref() {
        match cmd.map_err(bad)? {
            vcd::Command::Timestamp(t) => settle(t, &now, &mut view, &mut tracer)?,
            vcd::Command::ChangeScalar(id, v) => {
                if let Some(fields) = code.get(&id) {
                    put(&mut now.0, fields, &[v == vcd::Value::V1]);
                }
            }
            vcd::Command::ChangeVector(id, v) => {
                if let Some(fields) = code.get(&id) {
                    bits.clear();
                    bits.extend(v.iter().map(|b| b == vcd::Value::V1));
                    bits.reverse();
                    put(&mut now.0, fields, &bits);
                }
            }
            _ => {}
        }
    }
    settle(u64::MAX, &now, &mut view, &mut tracer)?;
    tracer.finish()
}

fn missing(vcd: &Path, path: &[&str]) -> Error {
    Error::new(format!(
        "{}: no signal {} (a trace of rtl/network/fw_vc_mesh.v by its harness?)",
        vcd.display(),
        path.join(".")
    ))
}
