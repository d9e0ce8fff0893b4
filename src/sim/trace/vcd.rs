//! The VCD back end: a hand-written text writer (the `vcd` crate's value-change calls cost
//! 1.64x on a full dump, docs/performance-journal.md). Value changes collect in a buffer that goes to
//! the output every [`FLUSH_AT`] bytes.

use super::var::{clean_text, Decl, Kind, Var};
use crate::error::Result;
use std::io::Write;

/// Bytes of buffered value changes that trigger a write to the output.
const FLUSH_AT: usize = 64 << 10;

/// Base-94 identifier code (`!`..`~`), as simulators write them.
fn id_code(mut n: usize) -> ([u8; 6], u8) {
    let mut s = [0u8; 6];
    let mut len = 0;
    loop {
        s[len] = b'!' + (n % 94) as u8;
        len += 1;
        n /= 94;
        if n == 0 {
            break;
        }
        n -= 1;
    }
    (s, len as u8)
}

/// Append the decimal digits of `v`.
#[inline]
fn push_u64(buf: &mut Vec<u8>, mut v: u64) {
    let mut d = [0u8; 20];
    let mut i = d.len();
    loop {
        i -= 1;
        d[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    buf.extend_from_slice(&d[i..]);
}

/// A VCD being written: the output and the changes not yet written to it.
pub(super) struct Vcd {
    out: Box<dyn Write>,
    buf: Vec<u8>,
}

impl Vcd {
    /// Write the header of `decls` (no date: the bytes are deterministic) to `out` and give each
    /// declared variable its identifier code.
    pub(super) fn new(
        mut out: Box<dyn Write>,
        decls: &[Decl],
        vars: &mut [Var],
        cfg: &super::TraceConfig,
    ) -> Result<Vcd> {
        let period = cfg.period_ps;
        // a line may not end its section early: `$end` inside it is spelt apart
        let clean = |l: &str| l.replace("$end", "$ end").replace('\n', " ");
        let (version, rest) = match cfg.provenance.split_first() {
            Some((v, r)) => (clean(v), r),
            None => ("flitwave".to_string(), &[][..]),
        };
        let mut hdr = format!("$version {version} $end\n");
        for l in rest {
            hdr += &format!("$comment {} $end\n", clean(l));
        }
        hdr += &format!(
            "$comment clock period {period} ps, time = cycle * {period} $end\n$timescale 1ps $end\n"
        );
        for d in decls {
            match d {
                Decl::Scope(name) => hdr += &format!("$scope module {name} $end\n"),
                Decl::Up => hdr += "$upscope $end\n",
                Decl::Var(i, leaf) => {
                    let v = &mut vars[*i];
                    (v.id, v.id_len) = id_code(v.slot as usize);
                    let id = std::str::from_utf8(&v.id[..v.id_len as usize]).unwrap();
                    let (ty, w) = match v.kind {
                        Kind::Bits(w) => ("wire", w),
                        Kind::Int => ("integer", 32),
                        Kind::Text => ("string", 1),
                    };
                    hdr += &format!("$var {ty} {w} {id} {leaf} $end\n");
                }
            }
        }
        hdr += "$enddefinitions $end\n";
        out.write_all(hdr.as_bytes())?;
        let buf = Vec::with_capacity(FLUSH_AT + (8 << 10));
        Ok(Vcd { out, buf })
    }

    /// A writer that writes nothing (what a finished tracer holds).
    pub(super) fn closed() -> Vcd {
        Vcd {
            out: Box::new(std::io::sink()),
            buf: vec![],
        }
    }

    /// `#time`: the changes that follow happen then.
    #[inline]
    pub(super) fn stamp(&mut self, time: u64) {
        self.buf.push(b'#');
        push_u64(&mut self.buf, time);
        self.buf.push(b'\n');
    }

    #[inline]
    fn put_id(&mut self, var: &Var) {
        self.buf.extend_from_slice(&var.id[..var.id_len as usize]);
        self.buf.push(b'\n');
    }

    /// A bits/int change: `0!`/`1!` for one bit, `b101 !` without leading zeros otherwise.
    #[inline]
    pub(super) fn num(&mut self, var: &Var, v: u64) {
        if var.kind == Kind::Bits(1) {
            self.buf.push(b'0' + v as u8);
        } else {
            let top = 63 - (v | 1).leading_zeros() as usize;
            let mut d = [b' '; 66];
            d[0] = b'b';
            for (k, slot) in d[1..=top + 1].iter_mut().enumerate() {
                *slot = b'0' + ((v >> (top - k)) & 1) as u8;
            }
            self.buf.extend_from_slice(&d[..top + 3]);
        }
        self.put_id(var);
    }

    /// A string change: `sTEXT !`.
    pub(super) fn text(&mut self, var: &Var, value: &str) {
        self.buf.push(b's');
        self.buf.extend(clean_text(value));
        self.buf.push(b' ');
        self.put_id(var);
    }

    /// Write the buffered changes out once there are enough of them.
    pub(super) fn after_sample(&mut self) -> Result<()> {
        if self.buf.len() >= FLUSH_AT {
            self.out.write_all(&self.buf)?;
            self.buf.clear();
        }
        Ok(())
    }

    /// Write everything (a closing `#end` when given) and flush; the output is then dropped.
    pub(super) fn finish(&mut self, end: Option<u64>) -> Result<()> {
        if let Some(t) = end {
            self.stamp(t);
        }
        self.out.write_all(&self.buf)?;
        self.buf.clear();
        self.out.flush()?;
        self.out = Box::new(std::io::sink());
        Ok(())
    }

    /// Best effort for a tracer dropped unfinished: write what is buffered.
    pub(super) fn abandon(&mut self) {
        let _ = self.out.write_all(&self.buf);
        let _ = self.out.flush();
        self.buf.clear();
        self.out = Box::new(std::io::sink());
    }
}
