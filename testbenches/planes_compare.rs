//! How the planes' testbenches (`planes::`, `planes_shapes::`, `planes_queues::`, ...) read a
//! network: a run with its routers in bit planes read as a program reads it — every router's
//! registers, wait-for edges, health and exchange unit, its probes and every link — folded
//! into a digest checked against the run's golden (`against_golden`, [`Digest`]), and the
//! comparison of two networks' state (`Compare`: two runs that must agree, on one thread and
//! on several). The comparison is exact and on data — the routers' register images
//! (`VcSwitch::register_image`), the links, wait-for edges and exchange units by `==`, the
//! probes as bytes (`common::ProbeImage`) — and builds the two sides' text only where the
//! data differ, to show them; its tests check that it says where two networks a cycle apart,
//! one link slot or one probe value differ.

use crate::common::{probe_values, ProbeImage};
use flitwave::fabric::vc::switch::VcSwitch;
use flitwave::fabric::vc::VcFamily;
use flitwave::fabric::{Network, Switch, Wait};
use flitwave::sim::{Probe, ProbeVisitor};

/// Everything the network's statistics say at the end of a run.
pub(crate) fn outcome(n: &Network<VcFamily>) -> String {
    format!(
        "{}\n{:?}\n{:?}\n{:?}\n{} {}",
        serde_json::to_string(&n.summary()).unwrap(),
        n.vc_occupancy(),
        n.link_loads(),
        n.deadlock(),
        n.conservation_ok(),
        n.flits_in_flight()
    )
}

/// Where two networks first differ, and what each holds there as text.
#[derive(Debug)]
pub(crate) struct Mismatch {
    pub what: String,
    pub left: String,
    pub right: String,
}

/// A difference the data found, as text: none where the texts agree (the data never see
/// less than the text, so this compares what the text compares).
fn check(
    same: bool,
    what: impl FnOnce() -> String,
    texts: impl FnOnce() -> (String, String),
) -> Result<(), Mismatch> {
    if same {
        return Ok(());
    }
    let (left, right) = texts();
    if left == right {
        return Ok(());
    }
    Err(Mismatch {
        what: what(),
        left,
        right,
    })
}

/// The comparison of two networks' state, with the room it reuses from one call to the next
/// (no allocation per router and cycle).
#[derive(Default)]
pub(crate) struct Compare {
    images: [Vec<u64>; 2],
    waits: [Vec<Wait>; 2],
    probes: [ProbeImage; 2],
}

impl Compare {
    /// The first difference between networks `a` and `b`: every router's state registers, the wait-for edges the deadlock report
    /// reads, its health and its exchange unit; with `signals`, every router's probe values
    /// (its last cycle's strobes among them) and every link: the flits and credits on it,
    /// slot by slot, and its counts.
    pub(crate) fn networks(
        &mut self,
        signals: bool,
        a: &Network<VcFamily>,
        b: &Network<VcFamily>,
    ) -> Result<(), Mismatch> {
        if signals {
            for (l, (x, y)) in a.links().iter().zip(b.links()).enumerate() {
                check(
                    x == y,
                    || format!("link {l}"),
                    || (format!("{x:?}"), format!("{y:?}")),
                )?;
            }
        }
        for (x, y) in a.switches().iter().zip(b.switches()) {
            self.routers(signals, x, y)?;
        }
        Ok(())
    }

    /// The first difference between routers `x` and `y` ([`Compare::networks`]).
    pub(crate) fn routers(
        &mut self,
        signals: bool,
        x: &VcSwitch,
        y: &VcSwitch,
    ) -> Result<(), Mismatch> {
        let id = x.id;
        let [ix, iy] = &mut self.images;
        x.register_image(ix);
        y.register_image(iy);
        check(
            ix == iy,
            || format!("router {id}'s registers"),
            || (x.registers(), y.registers()),
        )?;
        let [wx, wy] = &mut self.waits;
        wx.clear();
        wy.clear();
        x.waits(wx);
        y.waits(wy);
        check(
            wx == wy,
            || format!("router {id}'s wait-for edges"),
            || (format!("{wx:?}"), format!("{wy:?}")),
        )?;
        let (hx, hy) = (x.health(), y.health());
        check(
            hx == hy,
            || format!("router {id}'s health"),
            || (format!("{hx:?}"), format!("{hy:?}")),
        )?;
        // what a probe and a waveform read of the router: its last cycle's strobes too
        if signals {
            let [px, py] = &mut self.probes;
            check(
                px.of(x) == py.of(y),
                || format!("router {id}'s probes"),
                || (probe_values(x).join("\n"), probe_values(y).join("\n")),
            )?;
        }
        // the LUC/NCB exchange unit (its counters, snapshots and words) and the flits it held
        let (ex, ey) = (
            (x.exchange_unit(), x.halted()),
            (y.exchange_unit(), y.halted()),
        );
        check(
            ex == ey,
            || format!("router {id}'s exchange"),
            || {
                (
                    format!("{:?} {}", ex.0, ex.1),
                    format!("{:?} {}", ey.0, ey.1),
                )
            },
        )
    }
}

