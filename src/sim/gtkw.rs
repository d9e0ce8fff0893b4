//! GTKWave save files (`.gtkw`) written beside every flitwave VCD, so the waveform opens with
//! its signals shown, grouped by scope, zoomed to the traced window, with readable formats.
//!
//! The file is relative and deterministic: `[dumpfile]` and `[savefile]` name the files without
//! a directory (with a `[savefile]` line GTKWave resolves the dump file and the translate filter
//! files against the save file's own folder, wherever it is launched from).

use crate::error::Result;
use std::path::Path;

/// How GTKWave shows one trace (the `@` flags of the save file).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// A 1-bit wire, drawn as a waveform.
    Bit,
    /// A vector in unsigned decimal (levels, counters, pointers).
    Decimal,
    /// An integer in signed decimal (packet numbers, -1 = none).
    Signed,
    /// A vector in binary (request and grant masks).
    Binary,
    /// A vector in hexadecimal (flit data).
    Hex,
    /// A VCD string (FSM states, peers): GTKWave draws the text itself.
    Text,
    /// A text stored as 8-bit characters in a vector (an FST's states and peers): shown as
    /// ASCII.
    Ascii,
}

impl Format {
    /// The GTKWave flags: 0x2 hex, 0x4 decimal, 0x8 binary, 0x20 right-justified, 0x400 signed,
    /// 0x800 ASCII.
    fn flags(self) -> u32 {
        match self {
            Format::Ascii => 0x800,
            Format::Bit | Format::Binary | Format::Text => 0x28,
            Format::Decimal => 0x24,
            Format::Signed => 0x424,
            Format::Hex => 0x22,
        }
    }

    /// The format of a probe signal from its kind (`width` bits, 0 = integer, `None` = string)
    /// and name: masks (`grant`, `req`, `allowed`, `preferred`, `hit`, multi-bit `valid`, and
    /// these followed by `_...`) in binary, flit data in hex, other vectors in decimal.
    pub fn of(width: Option<u32>, name: &str) -> Format {
        let mask = ["grant", "req", "allowed", "preferred", "hit", "valid"];
        let hex = ["flit", "flit_data", "data", "cfg_data"];
        match width {
            None => Format::Text,
            Some(0) => Format::Signed,
            Some(1) => Format::Bit,
            Some(_)
                if mask
                    .iter()
                    .any(|m| name == *m || prefixed(name, m) || suffixed(name, m)) =>
            {
                Format::Binary
            }
            Some(_) if hex.contains(&name) => Format::Hex,
            Some(_) => Format::Decimal,
        }
    }
}

/// Is `name` `prefix_...` (`grant_lo` for `grant`, but not `requests0` for `req`)?
fn prefixed(name: &str, prefix: &str) -> bool {
    name.strip_prefix(prefix)
        .is_some_and(|r| r.starts_with('_'))
}

/// Is `name` `..._suffix` (`sa_req` for `req`, `rx_valid` for `valid`, but not `prereq`)?
fn suffixed(name: &str, suffix: &str) -> bool {
    name.strip_suffix(suffix).is_some_and(|r| r.ends_with('_'))
}

/// One displayed trace: the full dotted name as GTKWave spells it (vectors with `[msb:lsb]`),
/// its format and, for encoded states, a translate filter file (`VALUE NAME` lines, values in
/// decimal) named relative to the save file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trace {
    pub name: String,
    pub format: Format,
    pub filter: Option<String>,
}

/// Where a save file draws the eye (a deadlock waveform): these groups open and everything
/// else closed, whatever `open_depth` says, the groups' traces first, some highlighted,
/// comment lines above the traces and a named marker.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Focus {
    /// Scope groups below the root (`sw3`, `sw3.in_xp`, `sw3.in_xp.vc1`) that start open;
    /// the traces of the top-level ones come first, in this order.
    pub open: Vec<String>,
    /// Groups whose traces (and their sub-groups') are highlighted.
    pub highlight: Vec<String>,
    /// Comment lines shown above the traces.
    pub notes: Vec<String>,
    /// Time of the primary marker and of marker `A`, named `marker_name`.
    pub marker: u64,
    pub marker_name: String,
}

