//! Testbench of `flitwave rtl network` (docs/rtl.md "A network in Verilog"): a mesh of the VC
//! router's pipeline form (rtl/stages/vc_router/) joined by links (rtl/network/), built by
//! Verilator, played what the model's hosts injected and credited, must drive every host in
//! the model's cycles; a changed gate in a router must show. The Verilator runs need verilator
//! (scripts/test.sh installs it).

use crate::common::{arg, fails_with, flitwave, fresh_dir};
use flitwave::experiment::build;
use flitwave::fabric::AnyNetwork;
use flitwave::hdl::vc_router::network::{self as rec, Kind};
use std::collections::HashMap;
use std::path::Path;

/// The rows of the command's table: rate, accepted, saturated, ejected, credits, differences.
fn rows(out: &str) -> Vec<(f64, String, u64, u64, u64)> {
    out.lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let rate = f.first()?.parse().ok()?;
            Some((
                rate,
                f[2].to_string(),
                f[3].parse().ok()?,
                f[4].parse().ok()?,
                f[5].parse().ok()?,
            ))
        })
        .collect()
}

/// The event lines of a vector or log file (its `#` header apart).
fn events(p: &Path) -> Vec<String> {
    std::fs::read_to_string(p)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(String::from)
        .collect()
}

/// Every signal of a VCD file by its full name (`network.sw3.in_xp.vc0.level`): its changes,
/// (time, value), as the FST testbench reads waveforms.
fn signals(p: &Path) -> HashMap<String, Vec<(u64, String)>> {
    crate::fst_trace::changes(p, &[]).into_iter().collect()
}

/// A 4 x 4 mesh of the preset's routers, links of 2 cycles: below, near and above saturation,
/// the Verilog mesh ejects every flit and sends every credit in the model's cycle (the logs
/// are equal line for line); its waveform under the model's names holds every signal the
/// model's routers show, each with the model's value in every cycle of the window.
#[test]
#[ignore = "full tier: Verilator builds the mesh (about 40 CPU-seconds)"]
fn a_4x4_mesh_in_verilog_ejects_every_flit_in_the_models_cycle() {
    let d = fresh_dir("rtl_network", "mesh4");
    let (vcd, model_vcd) = (d.join("mesh.vcd"), d.join("model.vcd"));
    let dims = "topology.dims=\"4x4\"";
    let (ok, out, err) = flitwave(&[
        "rtl",
        "network",
        "--set",
        dims,
        "--rates",
        "0.35,0.1,0.6",
        "--cycles",
        "3000",
        "-o",
        arg(&d.join("work")),
        "--vcd",
        arg(&vcd),
        "--vcd-window",
        "1000..1300",
    ]);
    assert!(ok, "{out}\n{err}");
    assert!(out.contains("0 differences"), "{out}");
    let r = rows(&out);
    assert_eq!(r.len(), 3, "{out}");
    for (rate, sat, ejected, credits, diff) in &r {
        assert_eq!(*diff, 0, "rate {rate}: {out}");
        // 3,000 cycles, 16 hosts: a flit and a credit per injected flit
        let want = rate * 3000.0 * 16.0 * 0.8;
        assert!(
            *ejected as f64 > want && *credits as f64 > want,
            "rate {rate}: {out}"
        );
        assert_eq!(sat == "yes", *rate > 0.5, "rate {rate}: {out}");
    }
    for rate in ["0.1", "0.35", "0.6"] {
        let m = events(&d.join(format!("work/model_{rate}.txt")));
        let v = events(&d.join(format!("work/verilog_{rate}.txt")));
        assert!(m.len() > 1000, "rate {rate}: {} events", m.len());
        let (mut m, mut v) = (m, v);
        m.sort();
        v.sort();
        assert!(m == v, "rate {rate}: the logs differ");
        let head = std::fs::read_to_string(d.join(format!("work/vectors_{rate}.txt"))).unwrap();
        assert!(
            head.starts_with("# flitwave ")
                && head.contains("# seed 1")
                && head.contains("config {"),
            "the vectors record what made them"
        );
    }
    // the build by hand, as the command ran it
    let script = std::fs::read_to_string(d.join("work/build_trace.sh")).unwrap();
    assert!(
        script.contains("verilator ")
            && script.contains("-GNX=4 -GNY=4 -GFLY=2")
            && script.contains("--trace"),
        "{script}"
    );
    // the model's waveform of the same run and window
    let (ok, _, err) = flitwave(&[
        "run",
        "--config",
        "configs/booksim-iq.toml",
        "--set",
        dims,
        "--set",
        "traffic.rate=0.35",
        "--cycles",
        "3000",
        "--vcd",
        arg(&model_vcd),
        "--vcd-window",
        "1000..1300",
    ]);
    assert!(ok, "{err}");
    let (model, view) = (signals(&model_vcd), signals(&vcd));
    let routers: Vec<&String> = model
        .keys()
        .filter(|n| n.starts_with("network.sw"))
        .collect();
    assert!(routers.len() > 1500, "{} router signals", routers.len());
    for n in routers {
        assert!(view.contains_key(n), "{n} is not in the Verilog's waveform");
    }
    let mut changes = 0;
    for (n, v) in &view {
        assert_eq!(
            model.get(n),
            Some(v),
            "{n}: the Verilog's values differ from the model's"
        );
        changes += v.len();
    }
    assert!(changes > 20_000, "{changes} value changes compared");
}

