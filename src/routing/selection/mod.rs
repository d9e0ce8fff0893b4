//! Selection functions: which of a routing function's candidates a header takes, from the
//! candidates and the switch's view of its outputs ([`PortView`]: whether a port and VC can
//! take the packet now, the requests for it, and the side-band status a neighbour publishes —
//! the LUC/NCB exchange of seed 002). Candidates of the escape class are tried only
//! when no other one can be taken.
//!
//! Every selection is one file here and one line in [`selections!`] below.

pub mod credits;
pub mod duato;
pub mod ff;
pub mod only;
pub mod sadp;
pub mod speculative;
pub mod ugal;

use crate::error::{Error, Result};
use crate::routing::function::{Candidate, Candidates};

/// The switch's view of its outputs, as a selection function sees it.
pub trait PortView {
    /// Can output `port`, virtual channel `vc`, take a packet of `flits` flits now?
    fn can_take(&self, port: usize, vc: u8, flits: u32) -> bool;
    /// Has the buffer behind output `port`, VC `vc`, room for a packet of `flits` flits, even
    /// if another packet holds the VC right now (it will be free within a packet time)?
    fn has_room(&self, port: usize, vc: u8, flits: u32) -> bool {
        self.can_take(port, vc, flits)
    }
    /// Virtual channels output `port` has (bit `v` = VC `v`).
    fn vc_mask(&self, _port: usize) -> u32 {
        u32::MAX
    }
    /// Virtual channels of output `port` that hold no packet (bit `v` = VC `v`).
    fn free_vcs(&self, _port: usize) -> u32 {
        0
    }
    /// Credits the switch holds for the buffer behind output `port`, VC `vc`.
    fn credits(&self, _port: usize, _vc: u8) -> u32 {
        0
    }
    /// Flits held in the buffer behind output `port`, over all its VCs (UGAL's queue).
    fn occupancy(&self, _port: usize) -> u32 {
        0
    }
    /// Inputs asking for output `port` this cycle.
    fn requests(&self, _port: usize) -> u32 {
        0
    }
    /// The LUC `hops` (1 or 2) hops away in the direction of output `port`, as the router's
    /// NCB 1-hop or 2-hop holds it (seed 002 §3; 0 without the exchange or off the mesh).
    fn ncb(&self, _port: usize, _hops: u8) -> u32 {
        0
    }
}

/// The output a selection picked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pick {
    pub port: u8,
    pub vc: u8,
}

/// A selection function.
pub trait SelectionFunction: Sized {
    /// Pick one candidate that can take a packet of `flits` flits, if any.
    fn select<V: PortView>(&self, c: &Candidates, view: &V, flits: u32) -> Option<Pick>;
    /// It favours candidates of priority 1 (the routing should mark them).
    fn uses_priority(&self) -> bool {
        false
    }
    /// The one candidate a header keeps from its first VC-allocation cycle on, whether it fits
    /// now or not (a selection that decides once per header, as BookSim2 routes a head once);
    /// None: the choice is made again every cycle the header waits.
    fn decide<V: PortView>(&self, _c: &Candidates, _view: &V) -> Option<Candidate> {
        None
    }
    /// What it reads of the router beyond its outputs' room and credits.
    fn needs(&self) -> Needs {
        Needs::default()
    }
    /// This selection with its own keys applied; the default owns none and refuses the keys of
    /// the others when they are set.
    fn configure(self, p: &SelectionParams<'_>, name: &str) -> Result<Self> {
        p.none_set(name)?;
        Ok(self)
    }
}

/// What a selection reads of its router, declared so that the router provides exactly that.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Needs {
    /// The routed heads asking for each output this cycle (SSR's R).
    pub request_counts: bool,
    /// How far the LUC/NCB exchange must reach (0: no exchange; SSR 2, its one-hop variant 1).
    pub exchange_hops: u8,
}

