//! Sleeping blocks: which switches and NICs a cycle must evaluate, for families whose blocks can
//! say they hold nothing ([`super::Family::SLEEPS`]). A quiet block — nothing buffered, nothing
//! in a pipeline, no per-cycle waveform register set — changes nothing when evaluated with
//! nothing arriving, so it is skipped until something arrives or its own time comes (a NIC's
//! next generated packet). Every value a block drives onto a wire at cycle t arrives at t + fly;
//! after evaluating a block the network asks which ports it drove (flits forward, credits
//! backward) and wakes their receivers for that cycle in a timing wheel, which also tells each
//! woken block which of its ports receive (it reads only those links). Skipping changes no statistic and no waveform byte (the
//! testbenches compare both with and without sleeping); an idle port, switch or NIC costs a
//! bit test per cycle.

/// A switch `sw` or NIC `switches + host`.
pub type Node = u32;

/// No node.
const NONE: u32 = u32::MAX;

/// Cycles ahead a NIC's own wake-up is kept in the wheel of due NICs (a power of two).
const HORIZON: u64 = 1024;

/// One end of a link as the sleep tables see it: node and port (NICs have port 0).
pub type End = (Node, usize);

/// Ports of a node receiving this cycle: flits (bit = input port) and credits or other
/// backward symbols (bit = output port).
pub type Arrivals = (u32, u32);

/// The wake-up state of a network.
#[derive(Debug, Clone)]
pub struct Sleep {
    switches: usize,
    nodes: usize,
    words: usize,
    /// Wheel of future arrivals: `wheel[(t & mask) * words..]` = nodes receiving at cycle t, and
    /// `ports_at[n * slots + (t & mask)]` their receiving ports (a node's slots side by side, so
    /// that a node woken every cycle keeps writing and reading the same two cache lines).
    wheel: Vec<u64>,
    ports_at: Vec<Arrivals>,
    mask: u64,
    slots: usize,
    /// The fly time of every link when all links have the same (else 0 and `fly_at` holds
    /// each port's: host links may be shorter, `link.host_fly_cycles`).
    fly: u64,
    /// The fly time of every link on a port 0 (every NIC's and, on most networks, every
    /// switch's first host port) when those agree, though others differ (else 0): a node that
    /// drove its port 0 alone wakes its receivers without a look at `fly_at`.
    fly0: u64,
    /// Per node and port: the fly time of the links on that port (both directions), when
    /// they differ across the network (empty otherwise).
    fly_at: Vec<u32>,
    /// Nodes that must be evaluated next cycle (something inside).
    busy: Vec<u64>,
    /// Per NIC: the cycle it next acts on its own (u64::MAX: never).
    nic_at: Vec<u64>,
    /// NICs due at cycle t within the horizon: `due[t % HORIZON]` (a bit set of nodes);
    /// later ones wait in `far` until they come within it.
    due: Vec<Vec<u64>>,
    far: Vec<(u64, u32)>,
    /// Per node and port: where its outgoing link's forward wire and its incoming link's
    /// backward wire deliver, as `node << 5 | port` (`NONE` when unconnected).
    ports: usize,
    fwd_to: Vec<u32>,
    back_to: Vec<u32>,
    /// This cycle's set (scratch), and its switches and NICs in ascending order with the
    /// ports receiving.
    now_set: Vec<u64>,
    pub sw_now: Vec<(u32, Arrivals)>,
    pub nic_now: Vec<u32>,
    /// The ports receiving of each NIC of `nic_now` (port 0: bit 0 of either mask).
    pub nic_ports: Vec<Arrivals>,
}