/// One gate changed in a router's output unit — a credit returned in the cycle a flit takes
/// one counted as the take alone, so credits leak — builds lint-clean, and the network shows
/// it: the routers stall, the hosts see far fewer flits and credits, and the command fails.
/// On a 2 x 2 mesh: every router leaks credits at any size, and Verilator builds a mesh of 4
/// routers in about 36 CPU-seconds against 55 for the 4 x 4 (the router's class is built once;
/// the mesh's grows with the routers).
#[test]
#[ignore = "full tier: Verilator builds the mesh (about 36 CPU-seconds)"]
fn a_changed_gate_in_a_router_shows_in_the_network() {
    let d = fresh_dir("rtl_network", "mutant");
    let rtl = d.join("rtl");
    for sub in ["network", "stages/vc_router"] {
        std::fs::create_dir_all(rtl.join(sub)).unwrap();
        for e in std::fs::read_dir(Path::new("rtl").join(sub)).unwrap() {
            let p = e.unwrap().path();
            let mut text = std::fs::read_to_string(&p).unwrap();
            if p.ends_with("fw_vc_router_output.v") {
                let from = "if (consume[v] & ~give) used_d = used_q + 4'd1;";
                assert!(text.contains(from), "the planted gate's line moved");
                text = text.replace(from, "if (consume[v]) used_d = used_q + 4'd1;");
            }
            std::fs::write(rtl.join(sub).join(p.file_name().unwrap()), text).unwrap();
        }
    }
    let (ok, out, err) = flitwave(&[
        "rtl",
        "network",
        "--set",
        "topology.dims=\"2x2\"",
        "--rates",
        "0.3",
        "--cycles",
        "2000",
        "--dir",
        arg(&rtl),
        "-o",
        arg(&d.join("work")),
    ]);
    assert!(!ok, "{out}");
    assert!(err.contains("differs from the model"), "{err}");
    let r = rows(&out);
    assert!(r.len() == 1 && r[0].4 > 0, "{out}");
    // credits leak, the routers stall: the Verilog mesh ejects fewer flits than the model
    assert!(out.contains("model only:"), "{out}");
    let m = events(&d.join("work/model_0.3.txt")).len();
    let v = events(&d.join("work/verilog_0.3.txt")).len();
    assert!(v < m / 2, "the Verilog drove {v} events, the model {m}");
}

