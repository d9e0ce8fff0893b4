//! The speculative selection function, SSR (seed 002 §4). For every channel (output port and
//! virtual channel) the routing function allows, its inputs are
//! - F: the VC is free (no other packet holds it),
//! - D: §4 says "D = 1 if the message came from the same link's dimension, otherwise D = 0".
//!   Two readings (`routing.ssr_d`): "same-dimension" (the default, flitwave's first reading):
//!   D = 1 when the candidate link is in the dimension the message arrived along, so SSR,
//!   which takes the smallest E, leans away from going straight; "turn": D = 1 when the
//!   candidate turns to the other dimension, so going straight is the cheaper default. 0 for a
//!   message just injected in both. The routing unit marks both (priority 1 and `turn`),
//! - R: the requests for the link this cycle (routed heads of every input that may take it),
//! - N1, N2: the LUCs one and two hops away in the link's direction (the router's NCB 1-hop and
//!   2-hop, `blocks::luc_ncb`),
//!
//! and its cost is **E = D + R + N1 + k·N2** (k = 0.5 with the two-hop exchange, 0 for the
//! one-hop variant), computed in quarters: 4·(D + R + N1) + 4k·N2. If exactly one channel is
//! free it is taken; if several are free, the free one with the smallest E; if all are busy,
//! the one with the smallest E, which the header waits for (re-evaluated every cycle it waits).
//! Ties go to the candidate the routing function lists first (Opt-y lists x before y), then
//! the lower VC. Escape candidates, where a routing has them, are taken only when free and no
//! other channel is. Combinational: routing and selection together take one cycle (§5).

use super::{fits, Needs, Pick, PortView, SelectionFunction, SelectionParams};
use crate::error::{Error, Result};
use crate::routing::function::Candidates;

/// Channels the selection unit compares (4 ports × 2 VCs: Opt-y needs at most 2 × 2).
pub const SSR_CHANNELS: usize = 8;

/// The inputs of one channel.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SsrChannel {
    pub valid: bool,
    /// F.
    pub free: bool,
    /// D.
    pub d: bool,
    /// R.
    pub r: u8,
    /// N1, N2.
    pub n1: u16,
    pub n2: u16,
}

/// E of channel `c` in quarters, with k = `k_quarters` / 4.
#[inline]
pub fn cost(c: &SsrChannel, k_quarters: u8) -> u32 {
    4 * (c.d as u32 + c.r as u32 + c.n1 as u32) + k_quarters as u32 * c.n2 as u32
}

/// The channel SSR takes among `ch` (the selection unit's combinational core, as its RTL twin
/// computes it): the smallest E among the free valid channels, else among all valid ones; the
/// lowest index on a tie.
pub fn choose(ch: &[SsrChannel; SSR_CHANNELS], k_quarters: u8) -> Option<usize> {
    let any_free = ch.iter().any(|c| c.valid && c.free);
    let mut best: Option<(u32, usize)> = None;
    for (i, c) in ch.iter().enumerate() {
        if !c.valid || (any_free && !c.free) {
            continue;
        }
        let e = cost(c, k_quarters);
        if best.is_none_or(|(b, _)| e < b) {
            best = Some((e, i));
        }
    }
    best.map(|b| b.1)
}

/// SSR with k = `k_quarters` / 4 (`routing.ssr_k`; 0.5 by default) and D read as a turn
/// (`routing.ssr_d = "turn"`) or as the same dimension (the default).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ssr {
    pub k_quarters: u8,
    pub d_turn: bool,
}

impl Default for Ssr {
    fn default() -> Self {
        Ssr {
            k_quarters: 2,
            d_turn: false,
        }
    }
}

/// The one-hop variant: SSR with k = 0 (N2 ignored).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Ssr1Hop {
    pub d_turn: bool,
}

/// The readings of D (`routing.ssr_d`), the default first.
pub const D_READINGS: [&str; 2] = ["same-dimension", "turn"];

/// SSR's own keys, flattened into `[routing]`.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct SsrKeys {
    /// ssr: the weight k of N2 in E = D + R + N1 + k*N2 (seed 002 §4: 0.5), a multiple of
    /// 0.25 in 0..=4.
    pub ssr_k: f64,
    /// ssr, ssr-1hop: how D reads (seed 002 §4): "same-dimension" (D = 1 for the link in the
    /// dimension the message arrived along) or "turn" (D = 1 for a link that turns).
    pub ssr_d: String,
}

impl Default for SsrKeys {
    fn default() -> Self {
        SsrKeys {
            ssr_k: 0.5,
            ssr_d: D_READINGS[0].into(),
        }
    }
}

impl crate::keys::Keys for SsrKeys {
    const OWNER: &'static str = "ssr selection";
}