impl Sleep {
    /// The wiring of a network of `ports`-port switches (at most 32): each link's (sender,
    /// receiver) ends and its fly time (`flies[i]` of `ends[i]`); every node busy at first.
    pub fn new(
        switches: usize,
        nics: usize,
        ports: usize,
        flies: &[u32],
        ends: &[(End, End)],
    ) -> Self {
        let nodes = switches + nics;
        let words = nodes.div_ceil(64).max(1);
        let max = flies.iter().copied().max().unwrap_or(1);
        let uniform = flies.iter().all(|&f| f == max);
        let len = (max as usize + 1).next_power_of_two();
        let (mut fwd_to, mut back_to) = (vec![NONE; nodes * ports], vec![NONE; nodes * ports]);
        let mut fly_at = vec![max; if uniform { 0 } else { nodes * ports }];
        // the links on a port 0, at either end: one fly time, or 0
        let mut port0 = ends
            .iter()
            .zip(flies)
            .filter(|&(&((_, pa), (_, pb)), _)| pa == 0 || pb == 0)
            .map(|(_, &f)| f);
        let first0 = port0.next().unwrap_or(max);
        let fly0 = if port0.all(|f| f == first0) {
            first0
        } else {
            0
        };
        for (&((a, pa), (b, pb)), &fly) in ends.iter().zip(flies) {
            fwd_to[a as usize * ports + pa] = b << 5 | pb as u32;
            back_to[b as usize * ports + pb] = a << 5 | pa as u32;
            if !uniform {
                // what the sender drives forward and the receiver drives back both take `fly`
                fly_at[a as usize * ports + pa] = fly;
                fly_at[b as usize * ports + pb] = fly;
            }
        }
        let mut sl = Sleep {
            switches,
            nodes,
            words,
            wheel: vec![0; words * len],
            ports_at: vec![(0, 0); len * nodes],
            mask: len as u64 - 1,
            slots: len,
            fly: if uniform { max as u64 } else { 0 },
            fly0: fly0 as u64,
            fly_at,
            busy: vec![0; words],
            nic_at: vec![0; nics],
            due: vec![vec![0; words]; HORIZON as usize],
            far: Vec::new(),
            ports,
            fwd_to,
            back_to,
            now_set: vec![0; words],
            sw_now: Vec::with_capacity(switches),
            nic_now: Vec::with_capacity(nics),
            nic_ports: Vec::with_capacity(nics),
        };
        sl.wake_all();
        sl
    }

    /// Evaluate everything again, every port read (after the workload or the generators
    /// changed).
    pub fn wake_all(&mut self) {
        for n in 0..self.nodes {
            self.busy[n / 64] |= 1 << (n % 64);
        }
        self.nic_at.iter_mut().for_each(|t| *t = 0);
        self.far.clear();
        for slot in self.wheel.chunks_mut(self.words) {
            for n in 0..self.nodes {
                slot[n / 64] |= 1 << (n % 64);
            }
        }
        self.ports_at
            .iter_mut()
            .for_each(|p| *p = (u32::MAX, u32::MAX));
    }

    /// Every switch quiet: an engine evaluating all of them says afterwards which stay busy
    /// ([`crate::fabric::network::Engine`]).
    pub fn quiet_switches(&mut self) {
        let (whole, rest) = (self.switches / 64, self.switches % 64);
        self.busy[..whole].iter_mut().for_each(|w| *w = 0);
        if rest != 0 {
            self.busy[whole] &= !((1u64 << rest) - 1);
        }
    }

    /// NIC `host` must be evaluated next cycle (a packet was handed to it).
    pub fn wake_nic(&mut self, host: usize) {
        let n = self.switches + host;
        self.busy[n / 64] |= 1 << (n % 64);
    }

    /// NIC `host` joins this cycle's set (a packet was handed to it this cycle).
    pub fn begin_nic(&mut self, host: usize) {
        if let Err(i) = self.nic_now.binary_search(&(host as u32)) {
            self.nic_now.insert(i, host as u32);
            // joining during the cycle (a packet handed to it), it reads both of its link
            // ends, as every NIC did before it was told which receive
            self.nic_ports.insert(i, (u32::MAX, u32::MAX));
        }
    }

