//! Models of hardware blocks, one file each: cycle-accurate and fast, used inside whole networks.
//! Leaf blocks only: they take header values as arguments and import neither the network
//! assemblies (`fabric`) nor the statistics (`stats`).

pub mod allocator;
pub mod arbiter;
pub mod credit;
pub mod credit_delay;
pub mod crossbar;
pub mod dl_table;
pub mod ir_fir;
pub mod link;
pub mod luc_ncb;
pub mod nic;
pub mod slack_buffer;
pub mod vc_buffer;
pub mod vc_credits;

/// How an RTL twin in place of a model (`hdl::insitu`) fared against the model run alongside.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TwinTally {
    /// Which twin (`sw3.in2.slack`).
    pub what: String,
    /// Cycles (slack buffer) or grants (arbiter) compared.
    pub calls: u64,
    /// Calls on which twin and model disagreed.
    pub mismatches: u64,
    /// The first disagreement: cycle, signal, both values.
    pub first: Option<String>,
}

impl TwinTally {
    /// Count a disagreement of `signal` between the model and the twin (the first is kept,
    /// with the call number as its cycle).
    pub fn compare<T: PartialEq + std::fmt::Debug>(&mut self, signal: &str, model: T, rtl: T) {
        if model != rtl {
            self.mismatches += 1;
            if self.first.is_none() {
                self.first = Some(format!(
                    "{} cycle {}: {signal}: model {model:?}, rtl {rtl:?}",
                    self.what, self.calls
                ));
            }
        }
    }
}
