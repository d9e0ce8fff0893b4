//! Testbench of `scripts/flit-hop-cost.sh` (docs/performance.md, "what a flit-hop costs"):
//! run against the real flitwave at 1/200 of its cycles, it prints one row per mesh with the
//! flits through crossbars per router-cycle read from flitwave's own summary; bad arguments
//! are refused with a message naming them.

fn script(args: &[&str], env: &[(&str, &str)]) -> (i32, String, String) {
    crate::common::script("flit-hop-cost.sh", args, env)
}

#[test]
fn the_script_reads_the_crossbar_flits_of_every_mesh_from_the_summary() {
    let fw = env!("CARGO_BIN_EXE_flitwave");
    let (code, out, err) = script(&["1"], &[("FLITWAVE", fw), ("CYCLES_DIV", "200")]);
    assert_eq!(code, 0, "{err}");
    let meshes = [
        "2x2", "3x3", "3x3", "4x4", "6x6", "8x8", "8x8", "12x12", "16x16",
    ];
    let rows: Vec<&str> = out.lines().skip(1).collect();
    assert_eq!(rows.len(), meshes.len(), "{out}");
    for (row, mesh) in rows.iter().zip(meshes) {
        let cols: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(cols[0], mesh, "{row}");
        // every mesh carries traffic: flits through crossbars per router-cycle above 0.1
        let per: f64 = cols[4].parse().unwrap_or_else(|_| panic!("{row}"));
        assert!(per > 0.1 && per < 5.0, "{row}");
    }
}

#[test]
fn bad_arguments_are_refused_by_name() {
    for (args, env, says) in [
        (vec!["0"], vec![], "RUNS must be a positive integer, got 0"),
        (
            vec!["1"],
            vec![("CYCLES_DIV", "x")],
            "CYCLES_DIV must be a positive integer, got x",
        ),
        (
            vec!["1"],
            vec![("FLITWAVE", "/nonexistent/flitwave")],
            "FLITWAVE=/nonexistent/flitwave is not an executable",
        ),
    ] {
        let (code, _, err) = script(&args, &env);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains(says), "{err}");
    }
}