    /// Fix this cycle's set — busy nodes, nodes something arrives at, NICs whose time came —
    /// into `sw_now` (with the ports receiving) and `nic_now`.
    pub fn begin(&mut self, now: u64) {
        let slot = (now & self.mask) as usize;
        for w in 0..self.words {
            self.now_set[w] = self.busy[w] | self.wheel[slot * self.words + w];
        }
        if now.is_multiple_of(HORIZON) {
            self.migrate(now);
        }
        let d = (now % HORIZON) as usize;
        for w in 0..self.words {
            self.now_set[w] |= std::mem::take(&mut self.due[d][w]);
        }
        self.sw_now.clear();
        self.nic_now.clear();
        self.nic_ports.clear();
        let (s, slots) = (self.switches, self.slots);
        for w in 0..self.words {
            let mut bits = self.now_set[w];
            self.wheel[slot * self.words + w] = 0;
            while bits != 0 {
                let n = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                // a node's ports are set only with its bit in the wheel (`wake_receivers`,
                // `wake_all`): taken unconditionally, they are (0, 0) where nothing arrives
                // (no branch on what the data decides)
                let ports = std::mem::take(&mut self.ports_at[n * slots + slot]);
                if n < s {
                    self.sw_now.push((n as u32, ports));
                } else {
                    self.nic_now.push((n - s) as u32);
                    self.nic_ports.push(ports);
                }
            }
        }
    }

    /// At a cycle `now` that is a multiple of the horizon: the wake-ups that came within it
    /// join the wheel of due NICs; superseded ones are dropped.
    fn migrate(&mut self, now: u64) {
        if self.far.is_empty() {
            return;
        }
        let (switches, due, nic_at) = (self.switches, &mut self.due, &self.nic_at);
        self.far.retain(|&(t, h)| {
            if nic_at[h as usize] != t {
                return false; // superseded
            }
            if t >= now + HORIZON {
                return true;
            }
            let n = switches + h as usize;
            due[(t % HORIZON) as usize][n / 64] |= 1 << (n % 64);
            false
        });
    }

    /// [`Sleep::new`] of the links with a host at one end alone: a family's engine carries
    /// those between switches itself, so the wheel need not span the longest of those (on the
    /// dragonfly preset 4 slots instead of 128, the lines its wake-ups walk through), nor a
    /// node's row of targets its ports past the last a host link uses (a switch's hosts sit on
    /// its first ports: on the dragonfly preset rows of 4 instead of 15, on the mesh of 1).
    pub fn of_hosts_links(
        switches: usize,
        nics: usize,
        flies: &[u32],
        ends: &[(End, End)],
    ) -> Self {
        let (flies, ends): (Vec<u32>, Vec<(End, End)>) = ends
            .iter()
            .zip(flies)
            .filter(|(&((a, _), (b, _)), _)| a as usize >= switches || b as usize >= switches)
            .map(|(&e, &f)| (f, e))
            .unzip();
        let ports = ends.iter().map(|&((_, pa), (_, pb))| pa.max(pb) + 1).max();
        Self::new(switches, nics, ports.unwrap_or(1), &flies, &ends)
    }

    /// Cycles ahead the wheel keeps arrivals (a power of two above the longest link it
    /// serves), and the ports of a node's row of targets (up to the last a link it serves
    /// uses).
    pub fn span(&self) -> (usize, usize) {
        (self.slots, self.ports)
    }

    /// The first cycle from `now` at which some block must be evaluated: `now` while a node
    /// is busy or something is on a wire, else the first NIC wake-up (the wheel of due NICs,
    /// then those further ahead), `u64::MAX` when none is coming. Every cycle before it
    /// evaluates nothing, so the clock may jump there ([`Sleep::jump`]).
    pub fn idle_until(&self, now: u64) -> u64 {
        if self.busy.iter().any(|&w| w != 0) || self.wheel.iter().any(|&w| w != 0) {
            return now;
        }
        let far = self
            .far
            .iter()
            .filter(|&&(t, h)| self.nic_at[h as usize] == t)
            .map(|&(t, _)| t)
            .min()
            .unwrap_or(u64::MAX);
        // the wheel of due NICs, up to the first far wake-up (one pushed earlier may be due
        // before those the wheel holds)
        for t in now..(now + HORIZON).min(far) {
            if self.due[(t % HORIZON) as usize].iter().any(|&w| w != 0) {
                return t;
            }
        }
        far
    }

