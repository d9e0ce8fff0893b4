//! The router mesh in Verilog, built and run by Verilator (`flitwave rtl network`, docs/rtl.md
//! "A network in Verilog"): the mesh (`rtl/network/fw_vc_mesh.v`, its links
//! `fw_vc_link.v`) of the router's pipeline form (`rtl/stages/vc_router/`), and the C++
//! harness (`rtl/network/fw_vc_mesh_tb.cpp`) that plays the hosts' vectors and logs what the
//! routers drive to them. Verilator builds with `-Wall`: a warning fails the build.

use super::tool;
use crate::error::{Error, Result};
use crate::hdl::vc_router::network::{Event, Mesh};
use std::path::{Path, PathBuf};

/// The harness's file under `rtl/network/`.
pub const HARNESS: &str = "fw_vc_mesh_tb.cpp";
/// The mesh's top module; the harness's executable is `V` and this.
pub const TOP: &str = "fw_vc_mesh";
/// Flit word bits in the mesh: the twin's word with the packet index (`SIM_FLIT`).
pub const FLIT_W: usize = crate::hdl::vc_router::SIM_FLIT;

/// The sources, in `rtl_dir`: the mesh's Verilog and harness, the router's stages.
pub fn sources(rtl_dir: &Path) -> Result<Vec<PathBuf>> {
    let net = rtl_dir.join("network");
    let mut v = vec![];
    for d in [net.clone(), super::stages::dir(rtl_dir, "vc_router")] {
        let rd = std::fs::read_dir(&d).map_err(|e| {
            Error::field(
                "--dir",
                format!(
                    "cannot read {}: {e} (the mesh in Verilog is rtl/network/ and the router's stages rtl/stages/vc_router/ of the flitwave checkout)",
                    d.display()
                ),
            )
        })?;
        let mut files: Vec<PathBuf> = rd
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "v"))
            .collect();
        files.sort();
        v.extend(files);
    }
    let h = net.join(HARNESS);
    if !h.is_file() || !v.iter().any(|p| p.ends_with(format!("{TOP}.v"))) {
        return Err(Error::field(
            "--dir",
            format!(
                "{} lacks {TOP}.v or {HARNESS}: give the directory of the flitwave checkout's Verilog (rtl)",
                net.display()
            ),
        ));
    }
    v.push(h);
    Ok(v)
}

/// Copy the sources into the work directory `work` (created if missing; refused when it holds
/// Verilog files of other names, which Verilator would not build but a user's `*.v` would).
pub fn stage_sources(srcs: &[PathBuf], work: &Path) -> Result<Vec<PathBuf>> {
    let ours: Vec<String> = srcs
        .iter()
        .filter_map(|p| Some(p.file_name()?.to_string_lossy().into_owned()))
        .collect();
    let names: Vec<&str> = ours.iter().map(String::as_str).collect();
    super::bench::own_dir(work, &names)?;
    let mut copied = vec![];
    for (s, n) in srcs.iter().zip(&ours) {
        let text = std::fs::read_to_string(s)
            .map_err(|e| Error::new(format!("cannot read {}: {e}", s.display())))?;
        let p = work.join(n);
        crate::output::write(&p, &text)?;
        copied.push(p);
    }
    Ok(copied)
}