/// Every router's state registers in `a` equal those of the same router in `b`, and so do the
/// rest [`Compare::networks`] compares; a failure shows both sides' text.
pub(crate) fn same_registers(
    what: &str,
    (t, signals): (u64, bool),
    (a, b): (&Network<VcFamily>, &Network<VcFamily>),
    compare: &mut Compare,
) {
    if let Err(m) = compare.networks(signals, a, b) {
        assert_eq!(m.left, m.right, "{what}: cycle {t}: {}", m.what);
    }
}

/// Step `a` (its routers in planes) for `cycles`, reading it as a program would — every
/// seventh cycle every router's registers, wait-for edges,
/// health and exchange unit, every 19th its probes and links too — and check all it read
/// against the run's golden ([`Digest`]); returns the packets delivered.
pub(crate) fn against_golden(what: &str, mut a: Network<VcFamily>, cycles: u64) -> u64 {
    assert!(a.has_engine(), "{what}: the planes do not take the network");
    let mut compare = Compare::default();
    let mut digest = Digest::default();
    for t in 0..cycles {
        // the probes and links every 19th cycle: a prime, so that over a run they are seen
        // at every phase of a periodic event (an exchange slot)
        let signals = t % 19 == 0;
        let read = t % 7 == 0 || signals;
        // the planes write the routers only in the cycles read (by the reads themselves), as
        // in a run that reads its network now and then: the cycles between go on from the
        // planes alone
        assert!(a.step(), "{what}: cycle {t}: a deadlock");
        if read {
            digest.network(signals, &a, &mut compare);
        }
    }
    assert!(a.has_engine(), "{what}: the planes did not carry the run");
    digest.golden(what, &outcome(&a));
    assert!(a.conservation_ok(), "{what}");
    a.summary().delivered_packets
}

/// What a run read of the planes, kept as a golden file (`testbenches/golden/planes/<test>--
/// <case>.txt`, written with `FLITWAVE_BLESS=1`): an FNV-1a digest of all that
/// [`Compare::networks`] compares at every cycle read — every router's register image,
/// wait-for edges, health and exchange unit, and in the cycles of the signals its probe image
/// and every link — and the run's outcome. The goldens were blessed from runs that agreed, read
/// for read, with the same routers evaluated one by one, every stage in turn (the reference
/// the planes were built against, gone since; docs/testing.md): a change that moves a
/// register, a signal or a statistic of these runs shows here.
#[derive(Default)]
pub(crate) struct Digest(Option<u64>);

impl Digest {
    /// `bytes` into the digest.
    pub(crate) fn bytes(&mut self, bytes: &[u8]) {
        let mut h = self.0.unwrap_or(0xcbf2_9ce4_8422_2325);
        for &b in bytes {
            h = (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3);
        }
        self.0 = Some(h);
    }

    /// What [`Compare::networks`] reads of `n` (with `signals`, the probes and links too)
    /// into the digest, `compare`'s room reused.
    pub(crate) fn network(&mut self, signals: bool, n: &Network<VcFamily>, compare: &mut Compare) {
        if signals {
            for l in n.links() {
                self.bytes(format!("{l:?}").as_bytes());
            }
        }
        for sw in n.switches() {
            let image = &mut compare.images[0];
            sw.register_image(image);
            for w in image.iter() {
                self.bytes(&w.to_le_bytes());
            }
            let waits = &mut compare.waits[0];
            waits.clear();
            sw.waits(waits);
            let text = format!(
                "{waits:?} {:?} {:?} {}",
                sw.health(),
                sw.exchange_unit(),
                sw.halted()
            );
            self.bytes(text.as_bytes());
            if signals {
                self.bytes(compare.probes[0].of(sw));
            }
        }
    }

    /// Check the digest and `outcome` against case `what`'s golden file of the running test
    /// (or write it, blessing).
    pub(crate) fn golden(&self, what: &str, outcome: &str) {
        let test = std::thread::current().name().unwrap_or("main").to_string();
        let slug = |s: &str| -> String {
            s.chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() {
                        c.to_ascii_lowercase()
                    } else {
                        '-'
                    }
                })
                .collect()
        };
        let dir =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testbenches/golden/planes");
        let path = dir.join(format!("{}--{}.txt", slug(&test), slug(what)));
        let got = format!("{:016x}\n{outcome}\n", self.0.unwrap_or(0));
        if std::env::var_os("FLITWAVE_BLESS").is_some() {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &got).unwrap();
            return;
        }
        let want = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "{what}: golden {} ({e}): FLITWAVE_BLESS=1 writes it",
                path.display()
            )
        });
        assert!(
            want == got,
            "{what}: the planes' run differs from its golden {} (want / got):\n{want}\n{got}",
            path.display()
        );
    }
}

/// Two networks of the preset at `rate`, stepped `cycles` (the traffic the same).
fn pair(rate: &str, cycles: u64) -> [Network<VcFamily>; 2] {
    let c = crate::common::booksim_preset(&[&format!("traffic.rate={rate}")]);
    [0, 1].map(|_| {
        let mut n = crate::common::vc_network(&c);
        for _ in 0..cycles {
            n.step();
        }
        n
    })
}

