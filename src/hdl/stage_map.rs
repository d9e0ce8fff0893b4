//! How a twin's hand-written pipeline form (`rtl/stages/<block>/`, a module per stage) maps
//! onto the twin: each register of the staged form and the twin's register it equals, and each
//! RAM. `hdl::eda::stages` proves the two forms equivalent with it.

/// How a staged form's state maps onto its twin's: every register (its flattened name in the
/// staged form, the twin's register it equals) and every RAM.
#[derive(Debug, Clone, Default)]
pub struct StageMap {
    pub registers: Vec<(String, String)>,
    pub rams: Vec<StageRam>,
}

/// A RAM of a staged form and the twin's RAM it stands for.
#[derive(Debug, Clone)]
pub struct StageRam {
    /// The staged form's instance (flattened name) and module.
    pub instance: String,
    pub module: String,
    /// The twin's RAM module, and the prefix of the nets on its ports in the twin's top
    /// module (`<prefix>read_data`, ...).
    pub twin_module: String,
    pub twin_nets: String,
}