impl Focus {
    /// Is the group `g` (or a group it is in) one of `list`?
    fn covers(list: &[String], g: &str) -> bool {
        list.iter().any(|x| {
            g == x
                || g.strip_prefix(x.as_str())
                    .is_some_and(|r| r.starts_with('.'))
        })
    }
}

/// What a save file shows.
#[derive(Debug, Clone)]
pub struct View<'a> {
    /// File name of the VCD (beside the save file).
    pub dumpfile: &'a str,
    /// File name of the save file itself.
    pub savefile: &'a str,
    /// Comment lines at the top (what made the waveform).
    pub comments: &'a [String],
    /// Traces in display order; signals directly under the root come first, ungrouped.
    pub traces: &'a [Trace],
    /// The traced window, in VCD time units (ps): GTKWave opens zoomed to `start..end`.
    pub start: u64,
    pub end: u64,
    /// Scope groups nested deeper than this start closed (0: all closed).
    pub open_depth: usize,
    /// What to draw the eye to, if anything ([`Focus`]).
    pub focus: Option<&'a Focus>,
}

/// The stem of a waveform file's companions (its save file `<stem>.gtkw`, its filter files
/// `<stem>.<table>.filter`): a VCD's name without its extension (`run.vcd`: `run`), an FST's
/// whole name (`run.fst`: `run.fst`), so that a VCD and an FST of one name keep a save file
/// each.
pub fn companion_stem(name: &str) -> &str {
    let lower = name.to_ascii_lowercase();
    if lower.ends_with(".fst") {
        return name;
    }
    name.rsplit_once('.').map_or(name, |(s, _)| s)
}

/// The GTKWave save file written beside the waveform file `path`.
pub fn save_path(path: &std::path::Path) -> std::path::PathBuf {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    path.with_file_name(format!("{}.gtkw", companion_stem(&name)))
}

/// Window geometry written to the save file; the zoom is computed for its wave area.
const WIDTH: u64 = 1280;
const HEIGHT: u64 = 800;
const SIGNALS_WIDTH: u64 = 240;
const SST_WIDTH: u64 = 200;
/// Pixels of the window that are neither the wave area nor the two panes (measured with
/// GTKWave 3.3.118: the wave area is `[size]` width − `[signals_width]` − `[sst_width]` − about 100).
const FRAME: u64 = 100;
/// Above this many traces the scope groups start closed (a full-network dump).
pub const OPEN_GROUPS_UP_TO: usize = 400;

/// GTKWave's zoom level showing `span` time units across `pixels` pixels: it shows
/// `2^-zoom * pixels / 200` units (measured with GTKWave 3.3.118).
fn zoom(span: u64, pixels: u64) -> f64 {
    -((200.0 * span.max(1) as f64) / pixels as f64).log2()
}

/// The dotted scope of a trace name (without its last component and bit range).
fn scope_of(name: &str) -> &str {
    let base = name.split('[').next().unwrap_or_default();
    base.rsplit_once('.').map_or("", |(s, _)| s)
}

