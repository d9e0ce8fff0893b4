//! GTKWave save files (`.gtkw`) to open a flitwave VCD with chosen signals already shown.

use crate::error::Result;
use std::path::Path;

/// Write a minimal GTKWave save file at `path` that opens `vcd_file_name` and shows `signals`
/// (full dotted names as GTKWave spells them, vectors with `[msb:lsb]`, e.g. from
/// [`super::trace::Tracer::signal_names`]), grouped by scope, with the scope tree expanded. Vectors are shown
/// in unsigned decimal, other signals in signed decimal (integers), bits and strings as is.
/// The zoom shows about 100 cycles of `period_ps` (use the trace's [`super::trace::TraceConfig::period_ps`]).
pub fn write_gtkw(
    path: &Path,
    vcd_file_name: &str,
    signals: &[String],
    period_ps: u64,
) -> Result<()> {
    // Zoom level measured with GTKWave 3.3: `1.5 - log2(span)` shows about `span` time units.
    let zoom = ((1.5 - ((100 * period_ps.max(1)) as f64).log2()) * 4.0).round() / 4.0;
    let mut s = format!("[dumpfile] \"{vcd_file_name}\"\n*{zoom:.6} 0\n");
    let base = |sig: &'_ String| sig.split('[').next().unwrap_or_default().to_string();
    let mut open = std::collections::BTreeSet::new();
    for b in signals.iter().map(base) {
        let comps: Vec<&str> = b.split('.').collect();
        open.extend((1..comps.len()).map(|k| comps[..k].join(".") + "."));
    }
    for t in &open {
        s += &format!("[treeopen] {t}\n");
    }
    // Group consecutive signals by scope (without the root), e.g. "sw1.in0".
    let mut group = String::new();
    for sig in signals {
        let b = base(sig);
        let scope = b.rsplit_once('.').map_or("", |(a, _)| a);
        let label = scope.split_once('.').map_or("", |(_, g)| g);
        if group != label {
            if !group.is_empty() {
                s += &format!("@1000200\n-{group}\n");
            }
            if !label.is_empty() {
                s += &format!("@800200\n-{label}\n");
            }
            group = label.to_string();
        }
        s += if sig.ends_with(']') {
            "@24\n"
        } else {
            "@424\n"
        };
        s += sig;
        s += "\n";
    }
    if !group.is_empty() {
        s += &format!("@1000200\n-{group}\n");
    }
    crate::output::write(path, s)
}
