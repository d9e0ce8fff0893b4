//! The waveform file formats, chosen by the file's extension or an explicit option.

use crate::error::{Error, Result};
use std::path::Path;

/// The file format of a waveform.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WaveFormat {
    /// Value Change Dump text (IEEE 1364), read by every waveform viewer.
    Vcd,
    /// GTKWave's compressed Fast Signal Trace, read by GTKWave and Surfer.
    Fst,
}

impl WaveFormat {
    /// The format named by `path`'s extension: `.fst` (any case) is FST, anything else VCD.
    pub fn of_path(path: &Path) -> WaveFormat {
        match path.extension() {
            Some(e) if e.eq_ignore_ascii_case("fst") => WaveFormat::Fst,
            _ => WaveFormat::Vcd,
        }
    }

    /// `vcd` or `fst`.
    pub fn name(self) -> &'static str {
        match self {
            WaveFormat::Vcd => "vcd",
            WaveFormat::Fst => "fst",
        }
    }

    /// The format of the waveform file `path` given the explicit choice `flag` (the value of
    /// the option `flag_name`): the choice when given, else the extension. A file ending `.vcd`
    /// or `.fst` that names the other format is an error.
    pub fn resolve(path: &Path, flag: Option<&str>, flag_name: &str) -> Result<WaveFormat> {
        let Some(f) = flag else {
            return Ok(Self::of_path(path));
        };
        let chosen = match f {
            "vcd" => WaveFormat::Vcd,
            "fst" => WaveFormat::Fst,
            other => {
                let msg = format!("{other:?} is not a waveform format; allowed: vcd, fst");
                return Err(Error::field(flag_name, msg));
            }
        };
        let ext = path.extension().map(|e| e.to_ascii_lowercase());
        let named = match ext.as_ref().and_then(|e| e.to_str()) {
            Some("vcd") => Some(WaveFormat::Vcd),
            Some("fst") => Some(WaveFormat::Fst),
            _ => None,
        };
        match named {
            Some(n) if n != chosen => {
                let msg = format!(
                    "{} contradicts the file name {} (a .{} file); allowed: --wave-format {} \
                     or a file name ending .{} (or neither .vcd nor .fst)",
                    chosen.name(),
                    path.display(),
                    n.name(),
                    n.name(),
                    chosen.name()
                );
                Err(Error::field(flag_name, msg))
            }
            _ => Ok(chosen),
        }
    }
}