/// The selections' own keys as a configuration gives them: `routing.ssr_k` and
/// `routing.ssr_d` (ssr; ssr-1hop takes the reading of D only).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SelectionParams<'a> {
    pub ssr_k: f64,
    pub ssr_d: &'a str,
}

impl Default for SelectionParams<'_> {
    fn default() -> Self {
        SelectionParams {
            ssr_k: 0.5,
            ssr_d: speculative::D_READINGS[0],
        }
    }
}

impl SelectionParams<'_> {
    /// Refuse any selection key set away from its default: `name` owns none of them.
    pub fn none_set(&self, name: &str) -> Result<()> {
        let d = SelectionParams::default();
        if self.ssr_k != d.ssr_k {
            return Err(Error::field(
                "routing.ssr_k",
                format!("{}: the weight of N2 belongs to routing.selection = \"ssr\", not {name:?} (ssr-1hop has k = 0)", self.ssr_k),
            ));
        }
        if self.ssr_d != d.ssr_d {
            return Err(Error::field(
                "routing.ssr_d",
                format!("{:?}: the reading of D belongs to routing.selection = \"ssr\" or \"ssr-1hop\", not {name:?}", self.ssr_d),
            ));
        }
        Ok(())
    }
}

/// The lowest VC of `c` that `view` lets the packet take, as a pick.
#[inline]
pub fn fits<V: PortView>(c: &Candidate, view: &V, flits: u32) -> Option<Pick> {
    if c.vcs & 1 == 1 && view.can_take(c.port as usize, 0, flits) {
        return Some(Pick {
            port: c.port,
            vc: 0,
        });
    }
    let mut m = c.vcs & !1;
    while m != 0 {
        let vc = m.trailing_zeros() as u8;
        if view.can_take(c.port as usize, vc, flits) {
            return Some(Pick { port: c.port, vc });
        }
        m &= m - 1;
        if vc >= 31 {
            break;
        }
    }
    None
}

/// The first candidate, in order, of class `escape` (and priority at least `pri`) that fits.
#[inline]
pub fn first_fit<V: PortView>(
    c: &Candidates,
    view: &V,
    flits: u32,
    escape: bool,
    pri: Option<u8>,
) -> Option<Pick> {
    if (escape && !c.has_escape()) || (pri.is_some_and(|p| p > 0) && !c.has_priority()) {
        return None;
    }
    let any = !escape && !c.has_escape() && pri.is_none_or(|p| p == 0);
    if any {
        // the common case: every candidate qualifies
        return c.as_slice().iter().find_map(|x| fits(x, view, flits));
    }
    c.as_slice()
        .iter()
        .filter(|x| x.escape == escape && pri.is_none_or(|p| x.pri >= p))
        .find_map(|x| fits(x, view, flits))
}