    /// The clock jumps from `from` to `to` (at most [`Sleep::idle_until`]): the state is what
    /// stepping cycles `from..to` would have left — the far wake-ups moved in at the last
    /// multiple of the horizon among them (the one at `to` itself is `begin`'s).
    pub fn jump(&mut self, from: u64, to: u64) {
        let m = (to - 1) / HORIZON * HORIZON;
        if m >= from {
            self.migrate(m);
        }
    }

    /// Node `n` was evaluated at `now`: it stays busy or sleeps (a NIC until `own`, the cycle
    /// it next acts on its own; 0 = busy); the receivers of what it drove — flits on the
    /// outgoing links of ports `fwd`, credits on the incoming links of ports `back` (bit masks)
    /// — are woken for `now + fly`, told which port receives.
    #[inline(always)]
    pub fn after(&mut self, n: usize, now: u64, busy: bool, own: u64, drove: Arrivals) {
        if n >= self.switches {
            self.nic_after(n, now, busy, own);
        }
        self.after_node(n, now, busy, drove);
    }

    /// [`Sleep::after`] of NIC `host` (the network's loop over the NICs, where every node is
    /// one): its own wake-up decided inline.
    #[inline(always)]
    pub fn after_nic(&mut self, host: usize, now: u64, busy: bool, own: u64, drove: Arrivals) {
        let n = self.switches + host;
        self.nic_own(n, now, busy, own);
        self.after_node(n, now, busy, drove);
    }

    /// [`Sleep::after`] but a NIC's own wake-up: busy or quiet, and its receivers woken.
    #[inline(always)]
    fn after_node(&mut self, n: usize, now: u64, busy: bool, drove: Arrivals) {
        let (w, b) = (n / 64, 1u64 << (n % 64));
        // busy: the bit set; quiet: cleared
        self.busy[w] = (self.busy[w] & !b) | (b * busy as u64);
        // a NIC, or a switch that drove its first port at most: no loop and no branch on
        // whether it drove (the data's to decide, so the branch would be mispredicted)
        if (drove.0 | drove.1) >> 1 == 0 && self.fly0 != 0 {
            self.wake_port0(n, now, drove);
        } else if drove.0 | drove.1 != 0 {
            self.wake_receivers(n, now, drove);
        }
    }

    /// [`Sleep::wake_receivers`] of a node that drove its port 0 at most (bit 0 of either
    /// mask; nothing when neither is set), links of one fly time: the bits are or-ed in
    /// whether set or not.
    #[inline(always)]
    fn wake_port0(&mut self, n: usize, now: u64, (fwd, back): Arrivals) {
        let slot = ((now + self.fly0) & self.mask) as usize;
        let (words, slots, ports) = (self.words, self.slots, self.ports);
        for (rx, m, back) in [
            (self.fwd_to[n * ports], fwd, false),
            (self.back_to[n * ports], back, true),
        ] {
            if rx != NONE {
                let node = (rx >> 5) as usize;
                self.wheel[slot * words + node / 64] |= ((m & 1) as u64) << (node % 64);
                let at = &mut self.ports_at[node * slots + slot];
                let bit = (m & 1) << (rx & 31);
                if back {
                    at.1 |= bit;
                } else {
                    at.0 |= bit;
                }
            }
        }
    }

    /// A NIC's own next wake-up (`after`'s rarer half: out of line where switches are too).
    #[inline(never)]
    fn nic_after(&mut self, n: usize, now: u64, busy: bool, own: u64) {
        self.nic_own(n, now, busy, own);
    }

    /// NIC node `n` acts on its own next at `own` (0 or `busy`: now; `u64::MAX`: never).
    #[inline(always)]
    fn nic_own(&mut self, n: usize, now: u64, busy: bool, own: u64) {
        let (w, b) = (n / 64, 1u64 << (n % 64));
        let h = n - self.switches;
        // (one branch, not three: the traffic decides each)
        if !busy & (own != self.nic_at[h]) & (own != u64::MAX) {
            if own <= now {
                self.busy[w] |= b;
            } else if own < now + HORIZON {
                self.due[(own % HORIZON) as usize][w] |= b;
            } else {
                self.far.push((own, h as u32));
            }
        }
        self.nic_at[h] = if busy { 0 } else { own };
    }

