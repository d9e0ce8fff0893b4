//! Testbench of the VC router's waveform: a lost arbitration can be seen — two
//! inputs asking the switch allocator for one output in the same cycle, one granted — and the
//! VC allocator's requests and grants, the round-robin pointer and every flit's HEAD / BODY /
//! TAIL are there; the save file shows one group per port with its VCs collapsed.

use crate::common::{self, flitwave};
use flitwave::experiment::build;
use flitwave::experiment::config::Config;
use flitwave::fabric::vc::VcFamily;
use flitwave::fabric::{AnyNetwork, Network};
use flitwave::sim::{Probe, ProbeVisitor};
use std::collections::HashMap;

/// The probe values of one router in one cycle, by path (`in2.vc1.va_req`).
#[derive(Default)]
struct Values {
    path: Vec<String>,
    v: HashMap<String, String>,
}

impl Values {
    fn put(&mut self, name: &str, value: String) {
        let mut k = self.path.join(".");
        if !k.is_empty() {
            k.push('.');
        }
        k.push_str(name);
        self.v.insert(k, value);
    }
    fn num(&self, k: &str) -> i64 {
        self.v
            .get(k)
            .unwrap_or_else(|| panic!("no probe {k}"))
            .parse()
            .unwrap()
    }
}

impl ProbeVisitor for Values {
    fn scope(&mut self, name: &str) {
        self.path.push(name.into());
    }
    fn scope_idx(&mut self, prefix: &str, idx: usize) {
        self.path.push(format!("{prefix}{idx}"));
    }
    fn up(&mut self) {
        self.path.pop();
    }
    fn bits(&mut self, name: &str, _width: u32, value: u64) {
        self.put(name, value.to_string());
    }
    fn int(&mut self, name: &str, value: i64) {
        self.put(name, value.to_string());
    }
    fn text(&mut self, name: &str, value: &str) {
        self.put(name, value.into());
    }
}

/// Router 1 of a 7x3 dateline torus while hosts 6, 0 and 1 all send to host 2: its input from
/// router 0 and its host input compete for the output to router 2.
fn contested() -> Network<VcFamily> {
    let c = Config::from_toml(
        include_str!("../configs/booksim-iq.toml"),
        &[
            "topology.kind=\"torus\"".into(),
            "topology.dims=\"7x3\"".into(),
            "routing.algorithm=\"dor-dateline\"".into(),
        ],
    )
    .unwrap();
    let AnyNetwork::Vc(mut net) = build::build(&c).unwrap().network else {
        panic!("not a vc network")
    };
    let mut inj = vec![];
    for i in 0..100u64 {
        for s in [6, 0, 1] {
            inj.push((i, s, 2, 20));
        }
    }
    net.load_trace(&inj, 20).unwrap();
    net
}

#[test]
fn a_lost_switch_arbitration_and_every_flit_kind_show_in_the_probes() {
    let mut net = contested();
    let sw = &net.switches()[1];
    let (np, nv) = (sw.ports(), sw.params().vcs);
    let (mut lost, mut va_req, mut va_grant, mut ptrs) =
        (0, 0, 0, std::collections::BTreeSet::new());
    // per output and packet, the kinds of its flits in order (VCs interleave packets)
    let mut kinds: HashMap<(usize, i64), Vec<String>> = HashMap::new();
    for _ in 0..3000 {
        net.step();
        let mut v = Values::default();
        net.switches()[1].probe(&mut v);
        for o in 0..np {
            // inputs asking for output o this cycle, and which of them won
            let askers: Vec<usize> = (0..np)
                .filter(|p| v.v.contains_key(&format!("in{p}.sa_req")))
                .filter(|p| v.num(&format!("in{p}.sa_req")) >> o & 1 == 1)
                .collect();
            let won: Vec<&usize> = askers
                .iter()
                .filter(|p| v.num(&format!("in{p}.sa_grant")) == 1)
                .collect();
            if askers.len() >= 2 {
                assert!(
                    won.len() <= 1,
                    "output {o} granted twice: {askers:?} {won:?}"
                );
                lost += (won.len() == 1) as u32;
            }
            if let Some(k) = v.v.get(&format!("out{o}.flit")) {
                if !k.is_empty() {
                    let pkt = v.num(&format!("out{o}.flit_pkt"));
                    kinds.entry((o, pkt)).or_default().push(k.clone());
                }
            }
        }
        for p in 0..np {
            if let Some(x) = v.v.get(&format!("in{p}.sa_ptr")) {
                ptrs.insert((p, x.clone()));
            }
            for c in 0..nv {
                let k = format!("in{p}.vc{c}");
                if v.v.contains_key(&format!("{k}.va_req")) {
                    va_req += v.num(&format!("{k}.va_req"));
                    va_grant += v.num(&format!("{k}.va_grant"));
                }
            }
        }
    }
    assert!(
        lost > 100,
        "two inputs asked for one output and one lost only {lost} times"
    );
    assert!(
        va_req > 0 && va_grant > 0 && va_grant <= va_req,
        "{va_req} {va_grant}"
    );
    assert!(
        ptrs.iter().any(|(_, x)| x == "1"),
        "the pointer moves: {ptrs:?}"
    );
    // 20-flit packets: every packet that crossed whole came out HEAD, 18 BODY, TAIL
    let whole: Vec<&Vec<String>> = kinds
        .values()
        .filter(|k| k[0] == "HEAD" && k.len() == 20)
        .collect();
    assert!(whole.len() > 50, "{} whole packets", whole.len());
    for k in whole {
        assert!(
            k[1..19].iter().all(|x| x == "BODY") && k[19] == "TAIL",
            "{k:?}"
        );
    }
}

#[test]
fn the_save_file_opens_one_group_per_port_with_its_vcs_collapsed() {
    let d = common::fresh_dir("vc_waveform", "gtkw");
    let vcd = d.join("vc.vcd");
    let (ok, _, err) = flitwave(&[
        "run",
        "--config",
        "configs/booksim-iq.toml",
        "--set",
        "topology.dims=\"4x4\"",
        "--rate",
        "0.3",
        "--cycles",
        "400",
        "--vcd",
        common::arg(&vcd),
        "--vcd-scope",
        "network.sw5",
    ]);
    assert!(ok, "{err}");
    let g = std::fs::read_to_string(flitwave::sim::gtkw::save_path(&vcd)).unwrap();
    // open groups (0x800200) for the switch and its ports, closed ones (0xc00200) for VCs
    // ports named by direction: the host's `local`, then +x (`xp`)
    for open in ["-sw5\n", "-sw5.in_local\n", "-sw5.out_xp\n"] {
        assert!(
            g.contains(&format!("@800200\n{open}")),
            "{open} not open:\n{g}"
        );
    }
    assert!(
        g.contains("@c00200\n-sw5.in_local.vc0\n"),
        "VC groups start closed:\n{g}"
    );
    // request masks in binary (bit o = output o), as docs/waveforms.md says
    assert!(
        g.contains("@28\nnetwork.sw5.in_local.sa_req[4:0]\n"),
        "sa_req not binary:\n{g}"
    );
}