impl Ssr {
    /// The channels of `c`'s non-escape candidates as the unit sees them, and their picks.
    #[inline]
    fn channels<V: PortView>(
        &self,
        c: &Candidates,
        view: &V,
    ) -> ([SsrChannel; SSR_CHANNELS], [Pick; SSR_CHANNELS]) {
        let mut ch = [SsrChannel::default(); SSR_CHANNELS];
        let mut picks = [Pick { port: 0, vc: 0 }; SSR_CHANNELS];
        let mut n = 0;
        for x in c.as_slice().iter().filter(|x| !x.escape) {
            let port = x.port as usize;
            let free = view.free_vcs(port);
            let base = SsrChannel {
                valid: true,
                free: false,
                d: if self.d_turn { x.turn } else { x.pri > 0 },
                r: view.requests(port).min(u8::MAX as u32) as u8,
                n1: view.ncb(port, 1).min(u16::MAX as u32) as u16,
                n2: view.ncb(port, 2).min(u16::MAX as u32) as u16,
            };
            let mut m = x.vcs & view.vc_mask(port);
            while m != 0 && n < SSR_CHANNELS {
                let vc = m.trailing_zeros();
                m &= m - 1;
                ch[n] = SsrChannel {
                    free: free >> vc & 1 == 1,
                    ..base
                };
                picks[n] = Pick {
                    port: x.port,
                    vc: vc as u8,
                };
                n += 1;
            }
        }
        (ch, picks)
    }

    #[inline]
    fn pick<V: PortView>(&self, c: &Candidates, view: &V, flits: u32) -> Option<Pick> {
        let (ch, picks) = self.channels(c, view);
        if c.has_escape() && !ch.iter().any(|x| x.valid && x.free) {
            let esc = c
                .as_slice()
                .iter()
                .filter(|x| x.escape)
                .find_map(|x| fits(x, view, flits));
            if esc.is_some() {
                return esc;
            }
        }
        choose(&ch, self.k_quarters).map(|i| picks[i])
    }
}

/// `routing.ssr_d`: whether D marks a turn (else the same dimension).
fn d_turn(p: &SelectionParams<'_>) -> Result<bool> {
    match p.ssr_d {
        "same-dimension" => Ok(false),
        "turn" => Ok(true),
        other => Err(Error::field(
            "routing.ssr_d",
            format!(
                "{other:?} is not a reading of D; allowed: {}",
                D_READINGS.join(", ")
            ),
        )),
    }
}

impl SelectionFunction for Ssr {
    #[inline]
    fn select<V: PortView>(&self, c: &Candidates, view: &V, flits: u32) -> Option<Pick> {
        self.pick(c, view, flits)
    }

    fn uses_priority(&self) -> bool {
        true
    }

    fn needs(&self) -> Needs {
        Needs {
            request_counts: true,
            exchange_hops: 2,
        }
    }

    /// `routing.ssr_k` (k of N2, in quarters: the unit weighs N2 by shifts and adds) and
    /// `routing.ssr_d`.
    fn configure(self, p: &SelectionParams<'_>, _name: &str) -> Result<Self> {
        let k = p.ssr_k;
        let q = k * 4.0;
        if !(0.0..=4.0).contains(&k) || q.fract() != 0.0 {
            return Err(Error::field(
                "routing.ssr_k",
                format!("{k}: the selection unit weighs N2 in quarters; allowed 0, 0.25, 0.5, ..., 4 (the Speculative routing paper: 0.5)"),
            ));
        }
        Ok(Ssr {
            k_quarters: q as u8,
            d_turn: d_turn(p)?,
        })
    }
}

impl SelectionFunction for Ssr1Hop {
    #[inline]
    fn select<V: PortView>(&self, c: &Candidates, view: &V, flits: u32) -> Option<Pick> {
        Ssr {
            k_quarters: 0,
            d_turn: self.d_turn,
        }
        .pick(c, view, flits)
    }

    fn needs(&self) -> Needs {
        Needs {
            request_counts: true,
            exchange_hops: 1,
        }
    }

    /// `routing.ssr_d`; k is 0 by definition, so `routing.ssr_k` is refused when set.
    fn configure(self, p: &SelectionParams<'_>, name: &str) -> Result<Self> {
        let d_turn = d_turn(p)?;
        SelectionParams {
            ssr_d: D_READINGS[0],
            ..*p
        }
        .none_set(name)?;
        Ok(Ssr1Hop { d_turn })
    }

