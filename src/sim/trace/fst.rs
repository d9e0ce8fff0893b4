//! The FST back end, through the `fst-writer` crate: the same hierarchy, values and times as
//! the VCD, compressed. Header strings are fixed (`flitwave VERSION`, no date), so the bytes
//! are deterministic. FST (as written by `fst-writer`) has no variable-length strings: a text
//! signal is a vector of 8-bit ASCII characters, `8 * chars` bits, the text left-aligned and
//! padded with spaces (GTKWave shows it as text with its ASCII format; wellen reads a bit
//! vector). Value changes are kept in memory and written as a compressed block every
//! [`FLUSH_AT`] bytes.

use super::var::{clean_text, Decl, Kind, Var};
use crate::error::{Error, Result};
use fst_writer::{
    FstBodyWriter, FstFileType, FstHeaderWriter, FstInfo, FstScopeType, FstSignalId, FstSignalType,
    FstVarDirection, FstVarType, FstWriteError,
};
use std::fs::File;
use std::io::BufWriter;

/// Bytes of buffered value changes that trigger writing a block.
const FLUSH_AT: usize = 32 << 20;

fn fst_err(e: FstWriteError) -> Error {
    Error::new(format!("FST waveform: {e}"))
}

/// An FST being written: the body writer, each variable's signal and text width (by slot).
pub(super) struct Fst {
    body: FstBodyWriter<BufWriter<File>>,
    ids: Vec<FstSignalId>,
    chars: Vec<u32>,
    scratch: Vec<u8>,
    err: Option<FstWriteError>,
}

impl Fst {
    /// Write the header of `decls` to `file` (timescale 1 ps); `chars[i]` is the width of text
    /// variable `i`.
    pub(super) fn new(
        file: File,
        decls: &[Decl],
        vars: &[Var],
        chars: &[u32],
        provenance: &[String],
    ) -> Result<Fst> {
        // the header's fields are fixed C strings (128 and 119 bytes with their NULs): the
        // program in the version, what it ran (the seed and the configuration's hash) in the
        // date; the save file beside holds every line whole
        let (version, rest) = match provenance.split_first() {
            Some((v, r)) => (v.clone(), r.join("; ")),
            None => (
                format!("flitwave {}", env!("CARGO_PKG_VERSION")),
                String::new(),
            ),
        };
        let info = FstInfo {
            start_time: 0,
            timescale_exponent: -12,
            version: cut(&version, 127),
            date: cut(&rest, 118),
            file_type: FstFileType::Verilog,
        };
        let mut h = FstHeaderWriter::new(BufWriter::new(file), &info).map_err(fst_err)?;
        let (mut ids, mut widths) = (vec![], vec![]);
        for d in decls {
            match d {
                Decl::Scope(name) => h.scope(name, "", FstScopeType::Module).map_err(fst_err)?,
                Decl::Up => h.up_scope().map_err(fst_err)?,
                Decl::Var(i, leaf) => {
                    let (ty, w) = match vars[*i].kind {
                        Kind::Bits(w) => (FstVarType::Wire, w),
                        Kind::Int => (FstVarType::Integer, 32),
                        Kind::Text => (FstVarType::Wire, 8 * chars[*i]),
                    };
                    let st = FstSignalType::bit_vec(w);
                    let id = h.var(leaf, st, ty, FstVarDirection::Implicit, None);
                    debug_assert_eq!(vars[*i].slot as usize, ids.len());
                    ids.push(id.map_err(fst_err)?);
                    widths.push(chars[*i]);
                }
            }
        }
        let body = h.finish().map_err(fst_err)?;
        let (scratch, err) = (Vec::with_capacity(256), None);
        Ok(Fst {
            body,
            ids,
            chars: widths,
            scratch,
            err,
        })
    }

    fn keep(&mut self, r: fst_writer::Result<()>) {
        if let Err(e) = r {
            self.err.get_or_insert(e);
        }
    }

    /// The changes that follow happen at `time`.
    #[inline]
    pub(super) fn stamp(&mut self, time: u64) {
        let r = self.body.time_change(time);
        self.keep(r);
    }

    /// A bits/int change: one `'0'`/`'1'` per declared bit, most significant first.
    #[inline]
    pub(super) fn num(&mut self, var: &Var, v: u64) {
        let w = match var.kind {
            Kind::Bits(w) => w,
            _ => 32,
        };
        self.scratch.clear();
        self.scratch
            .extend((0..w).rev().map(|k| b'0' + ((v >> k) & 1) as u8));
        let r = self
            .body
            .signal_change(self.ids[var.slot as usize], &self.scratch);
        self.keep(r);
    }

    /// A text change: the cleaned text, cut or padded with spaces to `chars` characters, 8 bits
    /// a character.
    pub(super) fn text(&mut self, var: &Var, value: &str) {
        let chars = self.chars[var.slot as usize] as usize;
        let pad = std::iter::repeat(b' ');
        let bytes = clean_text(value).chain(pad).take(chars);
        self.scratch.clear();
        for c in bytes {
            self.scratch
                .extend((0..8).rev().map(|k| b'0' + ((c >> k) & 1)));
        }
        let r = self
            .body
            .signal_change(self.ids[var.slot as usize], &self.scratch);
        self.keep(r);
    }

    /// Report an error of the sample just written; write a block once enough changes are held
    /// (between samples: the next change starts with a new time).
    pub(super) fn after_sample(&mut self) -> Result<()> {
        if let Some(e) = self.err.take() {
            return Err(fst_err(e));
        }
        if self.body.size() >= FLUSH_AT {
            self.body.flush().map_err(fst_err)?;
        }
        Ok(())
    }

    /// Close at `end` (a time with no change, so the last values have a width), write the last
    /// block and the header's totals, and flush the file.
    pub(super) fn finish(self, end: Option<u64>) -> Result<()> {
        let mut f = self;
        if let Some(t) = end {
            f.stamp(t);
        }
        if let Some(e) = f.err.take() {
            return Err(fst_err(e));
        }
        let mut out = f.body.finish().map_err(fst_err)?;
        std::io::Write::flush(&mut out)?;
        Ok(())
    }
}

/// `s` cut to at most `n` bytes, on a character boundary.
fn cut(s: &str, n: usize) -> String {
    let mut end = s.len().min(n);
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    s[..end].to_string()
}
