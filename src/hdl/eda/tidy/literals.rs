//! The tidy pass's literals (see [`super`]): rust-hdl writes Rust's `u32`/`u64` constants as
//! `32'hN`/`64'hN`; each takes the width of what it meets where the value provably does not
//! change — an index becomes a decimal, an assignment's constant the target's width, an operand
//! of a low-bit expression the target's width, a comparison's constant the signal's width.

use super::split_modules;
use std::collections::BTreeMap;

/// Declared widths of the signals of one module (`[h:0]` → h + 1, none → 1).
fn widths(m: &str) -> BTreeMap<String, u32> {
    let mut w = BTreeMap::new();
    for l in m.lines() {
        let t = l.trim();
        let rest = [
            "input wire ",
            "output reg ",
            "output wire ",
            "reg ",
            "wire ",
        ]
        .iter()
        .find_map(|p| t.strip_prefix(p));
        let Some(rest) = rest.and_then(|r| r.strip_suffix(';')) else {
            continue;
        };
        let rest = rest.trim();
        let (width, name) = match rest.strip_prefix('[') {
            Some(r) => {
                let Some((range, name)) = r.split_once(']') else {
                    continue;
                };
                let Some(hi) = range.split(':').next().and_then(|h| h.parse::<u32>().ok()) else {
                    continue;
                };
                (hi + 1, name.trim())
            }
            None => (1, rest),
        };
        if !name.contains(' ') && !name.contains('[') {
            w.insert(name.to_string(), width);
        }
    }
    w
}

/// A 32- or 64-bit hexadecimal literal at the start of `s`: (its length, its value).
fn wide_literal(s: &str) -> Option<(usize, u128)> {
    let digits = s.strip_prefix("32'h").or_else(|| s.strip_prefix("64'h"))?;
    let n = digits
        .find(|c: char| !c.is_ascii_hexdigit())
        .unwrap_or(digits.len());
    let v = u128::from_str_radix(&digits[..n], 16).ok()?;
    Some((4 + n, v))
}

fn fits(v: u128, w: u32) -> bool {
    w < 128 && v < (1u128 << w)
}

/// Size the 32- and 64-bit literals of every module (see the module doc).
pub(super) fn size_literals(v: &str) -> String {
    let (_, mods) = split_modules(v);
    let mut out = String::with_capacity(v.len());
    let mut first = true;
    for m in mods {
        if !first {
            out.push('\n');
        }
        first = false;
        let w = widths(&m);
        let mut body = String::with_capacity(m.len());
        for line in m.lines() {
            body.push_str(&size_line(line, &w));
            body.push('\n');
        }
        out.push_str(body.trim_end());
        out.push('\n');
    }
    out.trim_end().to_string()
}

/// The width of a plain signal name, if `s` is one.
fn width_of(s: &str, w: &BTreeMap<String, u32>) -> Option<u32> {
    let s = s.trim().trim_start_matches('(').trim_end_matches(')');
    w.get(s).copied()
}

