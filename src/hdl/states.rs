//! Names of the encoded values on the RTL twins' ports (FSM states, word and action kinds),
//! for the GTKWave translate filters of `flitwave rtl wave`: a table keyed by block and port
//! name. Each encoding is read from the twin's own source (its encoding function or constants),
//! so the names cannot drift from the Verilog.

use crate::blocks::luc_ncb::Word;
use crate::blocks::nic::itb::ItbState;
use crate::blocks::nic::rearrange::Memory;

/// An encoding: a name for the filter file and its (value, name) pairs.
pub type Encoding = (&'static str, Vec<(u64, &'static str)>);

/// The encoding of port `signal` of twin `block`, if its values name states.
pub fn encoding(block: &str, signal: &str) -> Option<Encoding> {
    match (block, signal) {
        ("itb", "state") => {
            use ItbState::*;
            let all = [Idle, Detect, Program, Spill, Ready, Reinject];
            let t = all.map(|s| (super::itb::state_code(s), s.name()));
            Some(("itb_state", t.to_vec()))
        }
        ("luc_ncb", s) if s.starts_with("rx_kind_") || s.starts_with("tx_kind_") => {
            let all = [
                (Word::Handshake, "HANDSHAKE"),
                (Word::Luc(0), "LUC"),
                (Word::Ncb(0), "NCB"),
                (Word::Pad, "PAD"),
            ];
            let t = all.map(|(w, n)| (w.flit().data as u64, n));
            Some(("word_kind", t.to_vec()))
        }
        ("rearrange", "act_kind") => {
            use super::rearrange::{ACK, DELIVER, NACK};
            Some((
                "act_kind",
                vec![(DELIVER, "DELIVER"), (ACK, "ACK"), (NACK, "NACK")],
            ))
        }
        ("rearrange", "mode") => {
            let name = |m| match super::rearrange::memory(m, 0, 0) {
                Memory::Static { .. } => "STATIC",
                Memory::Dynamic { .. } => "DYNAMIC",
                Memory::Unlimited => "UNLIMITED",
            };
            Some(("mode", (0..4).map(|m| (m, name(m))).collect()))
        }
        _ => None,
    }
}
