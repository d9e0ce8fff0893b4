//! Readable waveforms: a mesh's or torus's router ports are named by direction (`in_xp`,
//! `out_local`) as the topology wires them, in the VCD and in its GTKWave save file; a deadlock
//! waveform ends a short frozen tail after the freeze and its save file opens on the routers of
//! the wait cycle, marked at the cycle the network froze.

use crate::common::{self, flitwave};
use std::path::{Path, PathBuf};

/// A fresh folder for one test's files.
fn dir(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("readable_waves_{name}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The constant text of `path` (`network.sw0.in_xp.peer`) as wellen reads it, or `None` if the
/// waveform has no such signal.
fn text(w: &mut wellen::simple::Waveform, path: &str) -> Option<String> {
    let comps: Vec<&str> = path.split('.').collect();
    let (scope, name) = comps.split_at(comps.len() - 1);
    let h = w.hierarchy();
    let sig = h[h.lookup_var(scope, name[0])?].signal_ref();
    w.load_signals(&[sig]);
    let s = w.get_signal(sig).unwrap();
    match s.get_value_at(&s.get_offset(0).unwrap(), 0) {
        wellen::SignalValueRef::String(x) => Some(x.to_string()),
        other => panic!("{path}: {other:?}"),
    }
}

/// In a 3x3 mesh (Myrinet switches, 4 hosts each) and a 3x3 torus (vc routers, one host
/// each), every router port's scope is named by its direction, and each direction leads where
/// the topology wires it: the +x output of router (x, y) to the −x input of router (x+1, y)
/// (wrapping on the torus), +y to (x, y+1), the host ports to the router's own NICs. A mesh
/// edge has no port towards the outside, and no scope is numbered.
#[test]
fn mesh_and_torus_ports_are_named_by_the_direction_they_lead() {
    let runs: [(&str, &[&str], usize); 2] = [
        (
            "mesh",
            &["--set", "topology.kind=\"mesh\"", "--routing", "dor"],
            4,
        ),
        (
            "torus",
            &[
                "--config",
                "configs/booksim-iq.toml",
                "--set",
                "topology.kind=\"torus\"",
                "--routing",
                "dor-dateline",
            ],
            1,
        ),
    ];
    for (kind, args, hosts) in runs {
        let d = dir(kind);
        let vcd = d.join("w.vcd");
        let mut a = vec!["run", "--set", "topology.dims=\"3x3\""];
        a.extend_from_slice(args);
        a.extend([
            "--rate",
            "0.1",
            "--cycles",
            "50",
            "--vcd",
            common::arg(&vcd),
        ]);
        let (ok, _, err) = flitwave(&a);
        assert!(ok, "{kind}: {err}");
        let mut w = wellen::simple::read(&vcd).expect("the waveform opens");
        let wrap = kind == "torus";
        let id = |x: usize, y: usize| x + 3 * y;
        let mut checked = 0;
        for y in 0..3 {
            for x in 0..3 {
                let sw = id(x, y);
                // (name, neighbour, the neighbour's port back)
                let step = |c: usize, up: bool| match (up, c) {
                    (true, 2) | (false, 0) if !wrap => None,
                    (true, _) => Some((c + 1) % 3),
                    (false, _) => Some((c + 2) % 3),
                };
                let dirs = [
                    ("xp", step(x, true).map(|x2| id(x2, y)), "xm"),
                    ("xm", step(x, false).map(|x2| id(x2, y)), "xp"),
                    ("yp", step(y, true).map(|y2| id(x, y2)), "ym"),
                    ("ym", step(y, false).map(|y2| id(x, y2)), "yp"),
                ];
                for (name, to, back) in dirs {
                    for io in ["in", "out"] {
                        let got = text(&mut w, &format!("network.sw{sw}.{io}_{name}.peer"));
                        let want = to.map(|t| format!("sw{t}.{back}"));
                        assert_eq!(got, want, "{kind}: sw{sw} ({x},{y}) {io}_{name}");
                        checked += 1;
                    }
                }
                for k in 0..hosts {
                    let local = if hosts == 1 {
                        "local".to_string()
                    } else {
                        format!("local{k}")
                    };
                    let nic = format!("nic{}", sw * hosts + k);
                    for io in ["in", "out"] {
                        let got = text(&mut w, &format!("network.sw{sw}.{io}_{local}.peer"));
                        assert_eq!(got.as_deref(), Some(nic.as_str()), "{kind}: sw{sw}");
                    }
                    let got = text(&mut w, &format!("network.{nic}.peer"));
                    assert_eq!(got, Some(format!("sw{sw}.{local}")), "{kind}: {nic}");
                }
            }
        }
        assert_eq!(checked, 9 * 4 * 2, "{kind}");
        let h = w.hierarchy();
        let numbered: Vec<String> = h
            .all_scopes()
            .map(|s| h[s].full_name(h))
            .filter(|n| {
                let leaf = n.rsplit('.').next().unwrap_or_default();
                ["in", "out"].iter().any(|p| {
                    leaf.strip_prefix(p)
                        .is_some_and(|r| r.parse::<usize>().is_ok())
                })
            })
            .collect();
        assert!(numbered.is_empty(), "{kind}: numbered ports {numbered:?}");
        // the save file groups by the same names
        let gtkw = std::fs::read_to_string(flitwave::sim::gtkw::save_path(&vcd)).unwrap();
        for g in ["-sw4.in_xp\n", "-sw4.out_ym\n"] {
            assert!(gtkw.contains(g), "{kind}: {g} missing from the save file");
        }
    }
}

/// In a dragonfly (a = 4 routers a group, 2 hosts and h = 2 global channels a router, 9
/// groups) every port's scope is named as Kim et al. name the channels: `local0`, `local1` to
/// the router's NICs, `lc0`-`lc2` its local channels in port order (`lcj` of router r leads
/// to router j of its group when j < r, j + 1 otherwise, onto that router's local channel back
/// to r), `gc0`, `gc1` its global channels (to a router of another group, onto a global
/// channel whose own peer is this one); no scope is numbered.
#[test]
fn dragonfly_ports_are_named_local_and_global_channels() {
    let d = dir("dragonfly");
    let vcd = d.join("w.vcd");
    let (ok, _, err) = flitwave(&[
        "run",
        "--config",
        "configs/booksim-dragonfly.toml",
        "--set",
        "topology.a=4",
        "--set",
        "topology.h=2",
        "--set",
        "topology.hosts_per_switch=2",
        "--rate",
        "0.1",
        "--cycles",
        "30",
        "--vcd",
        common::arg(&vcd),
    ]);
    assert!(ok, "{err}");
    let mut w = wellen::simple::read(&vcd).expect("the waveform opens");
    let (a, p) = (4, 2);
    for sw in 0..36 {
        let (g, r) = (sw / a, sw % a);
        for k in 0..p {
            let nic = format!("nic{}", sw * p + k);
            for io in ["in", "out"] {
                let got = text(&mut w, &format!("network.sw{sw}.{io}_local{k}.peer"));
                assert_eq!(got.as_deref(), Some(nic.as_str()), "sw{sw} local{k}");
            }
        }
        for j in 0..a - 1 {
            let q = if j < r { j } else { j + 1 };
            let back = if r < q { r } else { r - 1 };
            let want = format!("sw{}.lc{back}", g * a + q);
            for io in ["in", "out"] {
                let got = text(&mut w, &format!("network.sw{sw}.{io}_lc{j}.peer"));
                assert_eq!(got.as_deref(), Some(want.as_str()), "sw{sw} {io}_lc{j}");
            }
        }
        for c in 0..2 {
            let peer = text(&mut w, &format!("network.sw{sw}.out_gc{c}.peer")).expect("gc");
            let (t, port) = peer.split_once('.').unwrap();
            let t: usize = t[2..].parse().unwrap();
            assert_ne!(t / a, g, "sw{sw} gc{c} leaves its group: {peer}");
            assert!(port.starts_with("gc"), "sw{sw} gc{c} -> {peer}");
            let back = text(&mut w, &format!("network.sw{t}.out_{port}.peer"));
            assert_eq!(
                back,
                Some(format!("sw{sw}.gc{c}")),
                "sw{sw} gc{c} <- {peer}"
            );
        }
    }
    let h = w.hierarchy();
    let numbered = h.all_scopes().map(|s| h[s].full_name(h)).any(|n| {
        let leaf = n.rsplit('.').next().unwrap_or_default();
        ["in", "out"].iter().any(|p| {
            leaf.strip_prefix(p)
                .is_some_and(|r| r.parse::<usize>().is_ok())
        })
    });
    assert!(!numbered, "a numbered port scope");
}

const P: u64 = 6250;

/// A 4x4 Myrinet torus (4 hosts per switch) with dimension-order routing at 90 % load: it
/// deadlocks near cycle 15,000; the watchdog waits 2000 cycles.
pub const DEADLOCK_RUN: &[&str] = &[
    "run",
    "--set",
    "topology.kind=\"torus\"",
    "--set",
    "topology.dims=\"4x4\"",
    "--set",
    "routing.algorithm=\"dor\"",
    "--set",
    "traffic.message_bytes=1024",
    "--set",
    "traffic.rate=0.9",
    "--set",
    "watchdog_cycles=2000",
    "--cycles",
    "100000",
    "--deadlock-window",
    "500",
];

/// Cycles a deadlock waveform goes on after the freeze (docs/waveforms.md).
pub const FROZEN_TAIL: u64 = 200;

/// The report's detection cycle and the inputs of its wait cycle, named as the waveform's
/// scopes (`sw1.in_xm`), from the `DEADLOCK` line: `... (cycle D) ...; wait cycle:
/// sw0.in_xp->out_ym(...) -> sw1.in_xm->... -> sw0.in_xp; ...`.
pub fn wait_cycle(out: &str) -> (u64, Vec<String>) {
    let line = out.lines().find(|l| l.starts_with("DEADLOCK")).expect(out);
    let detected = line.split("(cycle ").nth(1).unwrap();
    let detected: u64 = detected[..detected.find(')').unwrap()].parse().unwrap();
    let cycle = line.split("wait cycle: ").nth(1).expect(line);
    let cycle = &cycle[..cycle.find(';').unwrap()];
    let inputs = cycle
        .split(" -> ")
        .filter_map(|e| e.split_once("->"))
        .map(|(input, _)| input.split(".vc").next().unwrap().to_string())
        .collect();
    (detected, inputs)
}

/// The lines of a save file that name a group, a comment or a signal, each with the `@` flags
/// in force (a flags line holds until the next one: GTKWave writes it only when it changes).
fn flagged(gtkw: &str) -> Vec<(u32, &str)> {
    let mut flags = 0;
    let mut out = vec![];
    for l in gtkw.lines() {
        if let Some(f) = l.strip_prefix('@') {
            flags = u32::from_str_radix(f, 16).unwrap();
        } else if !l.is_empty() && !l.starts_with(['[', '*', '^']) {
            out.push((flags, l));
        }
    }
    out
}

/// The groups of a save file with their flags: (name, begin flags), in order.
pub fn groups(gtkw: &str) -> Vec<(String, u32)> {
    flagged(gtkw)
        .into_iter()
        .filter(|(f, l)| f & 0x800000 != 0 && l.starts_with('-'))
        .map(|(f, l)| (l[1..].to_string(), f))
        .collect()
}

/// The highlighted signals of a save file (flag 0x1).
pub fn highlighted(gtkw: &str) -> Vec<String> {
    flagged(gtkw)
        .into_iter()
        .filter(|(f, l)| f & 1 == 1 && !l.starts_with('-'))
        .map(|(_, l)| l.to_string())
        .collect()
}

/// The first and last time stamps of a VCD, and the last time a switch input's `state`
/// changed.
fn vcd_times(vcd: &str) -> (u64, u64, u64) {
    let mut ids = std::collections::HashSet::new();
    let mut scope: Vec<&str> = vec![];
    let (mut first, mut last, mut state) = (None, 0, 0);
    for l in vcd.lines() {
        let w: Vec<&str> = l.split_whitespace().collect();
        match w.first().copied() {
            Some("$scope") => scope.push(w[2]),
            Some("$upscope") => {
                scope.pop();
            }
            Some("$var")
                if w[4] == "state" && scope.last().is_some_and(|s| s.starts_with("in")) =>
            {
                ids.insert(w[3].to_string());
            }
            Some(t) if t.starts_with('#') => {
                last = t[1..].parse().unwrap();
                first.get_or_insert(last);
            }
            Some(v) if v.starts_with('s') && w.len() == 2 && ids.contains(w[1]) => state = last,
            _ => {}
        }
    }
    (first.unwrap(), last, state)
}

/// The deadlock waveform of a deadlocked torus: it starts `--deadlock-window` cycles before the
/// freeze and ends the documented 200 cycles after it, not the watchdog's 2000 frozen cycles
/// later; the freeze is where the watchdog's wait began (detection − 2000 + 1) and where the
/// switch inputs' states stop changing. Its save file opens exactly the routers of the wait
/// cycle (first, each with its waiting inputs open and their signals highlighted), every other
/// group closed, says what froze in comment lines and puts the marker FROZE at the freeze.
/// The same run writes the same bytes.
#[test]
fn a_deadlock_waveform_opens_on_the_wait_cycle_and_ends_after_the_freeze() {
    let d = dir("deadlock");
    let vcd_path = d.join("dl.vcd");
    let mut args = DEADLOCK_RUN.to_vec();
    args.extend(["--vcd-on-deadlock", common::arg(&vcd_path)]);
    let (ok, out, err) = flitwave(&args);
    assert!(!ok, "a deadlock is an error exit");
    let (detected, inputs) = wait_cycle(&out);
    assert!(inputs.len() >= 2, "{out}");
    let froze = detected - 2000 + 1;
    assert!(
        err.contains(&format!("frozen from cycle {froze})")),
        "{err}"
    );
    let vcd = std::fs::read_to_string(&vcd_path).unwrap();
    let (first, last, state) = vcd_times(&vcd);
    assert_eq!(
        first,
        (froze - 500) * P,
        "starts the window before the freeze"
    );
    assert_eq!(
        last,
        (froze + FROZEN_TAIL) * P,
        "ends the frozen tail after it"
    );
    assert!(
        state < froze * P && state >= (froze - 100) * P,
        "inputs stop changing state just before the freeze: last change at cycle {}",
        state / P
    );
    let gtkw_path = flitwave::sim::gtkw::save_path(&vcd_path);
    let gtkw = std::fs::read_to_string(&gtkw_path).unwrap();
    // the marker at the freeze, named
    let star = gtkw.lines().find(|l| l.starts_with('*')).unwrap();
    let at: Vec<&str> = star.split_whitespace().skip(1).collect();
    assert_eq!(
        at,
        [(froze * P).to_string(), (froze * P).to_string()],
        "{star}"
    );
    assert!(gtkw.contains("\n[markername] AFROZE\n"), "{gtkw}");
    assert!(gtkw.contains(&format!("\n[timestart] {}\n", (froze - 500) * P)));
    // comment lines name the freeze and each input of the wait cycle by its scope, in order
    let notes = format!(
        "@200\n-DEADLOCK: frozen from cycle {froze}\n@200\n-detected at cycle {detected}\n\
         @200\n-wait cycle:\n"
    );
    assert!(gtkw.contains(&notes), "{gtkw}");
    let at: Vec<usize> = inputs
        .iter()
        .map(|i| gtkw.find(&format!("\n@200\n-{i} -> out_")).expect(i))
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "in the cycle's order");
    // exactly the wait cycle's routers open, first, in the order of the cycle
    let waiting: Vec<String> = {
        let mut w: Vec<String> = vec![];
        for i in &inputs {
            let sw = i.split('.').next().unwrap().to_string();
            if !w.contains(&sw) {
                w.push(sw);
            }
        }
        w
    };
    let g = groups(&gtkw);
    let top: Vec<&(String, u32)> = g.iter().filter(|(n, _)| !n.contains('.')).collect();
    let open_top: Vec<&str> = top
        .iter()
        .filter(|(_, f)| f & 0x400000 == 0)
        .map(|(n, _)| n.as_str())
        .collect();
    assert_eq!(open_top, waiting, "open top-level groups");
    let order: Vec<&str> = top
        .iter()
        .take(waiting.len())
        .map(|(n, _)| n.as_str())
        .collect();
    assert_eq!(order, waiting, "the waiting routers come first");
    assert!(top.len() > 16, "every switch and NIC has a group");
    for i in &inputs {
        let f = g
            .iter()
            .find(|(n, _)| n == i)
            .unwrap_or_else(|| panic!("{i}"));
        assert_eq!(f.1 & 0x400000, 0, "{i} open");
    }
    let lit = highlighted(&gtkw);
    for i in &inputs {
        let under = format!("network.{i}.");
        assert!(lit.iter().any(|t| t.starts_with(&under)), "{i} highlighted");
    }
    for t in &lit {
        assert!(
            inputs
                .iter()
                .any(|i| t.starts_with(&format!("network.{i}."))),
            "{t} highlighted but not waiting"
        );
    }
    // deterministic: the same run, the same bytes
    let again = d.join("again.vcd");
    let mut args = DEADLOCK_RUN.to_vec();
    args.extend(["--vcd-on-deadlock", common::arg(&again)]);
    let _ = flitwave(&args);
    assert_eq!(std::fs::read_to_string(&again).unwrap(), vcd);
    let gtkw2 = std::fs::read_to_string(flitwave::sim::gtkw::save_path(&again)).unwrap();
    assert_eq!(gtkw2.replace("again.", "dl."), gtkw);
}

/// On a vc router (a 4x4 vc torus with one VC per port and dimension-order routing deadlocks)
/// the waiting input's VC group opens too, its signals highlighted.
#[test]
fn a_vc_routers_deadlock_view_opens_the_waiting_vcs() {
    let d = dir("vc_deadlock");
    let vcd = d.join("vc.vcd");
    let (ok, out, err) = flitwave(&[
        "run",
        "--config",
        "configs/booksim-iq.toml",
        "--set",
        "topology.kind=\"torus\"",
        "--set",
        "topology.dims=\"4x4\"",
        "--routing",
        "dor",
        "--rate",
        "0.9",
        "--set",
        "switch.vcs=1",
        "--set",
        "watchdog_cycles=2000",
        "--cycles",
        "60000",
        "--deadlock-window",
        "300",
        "--vcd-on-deadlock",
        common::arg(&vcd),
    ]);
    assert!(!ok && err.contains("frozen from cycle"), "{err}");
    let (_, inputs) = wait_cycle(&out);
    assert!(inputs.len() >= 2, "{out}");
    let gtkw = std::fs::read_to_string(flitwave::sim::gtkw::save_path(&vcd)).unwrap();
    let g = groups(&gtkw);
    let lit = highlighted(&gtkw);
    for i in &inputs {
        let vc = format!("{i}.vc0");
        let f = g
            .iter()
            .find(|(n, _)| *n == vc)
            .unwrap_or_else(|| panic!("{vc}"));
        assert_eq!(f.1 & 0x400000, 0, "{vc} open");
        let under = format!("network.{vc}.");
        assert!(
            lit.iter().any(|t| t.starts_with(&under)),
            "{vc} highlighted"
        );
    }
}