    /// The receivers of what node `n` drove at `now` are woken for `now + fly`: per port
    /// driven, the receiving node's bit in the wheel slot and its port's bit among that slot's
    /// arrivals (the slot's rows and the node's targets are sliced once, not per port).
    #[inline(always)]
    fn wake_receivers(&mut self, n: usize, now: u64, (fwd, back): Arrivals) {
        if self.fly == 0 {
            return self.wake_receivers_by_port(n, now, (fwd, back));
        }
        let slot = ((now + self.fly) & self.mask) as usize;
        let (words, slots, ports) = (self.words, self.slots, self.ports);
        let wheel = &mut self.wheel[slot * words..][..words];
        let at = &mut self.ports_at[..];
        let fwd_to = &self.fwd_to[n * ports..][..ports];
        let back_to = &self.back_to[n * ports..][..ports];
        let mut m = fwd;
        while m != 0 {
            let rx = fwd_to[m.trailing_zeros() as usize];
            m &= m - 1;
            if rx != NONE {
                let node = (rx >> 5) as usize;
                wheel[node / 64] |= 1 << (node % 64);
                at[node * slots + slot].0 |= 1 << (rx & 31);
            }
        }
        let mut m = back;
        while m != 0 {
            let rx = back_to[m.trailing_zeros() as usize];
            m &= m - 1;
            if rx != NONE {
                let node = (rx >> 5) as usize;
                wheel[node / 64] |= 1 << (node % 64);
                at[node * slots + slot].1 |= 1 << (rx & 31);
            }
        }
    }

    /// [`Sleep::wake_receivers`] in a network whose links differ in fly time: each port's
    /// receiver is woken for `now` plus that port's fly time.
    #[inline(never)]
    fn wake_receivers_by_port(&mut self, n: usize, now: u64, (fwd, back): Arrivals) {
        let (words, slots, ports) = (self.words, self.slots, self.ports);
        for (mut m, to, back) in [(fwd, &self.fwd_to, false), (back, &self.back_to, true)] {
            while m != 0 {
                let p = m.trailing_zeros() as usize;
                m &= m - 1;
                let rx = to[n * ports + p];
                if rx == NONE {
                    continue;
                }
                let slot = ((now + self.fly_at[n * ports + p] as u64) & self.mask) as usize;
                let node = (rx >> 5) as usize;
                self.wheel[slot * words + node / 64] |= 1 << (node % 64);
                let at = &mut self.ports_at[node * slots + slot];
                if back {
                    at.1 |= 1 << (rx & 31);
                } else {
                    at.0 |= 1 << (rx & 31);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_port_0_fly_time_is_kept_only_where_every_port_0_link_has_it() {
        // switches 0 and 1, NIC 2 on switch 0's port 0: host links of 2 cycles, the link
        // between the switches of 3
        let host = ((0, 0), (2, 0));
        let back = ((2, 0), (0, 0));
        // the switches' link on their ports 1: every port-0 link is a host link
        let sl = Sleep::new(2, 1, 2, &[2, 2, 3], &[host, back, ((0, 1), (1, 1))]);
        assert_eq!((sl.fly, sl.fly0), (0, 2));
        // switch 1's port 0 on switch 0's port 1: a port-0 link of 3 cycles too
        let sl = Sleep::new(2, 1, 2, &[2, 2, 3], &[host, back, ((0, 1), (1, 0))]);
        assert_eq!((sl.fly, sl.fly0), (0, 0));
        // one fly time everywhere: both
        let sl = Sleep::new(2, 1, 2, &[3, 3, 3], &[host, back, ((0, 1), (1, 0))]);
        assert_eq!((sl.fly, sl.fly0), (3, 3));
    }
}
