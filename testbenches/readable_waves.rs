//! Readable waveforms: a mesh's or torus's router ports are named by direction (`in_xp`,
//! `out_local`) as the topology wires them, in the VCD and in its GTKWave save file.

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