fn size_line(line: &str, w: &BTreeMap<String, u32>) -> String {
    let folded = fold_indices(line);
    let line = folded.as_str();
    let t = line.trim();
    let indent = &line[..line.len() - line.trim_start().len()];
    // an assignment of a constant, or of a signal OP a constant: `x = 32'h0;`, `x = y - 32'h1;`
    if let Some((lhs, rhs)) = t.strip_suffix(';').and_then(|t| t.split_once(" = ")) {
        if let Some(wl) = width_of(lhs, w) {
            if let Some((_, v)) = wide_literal(rhs).filter(|&(n, _)| n == rhs.len()) {
                if fits(v, wl) {
                    return format!("{indent}{lhs} = {wl}'h{v:x};");
                }
            }
            if low_bits_only(rhs) && wide_literal_in(rhs) {
                return format!("{indent}{lhs} = {};", size_all(rhs, wl));
            }
            let toks: Vec<&str> = rhs.split(' ').collect();
            if let [a, op, b] = toks.as_slice() {
                if ["+", "-", "&", "|", "^"].contains(op) {
                    if let (Some(wa), Some((n, v))) = (width_of(a, w), wide_literal(b)) {
                        if n == b.len() && fits(v, wa) && wa >= wl {
                            return format!("{indent}{lhs} = {a} {op} {wa}'h{v:x};");
                        }
                    }
                }
            }
        }
    }
    let line = &masked_operands(line, w);
    // in an expression: `[32'hN]` → `[N]`; `(sig CMP 32'hN)` and `((32'hN) & W'hM)`
    let mut out = String::with_capacity(line.len());
    let mut rest = line.as_str();
    while let Some(at) = rest.find("32'h").or_else(|| rest.find("64'h")) {
        let (before, lit) = rest.split_at(at);
        let Some((n, v)) = wide_literal(lit) else {
            out.push_str(&rest[..at + 4]);
            rest = &rest[at + 4..];
            continue;
        };
        let after = &lit[n..];
        let sized = if before.ends_with('[') && after.starts_with(']') {
            Some(v.to_string())
        } else if before.ends_with('(') && after.starts_with(") & ") {
            // ((32'hN) & W'hM): the mask's width
            after[4..]
                .split('\'')
                .next()
                .and_then(|s| s.parse::<u32>().ok())
                .filter(|&mw| fits(v, mw))
                .map(|mw| format!("{mw}'h{v:x}"))
        } else if after.starts_with(')') {
            // (sig CMP 32'hN)
            let head = before.rsplit('(').next().unwrap_or("");
            let toks: Vec<&str> = head.split(' ').collect();
            match toks.as_slice() {
                [a, op, ""] if ["==", "!=", "<", "<=", ">", ">="].contains(op) => width_of(a, w)
                    .filter(|&wa| fits(v, wa))
                    .map(|wa| format!("{wa}'h{v:x}")),
                _ => None,
            }
        } else {
            None
        };
        out.push_str(before);
        match sized {
            Some(s) => out.push_str(&s),
            None => out.push_str(&lit[..n]),
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

/// Does `e` use only operators whose result's low bits depend only on their operands' low bits
/// (`+ - & | ^ ~ <<`, parentheses, signals, literals, bit selects of signals)? Then a literal
/// of `e` may take the assignment target's width without changing the target's value. No
/// comparison, right shift, reduction, conditional or concatenation (their operands are
/// self-determined or their result depends on high bits).
fn low_bits_only(e: &str) -> bool {
    let b = e.as_bytes();
    for (i, &c) in b.iter().enumerate() {
        let prev = if i > 0 { b[i - 1] } else { b'=' };
        let next = b.get(i + 1).copied().unwrap_or(b' ');
        match c {
            b'=' | b'!' | b'?' | b'{' | b':' | b'>' => return false,
            b'<' if !(prev == b'<' || next == b'<') => return false,
            // a reduction: `|x`, `&x`, `^x` where an operand is expected
            b'|' | b'&' | b'^' if matches!(prev, b'(' | b'~' | b'=') || i == 0 => return false,
            _ => {}
        }
    }
    true
}

fn wide_literal_in(e: &str) -> bool {
    e.contains("32'h") || e.contains("64'h")
}

/// Every 32- or 64-bit literal of `e` that fits in `w` bits, written with `w` bits.
fn size_all(e: &str, w: u32) -> String {
    let mut out = String::with_capacity(e.len());
    let mut rest = e;
    while let Some(at) = rest.find("32'h").or_else(|| rest.find("64'h")) {
        out.push_str(&rest[..at]);
        match wide_literal(&rest[at..]) {
            Some((n, v)) if fits(v, w) => {
                out.push_str(&format!("{w}'h{v:x}"));
                rest = &rest[at + n..];
            }
            _ => {
                out.push_str(&rest[at..at + 4]);
                rest = &rest[at + 4..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// `(sig & (e))` with `sig` of `w` bits: only the low `w` bits of `e` reach the result (the
/// and with a zero-extended signal clears the rest), so `e`'s literals take `w` bits when `e`
/// has only low-bit operators ([`low_bits_only`]).
fn masked_operands(line: &str, w: &BTreeMap<String, u32>) -> String {
    let mut out = line.to_string();
    let mut from = 0;
    while let Some(at) = out[from..].find(" & (").map(|i| i + from) {
        let name_start = out[..at].rfind('(').map_or(0, |i| i + 1);
        let name = &out[name_start..at];
        let open = at + 3;
        let close = matching(&out, open);
        from = at + 4;
        let (Some(width), Some(close)) = (w.get(name).copied(), close) else {
            continue;
        };
        let inner = &out[open + 1..close];
        if low_bits_only(inner) && wide_literal_in(inner) {
            let sized = size_all(inner, width);
            out.replace_range(open + 1..close, &sized);
        }
    }
    out
}

/// The index of the parenthesis closing the one at `open`.
fn matching(s: &str, open: usize) -> Option<usize> {
    let mut depth = 0;
    for (i, c) in s[open..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(open + i);
                }
            }
            _ => {}
        }
    }
    None
}

/// Constant shift amounts folded (`m >> (0 + 32'h1)` → `m >> 1`: a shift amount is
/// self-determined and unsigned, so its width does not matter).
fn fold_shifts(line: &str) -> String {
    let mut out = line.to_string();
    for op in [">> 32'h", "<< 32'h"] {
        while let Some(at) = out.find(op) {
            let Some((n, v)) = wide_literal(&out[at + 3..]) else {
                break;
            };
            out.replace_range(at + 3..at + 3 + n, &v.to_string());
        }
    }
    for op in [">> (", "<< ("] {
        let mut from = 0;
        while let Some(at) = out[from..].find(op).map(|i| i + from) {
            let open = at + 3;
            from = open;
            let Some(close) = out[open..].find(')').map(|i| i + open) else {
                break;
            };
            let inner = &out[open + 1..close];
            if let Some(v) = constant(inner).filter(|_| inner.contains("'h")) {
                out.replace_range(open..=close, &v.to_string());
            }
        }
    }
    out
}

/// Constant index arithmetic folded: `x[32'ha * 4 + 9]` → `x[49]`, `x[(32'h0)+:(3)]` →
/// `x[0+:3]` (only brackets whose whole content is constant: literals, `+ - *`, parentheses);
/// then constant shift amounts ([`fold_shifts`]).
fn fold_indices(line: &str) -> String {
    if !line.contains("'h") {
        return line.to_string();
    }
    let shifted = fold_shifts(line);
    let line = shifted.as_str();
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(open) = rest.find('[') {
        let Some(len) = rest[open + 1..].find(']') else {
            break;
        };
        let inner = &rest[open + 1..open + 1 + len];
        out.push_str(&rest[..=open]);
        let folded = match inner.split_once("+:") {
            Some((a, b)) => constant(a)
                .zip(constant(b))
                .map(|(a, b)| format!("{a}+:{b}")),
            None => constant(inner).map(|v| v.to_string()),
        };
        match folded.filter(|_| inner.contains("'h")) {
            Some(f) => out.push_str(&f),
            None => out.push_str(inner),
        }
        out.push(']');
        rest = &rest[open + len + 2..];
    }
    out.push_str(rest);
    out
}

/// The value of a constant expression of literals (`32'hN`, `W'hN`, decimals), `+ - *` and
/// parentheses, if `e` is one and nothing overflows.
fn constant(e: &str) -> Option<u64> {
    let toks = tokens(e)?;
    let (v, used) = sum(&toks, 0)?;
    (used == toks.len()).then_some(v)
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Tok {
    Num(u64),
    Op(u8),
}

fn tokens(e: &str) -> Option<Vec<Tok>> {
    let b = e.as_bytes();
    let mut out = vec![];
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b' ' {
            i += 1;
        } else if matches!(c, b'+' | b'-' | b'*' | b'(' | b')') {
            out.push(Tok::Op(c));
            i += 1;
        } else if c.is_ascii_digit() {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'\'') {
                i += 1;
            }
            let s = &e[start..i];
            let v = match s.split_once("'h") {
                Some((_, hex)) => u64::from_str_radix(hex, 16).ok()?,
                None => s.parse().ok()?,
            };
            out.push(Tok::Num(v));
        } else {
            return None;
        }
    }
    Some(out)
}

fn sum(t: &[Tok], at: usize) -> Option<(u64, usize)> {
    let (mut v, mut at) = product(t, at)?;
    while let Some(Tok::Op(op @ (b'+' | b'-'))) = t.get(at) {
        let (r, next) = product(t, at + 1)?;
        v = if *op == b'+' {
            v.checked_add(r)?
        } else {
            v.checked_sub(r)?
        };
        at = next;
    }
    Some((v, at))
}

fn product(t: &[Tok], at: usize) -> Option<(u64, usize)> {
    let (mut v, mut at) = atom(t, at)?;
    while let Some(Tok::Op(b'*')) = t.get(at) {
        let (r, next) = atom(t, at + 1)?;
        v = v.checked_mul(r)?;
        at = next;
    }
    Some((v, at))
}

fn atom(t: &[Tok], at: usize) -> Option<(u64, usize)> {
    match t.get(at)? {
        Tok::Num(v) => Some((*v, at + 1)),
        Tok::Op(b'(') => {
            let (v, next) = sum(t, at + 1)?;
            (t.get(next) == Some(&Tok::Op(b')'))).then_some((v, next + 1))
        }
        _ => None,
    }
}
