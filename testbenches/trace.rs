//! Trace-driven traffic (seed 001 §5.1, §5.2.2): the text format and its errors, time
//! compression and 1 KB packet splitting, and the storage-like (cello-like) generator.

use flitwave::traffic::storage::{self, disk_nodes, parse_size_mix, StorageParams};
use flitwave::traffic::trace::{Injection, Packetize, Request, Trace};

fn err(text: &str, hosts: Option<usize>) -> String {
    Trace::parse(text, hosts).unwrap_err().to_string()
}

#[test]
fn the_format_reads_comments_blanks_and_decimals() {
    let text =
        "# a comment\n\n  0 1 2 64   # inline comment\n1500.25\t2 1 8192\n1.6e3 0 3 1\n# end\n";
    let t = Trace::parse(text, Some(4)).unwrap();
    let r = |time_ns, src, dst, bytes| Request {
        time_ns,
        src,
        dst,
        bytes,
    };
    assert_eq!(
        t.requests,
        vec![r(0.0, 1, 2, 64), r(1500.25, 2, 1, 8192), r(1600.0, 0, 3, 1)]
    );
    assert_eq!(t.hosts_used(), 4);
    assert_eq!(Trace::parse("", None).unwrap().requests, vec![]);
    assert_eq!(Trace::parse("# only\n\n", Some(2)).unwrap().hosts_used(), 0);
    // the writer's text reads back to the same trace
    let out = t.to_text(&["made here".into()]);
    assert!(out.starts_with(
        "# made here\n# time_ns source destination bytes\n0 1 2 64\n1500.25 2 1 8192\n"
    ));
    assert_eq!(Trace::parse(&out, Some(4)).unwrap(), t);
}

#[test]
fn every_bad_line_names_its_number_and_what_is_allowed() {
    for (text, hosts, needles) in [
        (
            "0 0 1\n",
            None,
            &["line 1", "3 fields", "time_ns source destination bytes"][..],
        ),
        ("0 0 1 10\n0 0 1 10 5\n", None, &["line 2", "5 fields"]),
        (
            "abc 0 1 10\n",
            None,
            &["line 1", "time_ns", "\"abc\"", "non-negative"],
        ),
        ("-5 0 1 10\n", None, &["line 1", "\"-5\"", "non-negative"]),
        ("inf 0 1 10\n", None, &["line 1", "\"inf\""]),
        ("NaN 0 1 10\n", None, &["line 1", "\"NaN\""]),
        (
            "5 0 1 10\n\n# c\n4 1 0 10\n",
            None,
            &["line 4", "before", "5", "non-decreasing"],
        ),
        (
            "0 x 1 10\n",
            None,
            &["line 1", "source", "\"x\"", "integer host id"],
        ),
        ("0 0 -1 10\n", None, &["line 1", "destination", "\"-1\""]),
        ("0 0 1.5 10\n", None, &["line 1", "destination", "\"1.5\""]),
        (
            "# x\n0 0 128 10\n",
            Some(128),
            &[
                "line 2",
                "destination 128",
                "out of range",
                "0..=127",
                "128 hosts",
            ],
        ),
        (
            "0 200 1 10\n",
            Some(128),
            &["line 1", "source 200", "0..=127"],
        ),
        (
            "0 3 3 10\n",
            None,
            &["line 1", "both host 3", "another host"],
        ),
        (
            "0 0 1 0\n",
            None,
            &["line 1", "bytes", "\"0\"", "1..=1073741824"],
        ),
        ("0 0 1 1073741825\n", None, &["line 1", "bytes"]),
        ("0 0 1 1.5\n", None, &["line 1", "bytes", "integer"]),
    ] {
        let e = err(text, hosts);
        for n in needles {
            assert!(e.contains(n), "{text:?}: {e:?} should mention {n:?}");
        }
    }
}