/// The selection functions, one line each: variant, type, name, what it does.
macro_rules! selections {
    ($($var:ident($ty:ty) = $name:literal : $help:literal,)*) => {
        /// A switch's selection function (enum dispatch).
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum Selection {
            $($var($ty),)*
        }

        /// Every selection: name and what it does.
        pub const SELECTIONS: &[(&str, &str)] = &[$(($name, $help),)*];

        impl Selection {
            /// The selection called `name`.
            pub fn by_name(name: &str) -> Option<Selection> {
                match name {
                    $($name => Some(Selection::$var(<$ty>::default())),)*
                    _ => None,
                }
            }

            /// `routing.selection` and the selections' keys, read once: the selection called
            /// `name` configured by its own keys (every other key refused when set), or an
            /// error naming the key and what is allowed.
            pub fn from_config(name: &str, p: &SelectionParams<'_>) -> Result<Selection> {
                let s = Self::by_name(name).ok_or_else(|| {
                    Error::field(
                        "routing.selection",
                        format!(
                            "{name:?} is not a selection; allowed: {}",
                            SELECTIONS.iter().map(|s| s.0).collect::<Vec<_>>().join(", ")
                        ),
                    )
                })?;
                match s {
                    $(Selection::$var(x) => Ok(Selection::$var(x.configure(p, name)?)),)*
                }
            }

            /// It falls back to escape candidates when no other one can be taken.
            pub fn tries_escape(&self) -> bool {
                !matches!(self, Selection::Only(_))
            }

            /// It decides once per header ([`SelectionFunction::decide`]), which only the VC
            /// router's VC allocation keeps, between the paths only dfly-ugal offers.
            pub fn decides_once(&self) -> bool {
                matches!(self, Selection::UgalLOnce(_))
            }

            /// Its name.
            pub fn name(&self) -> &'static str {
                match self {
                    $(Selection::$var(_) => $name,)*
                }
            }
        }

        impl SelectionFunction for Selection {
            #[inline]
            fn select<V: PortView>(&self, c: &Candidates, view: &V, flits: u32) -> Option<Pick> {
                match self {
                    $(Selection::$var(s) => s.select(c, view, flits),)*
                }
            }

            fn uses_priority(&self) -> bool {
                match self {
                    $(Selection::$var(s) => s.uses_priority(),)*
                }
            }

            fn needs(&self) -> Needs {
                match self {
                    $(Selection::$var(s) => s.needs(),)*
                }
            }

            #[inline]
            fn decide<V: PortView>(&self, c: &Candidates, view: &V) -> Option<Candidate> {
                match self {
                    $(Selection::$var(s) => s.decide(c, view),)*
                }
            }
        }
    };
}

selections! {
    Only(only::Only) = "only": "the routing function's first candidate, and only that one (deterministic routing)",
    Sadp(sadp::Sadp) = "sadp": "Static And Destination Priority: the preferred (deterministic) port if it has room, else the lowest other one with room (Fat-trees paper §5.1)",
    Ff(ff::FirstFree) = "ff": "First Free: the lowest candidate port with room (Fat-trees paper §5.1)",
    Duato(duato::Duato) = "duato": "Duato's order: a free adaptive queue with the most credits, else a free escape queue, else wait a cycle (In-order delivery paper §4.1 and §1: busy links are skipped)",
    MostCredits(credits::MostCredits) = "max-credits": "the adaptive candidate with the most credits even if busy (the header waits for it), escape candidates only when no adaptive queue has room (flitwave's order for the In-order delivery paper before the duato selection, 2026-11-25)",
    Straight(sadp::Sadp) = "straight": "oblivious straight selection: among the candidates with room, keep going in the dimension the message arrived along (the routing marks it), else the first other (the Speculative routing paper's baseline, §5; the same logic as sadp)",
    Ssr(speculative::Ssr) = "ssr": "Speculative Selection: the free channel with the least E = D + R + N1 + k*N2 (k = routing.ssr_k, 0.5), all busy: the least E; needs exchange.hops = 2 (Speculative routing paper §4)",
    UgalL(ugal::UgalLocal) = "ugal-l": "UGAL-L: the minimal candidate unless its output queue exceeds twice the non-minimal one's plus 30 flits (BookSim2's ugal_dragonflynew rule; routing dfly-ugal), remade every cycle the header waits for its VC",
    UgalLOnce(ugal::UgalLocalOnce) = "ugal-l-once": "UGAL-L decided once, at the header's first VC-allocation cycle, which then waits for a VC of that path (BookSim2 routes a head once); routing dfly-ugal; vc family",
    Ssr1Hop(speculative::Ssr1Hop) = "ssr-1hop": "SSR's one-hop variant, k = 0: E = D + R + N1; needs exchange.hops >= 1 (Speculative routing paper §2.2)",
}

#[cfg(test)]
mod tests {
    use super::*;

    struct View(u32);
    impl PortView for View {
        fn can_take(&self, port: usize, _vc: u8, _flits: u32) -> bool {
            self.0 >> port & 1 == 1
        }
    }

