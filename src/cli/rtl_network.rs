//! `flitwave rtl network`: a mesh of the VC router's pipeline form in Verilog, built and run by
//! Verilator, against the model, cycle by cycle at every host (docs/rtl.md "A network in
//! Verilog").

use super::args::RtlNetworkArgs;
use super::run::{load_config_over, quote};
use flitwave::experiment::bench::BOOKSIM_IQ;
use flitwave::experiment::{build, sweep};
use flitwave::fabric::AnyNetwork;
use flitwave::hdl::eda::network as vnet;
use flitwave::hdl::vc_router::network::{self as rec, Event, Kind};
use flitwave::hdl::vc_router::network_wave;
use flitwave::sim::trace::TraceConfig;
use flitwave::{Error, Result};
use std::path::PathBuf;
use std::time::Instant;

pub(crate) fn cmd_network(a: RtlNetworkArgs) -> Result<()> {
    let base = load_config_over(&a.sim, &[], &[], BOOKSIM_IQ)?;
    let rates = match &a.rates {
        Some(r) => sweep::parse_rates(r)?,
        None => vec![base.traffic.rate],
    };
    let window = a
        .vcd_window
        .as_deref()
        .map(super::run::parse_window)
        .transpose()?;
    if a.vcd.is_none() && window.is_some() {
        return Err(Error::new("--vcd-window needs --vcd FILE"));
    }
    if let Some((start, _)) = window.filter(|w| w.0 >= base.cycles) {
        return Err(Error::field(
            "--vcd-window",
            format!(
                "starts at cycle {start}, after the run's last cycle {}; allowed: a window that starts below {}",
                base.cycles - 1,
                base.cycles
            ),
        ));
    }
    // every rate's network built and watched before a file is written
    let mut runs = vec![];
    for rate in &rates {
        let over = [format!("traffic.rate={rate:?}")];
        let cfg = load_config_over(&a.sim, &[], &over, BOOKSIM_IQ)?;
        let b = build::build(&cfg)?;
        let topo = b.topology;
        let AnyNetwork::Vc(net) = b.network else {
            return Err(Error::field(
                "switch.family",
                format!(
                    "{}: the routers in Verilog are the vc family's (switch.family = \"vc\")",
                    quote(&cfg.switch.family)
                ),
            ));
        };
        let (mesh, ports) = rec::attach(&net, &topo)?;
        runs.push((*rate, cfg, topo, net, mesh, ports));
    }
    let srcs = vnet::sources(&a.dir)?;
    let files = vnet::stage_sources(&srcs, &a.output)?;
    let mut exe: Option<PathBuf> = None;
    // Verilator's own trace of the first rate
    let raw_of = |rate: f64| a.output.join(format!("{}_{rate}.vcd", vnet::TOP));
    let mut failed = 0u64;
    outln!(
        "{:>8} {:>9} {:>5} {:>9} {:>9} {:>11} {:>9} {:>9}",
        "rate",
        "accepted",
        "sat",
        "ejected",
        "credits",
        "differences",
        "model s",
        "verilog s"
    );
    for (i, (rate, cfg, topo, mut net, mesh, ports)) in runs.into_iter().enumerate() {
        let t0 = Instant::now();
        let events = rec::run(&mut net, &ports, cfg.cycles);
        let model_s = t0.elapsed().as_secs_f64();
        let cycles = net.now();
        let s = net.summary();
        let tag = format!("{rate}");
        let mut head = super::run::waveform_provenance(&cfg)?;
        head.insert(
            2,
            format!(
                "{}x{} mesh, link fly {} cycles, traffic.rate {rate}, {cycles} cycles",
                mesh.nx, mesh.ny, mesh.fly
            ),
        );
        let vectors = a.output.join(format!("vectors_{tag}.txt"));
        let model_log = a.output.join(format!("model_{tag}.txt"));
        let rtl_log = a.output.join(format!("verilog_{tag}.txt"));
        let (inputs, model): (Vec<Event>, Vec<Event>) =
            events.into_iter().partition(|e| e.kind.is_input());
        vnet::write_events(&vectors, &head, inputs.iter())?;
        vnet::write_events(&model_log, &head, model.iter())?;
        // one build for every rate (the mesh is the same); with a waveform asked for, it traces
        let exe = match &exe {
            Some(e) => e,
            None => {
                super::progress::announce(&format!(
                    "rtl network: building the {}x{} mesh with Verilator in {}",
                    mesh.nx,
                    mesh.ny,
                    a.output.display()
                ));
                exe.insert(vnet::build(&a.output, &files, mesh, a.vcd.is_some())?)
            }
        };
        let t1 = Instant::now();
        // the first rate traced: Verilator's own trace, then the model's names on it
        let raw = raw_of(rate);
        let vcd = a.vcd.as_ref().filter(|_| i == 0);
        let span = window.unwrap_or((0, cycles));
        vnet::run(
            exe,
            &vectors,
            &rtl_log,
            cycles,
            vcd.map(|_| (raw.as_path(), span)),
        )?;
        let rtl_s = t1.elapsed().as_secs_f64();
        if let Some(v) = vcd {
            let tc = TraceConfig {
                scopes: vec![],
                window,
                period_ps: (cfg.link.clock_ns * 1000.0).round() as u64,
                provenance: super::run::waveform_provenance(&cfg)?,
            };
            network_wave::write(&net, &topo, (&raw, v), cycles, tc)?;
        }
        let rtl = vnet::read_events(&rtl_log)?;
        let c = rec::compare(&model, &rtl);
        outln!(
            "{:>8} {:>9.4} {:>5} {:>9} {:>9} {:>11} {:>9.2} {:>9.2}",
            rate,
            s.accepted_flits_per_cycle_per_host,
            if s.saturated { "yes" } else { "no" },
            c.flits,
            c.credits,
            c.differences,
            model_s,
            rtl_s
        );
        for (m, r) in &c.first {
            let say = |e: &Event| {
                let what = match e.kind {
                    Kind::FlitOut => "ejects flit",
                    _ => "sends credit",
                };
                format!(
                    "cycle {} router {} {what} (VC {}, word {:x})",
                    e.cycle, e.router, e.vc, e.word
                )
            };
            match (m, r) {
                (Some(m), None) => outln!("  model only:   {}", say(m)),
                (None, Some(r)) => outln!("  verilog only: {}", say(r)),
                _ => {}
            }
        }
        failed += c.differences;
        if c.flits == 0 {
            return Err(Error::new(format!(
                "rate {rate}: no flit was ejected in {cycles} cycles: nothing compared (raise traffic.rate or cycles)"
            )));
        }
    }
    outln!(
        "files: {} (vectors_R.txt played to the hosts, model_R.txt and verilog_R.txt what the routers drove them)",
        a.output.display()
    );
    if let Some(v) = &a.vcd {
        outln!(
            "waveform of the Verilog mesh at rate {} under the model's names: {} (open: gtkwave {}); Verilator's own trace: {}",
            rates[0],
            v.display(),
            flitwave::sim::gtkw::save_path(v).display(),
            raw_of(rates[0]).display()
        );
    }
    if failed > 0 {
        return Err(Error::new(format!(
            "the Verilog mesh differs from the model in {failed} events"
        )));
    }
    outln!("the Verilog mesh ejected every flit in the model's cycle: 0 differences");
    Ok(())
}