/// Build the harness of `mesh` from the sources copied into `work` (with waveform tracing when
/// `trace`); its executable. The build is `work/obj` (or `obj_trace`), reused by make when
/// nothing changed.
pub fn build(work: &Path, files: &[PathBuf], mesh: Mesh, trace: bool) -> Result<PathBuf> {
    let obj = if trace { "obj_trace" } else { "obj" };
    let exe = format!("V{TOP}");
    let cflags = format!(
        "-O1 -DFW_NX={} -DFW_NY={} -DFW_FLIT_W={FLIT_W}",
        mesh.nx, mesh.ny
    );
    let params = [
        format!("-GNX={}", mesh.nx),
        format!("-GNY={}", mesh.ny),
        format!("-GFLY={}", mesh.fly),
        format!("-GFLIT_W={FLIT_W}"),
    ];
    let names: Vec<String> = files
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    let mut args: Vec<&str> = vec![
        "--cc",
        "--exe",
        "--build",
        "-Wall",
        "-j",
        "2",
        "--top-module",
        TOP,
        "-Mdir",
        obj,
        "-o",
        &exe,
        "-CFLAGS",
        &cflags,
    ];
    if trace {
        args.push("--trace");
    }
    args.extend(params.iter().map(String::as_str));
    args.extend(names.iter().map(String::as_str));
    // the same build by hand, in the work directory: `sh build.sh`
    let quoted: Vec<String> = args
        .iter()
        .map(|a| {
            if a.contains(' ') {
                format!("'{a}'")
            } else {
                a.to_string()
            }
        })
        .collect();
    let script = format!(
        "#!/bin/sh\n# The {}x{} mesh of fw_vc_router with links of {} cycles, built by Verilator as \
         `flitwave rtl network` builds it;\n# run: {obj}/{exe} VECTORS LOG CYCLES [VCD [START END]] \
         (rtl/network/fw_vc_mesh_tb.cpp)\nset -e\ncd \"$(dirname \"$0\")\"\nverilator {}\n",
        mesh.nx,
        mesh.ny,
        mesh.fly,
        quoted.join(" ")
    );
    crate::output::write(
        &work.join(if trace { "build_trace.sh" } else { "build.sh" }),
        script,
    )?;
    let (ok, text) = tool("verilator", &args, work)?;
    let built = work.join(obj).join(&exe);
    if !ok || !built.is_file() {
        let tail: Vec<&str> = text.lines().rev().take(30).collect();
        return Err(Error::new(format!(
            "verilator did not build the mesh in {} (verilator {}):\n{}",
            work.display(),
            args.join(" "),
            tail.into_iter().rev().collect::<Vec<_>>().join("\n")
        )));
    }
    Ok(built)
}

/// Run the harness `exe` over `cycles` cycles of `vectors`, logging to `log` (and the
/// waveform of the cycles `window` to `vcd`).
pub fn run(
    exe: &Path,
    vectors: &Path,
    log: &Path,
    cycles: u64,
    vcd: Option<(&Path, (u64, u64))>,
) -> Result<()> {
    let n = cycles.to_string();
    let mut args: Vec<std::ffi::OsString> =
        vec![vectors.as_os_str().into(), log.as_os_str().into(), n.into()];
    if let Some((v, (from, to))) = vcd {
        args.push(v.as_os_str().into());
        args.push(from.to_string().into());
        args.push(to.to_string().into());
    }
    let out = std::process::Command::new(exe)
        .args(&args)
        .output()
        .map_err(|e| Error::new(format!("cannot run {}: {e}", exe.display())))?;
    if !out.status.success() {
        return Err(Error::new(format!(
            "the mesh's harness {} failed ({}): {}",
            exe.display(),
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        )));
    }
    Ok(())
}

/// The events of a log or vector file, sorted; lines starting with `#` are comments.
pub fn read_events(path: &Path) -> Result<Vec<Event>> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Error::new(format!("cannot read {}: {e}", path.display())))?;
    let mut v = vec![];
    for (i, l) in text.lines().enumerate() {
        if l.starts_with('#') || l.trim().is_empty() {
            continue;
        }
        v.push(Event::parse(l, &format!("{}:{}", path.display(), i + 1))?);
    }
    v.sort_unstable();
    Ok(v)
}

/// Write `events` to `path`, one a line, after the comment lines `head`.
pub fn write_events<'a>(
    path: &Path,
    head: &[String],
    events: impl Iterator<Item = &'a Event>,
) -> Result<()> {
    let mut text = String::new();
    for h in head {
        for l in h.lines() {
            text.push_str("# ");
            text.push_str(l);
            text.push('\n');
        }
    }
    for e in events {
        text.push_str(&e.line());
        text.push('\n');
    }
    crate::output::write(path, &text)
}