    fn set(ports: &[(u8, u8, bool)]) -> Candidates {
        let mut c = Candidates::new();
        for &(port, pri, escape) in ports {
            c.push(Candidate {
                port,
                vcs: 1,
                escape,
                pri,
                turn: false,
            });
        }
        c
    }

    #[test]
    fn each_selection_picks_as_documented() {
        let c = set(&[(2, 0, false), (3, 1, false), (5, 0, false)]);
        let pick = |s: &str, room: u32| {
            Selection::by_name(s)
                .unwrap()
                .select(&c, &View(room), 1)
                .map(|p| p.port)
        };
        assert_eq!(pick("only", 0b111100), Some(2));
        assert_eq!(pick("only", 0b111000), None);
        assert_eq!(pick("ff", 0b111000), Some(3));
        assert_eq!(pick("sadp", 0b111100), Some(3));
        assert_eq!(pick("sadp", 0b110100), Some(2));
        assert_eq!(pick("sadp", 0b100000), Some(5));
        assert_eq!(pick("ff", 0), None);
        // escape candidates only when nothing else fits
        let e = set(&[(1, 0, true), (4, 0, false)]);
        let s = Selection::by_name("ff").unwrap();
        assert_eq!(s.select(&e, &View(0b10010), 1).map(|p| p.port), Some(4));
        assert_eq!(s.select(&e, &View(0b00010), 1).map(|p| p.port), Some(1));
        assert!(Selection::by_name("nope").is_none());
        // max-credits: the most credits among those with room
        struct Cr(u32, [u32; 8]);
        impl PortView for Cr {
            fn can_take(&self, port: usize, _vc: u8, _flits: u32) -> bool {
                self.0 >> port & 1 == 1
            }
            fn credits(&self, port: usize, _vc: u8) -> u32 {
                self.1[port]
            }
        }
        let m = Selection::by_name("max-credits").unwrap();
        let cr = [0, 9, 4, 7, 9, 8, 0, 0];
        assert_eq!(m.select(&c, &Cr(0b101100, cr), 1).map(|p| p.port), Some(5));
        assert_eq!(m.select(&c, &Cr(0b001100, cr), 1).map(|p| p.port), Some(3));
        assert_eq!(m.select(&e, &Cr(0b10010, cr), 1).map(|p| p.port), Some(4));
        assert_eq!(m.select(&e, &Cr(0b00010, cr), 1).map(|p| p.port), Some(1));
        assert_eq!(SELECTIONS.len(), 10);
        // ugal-l: the minimal candidate (priority 1) unless its queue exceeds twice the
        // non-minimal one's plus 30 flits
        // each port's queue, and whether every port can take the packet now
        struct Q([u32; 8], bool);
        impl PortView for Q {
            fn can_take(&self, _port: usize, _vc: u8, _flits: u32) -> bool {
                self.1
            }
            fn occupancy(&self, port: usize) -> u32 {
                self.0[port]
            }
        }
        let u = Selection::by_name("ugal-l").unwrap();
        let two = set(&[(2, 1, false), (5, 0, false)]);
        let q = |min, non| {
            let mut o = [0; 8];
            (o[2], o[5]) = (min, non);
            u.select(&two, &Q(o, true), 1).map(|p| p.port)
        };
        assert_eq!(q(70, 20), Some(2));
        assert_eq!(q(71, 20), Some(5));
        assert_eq!(q(30, 0), Some(2));
        assert_eq!(q(31, 0), Some(5));
        // ugal-l-once picks as ugal-l, and decides the path even when neither port can take
        // the packet now (the header keeps it); ugal-l decides nothing
        let once = Selection::by_name("ugal-l-once").unwrap();
        let decided = |min, non| {
            let mut o = [0; 8];
            (o[2], o[5]) = (min, non);
            assert_eq!(
                once.select(&two, &Q(o, true), 1),
                u.select(&two, &Q(o, true), 1)
            );
            assert_eq!(once.select(&two, &Q(o, false), 1), None);
            assert_eq!(u.decide(&two, &Q(o, false)), None);
            once.decide(&two, &Q(o, false)).map(|c| c.port)
        };
        assert_eq!(decided(70, 20), Some(2));
        assert_eq!(decided(71, 20), Some(5));
        assert_eq!(once.decide(&set(&[(2, 0, false)]), &Q([0; 8], false)), None);
    }