#[test]
fn files_are_named_in_errors() {
    let dir = std::env::temp_dir().join(format!("flitwave_trace_{}", std::process::id()));
    let path = dir.join("bad.trace");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(&path, "0 0 1 64\n1 0 9 64\n").unwrap();
    let e = Trace::load(&path, Some(4)).unwrap_err().to_string();
    assert!(
        e.contains("bad.trace") && e.contains("line 2") && e.contains("destination 9"),
        "{e}"
    );
    let e = Trace::load(&dir.join("none.trace"), None)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("cannot read trace file") && e.contains("none.trace"),
        "{e}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

fn payload_sums(inj: &[Injection], t: &Trace, max: u32) {
    let mut sum = vec![0u64; t.requests.len()];
    for x in inj {
        assert!(x.payload >= 1 && x.payload <= max, "{x:?}");
        let r = t.requests[x.request as usize];
        assert_eq!((x.src, x.dst), (r.src, r.dst));
        sum[x.request as usize] += x.payload as u64;
        // full packets first, the remainder last
        if x.part + 1 < x.parts {
            assert_eq!(x.payload, max);
        }
    }
    for (r, s) in t.requests.iter().zip(&sum) {
        assert_eq!(r.bytes, *s);
    }
    assert!(inj.windows(2).all(|w| w[0].cycle <= w[1].cycle));
}

#[test]
fn compression_and_splitting() {
    let t = Trace::parse(
        "0 0 1 4097\n625 1 0 1024\n1250 2 0 1\n100000 0 2 3000\n",
        Some(3),
    )
    .unwrap();
    let inj = t.injections(&Packetize::default()).unwrap();
    // 4097 bytes -> 4 x 1024 + 1; 1024 -> 1; 1 -> 1; 3000 -> 2 x 1024 + 952
    let sizes: Vec<u32> = inj.iter().map(|x| x.payload).collect();
    assert_eq!(sizes, [1024, 1024, 1024, 1024, 1, 1024, 1, 1024, 1024, 952]);
    let cycles: Vec<u64> = inj.iter().map(|x| x.cycle).collect();
    assert_eq!(cycles, [0, 0, 0, 0, 0, 100, 200, 16000, 16000, 16000]);
    assert_eq!((inj[4].part, inj[4].parts, inj[4].request), (4, 5, 0));
    payload_sums(&inj, &t, 1024);
    // compression 10 divides the times
    let c10 = t
        .injections(&Packetize {
            compression: 10.0,
            ..Packetize::default()
        })
        .unwrap();
    let cycles: Vec<u64> = c10.iter().map(|x| x.cycle).collect();
    assert_eq!(cycles, [0, 0, 0, 0, 0, 10, 20, 1600, 1600, 1600]);
    let c = t
        .injections(&Packetize {
            compression: 2.5,
            clock_ns: 1.0,
            max_payload: 100,
        })
        .unwrap();
    payload_sums(&c, &t, 100);
    assert_eq!(c.len(), 41 + 11 + 1 + 30);
    assert_eq!(c.last().unwrap().cycle, 40000);
    for (p, needle) in [
        (
            Packetize {
                compression: 0.0,
                ..Packetize::default()
            },
            "compression",
        ),
        (
            Packetize {
                compression: -1.0,
                ..Packetize::default()
            },
            "compression",
        ),
        (
            Packetize {
                compression: f64::NAN,
                ..Packetize::default()
            },
            "compression",
        ),
        (
            Packetize {
                clock_ns: 0.0,
                ..Packetize::default()
            },
            "clock_ns",
        ),
        (
            Packetize {
                max_payload: 0,
                ..Packetize::default()
            },
            "max_payload",
        ),
        (
            Packetize {
                compression: 1e-300,
                ..Packetize::default()
            },
            "2^53",
        ),
    ] {
        let e = t.injections(&p).unwrap_err().to_string();
        assert!(e.contains(needle), "{p:?}: {e}");
    }
    let huge = Trace::parse("0 0 1 1073741824\n", None).unwrap();
    let e = huge
        .injections(&Packetize {
            max_payload: 1,
            ..Packetize::default()
        })
        .unwrap_err()
        .to_string();
    assert!(e.contains("packets") && e.contains("100000000"), "{e}");
}

#[test]
fn the_generator_is_deterministic_and_reads_back() {
    let p = StorageParams::default();
    let a = storage::generate(&p).unwrap();
    let b = storage::generate(&p).unwrap();
    assert_eq!(a, b);
    let text = a.to_text(&storage::header(&p));
    assert_eq!(text, b.to_text(&storage::header(&p)));
    let c = storage::generate(&StorageParams {
        seed: 2,
        ..p.clone()
    })
    .unwrap();
    assert_ne!(a, c, "another seed, another trace");
    // its own reader reads it back, hosts in range of the 2-ary 7-tree
    let back = Trace::parse(&text, Some(128)).unwrap();
    assert_eq!(back, a);
    assert!(text.starts_with("# flitwave storage-like trace"));
    assert!(text.contains("# disk nodes: 0 5 11 16 22"));
    assert!(a.requests.len() > 40, "{} messages", a.requests.len());
}

#[test]
fn disks_answer_hosts_and_hosts_ask_disks() {
    let p = StorageParams {
        duration_us: 20_000.0,
        ..StorageParams::default()
    };
    let t = storage::generate(&p).unwrap();
    let disks = disk_nodes(128, 23);
    assert_eq!(
        disks,
        [
            0, 5, 11, 16, 22, 27, 33, 38, 44, 50, 55, 61, 66, 72, 77, 83, 89, 94, 100, 105, 111,
            116, 122
        ]
    );
    // one disk per stage-0 switch of the 2-ary 7-tree (node / 2)
    let mut leaves: Vec<u32> = disks.iter().map(|d| d / 2).collect();
    leaves.dedup();
    assert_eq!(leaves.len(), 23);
    let is_disk = |x: u32| disks.contains(&x);
    let sizes: Vec<u64> = p.size_mix.iter().map(|x| x.0).collect();
    let (mut asks, mut answers, mut reads, mut read_data) = (0, 0, 0, 0);
    for r in &t.requests {
        assert_ne!(
            is_disk(r.src),
            is_disk(r.dst),
            "{r:?}: one end is a disk, the other a host"
        );
        if is_disk(r.dst) {
            asks += 1;
            // a read command, or a write carrying its data
            assert!(
                r.bytes == p.command_bytes || sizes.contains(&r.bytes),
                "{r:?}"
            );
            reads += usize::from(r.bytes == p.command_bytes);
        } else {
            answers += 1;
            assert!(r.bytes == p.ack_bytes || sizes.contains(&r.bytes), "{r:?}");
            read_data += usize::from(r.bytes != p.ack_bytes);
        }
        assert!(r.time_ns.fract() == 0.0, "whole ns");
    }
    assert_eq!(asks, answers, "every request is answered");
    assert_eq!(
        reads, read_data,
        "reads are answered with data, writes with an ack"
    );
    let frac = reads as f64 / asks as f64;
    assert!((0.45..0.75).contains(&frac), "read fraction {frac}");
    assert!(t.requests.windows(2).all(|w| w[0].time_ns <= w[1].time_ns));
    // requests only during the duration; answers may come after it
    let last_ask = t
        .requests
        .iter()
        .filter(|r| is_disk(r.dst))
        .map(|r| r.time_ns)
        .fold(0.0, f64::max);
    assert!(last_ask < 20_000_000.0);
    // splitting: at most 1 KB per packet, summing to each message
    let inj = t.injections(&Packetize::default()).unwrap();
    payload_sums(&inj, &t, 1024);
    // the statistics add up
    let s = t.stats(128, &Packetize::default()).unwrap();
    assert_eq!(s.messages, t.requests.len() as u64);
    assert_eq!(s.packets, inj.len() as u64);
    assert_eq!(s.nodes.len(), 128);
    let sent: u64 = s.nodes.iter().map(|n| n.sent_bytes).sum();
    let recv: u64 = s.nodes.iter().map(|n| n.received_bytes).sum();
    assert_eq!((sent, recv), (s.bytes, s.bytes));
    assert!(s.offered_bytes_per_ns.unwrap() > 0.0);
    assert!(is_disk(s.busiest_sender as u32), "disks send the read data");
}

#[test]
fn bad_generator_parameters_are_named() {
    let d = StorageParams::default();
    for (p, needle) in [
        (
            StorageParams {
                disks: 0,
                ..d.clone()
            },
            "disks",
        ),
        (
            StorageParams {
                disks: 128,
                ..d.clone()
            },
            "disks",
        ),
        (
            StorageParams {
                nodes: 1,
                disks: 1,
                ..d.clone()
            },
            "nodes",
        ),
        (
            StorageParams {
                duration_us: 0.0,
                ..d.clone()
            },
            "duration_us",
        ),
        (
            StorageParams {
                duration_us: f64::NAN,
                ..d.clone()
            },
            "duration_us",
        ),
        (
            StorageParams {
                read_fraction: 1.5,
                ..d.clone()
            },
            "read_fraction",
        ),
        (
            StorageParams {
                bursts_per_ms: 0.0,
                ..d.clone()
            },
            "bursts_per_ms",
        ),
        (
            StorageParams {
                burst_len: 0.5,
                ..d.clone()
            },
            "burst_len",
        ),
        (
            StorageParams {
                burst_gap_us: -1.0,
                ..d.clone()
            },
            "burst_gap_us",
        ),
        (
            StorageParams {
                service_us: -1.0,
                ..d.clone()
            },
            "service_us",
        ),
        (
            StorageParams {
                disk_mb_per_s: 0.0,
                ..d.clone()
            },
            "disk_mb_per_s",
        ),
        (
            StorageParams {
                link_mb_per_s: -3.0,
                ..d.clone()
            },
            "link_mb_per_s",
        ),
        (
            StorageParams {
                size_mix: vec![],
                ..d.clone()
            },
            "size_mix",
        ),
        (
            StorageParams {
                size_mix: vec![(0, 1.0)],
                ..d.clone()
            },
            "size_mix",
        ),
        (
            StorageParams {
                command_bytes: 0,
                ..d.clone()
            },
            "command_bytes",
        ),
        (
            StorageParams {
                ack_bytes: 0,
                ..d.clone()
            },
            "ack_bytes",
        ),
        (
            StorageParams {
                duration_us: 1e9,
                bursts_per_ms: 10.0,
                ..d.clone()
            },
            "requests",
        ),
    ] {
        let e = storage::generate(&p).unwrap_err().to_string();
        assert!(e.contains(needle), "{needle}: {e}");
    }
    assert_eq!(
        parse_size_mix("4K:40, 8k:30,1M:1,512:2.5").unwrap(),
        vec![(4096, 40.0), (8192, 30.0), (1 << 20, 1.0), (512, 2.5)]
    );
    for bad in ["4K", "4K:0", "0:5", "xK:1", "4K:-1", "2048M:1", ""] {
        let e = parse_size_mix(bad).unwrap_err().to_string();
        assert!(
            e.contains("--size-mix") && e.contains("SIZE:WEIGHT"),
            "{bad}: {e}"
        );
    }
}

/// The sample shipped in configs/ is what `flitwave trace generate` writes with the defaults.
#[test]
fn the_shipped_sample_is_fresh() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/traces/cello-like.trace");
    let shipped = std::fs::read_to_string(&path).unwrap();
    let p = StorageParams::default();
    let want = storage::generate(&p).unwrap().to_text(&storage::header(&p));
    assert!(
        shipped == want,
        "{} is stale: regenerate it with `flitwave trace generate --seed 1 -o configs/traces/cello-like.trace`",
        path.display()
    );
    assert!(shipped.len() < 100_000);
    let t = Trace::load(&path, Some(128)).unwrap();
    assert!(!t.requests.is_empty());
}