    fn uses_priority(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ch(free: bool, d: bool, r: u8, n1: u16, n2: u16) -> SsrChannel {
        SsrChannel {
            valid: true,
            free,
            d,
            r,
            n1,
            n2,
        }
    }

    #[test]
    fn one_free_several_free_all_busy() {
        let mut c = [SsrChannel::default(); SSR_CHANNELS];
        // exactly one free: taken whatever its cost
        c[0] = ch(false, false, 0, 0, 0);
        c[1] = ch(true, true, 3, 9, 9);
        assert_eq!(choose(&c, 2), Some(1));
        // several free: the smallest E among them (the busy cheap one is ignored)
        c[2] = ch(true, false, 1, 4, 4); // E = 1 + 1 + 4 + 2 = 8 < 1 + 3 + 9 + 4.5
        assert_eq!(choose(&c, 2), Some(2));
        // k matters: N2 decides between two otherwise equal channels
        c[1] = ch(true, false, 1, 4, 2);
        assert_eq!(choose(&c, 2), Some(1));
        assert_eq!(choose(&c, 0), Some(1), "a tie goes to the lower index");
        // all busy: the smallest E, waited for
        let mut b = [SsrChannel::default(); SSR_CHANNELS];
        b[0] = ch(false, true, 0, 2, 0);
        b[1] = ch(false, false, 0, 2, 0);
        assert_eq!(choose(&b, 2), Some(1), "D = 1 costs one");
        assert_eq!(choose(&[SsrChannel::default(); SSR_CHANNELS], 2), None);
        assert_eq!(cost(&ch(true, true, 2, 3, 5), 2), 4 * 6 + 10);
    }

    /// Through the selection as the switch calls it: between two free outputs that differ only
    /// in the LUC two hops away, SSR takes the less loaded one (its N2 is read from the NCB
    /// 2-hop, not the 1-hop); the one-hop variant, blind to N2, takes the first. And the two
    /// readings of D: "same-dimension" charges going straight, "turn" charges turning.
    #[test]
    fn ssr_reads_n2_two_hops_away_and_d_both_ways() {
        use crate::routing::function::{Candidate, Candidates};
        use crate::routing::selection::{PortView, Selection, SelectionFunction};
        struct View {
            n1: [u32; 8],
            n2: [u32; 8],
        }
        impl PortView for View {
            fn can_take(&self, _port: usize, _vc: u8, _flits: u32) -> bool {
                true
            }
            fn free_vcs(&self, _port: usize) -> u32 {
                u32::MAX
            }
            fn vc_mask(&self, _port: usize) -> u32 {
                1
            }
            fn ncb(&self, port: usize, hops: u8) -> u32 {
                if hops == 1 {
                    self.n1[port]
                } else {
                    self.n2[port]
                }
            }
        }
        let cands = |a: (bool, bool), b: (bool, bool)| {
            let mut c = Candidates::new();
            for (port, (straight, turn)) in [(2u8, a), (5u8, b)] {
                c.push(Candidate {
                    port,
                    vcs: 1,
                    escape: false,
                    pri: straight as u8,
                    turn,
                });
            }
            c
        };
        let pick = |s: Selection, c: &Candidates, v: &View| s.select(c, v, 20).map(|p| p.port);
        let ssr = Selection::Ssr(Ssr::default());
        let one = Selection::Ssr1Hop(Ssr1Hop::default());
        // equal but for N2: port 5 has the quieter node two hops away
        let v = View {
            n1: [3; 8],
            n2: [0, 0, 6, 0, 0, 2, 0, 0],
        };
        let both_turn = cands((false, true), (false, true));
        assert_eq!(pick(ssr, &both_turn, &v), Some(5));
        assert_eq!(
            pick(one, &both_turn, &v),
            Some(2),
            "k = 0: a tie, the first"
        );
        // N1 weighs fully: a quieter neighbour wins over a quieter node beyond it
        let v1 = View {
            n1: [0, 0, 1, 0, 0, 3, 0, 0],
            n2: [0, 0, 6, 0, 0, 2, 0, 0],
        };
        assert_eq!(pick(ssr, &both_turn, &v1), Some(2));
        // D: port 2 goes straight, port 5 turns; all else equal
        let quiet = View {
            n1: [0; 8],
            n2: [0; 8],
        };
        let mixed = cands((true, false), (false, true));
        assert_eq!(
            pick(ssr, &mixed, &quiet),
            Some(5),
            "same-dimension: straight costs one"
        );
        let turn = Selection::Ssr(Ssr {
            d_turn: true,
            ..Ssr::default()
        });
        assert_eq!(
            pick(turn, &mixed, &quiet),
            Some(2),
            "turn: turning costs one"
        );
        let one_turn = Selection::Ssr1Hop(Ssr1Hop { d_turn: true });
        assert_eq!(pick(one_turn, &mixed, &quiet), Some(2));
    }
}