/// The text of the save file for `v`; see [`write_gtkw`].
pub fn render(v: &View) -> String {
    let pixels = WIDTH - SIGNALS_WIDTH - SST_WIDTH - FRAME;
    let z = zoom(v.end.saturating_sub(v.start), pixels);
    let mut s: String = v
        .comments
        .iter()
        .map(|c| format!("[*] {}\n", c.replace('\n', " ")))
        .collect();
    // the primary marker, then the named markers A, B, ... (-1: unset)
    let markers = match v.focus {
        Some(f) => format!("{} {}\n[markername] A{}", f.marker, f.marker, f.marker_name),
        None => format!("{} -1", v.start),
    };
    s += &format!(
        "[dumpfile] \"{}\"\n[savefile] \"{}\"\n[timestart] {}\n[size] {WIDTH} {HEIGHT}\n\
         [pos] -1 -1\n*{z:.6} {markers}\n[sst_width] {SST_WIDTH}\n[signals_width] {SIGNALS_WIDTH}\n\
         [sst_expanded] 1\n",
        v.dumpfile, v.savefile, v.start
    );
    let mut open = std::collections::BTreeSet::new();
    for t in v.traces {
        let comps: Vec<&str> = scope_of(&t.name).split('.').collect();
        let deep = comps.len().min(v.open_depth.saturating_add(1));
        open.extend((1..=deep).map(|k| comps[..k].join(".") + "."));
    }
    for t in open.iter().filter(|t| t.len() > 1) {
        s += &format!("[treeopen] {t}\n");
    }
    // Nested groups follow the scope path below the root: "sw3" > "sw3.in0" > "sw3.in0.vc1".
    // group flags: 0x800000 begin, 0x1000000 end, 0x400000 closed (with 0x1000 collapsed)
    let rel_scope = |t: &Trace| -> String {
        let scope = scope_of(&t.name);
        scope.split_once('.').map_or("", |(_, r)| r).to_string()
    };
    let is_open = |g: &str, depth: usize| match v.focus {
        Some(f) => f.open.iter().any(|x| x == g),
        None => depth <= v.open_depth,
    };
    let end_flags = |g: &str, depth: usize| {
        if is_open(g, depth) {
            0x1000200
        } else {
            0x1401200
        }
    };
    let mut traces: Vec<&Trace> = v.traces.iter().collect();
    if let Some(f) = v.focus {
        // the focused top-level groups first, in their order; the rest as they were
        let rank = |t: &&Trace| {
            let rel = rel_scope(t);
            let top = rel.split('.').next().unwrap_or_default();
            match f.open.iter().position(|g| g == top) {
                _ if rel.is_empty() => 0,
                Some(i) => 1 + i,
                None => usize::MAX,
            }
        };
        traces.sort_by_key(rank);
        for n in &f.notes {
            // 0x200: a blank line, its text a comment
            s += &format!("@200\n-{}\n", n.replace('\n', " "));
        }
    }
    let mut stack: Vec<String> = vec![];
    let mut filters: Vec<&str> = vec![];
    for t in traces {
        let rel = rel_scope(t);
        let rel = rel.as_str();
        let comps: Vec<&str> = if rel.is_empty() {
            vec![]
        } else {
            rel.split('.').collect()
        };
        let keep = stack
            .iter()
            .zip(1..)
            .take_while(|(g, k)| k <= &comps.len() && **g == comps[..*k].join("."))
            .count();
        while stack.len() > keep {
            let g = stack.pop().unwrap();
            let end = end_flags(&g, stack.len() + 1);
            s += &format!("@{end:x}\n-{g}\n");
        }
        for k in keep + 1..=comps.len() {
            let g = comps[..k].join(".");
            let begin = if is_open(&g, k) { 0x800200 } else { 0xc00200 };
            s += &format!("@{begin:x}\n-{g}\n");
            stack.push(g);
        }
        // 0x1: highlighted
        let lit = v
            .focus
            .is_some_and(|f| !rel.is_empty() && Focus::covers(&f.highlight, rel))
            as u32;
        match &t.filter {
            Some(f) => {
                let n = match filters.iter().position(|x| x == f) {
                    Some(i) => i + 1,
                    None => {
                        filters.push(f);
                        filters.len()
                    }
                };
                // 0x2000: translated through a filter file (values matched in decimal)
                s += &format!("@{:x}\n^{n} {f}\n", 0x2024 | lit);
            }
            None => s += &format!("@{:x}\n", t.format.flags() | lit),
        }
        s += &t.name;
        s += "\n";
    }
    while let Some(g) = stack.pop() {
        let end = end_flags(&g, stack.len() + 1);
        s += &format!("@{end:x}\n-{g}\n");
    }
    s
}

/// Write the GTKWave save file of `v` at `path` (under a temporary name first, then renamed).
pub fn write_gtkw(path: &Path, v: &View) -> Result<()> {
    crate::output::write(path, render(v))
}

/// The text of a translate filter file: one `VALUE NAME` line per state, values in decimal.
pub fn filter_text(states: &[(u64, &str)]) -> String {
    states.iter().map(|(v, n)| format!("{v} {n}\n")).collect()
}

