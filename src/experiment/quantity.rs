//! What a key of a result store measures, in words and units, for axis labels: the one table
//! every plot reads. Units are flitwave's headline units (flits/cycle/host, cycles) unless the
//! key itself names others (`latency.ns`, `accepted_flits_per_ns_per_switch`).

/// A known key: its name in words, its unit (empty: a count or a plain number) and whether an
/// axis of it starts at 0 (latencies, loads and throughputs: their size is what is compared).
struct Known {
    key: &'static str,
    name: &'static str,
    unit: &'static str,
    from_zero: bool,
}

const fn k(key: &'static str, name: &'static str, unit: &'static str, from_zero: bool) -> Known {
    Known {
        key,
        name,
        unit,
        from_zero,
    }
}

/// The keys `flitwave plot` and the sweep plots name; a summary path may be prefixed by
/// `summary.`.
const KNOWN: &[Known] = &[
    k("rate", "offered load", "flits/cycle/host", true),
    k(
        "offered_flits_per_cycle_per_host",
        "offered load",
        "flits/cycle/host",
        true,
    ),
    k(
        "offered_flits_per_ns_per_switch",
        "offered load",
        "flits/ns/switch",
        true,
    ),
    k(
        "accepted_flits_per_cycle_per_host",
        "accepted traffic",
        "flits/cycle/host",
        true,
    ),
    k(
        "accepted_flits_per_cycle_per_switch",
        "accepted traffic",
        "flits/cycle/switch",
        true,
    ),
    k(
        "accepted_flits_per_ns_per_switch",
        "accepted traffic",
        "flits/ns/switch",
        true,
    ),
    k(
        "accepted_bytes_per_ns_per_host",
        "accepted traffic",
        "bytes/ns/host",
        true,
    ),
    k("latency.cycles", "mean latency", "cycles", true),
    k("latency.ns", "mean latency", "ns", true),
    k(
        "network_latency.cycles",
        "mean network latency",
        "cycles",
        true,
    ),
    k("network_latency.ns", "mean network latency", "ns", true),
    k("max_latency_cycles", "maximum latency", "cycles", true),
    k("latency_percentiles.p50", "median latency", "cycles", true),
    k(
        "latency_percentiles.p90",
        "90th percentile latency",
        "cycles",
        true,
    ),
    k(
        "latency_percentiles.p99",
        "99th percentile latency",
        "cycles",
        true,
    ),
    k(
        "latency_percentiles_ns.p99",
        "99th percentile latency",
        "ns",
        true,
    ),
    k("avg_hops", "mean hops", "", true),
    k(
        "search.max_unsaturated_rate",
        "highest sustained offered load",
        "flits/cycle/host",
        true,
    ),
    k(
        "search.saturation_throughput_flits_per_cycle_per_host",
        "saturation throughput",
        "flits/cycle/host",
        true,
    ),
    k(
        "search.throughput_flits_per_ns_per_switch",
        "highest accepted traffic",
        "flits/ns/switch",
        true,
    ),
    k(
        "search.throughput_at_rate",
        "offered load of the highest accepted",
        "flits/cycle/host",
        true,
    ),
    k("switch.vcs", "virtual channels per port", "", false),
    k("switch.vc_buffer_flits", "VC buffer depth", "flits", false),
    k("seed", "seed", "", false),
];

fn known(key: &str) -> Option<&'static Known> {
    let key = key.strip_prefix("summary.").unwrap_or(key);
    KNOWN.iter().find(|k| k.key == key)
}

/// The key in words, without its unit (`latency.cycles` → "mean latency"); an unknown key is
/// its own name.
pub fn name(key: &str) -> String {
    known(key).map_or_else(|| key.to_string(), |k| k.name.to_string())
}

/// An axis label: the key in words with its unit (`rate` → "offered load
/// (flits/cycle/host)"); an unknown key is its own name.
pub fn axis(key: &str) -> String {
    match known(key) {
        Some(k) if !k.unit.is_empty() => format!("{} ({})", k.name, k.unit),
        Some(k) => k.name.to_string(),
        None => key.to_string(),
    }
}

/// An axis of `key` starts at 0 (a latency, load or throughput).
pub fn from_zero(key: &str) -> bool {
    known(key).is_some_and(|k| k.from_zero)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_keys_read_in_words_with_units_and_others_as_themselves() {
        assert_eq!(axis("rate"), "offered load (flits/cycle/host)");
        assert_eq!(axis("summary.latency.cycles"), "mean latency (cycles)");
        assert_eq!(
            axis("accepted_flits_per_cycle_per_host"),
            "accepted traffic (flits/cycle/host)"
        );
        assert_eq!(axis("switch.vcs"), "virtual channels per port");
        assert_eq!(axis("config.link.fly_cycles"), "config.link.fly_cycles");
        assert_eq!(name("latency.ns"), "mean latency");
        assert!(from_zero("latency.cycles") && !from_zero("seed") && !from_zero("x.y"));
    }
}
