//! `flitwave plot STORE`: curves from a result store, drawn as SVG and printed as a table.

use super::args::PlotArgs;
use flitwave::error::{Error, Result};
use flitwave::experiment::plot::{chart, YScale};
use flitwave::experiment::store;
use flitwave::experiment::store_plot::{curves, Spec};
use flitwave::stats::number::{fmt_mean_ci, fmt_num};

pub(crate) fn cmd_plot(a: PlotArgs) -> Result<()> {
    if a.output.extension().and_then(|e| e.to_str()) != Some("svg") {
        return Err(Error::field(
            "--output",
            format!("{}: the plot is SVG, name it FILE.svg", a.output.display()),
        ));
    }
    let loaded = store::read(&a.store, false)?;
    if loaded.records.is_empty() {
        return Err(Error::new(format!(
            "{}: the store holds no records",
            a.store.display()
        )));
    }
    let spec = Spec {
        x: a.x.clone(),
        y: a.y.clone(),
        by: a.by.clone(),
        y_scale: match a.y_scale.as_str() {
            "log" => YScale::Log,
            "linear" => YScale::Linear,
            _ => YScale::Auto,
        },
    };
    let p = curves(&loaded.records, &spec)?;
    let name = a
        .store
        .file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into_owned());
    let title = a
        .title
        .clone()
        .unwrap_or_else(|| format!("{} vs {} ({name})", a.y, a.x));
    chart(&a.output, &title, &a.x, &a.y, &p.curves, p.y_scale)?;
    outln!(
        "{} curve(s) by {}; y scale {}",
        p.curves.len(),
        if p.by.is_empty() {
            "nothing".to_string()
        } else {
            p.by.join(", ")
        },
        if p.y_scale == YScale::Log {
            "log"
        } else {
            "linear"
        }
    );
    outln!(
        "curve | {} | {} (mean ± 95 % CI) | seeds | saturated",
        a.x,
        a.y
    );
    for c in &p.curves {
        for pt in &c.points {
            let h = (pt.n > 1).then_some((pt.hi - pt.lo) / 2.0);
            outln!(
                "{} | {} | {} | {} | {}",
                c.label,
                fmt_num(pt.x),
                fmt_mean_ci(pt.y, h),
                pt.n,
                if pt.saturated { "yes" } else { "no" }
            );
        }
    }
    errln!("wrote {}", a.output.display());
    Ok(())
}
