//! Named parameters in the tidy Verilog: the twin's configuration as
//! `localparam`s of the top module, and the declarations of the signals they size written
//! `[NAME-1:0]` instead of a number.

use crate::error::{Error, Result};
use crate::hdl::verilog_names::Param;

/// Does signal `sig` match the pattern `pat` (one `*` stands for any non-empty part)?
fn matches(pat: &str, sig: &str) -> bool {
    match pat.split_once('*') {
        Some((pre, suf)) => {
            sig.len() > pre.len() + suf.len() && sig.starts_with(pre) && sig.ends_with(suf)
        }
        None => sig == pat,
    }
}

/// A declaration line of a module: (text before the range, high bit, the name).
fn declaration(line: &str) -> Option<(&str, u32, &str)> {
    let t = line.trim_start();
    if !["input ", "output ", "reg ", "wire "]
        .iter()
        .any(|k| t.starts_with(k))
    {
        return None;
    }
    let open = line.find('[')?;
    let close = line[open..].find(']')? + open;
    let hi = line[open + 1..close].strip_suffix(":0")?.parse().ok()?;
    let name = line[close + 1..].trim().strip_suffix(';')?;
    (!name.contains(['[', ' ', ','])).then_some((&line[..open], hi, name))
}

/// Module `top` (the first module of `body`, `fw_<block>`) with `params` declared at its head
/// and its signals sized by them. Errors when a listed signal is declared with another width
/// or a parameter sizes no signal (an unused `localparam` is a lint warning).
pub fn name_params(body: &str, block: &str, params: &[Param]) -> Result<String> {
    if params.is_empty() {
        return Ok(body.to_string());
    }
    let top_end = body
        .find("\nendmodule")
        .ok_or_else(|| Error::new(format!("{block}: no module in the tidy Verilog")))?;
    let (top, rest) = body.split_at(top_end);
    let mut used = vec![0usize; params.len()];
    let mut out = String::with_capacity(body.len() + 1024);
    for (i, line) in top.lines().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        if let Some((head, hi, name)) = declaration(line) {
            if let Some(k) = params
                .iter()
                .position(|p| p.signals.iter().any(|s| matches(s, name)))
            {
                let p = &params[k];
                if hi + 1 != p.value {
                    return Err(Error::new(format!(
                        "{block}: parameter {} = {} sizes `{name}`, declared {} bits wide in the \
                         Verilog (fix Twin::PARAMS in the twin's file)",
                        p.name,
                        p.value,
                        hi + 1
                    )));
                }
                used[k] += 1;
                out.push_str(&format!("{head}[{}-1:0] {name};", p.name));
                continue;
            }
        }
        out.push_str(line);
        if i == 0 {
            out.push_str(&declarations(params));
        }
    }
    // a parameter that sizes no signal is used when another's definition names it
    let named = |k: usize| {
        params.iter().filter_map(|p| p.def).any(|d| {
            d.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .any(|w| w == params[k].name)
        })
    };
    if let Some(k) = (0..params.len()).find(|&k| used[k] == 0 && !named(k)) {
        return Err(Error::new(format!(
            "{block}: parameter {} sizes no signal of the top module (its signals: {}) and no \
             other parameter uses it; an unused localparam is a lint warning",
            params[k].name,
            params[k].signals.join(", ")
        )));
    }
    out.push_str(rest);
    Ok(out)
}

/// The parameters' section, placed first in the module so the declarations can use them.
fn declarations(params: &[Param]) -> String {
    let mut s = String::from(
        "\n\n    // Parameters: the configuration this module was generated for. Local, not\n    \
         // overridable: the logic is unrolled for these values; regenerate for others.\n",
    );
    let width = params.iter().map(|p| p.name.len()).max().unwrap_or(0);
    for p in params {
        let def = p.def.map_or_else(|| p.value.to_string(), str::to_string);
        s.push_str(&format!(
            "    localparam {:width$} = {def}; // {}\n",
            p.name, p.doc
        ));
    }
    s.pop();
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hdl::verilog_names::{derived, param};

    const V: &str = "module fw_x(clock,a,b0,b1);\n\n    // Module arguments\n    input wire  clock;\n    input wire  [7:0] a;\n    output reg  [2:0] b0;\n    output reg  [2:0] b1;\n    reg  [2:0] p_q;\nendmodule\n\nmodule fw_x__mem(a);\n    input wire  [7:0] a;\nendmodule\n";

    #[test]
    fn parameters_size_the_listed_signals_of_the_top_module_only() {
        let ps = [
            param("N", 8, "requesters", &["a"]),
            derived("W", 3, "$clog2(N)", "pointer width", &["b*", "p*q"]),
        ];
        let t = name_params(V, "x", &ps).unwrap();
        assert!(t.contains("    localparam N = 8; // requesters\n"), "{t}");
        assert!(
            t.contains("    localparam W = $clog2(N); // pointer width\n"),
            "{t}"
        );
        assert!(t.contains("    input wire  [N-1:0] a;\n"), "{t}");
        assert!(t.contains("    output reg  [W-1:0] b0;\n    output reg  [W-1:0] b1;\n"));
        assert!(t.contains("    reg  [W-1:0] p_q;\n"), "{t}");
        // the sub-module keeps its number, and the parameters come before their first use
        assert!(t.ends_with("module fw_x__mem(a);\n    input wire  [7:0] a;\nendmodule\n"));
        assert!(t.find("localparam N").unwrap() < t.find("[N-1:0]").unwrap());
    }

    #[test]
    fn a_wrong_width_or_an_unused_parameter_is_an_error() {
        let e = name_params(V, "x", &[param("N", 16, "requesters", &["a"])]).unwrap_err();
        assert!(
            e.to_string().contains("N = 16 sizes `a`, declared 8 bits"),
            "{e}"
        );
        let e = name_params(V, "x", &[param("M", 4, "ports", &["nope"])]).unwrap_err();
        assert!(e.to_string().contains("M sizes no signal"), "{e}");
        // one that only defines another is used
        let ps = [
            param("M", 4, "ports", &[]),
            derived("N", 8, "2 * M", "requesters", &["a"]),
        ];
        assert!(name_params(V, "x", &ps).is_ok());
    }
}