#[test]
fn the_comparison_says_which_router_or_link_of_two_equal_networks_differs() {
    let [a, b] = pair("0.5", 300);
    let mut compare = Compare::default();
    compare.networks(true, &a, &b).unwrap();
    // one cycle on: the first busy router whose registers moved, and the first link in use
    let [later, _] = pair("0.5", 301);
    let k = (0..a.switches().len())
        .find(|&k| a.switches()[k].registers() != later.switches()[k].registers())
        .unwrap();
    let m = compare.networks(false, &a, &later).unwrap_err();
    assert_eq!(m.what, format!("router {k}'s registers"), "{m:?}");
    assert_ne!(m.left, m.right);
    // the links first, in the cycles of the signals
    let l = (0..a.links().len())
        .find(|&l| format!("{:?}", a.links()[l]) != format!("{:?}", later.links()[l]))
        .unwrap();
    let m = compare.networks(true, &a, &later).unwrap_err();
    assert_eq!(m.what, format!("link {l}"), "{m:?}");
    // one router alone
    let m = compare
        .routers(false, &a.switches()[k], &later.switches()[k])
        .unwrap_err();
    assert_eq!(m.what, format!("router {k}'s registers"), "{m:?}");
    compare
        .routers(true, &a.switches()[k], &b.switches()[k])
        .unwrap();
}

#[test]
fn the_comparison_sees_one_flit_changed_on_a_link_its_counts_unchanged() {
    let [a, b] = pair("0.5", 300);
    let mut compare = Compare::default();
    // the flits on a link: those driven in the fly time up to now (as many as it counts)
    let now = b.now();
    let on = |l: usize| {
        let w = b.links()[l].fwd();
        let t0 = now.saturating_sub(w.fly() as u64);
        let on: Vec<_> = (t0..=now)
            .filter_map(|t| w.driven(t).map(|f| (t, f)))
            .collect();
        (on.len() == w.in_flight()).then_some(on)
    };
    let (l, mut on) = (0..b.links().len())
        .find_map(|l| on(l).filter(|on| !on.is_empty()).map(|on| (l, on)))
        .unwrap();
    on[0].1.vc ^= 1;
    let w = b.links()[l].fwd();
    w.load(w.sent(), on);
    let m = compare.networks(true, &a, &b).unwrap_err();
    assert_eq!(m.what, format!("link {l}"), "{m:?}");
}

/// A router's probe walk with its `k`th value changed (a number one up, a text one letter
/// longer): a probe differing in one signal alone.
struct Tweaked<'a>(&'a VcSwitch, usize);

/// The visitor under [`Tweaked`]: counts the values and changes the `k`th.
struct Tweak<'v, V> {
    v: &'v mut V,
    k: usize,
    seen: usize,
}

impl<V> Tweak<'_, V> {
    /// This value is the one to change.
    fn hit(&mut self) -> bool {
        self.seen += 1;
        self.seen - 1 == self.k
    }
}

impl<V: ProbeVisitor> ProbeVisitor for Tweak<'_, V> {
    fn scope(&mut self, name: &str) {
        self.v.scope(name);
    }
    fn port(&mut self, dir: &str, port: usize) {
        self.v.port(dir, port);
    }
    fn scope_idx(&mut self, prefix: &str, idx: usize) {
        self.v.scope_idx(prefix, idx);
    }
    fn up(&mut self) {
        self.v.up();
    }
    fn bits(&mut self, name: &str, width: u32, value: u64) {
        let d = self.hit() as u64;
        self.v.bits(name, width, value ^ d);
    }
    fn int(&mut self, name: &str, value: i64) {
        let d = self.hit() as i64;
        self.v.int(name, value + d);
    }
    fn text(&mut self, name: &str, value: &str) {
        if self.hit() {
            self.v.text(name, &format!("{value}x"));
        } else {
            self.v.text(name, value);
        }
    }
}

impl Probe for Tweaked<'_> {
    fn probe<V: ProbeVisitor>(&self, v: &mut V) {
        let mut t = Tweak {
            v,
            k: self.1,
            seen: 0,
        };
        self.0.probe(&mut t);
    }
}

#[test]
fn the_probe_images_differ_where_one_probe_value_does() {
    let [a, _] = pair("0.5", 300);
    let (mut x, mut y) = (ProbeImage::default(), ProbeImage::default());
    for sw in &a.switches()[..4] {
        let values = probe_values(sw);
        assert_eq!(x.of(sw), y.of(&Tweaked(sw, usize::MAX)));
        let n = values.iter().filter(|v| v.contains('=')).count();
        assert!(n > 20, "router {}: {n} values", sw.id);
        for k in 0..n {
            let tweaked = probe_values(&Tweaked(sw, k));
            assert_ne!(values, tweaked, "router {} value {k}", sw.id);
            assert_ne!(
                x.of(sw),
                y.of(&Tweaked(sw, k)),
                "router {} value {k}",
                sw.id
            );
        }
    }
}
