//! `[routing]`: the routing (`routing::registry`), its path selection, the selection function
//! of routers that route (`routing::selection`), and the keys a routing or selection declares
//! for itself — flattened into the section: DL's restriction (`routing::dl`), SSR's weight and
//! reading of D (`routing::selection::speculative`), dimension order's on tori
//! (`routing::function::dor`), UGAL-G's queue measure (`routing::function::global_queues`).

use crate::error::Result;
use crate::keys::Part;
use crate::routing::dl::DlKeys;
use crate::routing::function::dor::TorusKeys;
use crate::routing::function::global_queues::{GlobalQueueKeys, QueueMeasure};
use crate::routing::selection::speculative::SsrKeys;
use crate::routing::selection::{Selection, SelectionParams};
use serde::{Deserialize, Serialize};

/// `[routing]`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct RoutingCfg {
    /// The routing (`flitwave routes --help` lists them): updown, itb, dor, fir-det,
    /// ir-adaptive.
    pub algorithm: String,
    /// Path selection of routings that choose among paths offline. Up*/down*: "balanced"
    /// (GM simple_routes-like, default) or "shortest"; ITB: "random" (default, the paper's §4.3),
    /// "legal-first" (its §3) or "min-itb".
    pub paths: Option<String>,
    /// Selection function of switches that route: only, sadp, ff.
    pub selection: String,
    /// dl, updown: layers = VCs per link the routing uses; 0 = not given (dl: switch.vcs;
    /// updown: one layer, no VC named).
    pub layers: usize,
    /// The root of the up*/down* spanning tree (updown, itb, dl, dl-table, adaptive): a switch
    /// id, "lowest-id" (switch 0, seed 000 §2) or "central".
    pub root: crate::routing::updown::Root,
    /// DL's keys (seed 003).
    #[serde(flatten)]
    pub dl: DlKeys,
    /// SSR's keys (seed 002).
    #[serde(flatten)]
    pub ssr: SsrKeys,
    /// Dimension order's keys on tori (tie-break, VC classes).
    #[serde(flatten)]
    pub torus: TorusKeys,
    /// UGAL-G's queue measure (`routing.global_queue`).
    #[serde(flatten)]
    pub ugal_g: GlobalQueueKeys,
}

impl Default for RoutingCfg {
    fn default() -> Self {
        RoutingCfg {
            algorithm: "updown".into(),
            paths: None,
            selection: "only".into(),
            layers: 0,
            root: Default::default(),
            dl: DlKeys::default(),
            ssr: SsrKeys::default(),
            torus: TorusKeys::default(),
            ugal_g: GlobalQueueKeys::default(),
        }
    }
}

impl RoutingCfg {
    /// The section's parts: its own keys, then each owner's.
    pub fn parts() -> Vec<Part> {
        vec![
            Part::common::<RoutingCfg>(
                "any routing",
                &["algorithm", "paths", "selection", "layers", "root"],
            ),
            Part::of::<DlKeys>(),
            Part::of::<SsrKeys>(),
            // optional keys: named here, as they do not serialize when unset
            Part::common::<TorusKeys>(<TorusKeys as crate::keys::Keys>::OWNER, &["tie", "classes"]),
            Part::common::<GlobalQueueKeys>(
                <GlobalQueueKeys as crate::keys::Keys>::OWNER,
                &["global_queue"],
            ),
        ]
    }

    /// The path selection in force (the routing's default when none is given), or "-".
    pub fn paths_name(&self) -> &str {
        match (
            &self.paths,
            crate::routing::registry::routing(&self.algorithm),
        ) {
            (Some(s), _) => s,
            (None, Ok(r)) => r.paths.first().copied().unwrap_or("-"),
            (None, Err(_)) => "-",
        }
    }

    /// `routing.selection` with its own keys (`routing.ssr_k`, `routing.ssr_d`), read in this
    /// one place by validation and by every family's builder.
    pub fn selection(&self) -> Result<Selection> {
        Selection::from_config(
            &self.selection,
            &SelectionParams {
                ssr_k: self.ssr.ssr_k,
                ssr_d: &self.ssr.ssr_d,
            },
        )
    }

    /// Check the names against the registries; the error names the key and what is allowed.
    pub fn validate(&self) -> Result<()> {
        let r = crate::routing::registry::routing(&self.algorithm)
            .map_err(|e| e.context("routing.algorithm"))?;
        r.paths_name(self.paths.as_deref())
            .map_err(|e| e.context("routing.paths"))?;
        r.torus_keys(self.torus.tie.as_deref(), self.torus.classes.as_deref())?;
        QueueMeasure::resolve(self.ugal_g.global_queue.as_deref(), r.name)?;
        self.selection()?;
        Ok(())
    }
}