/// The host ports are watched without touching: the 4 x 4 preset's run watched gives the
/// plain run's summary byte for byte, in the bit planes, and all four kinds of events were
/// seen, a tail ejected for every packet delivered.
#[test]
fn watching_the_host_ports_leaves_the_run_as_it_was() {
    let over = [
        "topology.dims=\"4x4\"",
        "traffic.rate=0.3",
        "cycles=3000",
        "warmup=300",
    ];
    let cfg = crate::common::booksim_preset(&over);
    let plain = {
        let mut net = build::build(&cfg).unwrap().network;
        net.run(cfg.cycles);
        serde_json::to_string(&net.summary()).unwrap()
    };
    let b = build::build(&cfg).unwrap();
    let AnyNetwork::Vc(mut net) = b.network else {
        panic!("the preset is the vc family")
    };
    let (mesh, ports) = rec::attach(&net, &b.topology).unwrap();
    assert_eq!((mesh.nx, mesh.ny, mesh.fly), (4, 4, 2));
    let ev = rec::run(&mut net, &ports, cfg.cycles);
    assert!(net.has_engine(), "the routers in planes");
    let s = net.summary();
    assert_eq!(serde_json::to_string(&s).unwrap(), plain);
    let count = |k| ev.iter().filter(|e| e.kind == k).count() as u64;
    // a packet is delivered when its tail reaches the host, a link's fly time after the
    // router ejects it: at most two tails a host still on the way when the run stops
    let tails = ev
        .iter()
        .filter(|e| e.kind == Kind::FlitOut && e.word & 2 != 0)
        .count() as u64;
    assert!(
        (s.delivered_packets..=s.delivered_packets + 32).contains(&tails),
        "{tails} tails ejected, {} packets delivered",
        s.delivered_packets
    );
    for k in [Kind::FlitIn, Kind::CreditIn, Kind::CreditOut] {
        assert!(count(k) > 1000, "{k:?}: {}", count(k));
    }
    assert!(ev.windows(2).all(|w| w[0] <= w[1]), "sorted");
}

/// Bad input ends in a clear error before a file is written: another topology, another
/// router, another family, a waveform window without a waveform, after the run or empty, a
/// directory without the mesh's Verilog, a work directory holding other Verilog, a rate out
/// of range.
#[test]
fn rtl_network_refuses_what_it_cannot_build() {
    let d = fresh_dir("rtl_network", "bad");
    let out = d.join("work");
    let o = arg(&out);
    let dims = "topology.dims=\"4x4\"";
    fails_with(
        &[
            "rtl",
            "network",
            "--set",
            "topology.kind=\"torus\"",
            "--set",
            dims,
            "-o",
            o,
        ],
        &["topology.kind", "form a mesh", "torus"],
    );
    fails_with(
        &[
            "rtl",
            "network",
            "--set",
            "switch.vcs=4",
            "--set",
            dims,
            "-o",
            o,
        ],
        &["switch.vcs = 2", "preset"],
    );
    fails_with(
        &[
            "rtl",
            "network",
            "--set",
            "switch.family=\"myrinet\"",
            "-o",
            o,
        ],
        &["switch.family", "vc family"],
    );
    fails_with(
        &["rtl", "network", "--set", "topology.dims=\"9x2\"", "-o", o],
        &["at most 8x8", "9x2"],
    );
    fails_with(
        &[
            "rtl",
            "network",
            "--set",
            dims,
            "--vcd-window",
            "10..20",
            "-o",
            o,
        ],
        &["--vcd-window needs --vcd"],
    );
    let wave = d.join("w.vcd");
    let w = arg(&wave);
    for (window, needles) in [
        (
            "25000..26000",
            &["--vcd-window", "after the run's last cycle 19999"][..],
        ),
        ("30..20", &["--vcd-window", "START..END"][..]),
    ] {
        let args = [
            "rtl",
            "network",
            "--set",
            dims,
            "--vcd",
            w,
            "--vcd-window",
            window,
        ];
        fails_with(&[&args[..], &["-o", o]].concat(), needles);
    }
    fails_with(
        &["rtl", "network", "--set", dims, "--rates", "0.1,2", "-o", o],
        &["--rates", "out of range"],
    );
    fails_with(
        &["rtl", "network", "--set", dims, "--dir", arg(&d), "-o", o],
        &["--dir", "network"],
    );
    assert!(!out.exists(), "nothing written on bad input");
    let other = d.join("other");
    std::fs::create_dir_all(&other).unwrap();
    std::fs::write(other.join("mine.v"), "module mine; endmodule\n").unwrap();
    fails_with(
        &["rtl", "network", "--set", dims, "-o", arg(&other)],
        &["-o", "mine.v", "other Verilog"],
    );
    assert_eq!(
        std::fs::read_to_string(other.join("mine.v")).unwrap(),
        "module mine; endmodule\n"
    );
}