/// Write the save file (and translate filter files) of a VCD that flitwave did not sample
/// itself — rust-hdl's dump of an RTL twin's internals — beside it. Its header is read with
/// the `vcd` crate's parser; every variable is listed, the root scope's signals first and each
/// sub-module as a closed group; `encoding(name)` gives the (filter name, `VALUE NAME` table) of
/// a root signal whose values name states. Zoomed to `start..end`.
pub fn write_for_vcd(
    vcd: &Path,
    start: u64,
    end: u64,
    encoding: impl Fn(&str) -> Option<(&'static str, Vec<(u64, &'static str)>)>,
) -> Result<()> {
    let f = std::fs::File::open(vcd)
        .map_err(|e| crate::Error::new(format!("cannot read {}: {e}", vcd.display())))?;
    let header = vcd::Parser::new(std::io::BufReader::new(f))
        .parse_header()
        .map_err(|e| crate::Error::new(format!("{}: {e}", vcd.display())))?;
    let name = vcd.file_name().unwrap_or_default().to_string_lossy();
    let stem = companion_stem(&name).to_string();
    // depth first: a scope's variables, then its sub-scopes; (scope, width, name)
    fn walk(items: &[vcd::ScopeItem], path: &str, out: &mut Vec<(String, u32, String)>) {
        for i in items {
            if let vcd::ScopeItem::Var(v) = i {
                out.push((path.to_string(), v.size, v.reference.clone()));
            }
        }
        for i in items {
            if let vcd::ScopeItem::Scope(sc) = i {
                let p = if path.is_empty() {
                    sc.identifier.clone()
                } else {
                    format!("{path}.{}", sc.identifier)
                };
                walk(&sc.items, &p, out);
            }
        }
    }
    let mut vars = vec![];
    walk(&header.items, "", &mut vars);
    let mut traces = vec![];
    let mut filters = std::collections::BTreeMap::new();
    for (scope, width, leaf) in vars {
        let mut full = format!("{scope}.{leaf}");
        if width > 1 {
            full += &format!("[{}:0]", width - 1);
        }
        let enc = if scope.contains('.') {
            None
        } else {
            encoding(&leaf)
        };
        let filter = enc.map(|(table, states)| {
            let file = format!("{stem}.{table}.filter");
            filters.insert(file.clone(), filter_text(&states));
            file
        });
        let format = Format::of(Some(width), &leaf);
        traces.push(Trace {
            name: full,
            format,
            filter,
        });
    }
    let savefile = format!("{stem}.gtkw");
    let view = View {
        dumpfile: &name,
        savefile: &savefile,
        comments: &[crate::output::made_by()],
        traces: &traces,
        start,
        end,
        open_depth: 0,
        focus: None,
    };
    for (file, text) in filters {
        crate::output::write(&vcd.with_file_name(file), text)?;
    }
    write_gtkw(&vcd.with_extension("gtkw"), &view)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_vcd_and_an_fst_of_one_name_keep_a_save_file_each() {
        use std::path::{Path, PathBuf};
        assert_eq!(
            save_path(Path::new("w/run.vcd")),
            PathBuf::from("w/run.gtkw")
        );
        assert_eq!(
            save_path(Path::new("w/run.fst")),
            PathBuf::from("w/run.fst.gtkw")
        );
        assert_eq!(
            save_path(Path::new("run.FST")),
            PathBuf::from("run.FST.gtkw")
        );
        assert_eq!(save_path(Path::new("run")), PathBuf::from("run.gtkw"));
        assert_eq!(companion_stem("a.b.vcd"), "a.b");
    }

    #[test]
    fn formats_follow_kind_and_name() {
        assert_eq!(Format::of(None, "state"), Format::Text);
        assert_eq!(Format::of(Some(0), "pkt"), Format::Signed);
        assert_eq!(Format::of(Some(1), "grant"), Format::Bit);
        assert_eq!(Format::of(Some(8), "grant_lo"), Format::Binary);
        assert_eq!(Format::of(Some(4), "rx_valid"), Format::Binary);
        assert_eq!(
            Format::of(Some(5), "sa_req"),
            Format::Binary,
            "a request mask"
        );
        assert_eq!(Format::of(Some(5), "va_grant"), Format::Binary);
        assert_eq!(Format::of(Some(8), "prereq"), Format::Decimal);
        assert_eq!(Format::of(Some(8), "requests0"), Format::Decimal, "a count");
        assert_eq!(Format::of(Some(8), "flit_data"), Format::Hex);
        assert_eq!(Format::of(Some(8), "level"), Format::Decimal);
    }

    fn trace(name: &str) -> Trace {
        let (format, filter) = (Format::Decimal, None);
        let name = name.to_string();
        Trace {
            name,
            format,
            filter,
        }
    }

    #[test]
    fn groups_nest_by_scope_and_close_in_order() {
        let names = ["n.clk", "n.a.x", "n.a.b.y", "n.a.b.z", "n.a.w", "n.c.v"];
        let traces: Vec<Trace> = names.iter().map(|n| trace(n)).collect();
        let v = View {
            dumpfile: "f.vcd",
            savefile: "f.gtkw",
            comments: &[],
            traces: &traces,
            start: 100,
            end: 200,
            open_depth: usize::MAX,
            focus: None,
        };
        let s = render(&v);
        let body: Vec<&str> = s.lines().skip_while(|l| !l.starts_with('@')).collect();
        let want = [
            "@24", "n.clk", "@800200", "-a", "@24", "n.a.x", "@800200", "-a.b", "@24", "n.a.b.y",
            "@24", "n.a.b.z", "@1000200", "-a.b", "@24", "n.a.w", "@1000200", "-a", "@800200",
            "-c", "@24", "n.c.v", "@1000200", "-c",
        ];
        assert_eq!(body, want);
        assert!(s.contains("[timestart] 100\n"));
        // all closed: begin and end flags with the closed bit
        let closed = render(&View { open_depth: 0, ..v });
        assert_eq!(closed.matches("@c00200").count(), 3);
        assert_eq!(closed.matches("@1401200").count(), 3);
        assert!(closed.contains("[treeopen] n.\n") && !closed.contains("[treeopen] n.a."));
    }

    #[test]
    fn a_focus_opens_its_groups_first_highlights_and_marks() {
        let names = ["n.clk", "n.a.x", "n.c.v", "n.c.d.y", "n.e.w"];
        let traces: Vec<Trace> = names.iter().map(|n| trace(n)).collect();
        let f = Focus {
            open: vec!["c".into(), "c.d".into()],
            highlight: vec!["c.d".into()],
            notes: vec!["stuck here".into()],
            marker: 150,
            marker_name: "FROZE".into(),
        };
        let s = render(&View {
            dumpfile: "f.vcd",
            savefile: "f.gtkw",
            comments: &[],
            traces: &traces,
            start: 100,
            end: 200,
            open_depth: usize::MAX,
            focus: Some(&f),
        });
        let body: Vec<&str> = s.lines().skip_while(|l| !l.starts_with('@')).collect();
        let want = [
            "@200",
            "-stuck here",
            "@24",
            "n.clk",
            "@800200",
            "-c",
            "@24",
            "n.c.v",
            "@800200",
            "-c.d",
            "@25",
            "n.c.d.y",
            "@1000200",
            "-c.d",
            "@1000200",
            "-c",
            "@c00200",
            "-a",
            "@24",
            "n.a.x",
            "@1401200",
            "-a",
            "@c00200",
            "-e",
            "@24",
            "n.e.w",
            "@1401200",
            "-e",
        ];
        assert_eq!(body, want);
        assert!(s.contains(" 150 150\n[markername] AFROZE\n"), "{s}");
        assert!(Focus::covers(&f.highlight, "c.d.vc1") && !Focus::covers(&f.highlight, "c.dx"));
    }

    #[test]
    fn zoom_shows_the_span_across_the_wave_area() {
        // 2^-zoom * pixels / 200 == span
        for span in [1000u64, 6_250_000, 18_750_000_000] {
            let z = zoom(span, 740);
            let shown = 2f64.powf(-z) * 740.0 / 200.0;
            assert!((shown / span as f64 - 1.0).abs() < 1e-9);
        }
    }
}
