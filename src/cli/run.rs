//! `flitwave run` (and the `fattree` shorthand): one simulation of any switch family from one
//! configuration — summary, JSON with the configuration and version, waveforms, the deadlock
//! waveform, RTL twins in situ.

use super::args::{RunArgs, RunOut, SeedArgs, SimArgs};
use super::simulate::{headline, simulate, trace_cycles, wave_format};
use flitwave::experiment::build;
use flitwave::experiment::config::Config;
use flitwave::experiment::provenance::provenance;
use flitwave::experiment::validate::{error_keys, sets_key};
use flitwave::sim::trace::{TraceConfig, Tracer};
use flitwave::with_network;
use flitwave::{Error, Result};

/// Cycles a deadlock waveform goes on after the network froze (nothing moves in them): the
/// frozen state shows without the watchdog's whole wait.
pub const FROZEN_TAIL: u64 = 200;

/// Most cycles a deadlock waveform may cover.
const MAX_WINDOW: u64 = 10_000_000;

/// A TOML string literal.
pub(crate) fn quote(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

/// The configuration `a` describes: `preset` (a shorthand's own values), then the file or the
/// embedded default, then `--set`, then the shorthand flags. `--cycles` sets the warm-up to a
/// tenth of it unless a warm-up is given. A `[topology]` key given for another kind than the
/// one in force is refused ([`Config::check_topology_keys`]).
pub(crate) fn load_config(a: &SimArgs, preset: &[String]) -> Result<Config> {
    load_config_with(a, preset, &[])
}

/// [`load_config`] with `extra` overrides applied last (a `--grid` point).
pub(crate) fn load_config_with(a: &SimArgs, preset: &[String], extra: &[String]) -> Result<Config> {
    load_config_over(a, preset, extra, flitwave::experiment::config::DEFAULT_TOML)
}

/// [`load_config_with`] on `default_toml` in place of the embedded default when no file is
/// given.
pub(crate) fn load_config_over(
    a: &SimArgs,
    preset: &[String],
    extra: &[String],
    default_toml: &str,
) -> Result<Config> {
    let mut o: Vec<String> = preset.to_vec();
    o.extend(a.set.iter().cloned());
    let mut put = |k: &str, v: Option<String>| {
        if let Some(v) = v {
            o.push(format!("{k}={v}"));
        }
    };
    put("seed", a.seed.map(|x| quote(&x.to_string())));
    put("switch.family", a.family.as_deref().map(quote));
    put("routing.algorithm", a.routing.as_deref().map(quote));
    put("routing.paths", a.paths.as_deref().map(quote));
    put("routing.selection", a.selection.as_deref().map(quote));
    put("routing.restriction", a.restriction.as_deref().map(quote));
    put("routing.tie", a.tie.as_deref().map(quote));
    put("routing.classes", a.classes.as_deref().map(quote));
    put("routing.layers", a.layers.map(|x| x.to_string()));
    put("traffic.pattern", a.pattern.as_deref().map(quote));
    put("traffic.rate", a.rate.map(float));
    put(
        "traffic.message_bytes",
        a.message_bytes.map(|x| x.to_string()),
    );
    put("link.flit_bytes", a.flit_bytes.map(|x| x.to_string()));
    put(
        "traffic.trace",
        a.trace.as_ref().map(|p| quote(&p.display().to_string())),
    );
    put("traffic.storage_us", a.storage_us.map(float));
    put("traffic.compression", a.compression.map(float));
    if let Some(c) = a.cycles {
        o.push(format!("cycles={c}"));
        let warmup_given =
            a.warmup.is_some() || a.set.iter().any(|s| s.trim_start().starts_with("warmup"));
        if !warmup_given {
            o.push(format!("warmup={}", c / 10));
        }
    }
    if let Some(w) = a.warmup {
        o.push(format!("warmup={w}"));
    }
    if let Some(f) = &a.topology_file {
        o.push("topology.kind=\"file\"".into());
        o.push(format!("topology.file={}", quote(&f.display().to_string())));
    }
    o.extend(extra.iter().cloned());
    let cfg = match &a.config {
        Some(p) => Config::load(p, &o),
        None => Config::from_user_toml(default_toml, &o),
    };
    cfg.map_err(|e| name_flag(e, a, preset))
}

/// The configuration keys of the shorthand flags.
const FLAGS: [(&str, &str); 22] = [
    ("seed", "--seed"),
    ("cycles", "--cycles"),
    ("warmup", "--warmup"),
    ("switch.family", "--family"),
    ("routing.algorithm", "--routing"),
    ("routing.paths", "--paths"),
    ("routing.selection", "--selection"),
    ("routing.restriction", "--restriction"),
    ("routing.tie", "--tie"),
    ("routing.classes", "--classes"),
    ("routing.layers", "--layers"),
    ("traffic.pattern", "--pattern"),
    ("traffic.rate", "--rate"),
    ("traffic.message_bytes", "--message-bytes"),
    ("link.flit_bytes", "--flit-bytes"),
    ("traffic.trace", "--trace"),
    ("traffic.storage_us", "--storage-us"),
    ("traffic.compression", "--compression"),
    ("topology.k", "--k"),
    ("topology.n", "--n"),
    ("nic.ack", "--ack"),
    ("nic.reorder_bytes", "--reorder-kb"),
];

/// An error about a key the user gave on the command line names what gave it, the flag or the
/// `--set`: `traffic.rate (--rate): ...`, `switch.vcs (--set switch.vcs="two"): ...`; the last
/// one applied wins (flags after `--set`). An error about warm-up against cycles names both.
fn name_flag(e: Error, a: &SimArgs, preset: &[String]) -> Error {
    let msg = e.message();
    let flag_given = |key: &str, flag: &str| -> bool {
        let set = |v: &String| v.split_once('=').is_some_and(|(k, _)| k.trim() == key);
        match flag {
            "--seed" => a.seed.is_some(),
            "--cycles" => a.cycles.is_some(),
            "--warmup" => a.warmup.is_some(),
            "--family" => a.family.is_some(),
            "--routing" => a.routing.is_some(),
            "--paths" => a.paths.is_some(),
            "--selection" => a.selection.is_some(),
            "--restriction" => a.restriction.is_some(),
            "--tie" => a.tie.is_some(),
            "--classes" => a.classes.is_some(),
            "--layers" => a.layers.is_some(),
            "--pattern" => a.pattern.is_some(),
            "--rate" => a.rate.is_some(),
            "--message-bytes" => a.message_bytes.is_some(),
            "--flit-bytes" => a.flit_bytes.is_some(),
            "--trace" => a.trace.is_some(),
            "--storage-us" => a.storage_us.is_some(),
            "--compression" => a.compression.is_some(),
            _ => preset.iter().any(set),
        }
    };
    // every command-line source of a key, in the order applied: (key=value, what gave it)
    let mut given: Vec<(String, String)> = a
        .set
        .iter()
        .map(|s| (s.clone(), format!("--set {}", s.trim())))
        .collect();
    for (key, flag) in FLAGS {
        if flag_given(key, flag) {
            given.push((format!("{key}="), flag.to_string()));
        }
    }
    let Some(keys) = error_keys(msg) else {
        return e;
    };
    let mut labels: Vec<&str> = vec![];
    for k in &keys {
        let last = given.iter().rev().find(|(kv, _)| {
            kv.split_once('=')
                .is_some_and(|(g, _)| sets_key(g.trim(), k))
        });
        if let Some((_, l)) = last {
            if !labels.contains(&l.as_str()) && !msg.contains(l.as_str()) {
                labels.push(l);
            }
        }
    }
    if labels.is_empty() {
        return e;
    }
    let key = keys[0];
    Error::new(format!(
        "{key} ({}){}",
        labels.join(", "),
        &msg[key.len()..]
    ))
}

/// A float as TOML: NaN and infinities pass as such (and are then refused by validation).
fn float(x: f64) -> String {
    if x.is_finite() {
        format!("{x:?}")
    } else {
        quote(&x.to_string())
    }
}

/// `START..END` with START < END.
pub(crate) fn parse_window(s: &str) -> Result<(u64, u64)> {
    let bad = || {
        Error::field(
            "--vcd-window",
            format!("{s:?}: expected START..END with START < END, e.g. 1000..3000"),
        )
    };
    let (a, b) = s.split_once("..").ok_or_else(bad)?;
    let a: u64 = a.trim().parse().map_err(|_| bad())?;
    let b: u64 = b.trim().parse().map_err(|_| bad())?;
    if a >= b {
        return Err(bad());
    }
    Ok((a, b))
}

pub(crate) fn cmd_run(a: RunArgs) -> Result<()> {
    let cfg = load_config(&a.sim, &[])?;
    note_foreign_keys(&a.sim, &[], &cfg);
    run_config(&cfg, &a.out, a.rtl_switch, &a.par)
}

/// Say on standard error which keys given for this run another switch family owns: the
/// family in force does not read them (a sweep's base may carry several families' keys; a
/// run's configuration names one).
pub(crate) fn note_foreign_keys(a: &SimArgs, preset: &[String], cfg: &Config) {
    // the keys the user gave: their file's and the overrides (not the embedded default's)
    let text = match &a.config {
        Some(p) => std::fs::read_to_string(p).unwrap_or_default(),
        None => String::new(),
    };
    let mut o: Vec<String> = preset.to_vec();
    o.extend(a.set.iter().cloned());
    for (key, owner) in Config::foreign_keys(&text, &o, &cfg.switch.family) {
        super::out::error(&format!(
            "note: {key} is a key of the {owner}; this run's switch.family is {:?}, which does not read it",
            cfg.switch.family
        ));
    }
}

/// Run `cfg` and report as `o` asks (several seeds: [`super::seeds::run_seeds`]).
pub(crate) fn run_config(
    cfg: &Config,
    o: &RunOut,
    rtl_switch: Option<usize>,
    par: &SeedArgs,
) -> Result<()> {
    if o.print_config {
        // [topology] with the kind's keys only: the output loads back with --config
        out!("{}", cfg.to_user_toml()?);
        return Ok(());
    }
    let seeds = flitwave::experiment::campaign::seed_list(cfg.seed, par.seeds)?;
    if seeds.len() > 1 {
        return super::seeds::run_seeds(cfg, o, rtl_switch, &seeds, par.threads);
    }
    let window = o.vcd_window.as_deref().map(parse_window).transpose()?;
    if !(1..=MAX_WINDOW).contains(&o.deadlock_window) {
        return Err(Error::field(
            "--deadlock-window",
            format!(
                "{} is out of range, allowed 1..={MAX_WINDOW} cycles",
                o.deadlock_window
            ),
        ));
    }
    if o.vcd.is_none() && window.is_some() {
        return Err(Error::new("--vcd-window needs --vcd FILE"));
    }
    if o.vcd.is_none() && o.vcd_on_deadlock.is_none() && !o.vcd_scope.is_empty() {
        return Err(Error::new(
            "--vcd-scope needs --vcd FILE or --vcd-on-deadlock FILE",
        ));
    }
    if o.vcd.is_none() && o.vcd_on_deadlock.is_none() && o.wave_format.is_some() {
        return Err(Error::new(
            "--wave-format needs --vcd FILE or --vcd-on-deadlock FILE",
        ));
    }
    for p in [&o.vcd, &o.vcd_on_deadlock].into_iter().flatten() {
        wave_format(p, o)?;
    }
    let heatmap = o.heatmap.as_deref().map(heatmap_file).transpose()?;
    let b = build::build(cfg)?;
    let shape = flitwave::topology::fattree::shape_name(&b.topology.shape);
    let mut net = b.network;
    if let Some(sw) = rtl_switch {
        flitwave::hdl::insitu::attach_any(&mut net, &b.topology, sw)?;
    }
    let limit = build::run_limit(cfg, &net);
    if let Some((start, _)) = window.filter(|w| w.0 >= limit) {
        return Err(Error::field(
            "--vcd-window",
            format!(
                "starts at cycle {start}, after the run's last cycle {}; allowed: a window that starts below {limit}",
                limit - 1
            ),
        ));
    }
    let made = waveform_provenance(cfg)?;
    let tc = |window| TraceConfig {
        scopes: o.vcd_scope.clone(),
        window,
        period_ps: (cfg.link.clock_ns * 1000.0).round() as u64,
        provenance: made.clone(),
    };
    let threads = super::simulate::run_threads(par.threads)?;
    with_network!(&mut net, n => n.set_threads(threads));
    super::progress::announce(&format!(
        "run: {limit} cycles of {} switches and {} hosts ({} family, {} routing, {} at {})",
        b.topology.switches,
        b.topology.num_hosts(),
        cfg.switch.family,
        cfg.routing.algorithm,
        cfg.traffic.pattern,
        cfg.traffic.rate
    ));
    let t0 = std::time::Instant::now();
    let s = with_network!(&mut net, n => simulate(n, o, tc(window), limit))?;
    let secs = t0.elapsed().as_secs_f64();
    let tallies = flitwave::hdl::insitu::report(&net);
    let twins_ok = tallies.iter().all(|t| t.mismatches == 0);
    if !tallies.is_empty() {
        let calls: u64 = tallies.iter().map(|t| t.calls).sum();
        let bad: u64 = tallies.iter().map(|t| t.mismatches).sum();
        errln!(
            "rtl twins        {} in situ, {calls} cycles/grants compared with their models, {bad} disagreements",
            tallies.len()
        );
        if let Some(f) = tallies.iter().find_map(|t| t.first.as_ref()) {
            errln!("  first: {f}");
        }
    }
    let focus = with_network!(&net, n => n.deadlock_focus());
    if let (Some(path), Some(focus)) = (&o.vcd_on_deadlock, focus) {
        // replay with the window traced (same config, same seed): the deadlock_window cycles
        // before the freeze and a short frozen tail, not the watchdog's whole wait
        let froze = focus.marker;
        let end = froze.saturating_add(FROZEN_TAIL).min(s.cycles);
        let start = froze.saturating_sub(o.deadlock_window);
        let rb = build::build(cfg)?;
        let mut replay = rb.network;
        if let Some(sw) = rtl_switch {
            flitwave::hdl::insitu::attach_any(&mut replay, &rb.topology, sw)?;
        }
        let c = tc(Some((start, end)));
        with_network!(&mut replay, r => r.set_threads(threads));
        with_network!(&mut replay, r => {
            let mut tr = Tracer::create(path, wave_format(path, o)?, "network", r, c.clone())?;
            trace_cycles(r, &mut tr, &c, end)?;
            tr.focus(focus);
            tr.finish()
        })?;
        errln!(
            "deadlock waveform (cycles {start}..{end}, frozen from cycle {froze}) written to {} (open: gtkwave {})",
            path.display(),
            flitwave::sim::gtkw::save_path(path).display()
        );
    }
    if let (Some(file), Some(path)) = (heatmap, &o.heatmap) {
        let loads = with_network!(&net, n => n.link_loads());
        let Some(loads) = loads.filter(|_| s.cycles > s.warmup) else {
            return Err(Error::field(
                "--heatmap",
                format!(
                    "the run stopped at cycle {}, before its measurement window (warm-up {}); {} not written",
                    s.cycles,
                    s.warmup,
                    path.display()
                ),
            ));
        };
        let fig = flitwave::stats::heatmap::Figure {
            topo: &b.topology,
            loads: &loads,
            title: format!(
                "{} family, {shape}, routing {}, {} traffic at {:.4} flits/cycle/host, seed {}",
                cfg.switch.family,
                cfg.routing.algorithm,
                cfg.traffic.pattern,
                s.offered_flits_per_cycle_per_host,
                cfg.seed
            ),
            subtitle: format!(
                "link utilisation over the measurement window, cycles {}..{} ({} cycles); {} switches, {} hosts, {} links (each direction one arrow or cell)",
                s.warmup,
                s.cycles,
                s.cycles - s.warmup,
                s.switches,
                s.hosts,
                loads.len()
            ),
        };
        std::fs::write(file.tmp(), flitwave::stats::heatmap::svg(&fig))
            .map_err(|e| Error::new(format!("cannot write {}: {e}", path.display())))?;
        file.commit()?;
        errln!("heat map written to {}", path.display());
    }
    if let Some(to) = &o.json {
        let v = serde_json::json!({
            "flitwave": provenance(),
            "seed": cfg.seed,
            "config": cfg,
            "summary": s,
        });
        super::json::write_json(to, &v)?;
    }
    if !super::json::json_only(&o.json) {
        outln!("{}, seed {}", headline(cfg, &shape), cfg.seed);
        out!("{}", s.report());
        if (cfg.traffic.trace.is_some() || cfg.traffic.storage_us.is_some())
            && s.execution_cycles.is_none()
        {
            outln!("workload         NOT finished within {} cycles", s.cycles);
        }
        let on = with_network!(&net, n => n.threads());
        let on = if on > 1 {
            format!(", {on} threads")
        } else {
            String::new()
        };
        outln!(
            "{}{on}",
            flitwave::stats::speed_line(secs, s.switches, s.cycles)
        );
    }
    if !s.healthy() {
        return Err(Error::new(
            "the run violated an invariant or deadlocked (see above)",
        ));
    }
    if !twins_ok {
        return Err(Error::new(
            "an RTL twin disagreed with its model (see above)",
        ));
    }
    Ok(())
}

/// The heat map's file, checked before the run: a name ending in `.svg`, not a directory;
/// written under a temporary name (an existing file is replaced only by a complete one).
fn heatmap_file(p: &std::path::Path) -> Result<flitwave::output::PartialFile> {
    if p.extension().is_none_or(|e| !e.eq_ignore_ascii_case("svg")) {
        return Err(Error::field(
            "--heatmap",
            format!("{}: allowed: a file name ending in .svg", p.display()),
        ));
    }
    if p.is_dir() {
        return Err(Error::field(
            "--heatmap",
            format!(
                "{} is a directory; allowed: a file name ending in .svg",
                p.display()
            ),
        ));
    }
    let f = flitwave::output::PartialFile::new(p)
        .map_err(|e| Error::field("--heatmap", e.message()))?;
    std::fs::File::create(f.tmp())
        .map_err(|e| Error::field("--heatmap", format!("cannot create {}: {e}", p.display())))?;
    Ok(f)
}

/// What a run's waveform records of what made it: the program and commit, the seed, the
/// configuration's hash (a store record's `config_hash`) and the configuration itself.
pub(crate) fn waveform_provenance(cfg: &Config) -> Result<Vec<String>> {
    let json = serde_json::to_string(cfg).map_err(|e| Error::new(e.to_string()))?;
    Ok(vec![
        flitwave::output::made_by(),
        format!("seed {}", cfg.seed),
        format!("config hash {}", flitwave::experiment::store::hash_of(cfg)?),
        format!("config {json}"),
    ])
}
