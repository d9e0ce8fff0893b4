//! How the router's pipeline form (`rtl/stages/vc_router/`, a module per stage) maps onto the
//! twin: each of its registers (its flattened name: generate block, instance, register) and
//! the twin's register it equals, and each input port's RAM. `flitwave rtl check` proves the
//! two forms equivalent register by register with this map (`hdl::eda::stages`).

use super::{DEPTH, PORTS, VCS};
use crate::hdl::stage_map::{StageMap, StageRam};

/// The map of the pipeline form onto the twin.
pub fn map() -> StageMap {
    let mut r = vec![];
    let mut reg = |staged: String, twin: String| r.push((staged, twin));
    for p in 0..PORTS {
        let input = format!("g_port[{p}].u_input");
        for v in 0..VCS {
            // input VC i = 2 * port + VC; output VC k likewise
            let i = VCS * p + v;
            let vc = format!("{input}.g_vc[{v}]");
            for (staged, twin) in [
                ("head_q_r", "head"),
                ("cnt_q", "cnt"),
                ("st_q", "st"),
                ("oport_q", "oport"),
                ("ocv_q", "ocv"),
            ] {
                reg(format!("{vc}.{staged}"), format!("{twin}_{i}_q"));
            }
            for s in 0..DEPTH {
                reg(
                    format!("{vc}.g_slot[{s}].sb_r"),
                    format!("sb_{}_q", DEPTH * i + s),
                );
            }
            let out = format!("g_out[{p}].u_output.g_vc[{v}]");
            reg(format!("{out}.used_q"), format!("used_{i}_q"));
            reg(format!("{out}.busy_q"), format!("busy_{i}_q"));
        }
        reg(format!("{input}.byp_v_q"), format!("byp_v_{p}_q"));
        reg(format!("{input}.byp_d_q"), format!("byp_d_{p}_q"));
        reg(format!("g_out[{p}].u_output.cd_v_q"), format!("cd_v_{p}_q"));
        reg(
            format!("g_out[{p}].u_output.cd_vc_q"),
            format!("cd_vc_{p}_q"),
        );
        let sw = format!("u_sw_alloc.u_alloc.g_ptr[{p}]");
        reg(format!("{sw}.in_q"), format!("sin_ptr_{p}_q"));
        reg(format!("{sw}.out_q"), format!("sout_ptr_{p}_q"));
        reg(format!("u_sw_alloc.g_port[{p}].rr_q"), format!("rr_{p}_q"));
        let x = format!("u_crossbar.g_out[{p}]");
        reg(format!("{x}.xv_q"), format!("xv_{p}_q"));
        reg(format!("{x}.xsrc_q"), format!("xsrc_{p}_q"));
        reg(format!("{x}.xovc_q"), format!("xovc_{p}_q"));
    }
    for i in 0..PORTS * VCS {
        let va = format!("u_vc_alloc.u_alloc.g_ptr[{i}]");
        reg(format!("{va}.in_q"), format!("vin_ptr_{i}_q"));
        reg(format!("{va}.out_q"), format!("vout_ptr_{i}_q"));
    }
    StageMap {
        registers: r,
        rams: (0..PORTS)
            .map(|p| StageRam {
                instance: format!("g_port[{p}].u_input.u_ram"),
                module: "fw_vc_router_ram".into(),
                twin_module: format!("fw_vc_router__mem__{p}"),
                twin_nets: format!("mem_{p}_"),
            })
            .collect(),
    }
}
