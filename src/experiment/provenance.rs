//! Where a result comes from: every JSON and CSV result file records the flitwave version and
//! the git commit it was built from (when known), next to the configuration and seed.

use serde::{Deserialize, Serialize};

/// The program that made a result.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Provenance {
    pub version: String,
    /// Git commit of the build (12 hex digits), if it was built from a repository.
    pub commit: Option<String>,
}

/// This build's provenance.
pub fn provenance() -> Provenance {
    let c = env!("FLITWAVE_COMMIT");
    Provenance {
        version: env!("CARGO_PKG_VERSION").to_string(),
        commit: (!c.is_empty()).then(|| c.to_string()),
    }
}

/// One comment line for CSV files: `# flitwave 0.1.0 (commit abc), seed 1, config: {...}`.
pub fn csv_comment(seed: u64, config_json: &str) -> String {
    format!(
        "# {}, seed {seed}, config: {config_json}\n",
        crate::output::made_by()
    )
}