    /// Seed 004's rule: a busy adaptive queue is skipped for a free escape queue (`duato`);
    /// `max-credits` waits on the busy adaptive queue instead. With nothing free, `duato` waits.
    #[test]
    fn duato_skips_a_busy_adaptive_queue_for_a_free_escape_queue() {
        // every queue has room; `free` says which can take the packet now
        struct Busy {
            free: u32,
        }
        impl PortView for Busy {
            fn can_take(&self, port: usize, _vc: u8, _flits: u32) -> bool {
                self.free >> port & 1 == 1
            }
            fn has_room(&self, _port: usize, _vc: u8, _flits: u32) -> bool {
                true
            }
            fn credits(&self, port: usize, _vc: u8) -> u32 {
                port as u32
            }
        }
        let c = set(&[(1, 0, true), (4, 0, false), (6, 0, false)]);
        let pick = |s: &str, free: u32| {
            Selection::by_name(s)
                .unwrap()
                .select(&c, &Busy { free }, 1)
                .map(|p| p.port)
        };
        // adaptive ports 4 and 6 busy, escape port 1 free
        assert_eq!(pick("duato", 0b10), Some(1));
        assert_eq!(pick("max-credits", 0b10), Some(6));
        // a free adaptive queue wins over the escape queue, the one with most credits
        assert_eq!(pick("duato", 0b1010010), Some(6));
        assert_eq!(pick("duato", 0b0010010), Some(4));
        // nothing free: duato waits, max-credits holds on to a busy adaptive queue
        assert_eq!(pick("duato", 0), None);
        assert_eq!(pick("max-credits", 0), Some(6));
    }

    /// Each selection owns its keys and declares what it reads: the keys of SSR are
    /// applied to it, refused for every selection that does not own them, and the router learns
    /// from the declaration alone that SSR counts requests and needs the two-hop exchange.
    #[test]
    fn selections_own_their_keys_and_declare_their_needs() {
        let p = |k, d| SelectionParams { ssr_k: k, ssr_d: d };
        let ssr = Selection::from_config("ssr", &p(0.25, "turn")).unwrap();
        assert_eq!(
            ssr,
            Selection::Ssr(speculative::Ssr {
                k_quarters: 1,
                d_turn: true
            })
        );
        assert_eq!(
            ssr.needs(),
            Needs {
                request_counts: true,
                exchange_hops: 2
            }
        );
        let one = Selection::from_config("ssr-1hop", &p(0.5, "turn")).unwrap();
        assert_eq!(one.needs().exchange_hops, 1);
        for (name, k, d, key) in [
            ("ff", 0.25, "same-dimension", "routing.ssr_k"),
            ("duato", 0.5, "turn", "routing.ssr_d"),
            ("ssr-1hop", 1.0, "same-dimension", "routing.ssr_k"),
            ("ssr", 0.3, "same-dimension", "routing.ssr_k"),
            ("ssr", 0.5, "sideways", "routing.ssr_d"),
            ("nope", 0.5, "same-dimension", "routing.selection"),
        ] {
            let e = Selection::from_config(name, &p(k, d)).unwrap_err();
            assert!(e.message().starts_with(key), "{name}: {e}");
        }
        let ff = Selection::from_config("ff", &SelectionParams::default()).unwrap();
        assert_eq!(ff.needs(), Needs::default());
    }
}
