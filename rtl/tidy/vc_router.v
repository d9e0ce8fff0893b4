// fw_vc_router: tidy form written by `flitwave rtl emit` from src/hdl/vc_router.rs (rust-hdl 0.46).
// Equivalent to rtl/vc_router.v (the raw rust-hdl emission), proven by `flitwave rtl check`.
// Do not edit; regenerate instead. Checked by `flitwave rtl check` (docs/rtl.md).
// Clock: rising edge of `clock`. Reset: synchronous, active high (`reset`); no initial
// blocks, every register takes its power-on value from reset.

module fw_vc_router(clock,reset,my_x,my_y,in_valid,in_vc,flit_in0,flit_in1,flit_in2,flit_in3,flit_in4,cred_in,cred_in_vc,out_valid,out_vc,flit_out0,flit_out1,flit_out2,flit_out3,flit_out4,cred_out,cred_out_vc);

    // Parameters: the configuration this module was generated for. Local, not
    // overridable: the logic is unrolled for these values; regenerate for others.
    localparam PORTS   = 5; // ports (local, +x, -x, +y, -y)
    localparam FLIT_W  = 16; // flit: head, tail, destination x and y, payload
    localparam COORD_W = 3; // mesh coordinate (8 x 8)
    localparam PORT_W  = $clog2(PORTS); // port index
    localparam IN_VCS  = PORTS * 2; // input VCs, 2 per port
    localparam VPTR_W  = $clog2(IN_VCS); // VC allocator pointer
    localparam DEPTH   = 8; // flits per VC buffer
    localparam BUF_AW  = $clog2(2 * DEPTH); // VC buffer RAM address: 2 VCs x DEPTH flits

    // Module arguments
    input wire  clock;
    input wire  reset;
    input wire  [COORD_W-1:0] my_x;
    input wire  [COORD_W-1:0] my_y;
    input wire  [PORTS-1:0] in_valid;
    input wire  [PORTS-1:0] in_vc;
    input wire  [FLIT_W-1:0] flit_in0;
    input wire  [FLIT_W-1:0] flit_in1;
    input wire  [FLIT_W-1:0] flit_in2;
    input wire  [FLIT_W-1:0] flit_in3;
    input wire  [FLIT_W-1:0] flit_in4;
    input wire  [PORTS-1:0] cred_in;
    input wire  [PORTS-1:0] cred_in_vc;
    output reg  [PORTS-1:0] out_valid;
    output reg  [PORTS-1:0] out_vc;
    output reg  [FLIT_W-1:0] flit_out0;
    output reg  [FLIT_W-1:0] flit_out1;
    output reg  [FLIT_W-1:0] flit_out2;
    output reg  [FLIT_W-1:0] flit_out3;
    output reg  [FLIT_W-1:0] flit_out4;
    output reg  [PORTS-1:0] cred_out;
    output reg  [PORTS-1:0] cred_out_vc;

    // Constant declarations
    localparam  oh5_0 = 5'd1;
    localparam  oh5_1 = 5'd2;
    localparam  oh5_2 = 5'd4;
    localparam  oh5_3 = 5'd8;
    localparam  oh5_4 = 5'd16;
    localparam  oh10_0 = 10'd1;
    localparam  oh10_1 = 10'd2;
    localparam  oh10_2 = 10'd4;
    localparam  oh10_3 = 10'd8;
    localparam  oh10_4 = 10'd16;
    localparam  oh10_5 = 10'd32;
    localparam  oh10_6 = 10'd64;
    localparam  oh10_7 = 10'd128;
    localparam  oh10_8 = 10'd256;
    localparam  oh10_9 = 10'd512;
    localparam  k4_0 = 4'd0;
    localparam  k4_1 = 4'd1;
    localparam  k4_2 = 4'd2;
    localparam  k4_3 = 4'd3;
    localparam  k4_4 = 4'd4;
    localparam  k4_5 = 4'd5;
    localparam  k4_6 = 4'd6;
    localparam  k4_7 = 4'd7;
    localparam  k4_8 = 4'd8;
    localparam  k4_9 = 4'd9;
    localparam  next10_0 = 4'd1;
    localparam  next10_1 = 4'd2;
    localparam  next10_2 = 4'd3;
    localparam  next10_3 = 4'd4;
    localparam  next10_4 = 4'd5;
    localparam  next10_5 = 4'd6;
    localparam  next10_6 = 4'd7;
    localparam  next10_7 = 4'd8;
    localparam  next10_8 = 4'd9;
    localparam  next10_9 = 4'd0;
    localparam  next5_0 = 3'd1;
    localparam  next5_1 = 3'd2;
    localparam  next5_2 = 3'd3;
    localparam  next5_3 = 3'd4;
    localparam  next5_4 = 3'd0;
    localparam  m7 = 4'd7;
    localparam  vb1 = 4'd8;
    localparam  t8 = 4'd8;
    localparam  full = 4'd8;
    localparam  idle = 2'd0;
    localparam  vcalloc = 2'd1;
    localparam  active = 2'd2;

    // Registers (_q) and their next values (_d), and sub-module ports
    reg  [BUF_AW-1:0] mem_0_read_address;
    wire  [FLIT_W-1:0] mem_0_read_data;
    reg  [BUF_AW-1:0] mem_0_write_address;
    reg  [FLIT_W-1:0] mem_0_write_data;
    reg  mem_0_write_enable;
    reg  [BUF_AW-1:0] mem_1_read_address;
    wire  [FLIT_W-1:0] mem_1_read_data;
    reg  [BUF_AW-1:0] mem_1_write_address;
    reg  [FLIT_W-1:0] mem_1_write_data;
    reg  mem_1_write_enable;
    reg  [BUF_AW-1:0] mem_2_read_address;
    wire  [FLIT_W-1:0] mem_2_read_data;
    reg  [BUF_AW-1:0] mem_2_write_address;
    reg  [FLIT_W-1:0] mem_2_write_data;
    reg  mem_2_write_enable;
    reg  [BUF_AW-1:0] mem_3_read_address;
    wire  [FLIT_W-1:0] mem_3_read_data;
    reg  [BUF_AW-1:0] mem_3_write_address;
    reg  [FLIT_W-1:0] mem_3_write_data;
    reg  mem_3_write_enable;
    reg  [BUF_AW-1:0] mem_4_read_address;
    wire  [FLIT_W-1:0] mem_4_read_data;
    reg  [BUF_AW-1:0] mem_4_write_address;
    reg  [FLIT_W-1:0] mem_4_write_data;
    reg  mem_4_write_enable;
    reg  [VPTR_W-1:0] vin_ptr_0_d;
    reg  [VPTR_W-1:0] vin_ptr_0_q;
    reg  [VPTR_W-1:0] vin_ptr_1_d;
    reg  [VPTR_W-1:0] vin_ptr_1_q;
    reg  [VPTR_W-1:0] vin_ptr_2_d;
    reg  [VPTR_W-1:0] vin_ptr_2_q;
    reg  [VPTR_W-1:0] vin_ptr_3_d;
    reg  [VPTR_W-1:0] vin_ptr_3_q;
    reg  [VPTR_W-1:0] vin_ptr_4_d;
    reg  [VPTR_W-1:0] vin_ptr_4_q;
    reg  [VPTR_W-1:0] vin_ptr_5_d;
    reg  [VPTR_W-1:0] vin_ptr_5_q;
    reg  [VPTR_W-1:0] vin_ptr_6_d;
    reg  [VPTR_W-1:0] vin_ptr_6_q;
    reg  [VPTR_W-1:0] vin_ptr_7_d;
    reg  [VPTR_W-1:0] vin_ptr_7_q;
    reg  [VPTR_W-1:0] vin_ptr_8_d;
    reg  [VPTR_W-1:0] vin_ptr_8_q;
    reg  [VPTR_W-1:0] vin_ptr_9_d;
    reg  [VPTR_W-1:0] vin_ptr_9_q;
    reg  [VPTR_W-1:0] vout_ptr_0_d;
    reg  [VPTR_W-1:0] vout_ptr_0_q;
    reg  [VPTR_W-1:0] vout_ptr_1_d;
    reg  [VPTR_W-1:0] vout_ptr_1_q;
    reg  [VPTR_W-1:0] vout_ptr_2_d;
    reg  [VPTR_W-1:0] vout_ptr_2_q;
    reg  [VPTR_W-1:0] vout_ptr_3_d;
    reg  [VPTR_W-1:0] vout_ptr_3_q;
    reg  [VPTR_W-1:0] vout_ptr_4_d;
    reg  [VPTR_W-1:0] vout_ptr_4_q;
    reg  [VPTR_W-1:0] vout_ptr_5_d;
    reg  [VPTR_W-1:0] vout_ptr_5_q;
    reg  [VPTR_W-1:0] vout_ptr_6_d;
    reg  [VPTR_W-1:0] vout_ptr_6_q;
    reg  [VPTR_W-1:0] vout_ptr_7_d;
    reg  [VPTR_W-1:0] vout_ptr_7_q;
    reg  [VPTR_W-1:0] vout_ptr_8_d;
    reg  [VPTR_W-1:0] vout_ptr_8_q;
    reg  [VPTR_W-1:0] vout_ptr_9_d;
    reg  [VPTR_W-1:0] vout_ptr_9_q;
    reg  [PORT_W-1:0] sin_ptr_0_d;
    reg  [PORT_W-1:0] sin_ptr_0_q;
    reg  [PORT_W-1:0] sin_ptr_1_d;
    reg  [PORT_W-1:0] sin_ptr_1_q;
    reg  [PORT_W-1:0] sin_ptr_2_d;
    reg  [PORT_W-1:0] sin_ptr_2_q;
    reg  [PORT_W-1:0] sin_ptr_3_d;
    reg  [PORT_W-1:0] sin_ptr_3_q;
    reg  [PORT_W-1:0] sin_ptr_4_d;
    reg  [PORT_W-1:0] sin_ptr_4_q;
    reg  [PORT_W-1:0] sout_ptr_0_d;
    reg  [PORT_W-1:0] sout_ptr_0_q;
    reg  [PORT_W-1:0] sout_ptr_1_d;
    reg  [PORT_W-1:0] sout_ptr_1_q;
    reg  [PORT_W-1:0] sout_ptr_2_d;
    reg  [PORT_W-1:0] sout_ptr_2_q;
    reg  [PORT_W-1:0] sout_ptr_3_d;
    reg  [PORT_W-1:0] sout_ptr_3_q;
    reg  [PORT_W-1:0] sout_ptr_4_d;
    reg  [PORT_W-1:0] sout_ptr_4_q;
    reg  [3:0] used_0_d;
    reg  [3:0] used_0_q;
    reg  [3:0] used_1_d;
    reg  [3:0] used_1_q;
    reg  [3:0] used_2_d;
    reg  [3:0] used_2_q;
    reg  [3:0] used_3_d;
    reg  [3:0] used_3_q;
    reg  [3:0] used_4_d;
    reg  [3:0] used_4_q;
    reg  [3:0] used_5_d;
    reg  [3:0] used_5_q;
    reg  [3:0] used_6_d;
    reg  [3:0] used_6_q;
    reg  [3:0] used_7_d;
    reg  [3:0] used_7_q;
    reg  [3:0] used_8_d;
    reg  [3:0] used_8_q;
    reg  [3:0] used_9_d;
    reg  [3:0] used_9_q;
    reg  [3:0] head_0_d;
    reg  [3:0] head_0_q;
    reg  [3:0] head_1_d;
    reg  [3:0] head_1_q;
    reg  [3:0] head_2_d;
    reg  [3:0] head_2_q;
    reg  [3:0] head_3_d;
    reg  [3:0] head_3_q;
    reg  [3:0] head_4_d;
    reg  [3:0] head_4_q;
    reg  [3:0] head_5_d;
    reg  [3:0] head_5_q;
    reg  [3:0] head_6_d;
    reg  [3:0] head_6_q;
    reg  [3:0] head_7_d;
    reg  [3:0] head_7_q;
    reg  [3:0] head_8_d;
    reg  [3:0] head_8_q;
    reg  [3:0] head_9_d;
    reg  [3:0] head_9_q;
    reg  [3:0] cnt_0_d;
    reg  [3:0] cnt_0_q;
    reg  [3:0] cnt_1_d;
    reg  [3:0] cnt_1_q;
    reg  [3:0] cnt_2_d;
    reg  [3:0] cnt_2_q;
    reg  [3:0] cnt_3_d;
    reg  [3:0] cnt_3_q;
    reg  [3:0] cnt_4_d;
    reg  [3:0] cnt_4_q;
    reg  [3:0] cnt_5_d;
    reg  [3:0] cnt_5_q;
    reg  [3:0] cnt_6_d;
    reg  [3:0] cnt_6_q;
    reg  [3:0] cnt_7_d;
    reg  [3:0] cnt_7_q;
    reg  [3:0] cnt_8_d;
    reg  [3:0] cnt_8_q;
    reg  [3:0] cnt_9_d;
    reg  [3:0] cnt_9_q;
    reg  [1:0] st_0_d;
    reg  [1:0] st_0_q;
    reg  [1:0] st_1_d;
    reg  [1:0] st_1_q;
    reg  [1:0] st_2_d;
    reg  [1:0] st_2_q;
    reg  [1:0] st_3_d;
    reg  [1:0] st_3_q;
    reg  [1:0] st_4_d;
    reg  [1:0] st_4_q;
    reg  [1:0] st_5_d;
    reg  [1:0] st_5_q;
    reg  [1:0] st_6_d;
    reg  [1:0] st_6_q;
    reg  [1:0] st_7_d;
    reg  [1:0] st_7_q;
    reg  [1:0] st_8_d;
    reg  [1:0] st_8_q;
    reg  [1:0] st_9_d;
    reg  [1:0] st_9_q;
    reg  [3:0] oport_0_d;
    reg  [3:0] oport_0_q;
    reg  [3:0] oport_1_d;
    reg  [3:0] oport_1_q;
    reg  [3:0] oport_2_d;
    reg  [3:0] oport_2_q;
    reg  [3:0] oport_3_d;
    reg  [3:0] oport_3_q;
    reg  [3:0] oport_4_d;
    reg  [3:0] oport_4_q;
    reg  [3:0] oport_5_d;
    reg  [3:0] oport_5_q;
    reg  [3:0] oport_6_d;
    reg  [3:0] oport_6_q;
    reg  [3:0] oport_7_d;
    reg  [3:0] oport_7_q;
    reg  [3:0] oport_8_d;
    reg  [3:0] oport_8_q;
    reg  [3:0] oport_9_d;
    reg  [3:0] oport_9_q;
    reg  [3:0] ocv_0_d;
    reg  [3:0] ocv_0_q;
    reg  [3:0] ocv_1_d;
    reg  [3:0] ocv_1_q;
    reg  [3:0] ocv_2_d;
    reg  [3:0] ocv_2_q;
    reg  [3:0] ocv_3_d;
    reg  [3:0] ocv_3_q;
    reg  [3:0] ocv_4_d;
    reg  [3:0] ocv_4_q;
    reg  [3:0] ocv_5_d;
    reg  [3:0] ocv_5_q;
    reg  [3:0] ocv_6_d;
    reg  [3:0] ocv_6_q;
    reg  [3:0] ocv_7_d;
    reg  [3:0] ocv_7_q;
    reg  [3:0] ocv_8_d;
    reg  [3:0] ocv_8_q;
    reg  [3:0] ocv_9_d;
    reg  [3:0] ocv_9_q;
    reg  [3:0] sb_0_d;
    reg  [3:0] sb_0_q;
    reg  [3:0] sb_1_d;
    reg  [3:0] sb_1_q;
    reg  [3:0] sb_2_d;
    reg  [3:0] sb_2_q;
    reg  [3:0] sb_3_d;
    reg  [3:0] sb_3_q;
    reg  [3:0] sb_4_d;
    reg  [3:0] sb_4_q;
    reg  [3:0] sb_5_d;
    reg  [3:0] sb_5_q;
    reg  [3:0] sb_6_d;
    reg  [3:0] sb_6_q;
    reg  [3:0] sb_7_d;
    reg  [3:0] sb_7_q;
    reg  [3:0] sb_8_d;
    reg  [3:0] sb_8_q;
    reg  [3:0] sb_9_d;
    reg  [3:0] sb_9_q;
    reg  [3:0] sb_10_d;
    reg  [3:0] sb_10_q;
    reg  [3:0] sb_11_d;
    reg  [3:0] sb_11_q;
    reg  [3:0] sb_12_d;
    reg  [3:0] sb_12_q;
    reg  [3:0] sb_13_d;
    reg  [3:0] sb_13_q;
    reg  [3:0] sb_14_d;
    reg  [3:0] sb_14_q;
    reg  [3:0] sb_15_d;
    reg  [3:0] sb_15_q;
    reg  [3:0] sb_16_d;
    reg  [3:0] sb_16_q;
    reg  [3:0] sb_17_d;
    reg  [3:0] sb_17_q;
    reg  [3:0] sb_18_d;
    reg  [3:0] sb_18_q;
    reg  [3:0] sb_19_d;
    reg  [3:0] sb_19_q;
    reg  [3:0] sb_20_d;
    reg  [3:0] sb_20_q;
    reg  [3:0] sb_21_d;
    reg  [3:0] sb_21_q;
    reg  [3:0] sb_22_d;
    reg  [3:0] sb_22_q;
    reg  [3:0] sb_23_d;
    reg  [3:0] sb_23_q;
    reg  [3:0] sb_24_d;
    reg  [3:0] sb_24_q;
    reg  [3:0] sb_25_d;
    reg  [3:0] sb_25_q;
    reg  [3:0] sb_26_d;
    reg  [3:0] sb_26_q;
    reg  [3:0] sb_27_d;
    reg  [3:0] sb_27_q;
    reg  [3:0] sb_28_d;
    reg  [3:0] sb_28_q;
    reg  [3:0] sb_29_d;
    reg  [3:0] sb_29_q;
    reg  [3:0] sb_30_d;
    reg  [3:0] sb_30_q;
    reg  [3:0] sb_31_d;
    reg  [3:0] sb_31_q;
    reg  [3:0] sb_32_d;
    reg  [3:0] sb_32_q;
    reg  [3:0] sb_33_d;
    reg  [3:0] sb_33_q;
    reg  [3:0] sb_34_d;
    reg  [3:0] sb_34_q;
    reg  [3:0] sb_35_d;
    reg  [3:0] sb_35_q;
    reg  [3:0] sb_36_d;
    reg  [3:0] sb_36_q;
    reg  [3:0] sb_37_d;
    reg  [3:0] sb_37_q;
    reg  [3:0] sb_38_d;
    reg  [3:0] sb_38_q;
    reg  [3:0] sb_39_d;
    reg  [3:0] sb_39_q;
    reg  [3:0] sb_40_d;
    reg  [3:0] sb_40_q;
    reg  [3:0] sb_41_d;
    reg  [3:0] sb_41_q;
    reg  [3:0] sb_42_d;
    reg  [3:0] sb_42_q;
    reg  [3:0] sb_43_d;
    reg  [3:0] sb_43_q;
    reg  [3:0] sb_44_d;
    reg  [3:0] sb_44_q;
    reg  [3:0] sb_45_d;
    reg  [3:0] sb_45_q;
    reg  [3:0] sb_46_d;
    reg  [3:0] sb_46_q;
    reg  [3:0] sb_47_d;
    reg  [3:0] sb_47_q;
    reg  [3:0] sb_48_d;
    reg  [3:0] sb_48_q;
    reg  [3:0] sb_49_d;
    reg  [3:0] sb_49_q;
    reg  [3:0] sb_50_d;
    reg  [3:0] sb_50_q;
    reg  [3:0] sb_51_d;
    reg  [3:0] sb_51_q;
    reg  [3:0] sb_52_d;
    reg  [3:0] sb_52_q;
    reg  [3:0] sb_53_d;
    reg  [3:0] sb_53_q;
    reg  [3:0] sb_54_d;
    reg  [3:0] sb_54_q;
    reg  [3:0] sb_55_d;
    reg  [3:0] sb_55_q;
    reg  [3:0] sb_56_d;
    reg  [3:0] sb_56_q;
    reg  [3:0] sb_57_d;
    reg  [3:0] sb_57_q;
    reg  [3:0] sb_58_d;
    reg  [3:0] sb_58_q;
    reg  [3:0] sb_59_d;
    reg  [3:0] sb_59_q;
    reg  [3:0] sb_60_d;
    reg  [3:0] sb_60_q;
    reg  [3:0] sb_61_d;
    reg  [3:0] sb_61_q;
    reg  [3:0] sb_62_d;
    reg  [3:0] sb_62_q;
    reg  [3:0] sb_63_d;
    reg  [3:0] sb_63_q;
    reg  [3:0] sb_64_d;
    reg  [3:0] sb_64_q;
    reg  [3:0] sb_65_d;
    reg  [3:0] sb_65_q;
    reg  [3:0] sb_66_d;
    reg  [3:0] sb_66_q;
    reg  [3:0] sb_67_d;
    reg  [3:0] sb_67_q;
    reg  [3:0] sb_68_d;
    reg  [3:0] sb_68_q;
    reg  [3:0] sb_69_d;
    reg  [3:0] sb_69_q;
    reg  [3:0] sb_70_d;
    reg  [3:0] sb_70_q;
    reg  [3:0] sb_71_d;
    reg  [3:0] sb_71_q;
    reg  [3:0] sb_72_d;
    reg  [3:0] sb_72_q;
    reg  [3:0] sb_73_d;
    reg  [3:0] sb_73_q;
    reg  [3:0] sb_74_d;
    reg  [3:0] sb_74_q;
    reg  [3:0] sb_75_d;
    reg  [3:0] sb_75_q;
    reg  [3:0] sb_76_d;
    reg  [3:0] sb_76_q;
    reg  [3:0] sb_77_d;
    reg  [3:0] sb_77_q;
    reg  [3:0] sb_78_d;
    reg  [3:0] sb_78_q;
    reg  [3:0] sb_79_d;
    reg  [3:0] sb_79_q;
    reg  busy_0_d;
    reg  busy_0_q;
    reg  busy_1_d;
    reg  busy_1_q;
    reg  busy_2_d;
    reg  busy_2_q;
    reg  busy_3_d;
    reg  busy_3_q;
    reg  busy_4_d;
    reg  busy_4_q;
    reg  busy_5_d;
    reg  busy_5_q;
    reg  busy_6_d;
    reg  busy_6_q;
    reg  busy_7_d;
    reg  busy_7_q;
    reg  busy_8_d;
    reg  busy_8_q;
    reg  busy_9_d;
    reg  busy_9_q;
    reg  rr_0_d;
    reg  rr_0_q;
    reg  rr_1_d;
    reg  rr_1_q;
    reg  rr_2_d;
    reg  rr_2_q;
    reg  rr_3_d;
    reg  rr_3_q;
    reg  rr_4_d;
    reg  rr_4_q;
    reg  cd_v_0_d;
    reg  cd_v_0_q;
    reg  cd_v_1_d;
    reg  cd_v_1_q;
    reg  cd_v_2_d;
    reg  cd_v_2_q;
    reg  cd_v_3_d;
    reg  cd_v_3_q;
    reg  cd_v_4_d;
    reg  cd_v_4_q;
    reg  cd_vc_0_d;
    reg  cd_vc_0_q;
    reg  cd_vc_1_d;
    reg  cd_vc_1_q;
    reg  cd_vc_2_d;
    reg  cd_vc_2_q;
    reg  cd_vc_3_d;
    reg  cd_vc_3_q;
    reg  cd_vc_4_d;
    reg  cd_vc_4_q;
    reg  xv_0_d;
    reg  xv_0_q;
    reg  xv_1_d;
    reg  xv_1_q;
    reg  xv_2_d;
    reg  xv_2_q;
    reg  xv_3_d;
    reg  xv_3_q;
    reg  xv_4_d;
    reg  xv_4_q;
    reg  [3:0] xsrc_0_d;
    reg  [3:0] xsrc_0_q;
    reg  [3:0] xsrc_1_d;
    reg  [3:0] xsrc_1_q;
    reg  [3:0] xsrc_2_d;
    reg  [3:0] xsrc_2_q;
    reg  [3:0] xsrc_3_d;
    reg  [3:0] xsrc_3_q;
    reg  [3:0] xsrc_4_d;
    reg  [3:0] xsrc_4_q;
    reg  xovc_0_d;
    reg  xovc_0_q;
    reg  xovc_1_d;
    reg  xovc_1_q;
    reg  xovc_2_d;
    reg  xovc_2_q;
    reg  xovc_3_d;
    reg  xovc_3_q;
    reg  xovc_4_d;
    reg  xovc_4_q;
    reg  byp_v_0_d;
    reg  byp_v_0_q;
    reg  byp_v_1_d;
    reg  byp_v_1_q;
    reg  byp_v_2_d;
    reg  byp_v_2_q;
    reg  byp_v_3_d;
    reg  byp_v_3_q;
    reg  byp_v_4_d;
    reg  byp_v_4_q;
    reg  [FLIT_W-1:0] byp_d_0_d;
    reg  [FLIT_W-1:0] byp_d_0_q;
    reg  [FLIT_W-1:0] byp_d_1_d;
    reg  [FLIT_W-1:0] byp_d_1_q;
    reg  [FLIT_W-1:0] byp_d_2_d;
    reg  [FLIT_W-1:0] byp_d_2_q;
    reg  [FLIT_W-1:0] byp_d_3_d;
    reg  [FLIT_W-1:0] byp_d_3_q;
    reg  [FLIT_W-1:0] byp_d_4_d;
    reg  [FLIT_W-1:0] byp_d_4_q;

    // Local signals
    reg  [FLIT_W-1:0] fin_0;
    reg  [FLIT_W-1:0] fin_1;
    reg  [FLIT_W-1:0] fin_2;
    reg  [FLIT_W-1:0] fin_3;
    reg  [FLIT_W-1:0] fin_4;
    reg  [COORD_W-1:0] dx_0;
    reg  [COORD_W-1:0] dx_1;
    reg  [COORD_W-1:0] dx_2;
    reg  [COORD_W-1:0] dx_3;
    reg  [COORD_W-1:0] dx_4;
    reg  [COORD_W-1:0] dy_0;
    reg  [COORD_W-1:0] dy_1;
    reg  [COORD_W-1:0] dy_2;
    reg  [COORD_W-1:0] dy_3;
    reg  [COORD_W-1:0] dy_4;
    reg  [3:0] rin_0;
    reg  [3:0] rin_1;
    reg  [3:0] rin_2;
    reg  [3:0] rin_3;
    reg  [3:0] rin_4;
    reg  [3:0] sbin_0;
    reg  [3:0] sbin_1;
    reg  [3:0] sbin_2;
    reg  [3:0] sbin_3;
    reg  [3:0] sbin_4;
    reg  arrive_0;
    reg  arrive_1;
    reg  arrive_2;
    reg  arrive_3;
    reg  arrive_4;
    reg  arrive_5;
    reg  arrive_6;
    reg  arrive_7;
    reg  arrive_8;
    reg  arrive_9;
    reg  [3:0] wslot_0;
    reg  [3:0] wslot_1;
    reg  [3:0] wslot_2;
    reg  [3:0] wslot_3;
    reg  [3:0] wslot_4;
    reg  [3:0] wslot_5;
    reg  [3:0] wslot_6;
    reg  [3:0] wslot_7;
    reg  [3:0] wslot_8;
    reg  [3:0] wslot_9;
    reg  [3:0] fsb_0;
    reg  [3:0] fsb_1;
    reg  [3:0] fsb_2;
    reg  [3:0] fsb_3;
    reg  [3:0] fsb_4;
    reg  [3:0] fsb_5;
    reg  [3:0] fsb_6;
    reg  [3:0] fsb_7;
    reg  [3:0] fsb_8;
    reg  [3:0] fsb_9;
    reg  [3:0] froute_0;
    reg  [3:0] froute_1;
    reg  [3:0] froute_2;
    reg  [3:0] froute_3;
    reg  [3:0] froute_4;
    reg  [3:0] froute_5;
    reg  [3:0] froute_6;
    reg  [3:0] froute_7;
    reg  [3:0] froute_8;
    reg  [3:0] froute_9;
    reg  hold_0;
    reg  hold_1;
    reg  hold_2;
    reg  hold_3;
    reg  hold_4;
    reg  hold_5;
    reg  hold_6;
    reg  hold_7;
    reg  hold_8;
    reg  hold_9;
    reg  [IN_VCS-1:0] vreq_0;
    reg  [IN_VCS-1:0] vreq_1;
    reg  [IN_VCS-1:0] vreq_2;
    reg  [IN_VCS-1:0] vreq_3;
    reg  [IN_VCS-1:0] vreq_4;
    reg  [IN_VCS-1:0] vreq_5;
    reg  [IN_VCS-1:0] vreq_6;
    reg  [IN_VCS-1:0] vreq_7;
    reg  [IN_VCS-1:0] vreq_8;
    reg  [IN_VCS-1:0] vreq_9;
    reg  [IN_VCS-1:0] vgrant_0;
    reg  [IN_VCS-1:0] vgrant_1;
    reg  [IN_VCS-1:0] vgrant_2;
    reg  [IN_VCS-1:0] vgrant_3;
    reg  [IN_VCS-1:0] vgrant_4;
    reg  [IN_VCS-1:0] vgrant_5;
    reg  [IN_VCS-1:0] vgrant_6;
    reg  [IN_VCS-1:0] vgrant_7;
    reg  [IN_VCS-1:0] vgrant_8;
    reg  [IN_VCS-1:0] vgrant_9;
    reg  [9:0] vimask_0;
    reg  [9:0] vimask_1;
    reg  [9:0] vimask_2;
    reg  [9:0] vimask_3;
    reg  [9:0] vimask_4;
    reg  [9:0] vimask_5;
    reg  [9:0] vimask_6;
    reg  [9:0] vimask_7;
    reg  [9:0] vimask_8;
    reg  [9:0] vimask_9;
    reg  [9:0] vpick_0;
    reg  [9:0] vpick_1;
    reg  [9:0] vpick_2;
    reg  [9:0] vpick_3;
    reg  [9:0] vpick_4;
    reg  [9:0] vpick_5;
    reg  [9:0] vpick_6;
    reg  [9:0] vpick_7;
    reg  [9:0] vpick_8;
    reg  [9:0] vpick_9;
    reg  [9:0] vcol_0;
    reg  [9:0] vcol_1;
    reg  [9:0] vcol_2;
    reg  [9:0] vcol_3;
    reg  [9:0] vcol_4;
    reg  [9:0] vcol_5;
    reg  [9:0] vcol_6;
    reg  [9:0] vcol_7;
    reg  [9:0] vcol_8;
    reg  [9:0] vcol_9;
    reg  [9:0] vomask_0;
    reg  [9:0] vomask_1;
    reg  [9:0] vomask_2;
    reg  [9:0] vomask_3;
    reg  [9:0] vomask_4;
    reg  [9:0] vomask_5;
    reg  [9:0] vomask_6;
    reg  [9:0] vomask_7;
    reg  [9:0] vomask_8;
    reg  [9:0] vomask_9;
    reg  [9:0] vwin_0;
    reg  [9:0] vwin_1;
    reg  [9:0] vwin_2;
    reg  [9:0] vwin_3;
    reg  [9:0] vwin_4;
    reg  [9:0] vwin_5;
    reg  [9:0] vwin_6;
    reg  [9:0] vwin_7;
    reg  [9:0] vwin_8;
    reg  [9:0] vwin_9;
    reg  csend_0;
    reg  csend_1;
    reg  csend_2;
    reg  csend_3;
    reg  csend_4;
    reg  csend_5;
    reg  csend_6;
    reg  csend_7;
    reg  csend_8;
    reg  csend_9;
    reg  cand_0;
    reg  cand_1;
    reg  cand_2;
    reg  cand_3;
    reg  cand_4;
    reg  cand_5;
    reg  cand_6;
    reg  cand_7;
    reg  cand_8;
    reg  cand_9;
    reg  [4:0] srow_0;
    reg  [4:0] srow_1;
    reg  [4:0] srow_2;
    reg  [4:0] srow_3;
    reg  [4:0] srow_4;
    reg  [4:0] lab_0;
    reg  [4:0] lab_1;
    reg  [4:0] lab_2;
    reg  [4:0] lab_3;
    reg  [4:0] lab_4;
    reg  ca;
    reg  cb;
    reg  [4:0] simask_0;
    reg  [4:0] simask_1;
    reg  [4:0] simask_2;
    reg  [4:0] simask_3;
    reg  [4:0] simask_4;
    reg  [4:0] spick_0;
    reg  [4:0] spick_1;
    reg  [4:0] spick_2;
    reg  [4:0] spick_3;
    reg  [4:0] spick_4;
    reg  [4:0] scol_0;
    reg  [4:0] scol_1;
    reg  [4:0] scol_2;
    reg  [4:0] scol_3;
    reg  [4:0] scol_4;
    reg  [4:0] somask_0;
    reg  [4:0] somask_1;
    reg  [4:0] somask_2;
    reg  [4:0] somask_3;
    reg  [4:0] somask_4;
    reg  [4:0] swin_0;
    reg  [4:0] swin_1;
    reg  [4:0] swin_2;
    reg  [4:0] swin_3;
    reg  [4:0] swin_4;
    reg  [4:0] sgrant_0;
    reg  [4:0] sgrant_1;
    reg  [4:0] sgrant_2;
    reg  [4:0] sgrant_3;
    reg  [4:0] sgrant_4;
    reg  win_0;
    reg  win_1;
    reg  win_2;
    reg  win_3;
    reg  win_4;
    reg  wvc_0;
    reg  wvc_1;
    reg  wvc_2;
    reg  wvc_3;
    reg  wvc_4;
    reg  [3:0] wout_0;
    reg  [3:0] wout_1;
    reg  [3:0] wout_2;
    reg  [3:0] wout_3;
    reg  [3:0] wout_4;
    reg  pop_0;
    reg  pop_1;
    reg  pop_2;
    reg  pop_3;
    reg  pop_4;
    reg  pop_5;
    reg  pop_6;
    reg  pop_7;
    reg  pop_8;
    reg  pop_9;
    reg  [3:0] cnext_0;
    reg  [3:0] cnext_1;
    reg  [3:0] cnext_2;
    reg  [3:0] cnext_3;
    reg  [3:0] cnext_4;
    reg  [3:0] cnext_5;
    reg  [3:0] cnext_6;
    reg  [3:0] cnext_7;
    reg  [3:0] cnext_8;
    reg  [3:0] cnext_9;
    reg  consume_0;
    reg  consume_1;
    reg  consume_2;
    reg  consume_3;
    reg  consume_4;
    reg  consume_5;
    reg  consume_6;
    reg  consume_7;
    reg  consume_8;
    reg  consume_9;
    reg  ret_0;
    reg  ret_1;
    reg  ret_2;
    reg  ret_3;
    reg  ret_4;
    reg  ret_5;
    reg  ret_6;
    reg  ret_7;
    reg  ret_8;
    reg  ret_9;
    reg  give_0;
    reg  give_1;
    reg  give_2;
    reg  give_3;
    reg  give_4;
    reg  give_5;
    reg  give_6;
    reg  give_7;
    reg  give_8;
    reg  give_9;
    reg  [15:0] word_0;
    reg  [15:0] word_1;
    reg  [15:0] word_2;
    reg  [15:0] word_3;
    reg  [15:0] word_4;
    reg  [4:0] ov;
    reg  [4:0] ovc;
    reg  [4:0] co;
    reg  [4:0] covc;

    // Sub module instances
    fw_vc_router__mem__0 mem_0(
        .read_address(mem_0_read_address),
        .read_clock(clock),
        .read_data(mem_0_read_data),
        .write_address(mem_0_write_address),
        .write_clock(clock),
        .write_data(mem_0_write_data),
        .write_enable(mem_0_write_enable)
    );
    fw_vc_router__mem__1 mem_1(
        .read_address(mem_1_read_address),
        .read_clock(clock),
        .read_data(mem_1_read_data),
        .write_address(mem_1_write_address),
        .write_clock(clock),
        .write_data(mem_1_write_data),
        .write_enable(mem_1_write_enable)
    );
    fw_vc_router__mem__2 mem_2(
        .read_address(mem_2_read_address),
        .read_clock(clock),
        .read_data(mem_2_read_data),
        .write_address(mem_2_write_address),
        .write_clock(clock),
        .write_data(mem_2_write_data),
        .write_enable(mem_2_write_enable)
    );
    fw_vc_router__mem__3 mem_3(
        .read_address(mem_3_read_address),
        .read_clock(clock),
        .read_data(mem_3_read_data),
        .write_address(mem_3_write_address),
        .write_clock(clock),
        .write_data(mem_3_write_data),
        .write_enable(mem_3_write_enable)
    );
    fw_vc_router__mem__4 mem_4(
        .read_address(mem_4_read_address),
        .read_clock(clock),
        .read_data(mem_4_read_data),
        .write_address(mem_4_write_address),
        .write_clock(clock),
        .write_data(mem_4_write_data),
        .write_enable(mem_4_write_enable)
    );

    // Update code
    always @(*) begin
        head_0_d = head_0_q;
        cnt_0_d = cnt_0_q;
        st_0_d = st_0_q;
        oport_0_d = oport_0_q;
        ocv_0_d = ocv_0_q;
        busy_0_d = busy_0_q;
        used_0_d = used_0_q;
        vin_ptr_0_d = vin_ptr_0_q;
        vout_ptr_0_d = vout_ptr_0_q;
        head_1_d = head_1_q;
        cnt_1_d = cnt_1_q;
        st_1_d = st_1_q;
        oport_1_d = oport_1_q;
        ocv_1_d = ocv_1_q;
        busy_1_d = busy_1_q;
        used_1_d = used_1_q;
        vin_ptr_1_d = vin_ptr_1_q;
        vout_ptr_1_d = vout_ptr_1_q;
        head_2_d = head_2_q;
        cnt_2_d = cnt_2_q;
        st_2_d = st_2_q;
        oport_2_d = oport_2_q;
        ocv_2_d = ocv_2_q;
        busy_2_d = busy_2_q;
        used_2_d = used_2_q;
        vin_ptr_2_d = vin_ptr_2_q;
        vout_ptr_2_d = vout_ptr_2_q;
        head_3_d = head_3_q;
        cnt_3_d = cnt_3_q;
        st_3_d = st_3_q;
        oport_3_d = oport_3_q;
        ocv_3_d = ocv_3_q;
        busy_3_d = busy_3_q;
        used_3_d = used_3_q;
        vin_ptr_3_d = vin_ptr_3_q;
        vout_ptr_3_d = vout_ptr_3_q;
        head_4_d = head_4_q;
        cnt_4_d = cnt_4_q;
        st_4_d = st_4_q;
        oport_4_d = oport_4_q;
        ocv_4_d = ocv_4_q;
        busy_4_d = busy_4_q;
        used_4_d = used_4_q;
        vin_ptr_4_d = vin_ptr_4_q;
        vout_ptr_4_d = vout_ptr_4_q;
        head_5_d = head_5_q;
        cnt_5_d = cnt_5_q;
        st_5_d = st_5_q;
        oport_5_d = oport_5_q;
        ocv_5_d = ocv_5_q;
        busy_5_d = busy_5_q;
        used_5_d = used_5_q;
        vin_ptr_5_d = vin_ptr_5_q;
        vout_ptr_5_d = vout_ptr_5_q;
        head_6_d = head_6_q;
        cnt_6_d = cnt_6_q;
        st_6_d = st_6_q;
        oport_6_d = oport_6_q;
        ocv_6_d = ocv_6_q;
        busy_6_d = busy_6_q;
        used_6_d = used_6_q;
        vin_ptr_6_d = vin_ptr_6_q;
        vout_ptr_6_d = vout_ptr_6_q;
        head_7_d = head_7_q;
        cnt_7_d = cnt_7_q;
        st_7_d = st_7_q;
        oport_7_d = oport_7_q;
        ocv_7_d = ocv_7_q;
        busy_7_d = busy_7_q;
        used_7_d = used_7_q;
        vin_ptr_7_d = vin_ptr_7_q;
        vout_ptr_7_d = vout_ptr_7_q;
        head_8_d = head_8_q;
        cnt_8_d = cnt_8_q;
        st_8_d = st_8_q;
        oport_8_d = oport_8_q;
        ocv_8_d = ocv_8_q;
        busy_8_d = busy_8_q;
        used_8_d = used_8_q;
        vin_ptr_8_d = vin_ptr_8_q;
        vout_ptr_8_d = vout_ptr_8_q;
        head_9_d = head_9_q;
        cnt_9_d = cnt_9_q;
        st_9_d = st_9_q;
        oport_9_d = oport_9_q;
        ocv_9_d = ocv_9_q;
        busy_9_d = busy_9_q;
        used_9_d = used_9_q;
        vin_ptr_9_d = vin_ptr_9_q;
        vout_ptr_9_d = vout_ptr_9_q;
        sb_0_d = sb_0_q;
        sb_1_d = sb_1_q;
        sb_2_d = sb_2_q;
        sb_3_d = sb_3_q;
        sb_4_d = sb_4_q;
        sb_5_d = sb_5_q;
        sb_6_d = sb_6_q;
        sb_7_d = sb_7_q;
        sb_8_d = sb_8_q;
        sb_9_d = sb_9_q;
        sb_10_d = sb_10_q;
        sb_11_d = sb_11_q;
        sb_12_d = sb_12_q;
        sb_13_d = sb_13_q;
        sb_14_d = sb_14_q;
        sb_15_d = sb_15_q;
        sb_16_d = sb_16_q;
        sb_17_d = sb_17_q;
        sb_18_d = sb_18_q;
        sb_19_d = sb_19_q;
        sb_20_d = sb_20_q;
        sb_21_d = sb_21_q;
        sb_22_d = sb_22_q;
        sb_23_d = sb_23_q;
        sb_24_d = sb_24_q;
        sb_25_d = sb_25_q;
        sb_26_d = sb_26_q;
        sb_27_d = sb_27_q;
        sb_28_d = sb_28_q;
        sb_29_d = sb_29_q;
        sb_30_d = sb_30_q;
        sb_31_d = sb_31_q;
        sb_32_d = sb_32_q;
        sb_33_d = sb_33_q;
        sb_34_d = sb_34_q;
        sb_35_d = sb_35_q;
        sb_36_d = sb_36_q;
        sb_37_d = sb_37_q;
        sb_38_d = sb_38_q;
        sb_39_d = sb_39_q;
        sb_40_d = sb_40_q;
        sb_41_d = sb_41_q;
        sb_42_d = sb_42_q;
        sb_43_d = sb_43_q;
        sb_44_d = sb_44_q;
        sb_45_d = sb_45_q;
        sb_46_d = sb_46_q;
        sb_47_d = sb_47_q;
        sb_48_d = sb_48_q;
        sb_49_d = sb_49_q;
        sb_50_d = sb_50_q;
        sb_51_d = sb_51_q;
        sb_52_d = sb_52_q;
        sb_53_d = sb_53_q;
        sb_54_d = sb_54_q;
        sb_55_d = sb_55_q;
        sb_56_d = sb_56_q;
        sb_57_d = sb_57_q;
        sb_58_d = sb_58_q;
        sb_59_d = sb_59_q;
        sb_60_d = sb_60_q;
        sb_61_d = sb_61_q;
        sb_62_d = sb_62_q;
        sb_63_d = sb_63_q;
        sb_64_d = sb_64_q;
        sb_65_d = sb_65_q;
        sb_66_d = sb_66_q;
        sb_67_d = sb_67_q;
        sb_68_d = sb_68_q;
        sb_69_d = sb_69_q;
        sb_70_d = sb_70_q;
        sb_71_d = sb_71_q;
        sb_72_d = sb_72_q;
        sb_73_d = sb_73_q;
        sb_74_d = sb_74_q;
        sb_75_d = sb_75_q;
        sb_76_d = sb_76_q;
        sb_77_d = sb_77_q;
        sb_78_d = sb_78_q;
        sb_79_d = sb_79_q;
        sin_ptr_0_d = sin_ptr_0_q;
        sout_ptr_0_d = sout_ptr_0_q;
        rr_0_d = rr_0_q;
        xsrc_0_d = xsrc_0_q;
        xovc_0_d = xovc_0_q;
        byp_d_0_d = byp_d_0_q;
        sin_ptr_1_d = sin_ptr_1_q;
        sout_ptr_1_d = sout_ptr_1_q;
        rr_1_d = rr_1_q;
        xsrc_1_d = xsrc_1_q;
        xovc_1_d = xovc_1_q;
        byp_d_1_d = byp_d_1_q;
        sin_ptr_2_d = sin_ptr_2_q;
        sout_ptr_2_d = sout_ptr_2_q;
        rr_2_d = rr_2_q;
        xsrc_2_d = xsrc_2_q;
        xovc_2_d = xovc_2_q;
        byp_d_2_d = byp_d_2_q;
        sin_ptr_3_d = sin_ptr_3_q;
        sout_ptr_3_d = sout_ptr_3_q;
        rr_3_d = rr_3_q;
        xsrc_3_d = xsrc_3_q;
        xovc_3_d = xovc_3_q;
        byp_d_3_d = byp_d_3_q;
        sin_ptr_4_d = sin_ptr_4_q;
        sout_ptr_4_d = sout_ptr_4_q;
        rr_4_d = rr_4_q;
        xsrc_4_d = xsrc_4_q;
        xovc_4_d = xovc_4_q;
        byp_d_4_d = byp_d_4_q;
        fin_0 = flit_in0;
        fin_1 = flit_in1;
        fin_2 = flit_in2;
        fin_3 = flit_in3;
        fin_4 = flit_in4;
        dx_0 = fin_0[2+:3];
        dy_0 = fin_0[5+:3];
        if (dx_0 > my_x) begin
            rin_0 = k4_1;
        end
        else if (dx_0 < my_x) begin
            rin_0 = k4_2;
        end
        else if (dy_0 > my_y) begin
            rin_0 = k4_3;
        end
        else if (dy_0 < my_y) begin
            rin_0 = k4_4;
        end
        else begin
            rin_0 = k4_0;
        end
        if (fin_0[1]) begin
            sbin_0 = (rin_0 | t8);
        end
        else begin
            sbin_0 = rin_0;
        end
        arrive_0 = (in_valid[0] & ~in_vc[0] & (cnt_0_q != full));
        arrive_1 = (in_valid[0] & in_vc[0] & (cnt_1_q != full));
        wslot_0 = ((head_0_q + cnt_0_q) & m7);
        wslot_1 = ((head_1_q + cnt_1_q) & m7);
        mem_0_write_enable = (arrive_0 | arrive_1);
        mem_0_write_data = fin_0;
        if (in_vc[0]) begin
            mem_0_write_address = (wslot_1 | vb1);
        end
        else begin
            mem_0_write_address = wslot_0;
        end
        if (arrive_0 & (wslot_0 == k4_0)) begin
            sb_0_d = sbin_0;
        end
        if (arrive_0 & (wslot_0 == k4_1)) begin
            sb_1_d = sbin_0;
        end
        if (arrive_0 & (wslot_0 == k4_2)) begin
            sb_2_d = sbin_0;
        end
        if (arrive_0 & (wslot_0 == k4_3)) begin
            sb_3_d = sbin_0;
        end
        if (arrive_0 & (wslot_0 == k4_4)) begin
            sb_4_d = sbin_0;
        end
        if (arrive_0 & (wslot_0 == k4_5)) begin
            sb_5_d = sbin_0;
        end
        if (arrive_0 & (wslot_0 == k4_6)) begin
            sb_6_d = sbin_0;
        end
        if (arrive_0 & (wslot_0 == k4_7)) begin
            sb_7_d = sbin_0;
        end
        fsb_0 = sbin_0;
        if ((cnt_0_q != 4'h0) & (head_0_q == k4_0)) begin
            fsb_0 = sb_0_q;
        end
        if ((cnt_0_q != 4'h0) & (head_0_q == k4_1)) begin
            fsb_0 = sb_1_q;
        end
        if ((cnt_0_q != 4'h0) & (head_0_q == k4_2)) begin
            fsb_0 = sb_2_q;
        end
        if ((cnt_0_q != 4'h0) & (head_0_q == k4_3)) begin
            fsb_0 = sb_3_q;
        end
        if ((cnt_0_q != 4'h0) & (head_0_q == k4_4)) begin
            fsb_0 = sb_4_q;
        end
        if ((cnt_0_q != 4'h0) & (head_0_q == k4_5)) begin
            fsb_0 = sb_5_q;
        end
        if ((cnt_0_q != 4'h0) & (head_0_q == k4_6)) begin
            fsb_0 = sb_6_q;
        end
        if ((cnt_0_q != 4'h0) & (head_0_q == k4_7)) begin
            fsb_0 = sb_7_q;
        end
        froute_0 = (fsb_0 & m7);
        hold_0 = ((cnt_0_q != 4'h0) | arrive_0);
        if (arrive_1 & (wslot_1 == k4_0)) begin
            sb_8_d = sbin_0;
        end
        if (arrive_1 & (wslot_1 == k4_1)) begin
            sb_9_d = sbin_0;
        end
        if (arrive_1 & (wslot_1 == k4_2)) begin
            sb_10_d = sbin_0;
        end
        if (arrive_1 & (wslot_1 == k4_3)) begin
            sb_11_d = sbin_0;
        end
        if (arrive_1 & (wslot_1 == k4_4)) begin
            sb_12_d = sbin_0;
        end
        if (arrive_1 & (wslot_1 == k4_5)) begin
            sb_13_d = sbin_0;
        end
        if (arrive_1 & (wslot_1 == k4_6)) begin
            sb_14_d = sbin_0;
        end
        if (arrive_1 & (wslot_1 == k4_7)) begin
            sb_15_d = sbin_0;
        end
        fsb_1 = sbin_0;
        if ((cnt_1_q != 4'h0) & (head_1_q == k4_0)) begin
            fsb_1 = sb_8_q;
        end
        if ((cnt_1_q != 4'h0) & (head_1_q == k4_1)) begin
            fsb_1 = sb_9_q;
        end
        if ((cnt_1_q != 4'h0) & (head_1_q == k4_2)) begin
            fsb_1 = sb_10_q;
        end
        if ((cnt_1_q != 4'h0) & (head_1_q == k4_3)) begin
            fsb_1 = sb_11_q;
        end
        if ((cnt_1_q != 4'h0) & (head_1_q == k4_4)) begin
            fsb_1 = sb_12_q;
        end
        if ((cnt_1_q != 4'h0) & (head_1_q == k4_5)) begin
            fsb_1 = sb_13_q;
        end
        if ((cnt_1_q != 4'h0) & (head_1_q == k4_6)) begin
            fsb_1 = sb_14_q;
        end
        if ((cnt_1_q != 4'h0) & (head_1_q == k4_7)) begin
            fsb_1 = sb_15_q;
        end
        froute_1 = (fsb_1 & m7);
        hold_1 = ((cnt_1_q != 4'h0) | arrive_1);
        dx_1 = fin_1[2+:3];
        dy_1 = fin_1[5+:3];
        if (dx_1 > my_x) begin
            rin_1 = k4_1;
        end
        else if (dx_1 < my_x) begin
            rin_1 = k4_2;
        end
        else if (dy_1 > my_y) begin
            rin_1 = k4_3;
        end
        else if (dy_1 < my_y) begin
            rin_1 = k4_4;
        end
        else begin
            rin_1 = k4_0;
        end
        if (fin_1[1]) begin
            sbin_1 = (rin_1 | t8);
        end
        else begin
            sbin_1 = rin_1;
        end
        arrive_2 = (in_valid[1] & ~in_vc[1] & (cnt_2_q != full));
        arrive_3 = (in_valid[1] & in_vc[1] & (cnt_3_q != full));
        wslot_2 = ((head_2_q + cnt_2_q) & m7);
        wslot_3 = ((head_3_q + cnt_3_q) & m7);
        mem_1_write_enable = (arrive_2 | arrive_3);
        mem_1_write_data = fin_1;
        if (in_vc[1]) begin
            mem_1_write_address = (wslot_3 | vb1);
        end
        else begin
            mem_1_write_address = wslot_2;
        end
        if (arrive_2 & (wslot_2 == k4_0)) begin
            sb_16_d = sbin_1;
        end
        if (arrive_2 & (wslot_2 == k4_1)) begin
            sb_17_d = sbin_1;
        end
        if (arrive_2 & (wslot_2 == k4_2)) begin
            sb_18_d = sbin_1;
        end
        if (arrive_2 & (wslot_2 == k4_3)) begin
            sb_19_d = sbin_1;
        end
        if (arrive_2 & (wslot_2 == k4_4)) begin
            sb_20_d = sbin_1;
        end
        if (arrive_2 & (wslot_2 == k4_5)) begin
            sb_21_d = sbin_1;
        end
        if (arrive_2 & (wslot_2 == k4_6)) begin
            sb_22_d = sbin_1;
        end
        if (arrive_2 & (wslot_2 == k4_7)) begin
            sb_23_d = sbin_1;
        end
        fsb_2 = sbin_1;
        if ((cnt_2_q != 4'h0) & (head_2_q == k4_0)) begin
            fsb_2 = sb_16_q;
        end
        if ((cnt_2_q != 4'h0) & (head_2_q == k4_1)) begin
            fsb_2 = sb_17_q;
        end
        if ((cnt_2_q != 4'h0) & (head_2_q == k4_2)) begin
            fsb_2 = sb_18_q;
        end
        if ((cnt_2_q != 4'h0) & (head_2_q == k4_3)) begin
            fsb_2 = sb_19_q;
        end
        if ((cnt_2_q != 4'h0) & (head_2_q == k4_4)) begin
            fsb_2 = sb_20_q;
        end
        if ((cnt_2_q != 4'h0) & (head_2_q == k4_5)) begin
            fsb_2 = sb_21_q;
        end
        if ((cnt_2_q != 4'h0) & (head_2_q == k4_6)) begin
            fsb_2 = sb_22_q;
        end
        if ((cnt_2_q != 4'h0) & (head_2_q == k4_7)) begin
            fsb_2 = sb_23_q;
        end
        froute_2 = (fsb_2 & m7);
        hold_2 = ((cnt_2_q != 4'h0) | arrive_2);
        if (arrive_3 & (wslot_3 == k4_0)) begin
            sb_24_d = sbin_1;
        end
        if (arrive_3 & (wslot_3 == k4_1)) begin
            sb_25_d = sbin_1;
        end
        if (arrive_3 & (wslot_3 == k4_2)) begin
            sb_26_d = sbin_1;
        end
        if (arrive_3 & (wslot_3 == k4_3)) begin
            sb_27_d = sbin_1;
        end
        if (arrive_3 & (wslot_3 == k4_4)) begin
            sb_28_d = sbin_1;
        end
        if (arrive_3 & (wslot_3 == k4_5)) begin
            sb_29_d = sbin_1;
        end
        if (arrive_3 & (wslot_3 == k4_6)) begin
            sb_30_d = sbin_1;
        end
        if (arrive_3 & (wslot_3 == k4_7)) begin
            sb_31_d = sbin_1;
        end
        fsb_3 = sbin_1;
        if ((cnt_3_q != 4'h0) & (head_3_q == k4_0)) begin
            fsb_3 = sb_24_q;
        end
        if ((cnt_3_q != 4'h0) & (head_3_q == k4_1)) begin
            fsb_3 = sb_25_q;
        end
        if ((cnt_3_q != 4'h0) & (head_3_q == k4_2)) begin
            fsb_3 = sb_26_q;
        end
        if ((cnt_3_q != 4'h0) & (head_3_q == k4_3)) begin
            fsb_3 = sb_27_q;
        end
        if ((cnt_3_q != 4'h0) & (head_3_q == k4_4)) begin
            fsb_3 = sb_28_q;
        end
        if ((cnt_3_q != 4'h0) & (head_3_q == k4_5)) begin
            fsb_3 = sb_29_q;
        end
        if ((cnt_3_q != 4'h0) & (head_3_q == k4_6)) begin
            fsb_3 = sb_30_q;
        end
        if ((cnt_3_q != 4'h0) & (head_3_q == k4_7)) begin
            fsb_3 = sb_31_q;
        end
        froute_3 = (fsb_3 & m7);
        hold_3 = ((cnt_3_q != 4'h0) | arrive_3);
        dx_2 = fin_2[2+:3];
        dy_2 = fin_2[5+:3];
        if (dx_2 > my_x) begin
            rin_2 = k4_1;
        end
        else if (dx_2 < my_x) begin
            rin_2 = k4_2;
        end
        else if (dy_2 > my_y) begin
            rin_2 = k4_3;
        end
        else if (dy_2 < my_y) begin
            rin_2 = k4_4;
        end
        else begin
            rin_2 = k4_0;
        end
        if (fin_2[1]) begin
            sbin_2 = (rin_2 | t8);
        end
        else begin
            sbin_2 = rin_2;
        end
        arrive_4 = (in_valid[2] & ~in_vc[2] & (cnt_4_q != full));
        arrive_5 = (in_valid[2] & in_vc[2] & (cnt_5_q != full));
        wslot_4 = ((head_4_q + cnt_4_q) & m7);
        wslot_5 = ((head_5_q + cnt_5_q) & m7);
        mem_2_write_enable = (arrive_4 | arrive_5);
        mem_2_write_data = fin_2;
        if (in_vc[2]) begin
            mem_2_write_address = (wslot_5 | vb1);
        end
        else begin
            mem_2_write_address = wslot_4;
        end
        if (arrive_4 & (wslot_4 == k4_0)) begin
            sb_32_d = sbin_2;
        end
        if (arrive_4 & (wslot_4 == k4_1)) begin
            sb_33_d = sbin_2;
        end
        if (arrive_4 & (wslot_4 == k4_2)) begin
            sb_34_d = sbin_2;
        end
        if (arrive_4 & (wslot_4 == k4_3)) begin
            sb_35_d = sbin_2;
        end
        if (arrive_4 & (wslot_4 == k4_4)) begin
            sb_36_d = sbin_2;
        end
        if (arrive_4 & (wslot_4 == k4_5)) begin
            sb_37_d = sbin_2;
        end
        if (arrive_4 & (wslot_4 == k4_6)) begin
            sb_38_d = sbin_2;
        end
        if (arrive_4 & (wslot_4 == k4_7)) begin
            sb_39_d = sbin_2;
        end
        fsb_4 = sbin_2;
        if ((cnt_4_q != 4'h0) & (head_4_q == k4_0)) begin
            fsb_4 = sb_32_q;
        end
        if ((cnt_4_q != 4'h0) & (head_4_q == k4_1)) begin
            fsb_4 = sb_33_q;
        end
        if ((cnt_4_q != 4'h0) & (head_4_q == k4_2)) begin
            fsb_4 = sb_34_q;
        end
        if ((cnt_4_q != 4'h0) & (head_4_q == k4_3)) begin
            fsb_4 = sb_35_q;
        end
        if ((cnt_4_q != 4'h0) & (head_4_q == k4_4)) begin
            fsb_4 = sb_36_q;
        end
        if ((cnt_4_q != 4'h0) & (head_4_q == k4_5)) begin
            fsb_4 = sb_37_q;
        end
        if ((cnt_4_q != 4'h0) & (head_4_q == k4_6)) begin
            fsb_4 = sb_38_q;
        end
        if ((cnt_4_q != 4'h0) & (head_4_q == k4_7)) begin
            fsb_4 = sb_39_q;
        end
        froute_4 = (fsb_4 & m7);
        hold_4 = ((cnt_4_q != 4'h0) | arrive_4);
        if (arrive_5 & (wslot_5 == k4_0)) begin
            sb_40_d = sbin_2;
        end
        if (arrive_5 & (wslot_5 == k4_1)) begin
            sb_41_d = sbin_2;
        end
        if (arrive_5 & (wslot_5 == k4_2)) begin
            sb_42_d = sbin_2;
        end
        if (arrive_5 & (wslot_5 == k4_3)) begin
            sb_43_d = sbin_2;
        end
        if (arrive_5 & (wslot_5 == k4_4)) begin
            sb_44_d = sbin_2;
        end
        if (arrive_5 & (wslot_5 == k4_5)) begin
            sb_45_d = sbin_2;
        end
        if (arrive_5 & (wslot_5 == k4_6)) begin
            sb_46_d = sbin_2;
        end
        if (arrive_5 & (wslot_5 == k4_7)) begin
            sb_47_d = sbin_2;
        end
        fsb_5 = sbin_2;
        if ((cnt_5_q != 4'h0) & (head_5_q == k4_0)) begin
            fsb_5 = sb_40_q;
        end
        if ((cnt_5_q != 4'h0) & (head_5_q == k4_1)) begin
            fsb_5 = sb_41_q;
        end
        if ((cnt_5_q != 4'h0) & (head_5_q == k4_2)) begin
            fsb_5 = sb_42_q;
        end
        if ((cnt_5_q != 4'h0) & (head_5_q == k4_3)) begin
            fsb_5 = sb_43_q;
        end
        if ((cnt_5_q != 4'h0) & (head_5_q == k4_4)) begin
            fsb_5 = sb_44_q;
        end
        if ((cnt_5_q != 4'h0) & (head_5_q == k4_5)) begin
            fsb_5 = sb_45_q;
        end
        if ((cnt_5_q != 4'h0) & (head_5_q == k4_6)) begin
            fsb_5 = sb_46_q;
        end
        if ((cnt_5_q != 4'h0) & (head_5_q == k4_7)) begin
            fsb_5 = sb_47_q;
        end
        froute_5 = (fsb_5 & m7);
        hold_5 = ((cnt_5_q != 4'h0) | arrive_5);
        dx_3 = fin_3[2+:3];
        dy_3 = fin_3[5+:3];
        if (dx_3 > my_x) begin
            rin_3 = k4_1;
        end
        else if (dx_3 < my_x) begin
            rin_3 = k4_2;
        end
        else if (dy_3 > my_y) begin
            rin_3 = k4_3;
        end
        else if (dy_3 < my_y) begin
            rin_3 = k4_4;
        end
        else begin
            rin_3 = k4_0;
        end
        if (fin_3[1]) begin
            sbin_3 = (rin_3 | t8);
        end
        else begin
            sbin_3 = rin_3;
        end
        arrive_6 = (in_valid[3] & ~in_vc[3] & (cnt_6_q != full));
        arrive_7 = (in_valid[3] & in_vc[3] & (cnt_7_q != full));
        wslot_6 = ((head_6_q + cnt_6_q) & m7);
        wslot_7 = ((head_7_q + cnt_7_q) & m7);
        mem_3_write_enable = (arrive_6 | arrive_7);
        mem_3_write_data = fin_3;
        if (in_vc[3]) begin
            mem_3_write_address = (wslot_7 | vb1);
        end
        else begin
            mem_3_write_address = wslot_6;
        end
        if (arrive_6 & (wslot_6 == k4_0)) begin
            sb_48_d = sbin_3;
        end
        if (arrive_6 & (wslot_6 == k4_1)) begin
            sb_49_d = sbin_3;
        end
        if (arrive_6 & (wslot_6 == k4_2)) begin
            sb_50_d = sbin_3;
        end
        if (arrive_6 & (wslot_6 == k4_3)) begin
            sb_51_d = sbin_3;
        end
        if (arrive_6 & (wslot_6 == k4_4)) begin
            sb_52_d = sbin_3;
        end
        if (arrive_6 & (wslot_6 == k4_5)) begin
            sb_53_d = sbin_3;
        end
        if (arrive_6 & (wslot_6 == k4_6)) begin
            sb_54_d = sbin_3;
        end
        if (arrive_6 & (wslot_6 == k4_7)) begin
            sb_55_d = sbin_3;
        end
        fsb_6 = sbin_3;
        if ((cnt_6_q != 4'h0) & (head_6_q == k4_0)) begin
            fsb_6 = sb_48_q;
        end
        if ((cnt_6_q != 4'h0) & (head_6_q == k4_1)) begin
            fsb_6 = sb_49_q;
        end
        if ((cnt_6_q != 4'h0) & (head_6_q == k4_2)) begin
            fsb_6 = sb_50_q;
        end
        if ((cnt_6_q != 4'h0) & (head_6_q == k4_3)) begin
            fsb_6 = sb_51_q;
        end
        if ((cnt_6_q != 4'h0) & (head_6_q == k4_4)) begin
            fsb_6 = sb_52_q;
        end
        if ((cnt_6_q != 4'h0) & (head_6_q == k4_5)) begin
            fsb_6 = sb_53_q;
        end
        if ((cnt_6_q != 4'h0) & (head_6_q == k4_6)) begin
            fsb_6 = sb_54_q;
        end
        if ((cnt_6_q != 4'h0) & (head_6_q == k4_7)) begin
            fsb_6 = sb_55_q;
        end
        froute_6 = (fsb_6 & m7);
        hold_6 = ((cnt_6_q != 4'h0) | arrive_6);
        if (arrive_7 & (wslot_7 == k4_0)) begin
            sb_56_d = sbin_3;
        end
        if (arrive_7 & (wslot_7 == k4_1)) begin
            sb_57_d = sbin_3;
        end
        if (arrive_7 & (wslot_7 == k4_2)) begin
            sb_58_d = sbin_3;
        end
        if (arrive_7 & (wslot_7 == k4_3)) begin
            sb_59_d = sbin_3;
        end
        if (arrive_7 & (wslot_7 == k4_4)) begin
            sb_60_d = sbin_3;
        end
        if (arrive_7 & (wslot_7 == k4_5)) begin
            sb_61_d = sbin_3;
        end
        if (arrive_7 & (wslot_7 == k4_6)) begin
            sb_62_d = sbin_3;
        end
        if (arrive_7 & (wslot_7 == k4_7)) begin
            sb_63_d = sbin_3;
        end
        fsb_7 = sbin_3;
        if ((cnt_7_q != 4'h0) & (head_7_q == k4_0)) begin
            fsb_7 = sb_56_q;
        end
        if ((cnt_7_q != 4'h0) & (head_7_q == k4_1)) begin
            fsb_7 = sb_57_q;
        end
        if ((cnt_7_q != 4'h0) & (head_7_q == k4_2)) begin
            fsb_7 = sb_58_q;
        end
        if ((cnt_7_q != 4'h0) & (head_7_q == k4_3)) begin
            fsb_7 = sb_59_q;
        end
        if ((cnt_7_q != 4'h0) & (head_7_q == k4_4)) begin
            fsb_7 = sb_60_q;
        end
        if ((cnt_7_q != 4'h0) & (head_7_q == k4_5)) begin
            fsb_7 = sb_61_q;
        end
        if ((cnt_7_q != 4'h0) & (head_7_q == k4_6)) begin
            fsb_7 = sb_62_q;
        end
        if ((cnt_7_q != 4'h0) & (head_7_q == k4_7)) begin
            fsb_7 = sb_63_q;
        end
        froute_7 = (fsb_7 & m7);
        hold_7 = ((cnt_7_q != 4'h0) | arrive_7);
        dx_4 = fin_4[2+:3];
        dy_4 = fin_4[5+:3];
        if (dx_4 > my_x) begin
            rin_4 = k4_1;
        end
        else if (dx_4 < my_x) begin
            rin_4 = k4_2;
        end
        else if (dy_4 > my_y) begin
            rin_4 = k4_3;
        end
        else if (dy_4 < my_y) begin
            rin_4 = k4_4;
        end
        else begin
            rin_4 = k4_0;
        end
        if (fin_4[1]) begin
            sbin_4 = (rin_4 | t8);
        end
        else begin
            sbin_4 = rin_4;
        end
        arrive_8 = (in_valid[4] & ~in_vc[4] & (cnt_8_q != full));
        arrive_9 = (in_valid[4] & in_vc[4] & (cnt_9_q != full));
        wslot_8 = ((head_8_q + cnt_8_q) & m7);
        wslot_9 = ((head_9_q + cnt_9_q) & m7);
        mem_4_write_enable = (arrive_8 | arrive_9);
        mem_4_write_data = fin_4;
        if (in_vc[4]) begin
            mem_4_write_address = (wslot_9 | vb1);
        end
        else begin
            mem_4_write_address = wslot_8;
        end
        if (arrive_8 & (wslot_8 == k4_0)) begin
            sb_64_d = sbin_4;
        end
        if (arrive_8 & (wslot_8 == k4_1)) begin
            sb_65_d = sbin_4;
        end
        if (arrive_8 & (wslot_8 == k4_2)) begin
            sb_66_d = sbin_4;
        end
        if (arrive_8 & (wslot_8 == k4_3)) begin
            sb_67_d = sbin_4;
        end
        if (arrive_8 & (wslot_8 == k4_4)) begin
            sb_68_d = sbin_4;
        end
        if (arrive_8 & (wslot_8 == k4_5)) begin
            sb_69_d = sbin_4;
        end
        if (arrive_8 & (wslot_8 == k4_6)) begin
            sb_70_d = sbin_4;
        end
        if (arrive_8 & (wslot_8 == k4_7)) begin
            sb_71_d = sbin_4;
        end
        fsb_8 = sbin_4;
        if ((cnt_8_q != 4'h0) & (head_8_q == k4_0)) begin
            fsb_8 = sb_64_q;
        end
        if ((cnt_8_q != 4'h0) & (head_8_q == k4_1)) begin
            fsb_8 = sb_65_q;
        end
        if ((cnt_8_q != 4'h0) & (head_8_q == k4_2)) begin
            fsb_8 = sb_66_q;
        end
        if ((cnt_8_q != 4'h0) & (head_8_q == k4_3)) begin
            fsb_8 = sb_67_q;
        end
        if ((cnt_8_q != 4'h0) & (head_8_q == k4_4)) begin
            fsb_8 = sb_68_q;
        end
        if ((cnt_8_q != 4'h0) & (head_8_q == k4_5)) begin
            fsb_8 = sb_69_q;
        end
        if ((cnt_8_q != 4'h0) & (head_8_q == k4_6)) begin
            fsb_8 = sb_70_q;
        end
        if ((cnt_8_q != 4'h0) & (head_8_q == k4_7)) begin
            fsb_8 = sb_71_q;
        end
        froute_8 = (fsb_8 & m7);
        hold_8 = ((cnt_8_q != 4'h0) | arrive_8);
        if (arrive_9 & (wslot_9 == k4_0)) begin
            sb_72_d = sbin_4;
        end
        if (arrive_9 & (wslot_9 == k4_1)) begin
            sb_73_d = sbin_4;
        end
        if (arrive_9 & (wslot_9 == k4_2)) begin
            sb_74_d = sbin_4;
        end
        if (arrive_9 & (wslot_9 == k4_3)) begin
            sb_75_d = sbin_4;
        end
        if (arrive_9 & (wslot_9 == k4_4)) begin
            sb_76_d = sbin_4;
        end
        if (arrive_9 & (wslot_9 == k4_5)) begin
            sb_77_d = sbin_4;
        end
        if (arrive_9 & (wslot_9 == k4_6)) begin
            sb_78_d = sbin_4;
        end
        if (arrive_9 & (wslot_9 == k4_7)) begin
            sb_79_d = sbin_4;
        end
        fsb_9 = sbin_4;
        if ((cnt_9_q != 4'h0) & (head_9_q == k4_0)) begin
            fsb_9 = sb_72_q;
        end
        if ((cnt_9_q != 4'h0) & (head_9_q == k4_1)) begin
            fsb_9 = sb_73_q;
        end
        if ((cnt_9_q != 4'h0) & (head_9_q == k4_2)) begin
            fsb_9 = sb_74_q;
        end
        if ((cnt_9_q != 4'h0) & (head_9_q == k4_3)) begin
            fsb_9 = sb_75_q;
        end
        if ((cnt_9_q != 4'h0) & (head_9_q == k4_4)) begin
            fsb_9 = sb_76_q;
        end
        if ((cnt_9_q != 4'h0) & (head_9_q == k4_5)) begin
            fsb_9 = sb_77_q;
        end
        if ((cnt_9_q != 4'h0) & (head_9_q == k4_6)) begin
            fsb_9 = sb_78_q;
        end
        if ((cnt_9_q != 4'h0) & (head_9_q == k4_7)) begin
            fsb_9 = sb_79_q;
        end
        froute_9 = (fsb_9 & m7);
        hold_9 = ((cnt_9_q != 4'h0) | arrive_9);
        vreq_0 = 10'h0;
        if ((st_0_q == vcalloc) | ((st_0_q == idle) & arrive_0)) begin
            if (froute_0 == k4_0) begin
                if (~busy_0_q) begin
                    vreq_0 = (vreq_0 | oh10_0);
                end
                if (~busy_1_q) begin
                    vreq_0 = (vreq_0 | oh10_1);
                end
            end
            if (froute_0 == k4_1) begin
                if (~busy_2_q) begin
                    vreq_0 = (vreq_0 | oh10_2);
                end
                if (~busy_3_q) begin
                    vreq_0 = (vreq_0 | oh10_3);
                end
            end
            if (froute_0 == k4_2) begin
                if (~busy_4_q) begin
                    vreq_0 = (vreq_0 | oh10_4);
                end
                if (~busy_5_q) begin
                    vreq_0 = (vreq_0 | oh10_5);
                end
            end
            if (froute_0 == k4_3) begin
                if (~busy_6_q) begin
                    vreq_0 = (vreq_0 | oh10_6);
                end
                if (~busy_7_q) begin
                    vreq_0 = (vreq_0 | oh10_7);
                end
            end
            if (froute_0 == k4_4) begin
                if (~busy_8_q) begin
                    vreq_0 = (vreq_0 | oh10_8);
                end
                if (~busy_9_q) begin
                    vreq_0 = (vreq_0 | oh10_9);
                end
            end
        end
        vreq_1 = 10'h0;
        if ((st_1_q == vcalloc) | ((st_1_q == idle) & arrive_1)) begin
            if (froute_1 == k4_0) begin
                if (~busy_0_q) begin
                    vreq_1 = (vreq_1 | oh10_0);
                end
                if (~busy_1_q) begin
                    vreq_1 = (vreq_1 | oh10_1);
                end
            end
            if (froute_1 == k4_1) begin
                if (~busy_2_q) begin
                    vreq_1 = (vreq_1 | oh10_2);
                end
                if (~busy_3_q) begin
                    vreq_1 = (vreq_1 | oh10_3);
                end
            end
            if (froute_1 == k4_2) begin
                if (~busy_4_q) begin
                    vreq_1 = (vreq_1 | oh10_4);
                end
                if (~busy_5_q) begin
                    vreq_1 = (vreq_1 | oh10_5);
                end
            end
            if (froute_1 == k4_3) begin
                if (~busy_6_q) begin
                    vreq_1 = (vreq_1 | oh10_6);
                end
                if (~busy_7_q) begin
                    vreq_1 = (vreq_1 | oh10_7);
                end
            end
            if (froute_1 == k4_4) begin
                if (~busy_8_q) begin
                    vreq_1 = (vreq_1 | oh10_8);
                end
                if (~busy_9_q) begin
                    vreq_1 = (vreq_1 | oh10_9);
                end
            end
        end
        vreq_2 = 10'h0;
        if ((st_2_q == vcalloc) | ((st_2_q == idle) & arrive_2)) begin
            if (froute_2 == k4_0) begin
                if (~busy_0_q) begin
                    vreq_2 = (vreq_2 | oh10_0);
                end
                if (~busy_1_q) begin
                    vreq_2 = (vreq_2 | oh10_1);
                end
            end
            if (froute_2 == k4_1) begin
                if (~busy_2_q) begin
                    vreq_2 = (vreq_2 | oh10_2);
                end
                if (~busy_3_q) begin
                    vreq_2 = (vreq_2 | oh10_3);
                end
            end
            if (froute_2 == k4_2) begin
                if (~busy_4_q) begin
                    vreq_2 = (vreq_2 | oh10_4);
                end
                if (~busy_5_q) begin
                    vreq_2 = (vreq_2 | oh10_5);
                end
            end
            if (froute_2 == k4_3) begin
                if (~busy_6_q) begin
                    vreq_2 = (vreq_2 | oh10_6);
                end
                if (~busy_7_q) begin
                    vreq_2 = (vreq_2 | oh10_7);
                end
            end
            if (froute_2 == k4_4) begin
                if (~busy_8_q) begin
                    vreq_2 = (vreq_2 | oh10_8);
                end
                if (~busy_9_q) begin
                    vreq_2 = (vreq_2 | oh10_9);
                end
            end
        end
        vreq_3 = 10'h0;
        if ((st_3_q == vcalloc) | ((st_3_q == idle) & arrive_3)) begin
            if (froute_3 == k4_0) begin
                if (~busy_0_q) begin
                    vreq_3 = (vreq_3 | oh10_0);
                end
                if (~busy_1_q) begin
                    vreq_3 = (vreq_3 | oh10_1);
                end
            end
            if (froute_3 == k4_1) begin
                if (~busy_2_q) begin
                    vreq_3 = (vreq_3 | oh10_2);
                end
                if (~busy_3_q) begin
                    vreq_3 = (vreq_3 | oh10_3);
                end
            end
            if (froute_3 == k4_2) begin
                if (~busy_4_q) begin
                    vreq_3 = (vreq_3 | oh10_4);
                end
                if (~busy_5_q) begin
                    vreq_3 = (vreq_3 | oh10_5);
                end
            end
            if (froute_3 == k4_3) begin
                if (~busy_6_q) begin
                    vreq_3 = (vreq_3 | oh10_6);
                end
                if (~busy_7_q) begin
                    vreq_3 = (vreq_3 | oh10_7);
                end
            end
            if (froute_3 == k4_4) begin
                if (~busy_8_q) begin
                    vreq_3 = (vreq_3 | oh10_8);
                end
                if (~busy_9_q) begin
                    vreq_3 = (vreq_3 | oh10_9);
                end
            end
        end
        vreq_4 = 10'h0;
        if ((st_4_q == vcalloc) | ((st_4_q == idle) & arrive_4)) begin
            if (froute_4 == k4_0) begin
                if (~busy_0_q) begin
                    vreq_4 = (vreq_4 | oh10_0);
                end
                if (~busy_1_q) begin
                    vreq_4 = (vreq_4 | oh10_1);
                end
            end
            if (froute_4 == k4_1) begin
                if (~busy_2_q) begin
                    vreq_4 = (vreq_4 | oh10_2);
                end
                if (~busy_3_q) begin
                    vreq_4 = (vreq_4 | oh10_3);
                end
            end
            if (froute_4 == k4_2) begin
                if (~busy_4_q) begin
                    vreq_4 = (vreq_4 | oh10_4);
                end
                if (~busy_5_q) begin
                    vreq_4 = (vreq_4 | oh10_5);
                end
            end
            if (froute_4 == k4_3) begin
                if (~busy_6_q) begin
                    vreq_4 = (vreq_4 | oh10_6);
                end
                if (~busy_7_q) begin
                    vreq_4 = (vreq_4 | oh10_7);
                end
            end
            if (froute_4 == k4_4) begin
                if (~busy_8_q) begin
                    vreq_4 = (vreq_4 | oh10_8);
                end
                if (~busy_9_q) begin
                    vreq_4 = (vreq_4 | oh10_9);
                end
            end
        end
        vreq_5 = 10'h0;
        if ((st_5_q == vcalloc) | ((st_5_q == idle) & arrive_5)) begin
            if (froute_5 == k4_0) begin
                if (~busy_0_q) begin
                    vreq_5 = (vreq_5 | oh10_0);
                end
                if (~busy_1_q) begin
                    vreq_5 = (vreq_5 | oh10_1);
                end
            end
            if (froute_5 == k4_1) begin
                if (~busy_2_q) begin
                    vreq_5 = (vreq_5 | oh10_2);
                end
                if (~busy_3_q) begin
                    vreq_5 = (vreq_5 | oh10_3);
                end
            end
            if (froute_5 == k4_2) begin
                if (~busy_4_q) begin
                    vreq_5 = (vreq_5 | oh10_4);
                end
                if (~busy_5_q) begin
                    vreq_5 = (vreq_5 | oh10_5);
                end
            end
            if (froute_5 == k4_3) begin
                if (~busy_6_q) begin
                    vreq_5 = (vreq_5 | oh10_6);
                end
                if (~busy_7_q) begin
                    vreq_5 = (vreq_5 | oh10_7);
                end
            end
            if (froute_5 == k4_4) begin
                if (~busy_8_q) begin
                    vreq_5 = (vreq_5 | oh10_8);
                end
                if (~busy_9_q) begin
                    vreq_5 = (vreq_5 | oh10_9);
                end
            end
        end
        vreq_6 = 10'h0;
        if ((st_6_q == vcalloc) | ((st_6_q == idle) & arrive_6)) begin
            if (froute_6 == k4_0) begin
                if (~busy_0_q) begin
                    vreq_6 = (vreq_6 | oh10_0);
                end
                if (~busy_1_q) begin
                    vreq_6 = (vreq_6 | oh10_1);
                end
            end
            if (froute_6 == k4_1) begin
                if (~busy_2_q) begin
                    vreq_6 = (vreq_6 | oh10_2);
                end
                if (~busy_3_q) begin
                    vreq_6 = (vreq_6 | oh10_3);
                end
            end
            if (froute_6 == k4_2) begin
                if (~busy_4_q) begin
                    vreq_6 = (vreq_6 | oh10_4);
                end
                if (~busy_5_q) begin
                    vreq_6 = (vreq_6 | oh10_5);
                end
            end
            if (froute_6 == k4_3) begin
                if (~busy_6_q) begin
                    vreq_6 = (vreq_6 | oh10_6);
                end
                if (~busy_7_q) begin
                    vreq_6 = (vreq_6 | oh10_7);
                end
            end
            if (froute_6 == k4_4) begin
                if (~busy_8_q) begin
                    vreq_6 = (vreq_6 | oh10_8);
                end
                if (~busy_9_q) begin
                    vreq_6 = (vreq_6 | oh10_9);
                end
            end
        end
        vreq_7 = 10'h0;
        if ((st_7_q == vcalloc) | ((st_7_q == idle) & arrive_7)) begin
            if (froute_7 == k4_0) begin
                if (~busy_0_q) begin
                    vreq_7 = (vreq_7 | oh10_0);
                end
                if (~busy_1_q) begin
                    vreq_7 = (vreq_7 | oh10_1);
                end
            end
            if (froute_7 == k4_1) begin
                if (~busy_2_q) begin
                    vreq_7 = (vreq_7 | oh10_2);
                end
                if (~busy_3_q) begin
                    vreq_7 = (vreq_7 | oh10_3);
                end
            end
            if (froute_7 == k4_2) begin
                if (~busy_4_q) begin
                    vreq_7 = (vreq_7 | oh10_4);
                end
                if (~busy_5_q) begin
                    vreq_7 = (vreq_7 | oh10_5);
                end
            end
            if (froute_7 == k4_3) begin
                if (~busy_6_q) begin
                    vreq_7 = (vreq_7 | oh10_6);
                end
                if (~busy_7_q) begin
                    vreq_7 = (vreq_7 | oh10_7);
                end
            end
            if (froute_7 == k4_4) begin
                if (~busy_8_q) begin
                    vreq_7 = (vreq_7 | oh10_8);
                end
                if (~busy_9_q) begin
                    vreq_7 = (vreq_7 | oh10_9);
                end
            end
        end
        vreq_8 = 10'h0;
        if ((st_8_q == vcalloc) | ((st_8_q == idle) & arrive_8)) begin
            if (froute_8 == k4_0) begin
                if (~busy_0_q) begin
                    vreq_8 = (vreq_8 | oh10_0);
                end
                if (~busy_1_q) begin
                    vreq_8 = (vreq_8 | oh10_1);
                end
            end
            if (froute_8 == k4_1) begin
                if (~busy_2_q) begin
                    vreq_8 = (vreq_8 | oh10_2);
                end
                if (~busy_3_q) begin
                    vreq_8 = (vreq_8 | oh10_3);
                end
            end
            if (froute_8 == k4_2) begin
                if (~busy_4_q) begin
                    vreq_8 = (vreq_8 | oh10_4);
                end
                if (~busy_5_q) begin
                    vreq_8 = (vreq_8 | oh10_5);
                end
            end
            if (froute_8 == k4_3) begin
                if (~busy_6_q) begin
                    vreq_8 = (vreq_8 | oh10_6);
                end
                if (~busy_7_q) begin
                    vreq_8 = (vreq_8 | oh10_7);
                end
            end
            if (froute_8 == k4_4) begin
                if (~busy_8_q) begin
                    vreq_8 = (vreq_8 | oh10_8);
                end
                if (~busy_9_q) begin
                    vreq_8 = (vreq_8 | oh10_9);
                end
            end
        end
        vreq_9 = 10'h0;
        if ((st_9_q == vcalloc) | ((st_9_q == idle) & arrive_9)) begin
            if (froute_9 == k4_0) begin
                if (~busy_0_q) begin
                    vreq_9 = (vreq_9 | oh10_0);
                end
                if (~busy_1_q) begin
                    vreq_9 = (vreq_9 | oh10_1);
                end
            end
            if (froute_9 == k4_1) begin
                if (~busy_2_q) begin
                    vreq_9 = (vreq_9 | oh10_2);
                end
                if (~busy_3_q) begin
                    vreq_9 = (vreq_9 | oh10_3);
                end
            end
            if (froute_9 == k4_2) begin
                if (~busy_4_q) begin
                    vreq_9 = (vreq_9 | oh10_4);
                end
                if (~busy_5_q) begin
                    vreq_9 = (vreq_9 | oh10_5);
                end
            end
            if (froute_9 == k4_3) begin
                if (~busy_6_q) begin
                    vreq_9 = (vreq_9 | oh10_6);
                end
                if (~busy_7_q) begin
                    vreq_9 = (vreq_9 | oh10_7);
                end
            end
            if (froute_9 == k4_4) begin
                if (~busy_8_q) begin
                    vreq_9 = (vreq_9 | oh10_8);
                end
                if (~busy_9_q) begin
                    vreq_9 = (vreq_9 | oh10_9);
                end
            end
        end
        vimask_0 = (vreq_0 & ~((((10'h1) & 10'h3ff) << vin_ptr_0_q) - 10'h1));
        if (|vimask_0) begin
            vpick_0 = (vimask_0 & (~vimask_0 + 10'h1));
        end
        else begin
            vpick_0 = (vreq_0 & (~vreq_0 + 10'h1));
        end
        vgrant_0 = 10'h0;
        vimask_1 = (vreq_1 & ~((((10'h1) & 10'h3ff) << vin_ptr_1_q) - 10'h1));
        if (|vimask_1) begin
            vpick_1 = (vimask_1 & (~vimask_1 + 10'h1));
        end
        else begin
            vpick_1 = (vreq_1 & (~vreq_1 + 10'h1));
        end
        vgrant_1 = 10'h0;
        vimask_2 = (vreq_2 & ~((((10'h1) & 10'h3ff) << vin_ptr_2_q) - 10'h1));
        if (|vimask_2) begin
            vpick_2 = (vimask_2 & (~vimask_2 + 10'h1));
        end
        else begin
            vpick_2 = (vreq_2 & (~vreq_2 + 10'h1));
        end
        vgrant_2 = 10'h0;
        vimask_3 = (vreq_3 & ~((((10'h1) & 10'h3ff) << vin_ptr_3_q) - 10'h1));
        if (|vimask_3) begin
            vpick_3 = (vimask_3 & (~vimask_3 + 10'h1));
        end
        else begin
            vpick_3 = (vreq_3 & (~vreq_3 + 10'h1));
        end
        vgrant_3 = 10'h0;
        vimask_4 = (vreq_4 & ~((((10'h1) & 10'h3ff) << vin_ptr_4_q) - 10'h1));
        if (|vimask_4) begin
            vpick_4 = (vimask_4 & (~vimask_4 + 10'h1));
        end
        else begin
            vpick_4 = (vreq_4 & (~vreq_4 + 10'h1));
        end
        vgrant_4 = 10'h0;
        vimask_5 = (vreq_5 & ~((((10'h1) & 10'h3ff) << vin_ptr_5_q) - 10'h1));
        if (|vimask_5) begin
            vpick_5 = (vimask_5 & (~vimask_5 + 10'h1));
        end
        else begin
            vpick_5 = (vreq_5 & (~vreq_5 + 10'h1));
        end
        vgrant_5 = 10'h0;
        vimask_6 = (vreq_6 & ~((((10'h1) & 10'h3ff) << vin_ptr_6_q) - 10'h1));
        if (|vimask_6) begin
            vpick_6 = (vimask_6 & (~vimask_6 + 10'h1));
        end
        else begin
            vpick_6 = (vreq_6 & (~vreq_6 + 10'h1));
        end
        vgrant_6 = 10'h0;
        vimask_7 = (vreq_7 & ~((((10'h1) & 10'h3ff) << vin_ptr_7_q) - 10'h1));
        if (|vimask_7) begin
            vpick_7 = (vimask_7 & (~vimask_7 + 10'h1));
        end
        else begin
            vpick_7 = (vreq_7 & (~vreq_7 + 10'h1));
        end
        vgrant_7 = 10'h0;
        vimask_8 = (vreq_8 & ~((((10'h1) & 10'h3ff) << vin_ptr_8_q) - 10'h1));
        if (|vimask_8) begin
            vpick_8 = (vimask_8 & (~vimask_8 + 10'h1));
        end
        else begin
            vpick_8 = (vreq_8 & (~vreq_8 + 10'h1));
        end
        vgrant_8 = 10'h0;
        vimask_9 = (vreq_9 & ~((((10'h1) & 10'h3ff) << vin_ptr_9_q) - 10'h1));
        if (|vimask_9) begin
            vpick_9 = (vimask_9 & (~vimask_9 + 10'h1));
        end
        else begin
            vpick_9 = (vreq_9 & (~vreq_9 + 10'h1));
        end
        vgrant_9 = 10'h0;
        vcol_0 = 10'h0;
        if (vpick_0[0]) begin
            vcol_0 = (vcol_0 | oh10_0);
        end
        if (vpick_1[0]) begin
            vcol_0 = (vcol_0 | oh10_1);
        end
        if (vpick_2[0]) begin
            vcol_0 = (vcol_0 | oh10_2);
        end
        if (vpick_3[0]) begin
            vcol_0 = (vcol_0 | oh10_3);
        end
        if (vpick_4[0]) begin
            vcol_0 = (vcol_0 | oh10_4);
        end
        if (vpick_5[0]) begin
            vcol_0 = (vcol_0 | oh10_5);
        end
        if (vpick_6[0]) begin
            vcol_0 = (vcol_0 | oh10_6);
        end
        if (vpick_7[0]) begin
            vcol_0 = (vcol_0 | oh10_7);
        end
        if (vpick_8[0]) begin
            vcol_0 = (vcol_0 | oh10_8);
        end
        if (vpick_9[0]) begin
            vcol_0 = (vcol_0 | oh10_9);
        end
        vomask_0 = (vcol_0 & ~((((10'h1) & 10'h3ff) << vout_ptr_0_q) - 10'h1));
        if (|vomask_0) begin
            vwin_0 = (vomask_0 & (~vomask_0 + 10'h1));
        end
        else begin
            vwin_0 = (vcol_0 & (~vcol_0 + 10'h1));
        end
        if (vwin_0[0]) begin
            vout_ptr_0_d = next10_0;
            vin_ptr_0_d = next10_0;
            vgrant_0 = (vgrant_0 | oh10_0);
        end
        if (vwin_0[1]) begin
            vout_ptr_0_d = next10_1;
            vin_ptr_1_d = next10_0;
            vgrant_1 = (vgrant_1 | oh10_0);
        end
        if (vwin_0[2]) begin
            vout_ptr_0_d = next10_2;
            vin_ptr_2_d = next10_0;
            vgrant_2 = (vgrant_2 | oh10_0);
        end
        if (vwin_0[3]) begin
            vout_ptr_0_d = next10_3;
            vin_ptr_3_d = next10_0;
            vgrant_3 = (vgrant_3 | oh10_0);
        end
        if (vwin_0[4]) begin
            vout_ptr_0_d = next10_4;
            vin_ptr_4_d = next10_0;
            vgrant_4 = (vgrant_4 | oh10_0);
        end
        if (vwin_0[5]) begin
            vout_ptr_0_d = next10_5;
            vin_ptr_5_d = next10_0;
            vgrant_5 = (vgrant_5 | oh10_0);
        end
        if (vwin_0[6]) begin
            vout_ptr_0_d = next10_6;
            vin_ptr_6_d = next10_0;
            vgrant_6 = (vgrant_6 | oh10_0);
        end
        if (vwin_0[7]) begin
            vout_ptr_0_d = next10_7;
            vin_ptr_7_d = next10_0;
            vgrant_7 = (vgrant_7 | oh10_0);
        end
        if (vwin_0[8]) begin
            vout_ptr_0_d = next10_8;
            vin_ptr_8_d = next10_0;
            vgrant_8 = (vgrant_8 | oh10_0);
        end
        if (vwin_0[9]) begin
            vout_ptr_0_d = next10_9;
            vin_ptr_9_d = next10_0;
            vgrant_9 = (vgrant_9 | oh10_0);
        end
        vcol_1 = 10'h0;
        if (vpick_0[1]) begin
            vcol_1 = (vcol_1 | oh10_0);
        end
        if (vpick_1[1]) begin
            vcol_1 = (vcol_1 | oh10_1);
        end
        if (vpick_2[1]) begin
            vcol_1 = (vcol_1 | oh10_2);
        end
        if (vpick_3[1]) begin
            vcol_1 = (vcol_1 | oh10_3);
        end
        if (vpick_4[1]) begin
            vcol_1 = (vcol_1 | oh10_4);
        end
        if (vpick_5[1]) begin
            vcol_1 = (vcol_1 | oh10_5);
        end
        if (vpick_6[1]) begin
            vcol_1 = (vcol_1 | oh10_6);
        end
        if (vpick_7[1]) begin
            vcol_1 = (vcol_1 | oh10_7);
        end
        if (vpick_8[1]) begin
            vcol_1 = (vcol_1 | oh10_8);
        end
        if (vpick_9[1]) begin
            vcol_1 = (vcol_1 | oh10_9);
        end
        vomask_1 = (vcol_1 & ~((((10'h1) & 10'h3ff) << vout_ptr_1_q) - 10'h1));
        if (|vomask_1) begin
            vwin_1 = (vomask_1 & (~vomask_1 + 10'h1));
        end
        else begin
            vwin_1 = (vcol_1 & (~vcol_1 + 10'h1));
        end
        if (vwin_1[0]) begin
            vout_ptr_1_d = next10_0;
            vin_ptr_0_d = next10_1;
            vgrant_0 = (vgrant_0 | oh10_1);
        end
        if (vwin_1[1]) begin
            vout_ptr_1_d = next10_1;
            vin_ptr_1_d = next10_1;
            vgrant_1 = (vgrant_1 | oh10_1);
        end
        if (vwin_1[2]) begin
            vout_ptr_1_d = next10_2;
            vin_ptr_2_d = next10_1;
            vgrant_2 = (vgrant_2 | oh10_1);
        end
        if (vwin_1[3]) begin
            vout_ptr_1_d = next10_3;
            vin_ptr_3_d = next10_1;
            vgrant_3 = (vgrant_3 | oh10_1);
        end
        if (vwin_1[4]) begin
            vout_ptr_1_d = next10_4;
            vin_ptr_4_d = next10_1;
            vgrant_4 = (vgrant_4 | oh10_1);
        end
        if (vwin_1[5]) begin
            vout_ptr_1_d = next10_5;
            vin_ptr_5_d = next10_1;
            vgrant_5 = (vgrant_5 | oh10_1);
        end
        if (vwin_1[6]) begin
            vout_ptr_1_d = next10_6;
            vin_ptr_6_d = next10_1;
            vgrant_6 = (vgrant_6 | oh10_1);
        end
        if (vwin_1[7]) begin
            vout_ptr_1_d = next10_7;
            vin_ptr_7_d = next10_1;
            vgrant_7 = (vgrant_7 | oh10_1);
        end
        if (vwin_1[8]) begin
            vout_ptr_1_d = next10_8;
            vin_ptr_8_d = next10_1;
            vgrant_8 = (vgrant_8 | oh10_1);
        end
        if (vwin_1[9]) begin
            vout_ptr_1_d = next10_9;
            vin_ptr_9_d = next10_1;
            vgrant_9 = (vgrant_9 | oh10_1);
        end
        vcol_2 = 10'h0;
        if (vpick_0[2]) begin
            vcol_2 = (vcol_2 | oh10_0);
        end
        if (vpick_1[2]) begin
            vcol_2 = (vcol_2 | oh10_1);
        end
        if (vpick_2[2]) begin
            vcol_2 = (vcol_2 | oh10_2);
        end
        if (vpick_3[2]) begin
            vcol_2 = (vcol_2 | oh10_3);
        end
        if (vpick_4[2]) begin
            vcol_2 = (vcol_2 | oh10_4);
        end
        if (vpick_5[2]) begin
            vcol_2 = (vcol_2 | oh10_5);
        end
        if (vpick_6[2]) begin
            vcol_2 = (vcol_2 | oh10_6);
        end
        if (vpick_7[2]) begin
            vcol_2 = (vcol_2 | oh10_7);
        end
        if (vpick_8[2]) begin
            vcol_2 = (vcol_2 | oh10_8);
        end
        if (vpick_9[2]) begin
            vcol_2 = (vcol_2 | oh10_9);
        end
        vomask_2 = (vcol_2 & ~((((10'h1) & 10'h3ff) << vout_ptr_2_q) - 10'h1));
        if (|vomask_2) begin
            vwin_2 = (vomask_2 & (~vomask_2 + 10'h1));
        end
        else begin
            vwin_2 = (vcol_2 & (~vcol_2 + 10'h1));
        end
        if (vwin_2[0]) begin
            vout_ptr_2_d = next10_0;
            vin_ptr_0_d = next10_2;
            vgrant_0 = (vgrant_0 | oh10_2);
        end
        if (vwin_2[1]) begin
            vout_ptr_2_d = next10_1;
            vin_ptr_1_d = next10_2;
            vgrant_1 = (vgrant_1 | oh10_2);
        end
        if (vwin_2[2]) begin
            vout_ptr_2_d = next10_2;
            vin_ptr_2_d = next10_2;
            vgrant_2 = (vgrant_2 | oh10_2);
        end
        if (vwin_2[3]) begin
            vout_ptr_2_d = next10_3;
            vin_ptr_3_d = next10_2;
            vgrant_3 = (vgrant_3 | oh10_2);
        end
        if (vwin_2[4]) begin
            vout_ptr_2_d = next10_4;
            vin_ptr_4_d = next10_2;
            vgrant_4 = (vgrant_4 | oh10_2);
        end
        if (vwin_2[5]) begin
            vout_ptr_2_d = next10_5;
            vin_ptr_5_d = next10_2;
            vgrant_5 = (vgrant_5 | oh10_2);
        end
        if (vwin_2[6]) begin
            vout_ptr_2_d = next10_6;
            vin_ptr_6_d = next10_2;
            vgrant_6 = (vgrant_6 | oh10_2);
        end
        if (vwin_2[7]) begin
            vout_ptr_2_d = next10_7;
            vin_ptr_7_d = next10_2;
            vgrant_7 = (vgrant_7 | oh10_2);
        end
        if (vwin_2[8]) begin
            vout_ptr_2_d = next10_8;
            vin_ptr_8_d = next10_2;
            vgrant_8 = (vgrant_8 | oh10_2);
        end
        if (vwin_2[9]) begin
            vout_ptr_2_d = next10_9;
            vin_ptr_9_d = next10_2;
            vgrant_9 = (vgrant_9 | oh10_2);
        end
        vcol_3 = 10'h0;
        if (vpick_0[3]) begin
            vcol_3 = (vcol_3 | oh10_0);
        end
        if (vpick_1[3]) begin
            vcol_3 = (vcol_3 | oh10_1);
        end
        if (vpick_2[3]) begin
            vcol_3 = (vcol_3 | oh10_2);
        end
        if (vpick_3[3]) begin
            vcol_3 = (vcol_3 | oh10_3);
        end
        if (vpick_4[3]) begin
            vcol_3 = (vcol_3 | oh10_4);
        end
        if (vpick_5[3]) begin
            vcol_3 = (vcol_3 | oh10_5);
        end
        if (vpick_6[3]) begin
            vcol_3 = (vcol_3 | oh10_6);
        end
        if (vpick_7[3]) begin
            vcol_3 = (vcol_3 | oh10_7);
        end
        if (vpick_8[3]) begin
            vcol_3 = (vcol_3 | oh10_8);
        end
        if (vpick_9[3]) begin
            vcol_3 = (vcol_3 | oh10_9);
        end
        vomask_3 = (vcol_3 & ~((((10'h1) & 10'h3ff) << vout_ptr_3_q) - 10'h1));
        if (|vomask_3) begin
            vwin_3 = (vomask_3 & (~vomask_3 + 10'h1));
        end
        else begin
            vwin_3 = (vcol_3 & (~vcol_3 + 10'h1));
        end
        if (vwin_3[0]) begin
            vout_ptr_3_d = next10_0;
            vin_ptr_0_d = next10_3;
            vgrant_0 = (vgrant_0 | oh10_3);
        end
        if (vwin_3[1]) begin
            vout_ptr_3_d = next10_1;
            vin_ptr_1_d = next10_3;
            vgrant_1 = (vgrant_1 | oh10_3);
        end
        if (vwin_3[2]) begin
            vout_ptr_3_d = next10_2;
            vin_ptr_2_d = next10_3;
            vgrant_2 = (vgrant_2 | oh10_3);
        end
        if (vwin_3[3]) begin
            vout_ptr_3_d = next10_3;
            vin_ptr_3_d = next10_3;
            vgrant_3 = (vgrant_3 | oh10_3);
        end
        if (vwin_3[4]) begin
            vout_ptr_3_d = next10_4;
            vin_ptr_4_d = next10_3;
            vgrant_4 = (vgrant_4 | oh10_3);
        end
        if (vwin_3[5]) begin
            vout_ptr_3_d = next10_5;
            vin_ptr_5_d = next10_3;
            vgrant_5 = (vgrant_5 | oh10_3);
        end
        if (vwin_3[6]) begin
            vout_ptr_3_d = next10_6;
            vin_ptr_6_d = next10_3;
            vgrant_6 = (vgrant_6 | oh10_3);
        end
        if (vwin_3[7]) begin
            vout_ptr_3_d = next10_7;
            vin_ptr_7_d = next10_3;
            vgrant_7 = (vgrant_7 | oh10_3);
        end
        if (vwin_3[8]) begin
            vout_ptr_3_d = next10_8;
            vin_ptr_8_d = next10_3;
            vgrant_8 = (vgrant_8 | oh10_3);
        end
        if (vwin_3[9]) begin
            vout_ptr_3_d = next10_9;
            vin_ptr_9_d = next10_3;
            vgrant_9 = (vgrant_9 | oh10_3);
        end
        vcol_4 = 10'h0;
        if (vpick_0[4]) begin
            vcol_4 = (vcol_4 | oh10_0);
        end
        if (vpick_1[4]) begin
            vcol_4 = (vcol_4 | oh10_1);
        end
        if (vpick_2[4]) begin
            vcol_4 = (vcol_4 | oh10_2);
        end
        if (vpick_3[4]) begin
            vcol_4 = (vcol_4 | oh10_3);
        end
        if (vpick_4[4]) begin
            vcol_4 = (vcol_4 | oh10_4);
        end
        if (vpick_5[4]) begin
            vcol_4 = (vcol_4 | oh10_5);
        end
        if (vpick_6[4]) begin
            vcol_4 = (vcol_4 | oh10_6);
        end
        if (vpick_7[4]) begin
            vcol_4 = (vcol_4 | oh10_7);
        end
        if (vpick_8[4]) begin
            vcol_4 = (vcol_4 | oh10_8);
        end
        if (vpick_9[4]) begin
            vcol_4 = (vcol_4 | oh10_9);
        end
        vomask_4 = (vcol_4 & ~((((10'h1) & 10'h3ff) << vout_ptr_4_q) - 10'h1));
        if (|vomask_4) begin
            vwin_4 = (vomask_4 & (~vomask_4 + 10'h1));
        end
        else begin
            vwin_4 = (vcol_4 & (~vcol_4 + 10'h1));
        end
        if (vwin_4[0]) begin
            vout_ptr_4_d = next10_0;
            vin_ptr_0_d = next10_4;
            vgrant_0 = (vgrant_0 | oh10_4);
        end
        if (vwin_4[1]) begin
            vout_ptr_4_d = next10_1;
            vin_ptr_1_d = next10_4;
            vgrant_1 = (vgrant_1 | oh10_4);
        end
        if (vwin_4[2]) begin
            vout_ptr_4_d = next10_2;
            vin_ptr_2_d = next10_4;
            vgrant_2 = (vgrant_2 | oh10_4);
        end
        if (vwin_4[3]) begin
            vout_ptr_4_d = next10_3;
            vin_ptr_3_d = next10_4;
            vgrant_3 = (vgrant_3 | oh10_4);
        end
        if (vwin_4[4]) begin
            vout_ptr_4_d = next10_4;
            vin_ptr_4_d = next10_4;
            vgrant_4 = (vgrant_4 | oh10_4);
        end
        if (vwin_4[5]) begin
            vout_ptr_4_d = next10_5;
            vin_ptr_5_d = next10_4;
            vgrant_5 = (vgrant_5 | oh10_4);
        end
        if (vwin_4[6]) begin
            vout_ptr_4_d = next10_6;
            vin_ptr_6_d = next10_4;
            vgrant_6 = (vgrant_6 | oh10_4);
        end
        if (vwin_4[7]) begin
            vout_ptr_4_d = next10_7;
            vin_ptr_7_d = next10_4;
            vgrant_7 = (vgrant_7 | oh10_4);
        end
        if (vwin_4[8]) begin
            vout_ptr_4_d = next10_8;
            vin_ptr_8_d = next10_4;
            vgrant_8 = (vgrant_8 | oh10_4);
        end
        if (vwin_4[9]) begin
            vout_ptr_4_d = next10_9;
            vin_ptr_9_d = next10_4;
            vgrant_9 = (vgrant_9 | oh10_4);
        end
        vcol_5 = 10'h0;
        if (vpick_0[5]) begin
            vcol_5 = (vcol_5 | oh10_0);
        end
        if (vpick_1[5]) begin
            vcol_5 = (vcol_5 | oh10_1);
        end
        if (vpick_2[5]) begin
            vcol_5 = (vcol_5 | oh10_2);
        end
        if (vpick_3[5]) begin
            vcol_5 = (vcol_5 | oh10_3);
        end
        if (vpick_4[5]) begin
            vcol_5 = (vcol_5 | oh10_4);
        end
        if (vpick_5[5]) begin
            vcol_5 = (vcol_5 | oh10_5);
        end
        if (vpick_6[5]) begin
            vcol_5 = (vcol_5 | oh10_6);
        end
        if (vpick_7[5]) begin
            vcol_5 = (vcol_5 | oh10_7);
        end
        if (vpick_8[5]) begin
            vcol_5 = (vcol_5 | oh10_8);
        end
        if (vpick_9[5]) begin
            vcol_5 = (vcol_5 | oh10_9);
        end
        vomask_5 = (vcol_5 & ~((((10'h1) & 10'h3ff) << vout_ptr_5_q) - 10'h1));
        if (|vomask_5) begin
            vwin_5 = (vomask_5 & (~vomask_5 + 10'h1));
        end
        else begin
            vwin_5 = (vcol_5 & (~vcol_5 + 10'h1));
        end
        if (vwin_5[0]) begin
            vout_ptr_5_d = next10_0;
            vin_ptr_0_d = next10_5;
            vgrant_0 = (vgrant_0 | oh10_5);
        end
        if (vwin_5[1]) begin
            vout_ptr_5_d = next10_1;
            vin_ptr_1_d = next10_5;
            vgrant_1 = (vgrant_1 | oh10_5);
        end
        if (vwin_5[2]) begin
            vout_ptr_5_d = next10_2;
            vin_ptr_2_d = next10_5;
            vgrant_2 = (vgrant_2 | oh10_5);
        end
        if (vwin_5[3]) begin
            vout_ptr_5_d = next10_3;
            vin_ptr_3_d = next10_5;
            vgrant_3 = (vgrant_3 | oh10_5);
        end
        if (vwin_5[4]) begin
            vout_ptr_5_d = next10_4;
            vin_ptr_4_d = next10_5;
            vgrant_4 = (vgrant_4 | oh10_5);
        end
        if (vwin_5[5]) begin
            vout_ptr_5_d = next10_5;
            vin_ptr_5_d = next10_5;
            vgrant_5 = (vgrant_5 | oh10_5);
        end
        if (vwin_5[6]) begin
            vout_ptr_5_d = next10_6;
            vin_ptr_6_d = next10_5;
            vgrant_6 = (vgrant_6 | oh10_5);
        end
        if (vwin_5[7]) begin
            vout_ptr_5_d = next10_7;
            vin_ptr_7_d = next10_5;
            vgrant_7 = (vgrant_7 | oh10_5);
        end
        if (vwin_5[8]) begin
            vout_ptr_5_d = next10_8;
            vin_ptr_8_d = next10_5;
            vgrant_8 = (vgrant_8 | oh10_5);
        end
        if (vwin_5[9]) begin
            vout_ptr_5_d = next10_9;
            vin_ptr_9_d = next10_5;
            vgrant_9 = (vgrant_9 | oh10_5);
        end
        vcol_6 = 10'h0;
        if (vpick_0[6]) begin
            vcol_6 = (vcol_6 | oh10_0);
        end
        if (vpick_1[6]) begin
            vcol_6 = (vcol_6 | oh10_1);
        end
        if (vpick_2[6]) begin
            vcol_6 = (vcol_6 | oh10_2);
        end
        if (vpick_3[6]) begin
            vcol_6 = (vcol_6 | oh10_3);
        end
        if (vpick_4[6]) begin
            vcol_6 = (vcol_6 | oh10_4);
        end
        if (vpick_5[6]) begin
            vcol_6 = (vcol_6 | oh10_5);
        end
        if (vpick_6[6]) begin
            vcol_6 = (vcol_6 | oh10_6);
        end
        if (vpick_7[6]) begin
            vcol_6 = (vcol_6 | oh10_7);
        end
        if (vpick_8[6]) begin
            vcol_6 = (vcol_6 | oh10_8);
        end
        if (vpick_9[6]) begin
            vcol_6 = (vcol_6 | oh10_9);
        end
        vomask_6 = (vcol_6 & ~((((10'h1) & 10'h3ff) << vout_ptr_6_q) - 10'h1));
        if (|vomask_6) begin
            vwin_6 = (vomask_6 & (~vomask_6 + 10'h1));
        end
        else begin
            vwin_6 = (vcol_6 & (~vcol_6 + 10'h1));
        end
        if (vwin_6[0]) begin
            vout_ptr_6_d = next10_0;
            vin_ptr_0_d = next10_6;
            vgrant_0 = (vgrant_0 | oh10_6);
        end
        if (vwin_6[1]) begin
            vout_ptr_6_d = next10_1;
            vin_ptr_1_d = next10_6;
            vgrant_1 = (vgrant_1 | oh10_6);
        end
        if (vwin_6[2]) begin
            vout_ptr_6_d = next10_2;
            vin_ptr_2_d = next10_6;
            vgrant_2 = (vgrant_2 | oh10_6);
        end
        if (vwin_6[3]) begin
            vout_ptr_6_d = next10_3;
            vin_ptr_3_d = next10_6;
            vgrant_3 = (vgrant_3 | oh10_6);
        end
        if (vwin_6[4]) begin
            vout_ptr_6_d = next10_4;
            vin_ptr_4_d = next10_6;
            vgrant_4 = (vgrant_4 | oh10_6);
        end
        if (vwin_6[5]) begin
            vout_ptr_6_d = next10_5;
            vin_ptr_5_d = next10_6;
            vgrant_5 = (vgrant_5 | oh10_6);
        end
        if (vwin_6[6]) begin
            vout_ptr_6_d = next10_6;
            vin_ptr_6_d = next10_6;
            vgrant_6 = (vgrant_6 | oh10_6);
        end
        if (vwin_6[7]) begin
            vout_ptr_6_d = next10_7;
            vin_ptr_7_d = next10_6;
            vgrant_7 = (vgrant_7 | oh10_6);
        end
        if (vwin_6[8]) begin
            vout_ptr_6_d = next10_8;
            vin_ptr_8_d = next10_6;
            vgrant_8 = (vgrant_8 | oh10_6);
        end
        if (vwin_6[9]) begin
            vout_ptr_6_d = next10_9;
            vin_ptr_9_d = next10_6;
            vgrant_9 = (vgrant_9 | oh10_6);
        end
        vcol_7 = 10'h0;
        if (vpick_0[7]) begin
            vcol_7 = (vcol_7 | oh10_0);
        end
        if (vpick_1[7]) begin
            vcol_7 = (vcol_7 | oh10_1);
        end
        if (vpick_2[7]) begin
            vcol_7 = (vcol_7 | oh10_2);
        end
        if (vpick_3[7]) begin
            vcol_7 = (vcol_7 | oh10_3);
        end
        if (vpick_4[7]) begin
            vcol_7 = (vcol_7 | oh10_4);
        end
        if (vpick_5[7]) begin
            vcol_7 = (vcol_7 | oh10_5);
        end
        if (vpick_6[7]) begin
            vcol_7 = (vcol_7 | oh10_6);
        end
        if (vpick_7[7]) begin
            vcol_7 = (vcol_7 | oh10_7);
        end
        if (vpick_8[7]) begin
            vcol_7 = (vcol_7 | oh10_8);
        end
        if (vpick_9[7]) begin
            vcol_7 = (vcol_7 | oh10_9);
        end
        vomask_7 = (vcol_7 & ~((((10'h1) & 10'h3ff) << vout_ptr_7_q) - 10'h1));
        if (|vomask_7) begin
            vwin_7 = (vomask_7 & (~vomask_7 + 10'h1));
        end
        else begin
            vwin_7 = (vcol_7 & (~vcol_7 + 10'h1));
        end
        if (vwin_7[0]) begin
            vout_ptr_7_d = next10_0;
            vin_ptr_0_d = next10_7;
            vgrant_0 = (vgrant_0 | oh10_7);
        end
        if (vwin_7[1]) begin
            vout_ptr_7_d = next10_1;
            vin_ptr_1_d = next10_7;
            vgrant_1 = (vgrant_1 | oh10_7);
        end
        if (vwin_7[2]) begin
            vout_ptr_7_d = next10_2;
            vin_ptr_2_d = next10_7;
            vgrant_2 = (vgrant_2 | oh10_7);
        end
        if (vwin_7[3]) begin
            vout_ptr_7_d = next10_3;
            vin_ptr_3_d = next10_7;
            vgrant_3 = (vgrant_3 | oh10_7);
        end
        if (vwin_7[4]) begin
            vout_ptr_7_d = next10_4;
            vin_ptr_4_d = next10_7;
            vgrant_4 = (vgrant_4 | oh10_7);
        end
        if (vwin_7[5]) begin
            vout_ptr_7_d = next10_5;
            vin_ptr_5_d = next10_7;
            vgrant_5 = (vgrant_5 | oh10_7);
        end
        if (vwin_7[6]) begin
            vout_ptr_7_d = next10_6;
            vin_ptr_6_d = next10_7;
            vgrant_6 = (vgrant_6 | oh10_7);
        end
        if (vwin_7[7]) begin
            vout_ptr_7_d = next10_7;
            vin_ptr_7_d = next10_7;
            vgrant_7 = (vgrant_7 | oh10_7);
        end
        if (vwin_7[8]) begin
            vout_ptr_7_d = next10_8;
            vin_ptr_8_d = next10_7;
            vgrant_8 = (vgrant_8 | oh10_7);
        end
        if (vwin_7[9]) begin
            vout_ptr_7_d = next10_9;
            vin_ptr_9_d = next10_7;
            vgrant_9 = (vgrant_9 | oh10_7);
        end
        vcol_8 = 10'h0;
        if (vpick_0[8]) begin
            vcol_8 = (vcol_8 | oh10_0);
        end
        if (vpick_1[8]) begin
            vcol_8 = (vcol_8 | oh10_1);
        end
        if (vpick_2[8]) begin
            vcol_8 = (vcol_8 | oh10_2);
        end
        if (vpick_3[8]) begin
            vcol_8 = (vcol_8 | oh10_3);
        end
        if (vpick_4[8]) begin
            vcol_8 = (vcol_8 | oh10_4);
        end
        if (vpick_5[8]) begin
            vcol_8 = (vcol_8 | oh10_5);
        end
        if (vpick_6[8]) begin
            vcol_8 = (vcol_8 | oh10_6);
        end
        if (vpick_7[8]) begin
            vcol_8 = (vcol_8 | oh10_7);
        end
        if (vpick_8[8]) begin
            vcol_8 = (vcol_8 | oh10_8);
        end
        if (vpick_9[8]) begin
            vcol_8 = (vcol_8 | oh10_9);
        end
        vomask_8 = (vcol_8 & ~((((10'h1) & 10'h3ff) << vout_ptr_8_q) - 10'h1));
        if (|vomask_8) begin
            vwin_8 = (vomask_8 & (~vomask_8 + 10'h1));
        end
        else begin
            vwin_8 = (vcol_8 & (~vcol_8 + 10'h1));
        end
        if (vwin_8[0]) begin
            vout_ptr_8_d = next10_0;
            vin_ptr_0_d = next10_8;
            vgrant_0 = (vgrant_0 | oh10_8);
        end
        if (vwin_8[1]) begin
            vout_ptr_8_d = next10_1;
            vin_ptr_1_d = next10_8;
            vgrant_1 = (vgrant_1 | oh10_8);
        end
        if (vwin_8[2]) begin
            vout_ptr_8_d = next10_2;
            vin_ptr_2_d = next10_8;
            vgrant_2 = (vgrant_2 | oh10_8);
        end
        if (vwin_8[3]) begin
            vout_ptr_8_d = next10_3;
            vin_ptr_3_d = next10_8;
            vgrant_3 = (vgrant_3 | oh10_8);
        end
        if (vwin_8[4]) begin
            vout_ptr_8_d = next10_4;
            vin_ptr_4_d = next10_8;
            vgrant_4 = (vgrant_4 | oh10_8);
        end
        if (vwin_8[5]) begin
            vout_ptr_8_d = next10_5;
            vin_ptr_5_d = next10_8;
            vgrant_5 = (vgrant_5 | oh10_8);
        end
        if (vwin_8[6]) begin
            vout_ptr_8_d = next10_6;
            vin_ptr_6_d = next10_8;
            vgrant_6 = (vgrant_6 | oh10_8);
        end
        if (vwin_8[7]) begin
            vout_ptr_8_d = next10_7;
            vin_ptr_7_d = next10_8;
            vgrant_7 = (vgrant_7 | oh10_8);
        end
        if (vwin_8[8]) begin
            vout_ptr_8_d = next10_8;
            vin_ptr_8_d = next10_8;
            vgrant_8 = (vgrant_8 | oh10_8);
        end
        if (vwin_8[9]) begin
            vout_ptr_8_d = next10_9;
            vin_ptr_9_d = next10_8;
            vgrant_9 = (vgrant_9 | oh10_8);
        end
        vcol_9 = 10'h0;
        if (vpick_0[9]) begin
            vcol_9 = (vcol_9 | oh10_0);
        end
        if (vpick_1[9]) begin
            vcol_9 = (vcol_9 | oh10_1);
        end
        if (vpick_2[9]) begin
            vcol_9 = (vcol_9 | oh10_2);
        end
        if (vpick_3[9]) begin
            vcol_9 = (vcol_9 | oh10_3);
        end
        if (vpick_4[9]) begin
            vcol_9 = (vcol_9 | oh10_4);
        end
        if (vpick_5[9]) begin
            vcol_9 = (vcol_9 | oh10_5);
        end
        if (vpick_6[9]) begin
            vcol_9 = (vcol_9 | oh10_6);
        end
        if (vpick_7[9]) begin
            vcol_9 = (vcol_9 | oh10_7);
        end
        if (vpick_8[9]) begin
            vcol_9 = (vcol_9 | oh10_8);
        end
        if (vpick_9[9]) begin
            vcol_9 = (vcol_9 | oh10_9);
        end
        vomask_9 = (vcol_9 & ~((((10'h1) & 10'h3ff) << vout_ptr_9_q) - 10'h1));
        if (|vomask_9) begin
            vwin_9 = (vomask_9 & (~vomask_9 + 10'h1));
        end
        else begin
            vwin_9 = (vcol_9 & (~vcol_9 + 10'h1));
        end
        if (vwin_9[0]) begin
            vout_ptr_9_d = next10_0;
            vin_ptr_0_d = next10_9;
            vgrant_0 = (vgrant_0 | oh10_9);
        end
        if (vwin_9[1]) begin
            vout_ptr_9_d = next10_1;
            vin_ptr_1_d = next10_9;
            vgrant_1 = (vgrant_1 | oh10_9);
        end
        if (vwin_9[2]) begin
            vout_ptr_9_d = next10_2;
            vin_ptr_2_d = next10_9;
            vgrant_2 = (vgrant_2 | oh10_9);
        end
        if (vwin_9[3]) begin
            vout_ptr_9_d = next10_3;
            vin_ptr_3_d = next10_9;
            vgrant_3 = (vgrant_3 | oh10_9);
        end
        if (vwin_9[4]) begin
            vout_ptr_9_d = next10_4;
            vin_ptr_4_d = next10_9;
            vgrant_4 = (vgrant_4 | oh10_9);
        end
        if (vwin_9[5]) begin
            vout_ptr_9_d = next10_5;
            vin_ptr_5_d = next10_9;
            vgrant_5 = (vgrant_5 | oh10_9);
        end
        if (vwin_9[6]) begin
            vout_ptr_9_d = next10_6;
            vin_ptr_6_d = next10_9;
            vgrant_6 = (vgrant_6 | oh10_9);
        end
        if (vwin_9[7]) begin
            vout_ptr_9_d = next10_7;
            vin_ptr_7_d = next10_9;
            vgrant_7 = (vgrant_7 | oh10_9);
        end
        if (vwin_9[8]) begin
            vout_ptr_9_d = next10_8;
            vin_ptr_8_d = next10_9;
            vgrant_8 = (vgrant_8 | oh10_9);
        end
        if (vwin_9[9]) begin
            vout_ptr_9_d = next10_9;
            vin_ptr_9_d = next10_9;
            vgrant_9 = (vgrant_9 | oh10_9);
        end
        if (|vgrant_0) begin
            st_0_d = active;
            if (vgrant_0[0]) begin
                ocv_0_d = k4_0;
                busy_0_d = 1'b1;
            end
            if (vgrant_0[1]) begin
                ocv_0_d = k4_1;
                busy_1_d = 1'b1;
            end
            if (vgrant_0[2]) begin
                ocv_0_d = k4_2;
                busy_2_d = 1'b1;
            end
            if (vgrant_0[3]) begin
                ocv_0_d = k4_3;
                busy_3_d = 1'b1;
            end
            if (vgrant_0[4]) begin
                ocv_0_d = k4_4;
                busy_4_d = 1'b1;
            end
            if (vgrant_0[5]) begin
                ocv_0_d = k4_5;
                busy_5_d = 1'b1;
            end
            if (vgrant_0[6]) begin
                ocv_0_d = k4_6;
                busy_6_d = 1'b1;
            end
            if (vgrant_0[7]) begin
                ocv_0_d = k4_7;
                busy_7_d = 1'b1;
            end
            if (vgrant_0[8]) begin
                ocv_0_d = k4_8;
                busy_8_d = 1'b1;
            end
            if (vgrant_0[9]) begin
                ocv_0_d = k4_9;
                busy_9_d = 1'b1;
            end
            if (vgrant_0[0] | vgrant_0[1]) begin
                oport_0_d = k4_0;
            end
            if (vgrant_0[2] | vgrant_0[3]) begin
                oport_0_d = k4_1;
            end
            if (vgrant_0[4] | vgrant_0[5]) begin
                oport_0_d = k4_2;
            end
            if (vgrant_0[6] | vgrant_0[7]) begin
                oport_0_d = k4_3;
            end
            if (vgrant_0[8] | vgrant_0[9]) begin
                oport_0_d = k4_4;
            end
        end
        else if ((st_0_q == idle) & arrive_0) begin
            st_0_d = vcalloc;
        end
        if (|vgrant_1) begin
            st_1_d = active;
            if (vgrant_1[0]) begin
                ocv_1_d = k4_0;
                busy_0_d = 1'b1;
            end
            if (vgrant_1[1]) begin
                ocv_1_d = k4_1;
                busy_1_d = 1'b1;
            end
            if (vgrant_1[2]) begin
                ocv_1_d = k4_2;
                busy_2_d = 1'b1;
            end
            if (vgrant_1[3]) begin
                ocv_1_d = k4_3;
                busy_3_d = 1'b1;
            end
            if (vgrant_1[4]) begin
                ocv_1_d = k4_4;
                busy_4_d = 1'b1;
            end
            if (vgrant_1[5]) begin
                ocv_1_d = k4_5;
                busy_5_d = 1'b1;
            end
            if (vgrant_1[6]) begin
                ocv_1_d = k4_6;
                busy_6_d = 1'b1;
            end
            if (vgrant_1[7]) begin
                ocv_1_d = k4_7;
                busy_7_d = 1'b1;
            end
            if (vgrant_1[8]) begin
                ocv_1_d = k4_8;
                busy_8_d = 1'b1;
            end
            if (vgrant_1[9]) begin
                ocv_1_d = k4_9;
                busy_9_d = 1'b1;
            end
            if (vgrant_1[0] | vgrant_1[1]) begin
                oport_1_d = k4_0;
            end
            if (vgrant_1[2] | vgrant_1[3]) begin
                oport_1_d = k4_1;
            end
            if (vgrant_1[4] | vgrant_1[5]) begin
                oport_1_d = k4_2;
            end
            if (vgrant_1[6] | vgrant_1[7]) begin
                oport_1_d = k4_3;
            end
            if (vgrant_1[8] | vgrant_1[9]) begin
                oport_1_d = k4_4;
            end
        end
        else if ((st_1_q == idle) & arrive_1) begin
            st_1_d = vcalloc;
        end
        if (|vgrant_2) begin
            st_2_d = active;
            if (vgrant_2[0]) begin
                ocv_2_d = k4_0;
                busy_0_d = 1'b1;
            end
            if (vgrant_2[1]) begin
                ocv_2_d = k4_1;
                busy_1_d = 1'b1;
            end
            if (vgrant_2[2]) begin
                ocv_2_d = k4_2;
                busy_2_d = 1'b1;
            end
            if (vgrant_2[3]) begin
                ocv_2_d = k4_3;
                busy_3_d = 1'b1;
            end
            if (vgrant_2[4]) begin
                ocv_2_d = k4_4;
                busy_4_d = 1'b1;
            end
            if (vgrant_2[5]) begin
                ocv_2_d = k4_5;
                busy_5_d = 1'b1;
            end
            if (vgrant_2[6]) begin
                ocv_2_d = k4_6;
                busy_6_d = 1'b1;
            end
            if (vgrant_2[7]) begin
                ocv_2_d = k4_7;
                busy_7_d = 1'b1;
            end
            if (vgrant_2[8]) begin
                ocv_2_d = k4_8;
                busy_8_d = 1'b1;
            end
            if (vgrant_2[9]) begin
                ocv_2_d = k4_9;
                busy_9_d = 1'b1;
            end
            if (vgrant_2[0] | vgrant_2[1]) begin
                oport_2_d = k4_0;
            end
            if (vgrant_2[2] | vgrant_2[3]) begin
                oport_2_d = k4_1;
            end
            if (vgrant_2[4] | vgrant_2[5]) begin
                oport_2_d = k4_2;
            end
            if (vgrant_2[6] | vgrant_2[7]) begin
                oport_2_d = k4_3;
            end
            if (vgrant_2[8] | vgrant_2[9]) begin
                oport_2_d = k4_4;
            end
        end
        else if ((st_2_q == idle) & arrive_2) begin
            st_2_d = vcalloc;
        end
        if (|vgrant_3) begin
            st_3_d = active;
            if (vgrant_3[0]) begin
                ocv_3_d = k4_0;
                busy_0_d = 1'b1;
            end
            if (vgrant_3[1]) begin
                ocv_3_d = k4_1;
                busy_1_d = 1'b1;
            end
            if (vgrant_3[2]) begin
                ocv_3_d = k4_2;
                busy_2_d = 1'b1;
            end
            if (vgrant_3[3]) begin
                ocv_3_d = k4_3;
                busy_3_d = 1'b1;
            end
            if (vgrant_3[4]) begin
                ocv_3_d = k4_4;
                busy_4_d = 1'b1;
            end
            if (vgrant_3[5]) begin
                ocv_3_d = k4_5;
                busy_5_d = 1'b1;
            end
            if (vgrant_3[6]) begin
                ocv_3_d = k4_6;
                busy_6_d = 1'b1;
            end
            if (vgrant_3[7]) begin
                ocv_3_d = k4_7;
                busy_7_d = 1'b1;
            end
            if (vgrant_3[8]) begin
                ocv_3_d = k4_8;
                busy_8_d = 1'b1;
            end
            if (vgrant_3[9]) begin
                ocv_3_d = k4_9;
                busy_9_d = 1'b1;
            end
            if (vgrant_3[0] | vgrant_3[1]) begin
                oport_3_d = k4_0;
            end
            if (vgrant_3[2] | vgrant_3[3]) begin
                oport_3_d = k4_1;
            end
            if (vgrant_3[4] | vgrant_3[5]) begin
                oport_3_d = k4_2;
            end
            if (vgrant_3[6] | vgrant_3[7]) begin
                oport_3_d = k4_3;
            end
            if (vgrant_3[8] | vgrant_3[9]) begin
                oport_3_d = k4_4;
            end
        end
        else if ((st_3_q == idle) & arrive_3) begin
            st_3_d = vcalloc;
        end
        if (|vgrant_4) begin
            st_4_d = active;
            if (vgrant_4[0]) begin
                ocv_4_d = k4_0;
                busy_0_d = 1'b1;
            end
            if (vgrant_4[1]) begin
                ocv_4_d = k4_1;
                busy_1_d = 1'b1;
            end
            if (vgrant_4[2]) begin
                ocv_4_d = k4_2;
                busy_2_d = 1'b1;
            end
            if (vgrant_4[3]) begin
                ocv_4_d = k4_3;
                busy_3_d = 1'b1;
            end
            if (vgrant_4[4]) begin
                ocv_4_d = k4_4;
                busy_4_d = 1'b1;
            end
            if (vgrant_4[5]) begin
                ocv_4_d = k4_5;
                busy_5_d = 1'b1;
            end
            if (vgrant_4[6]) begin
                ocv_4_d = k4_6;
                busy_6_d = 1'b1;
            end
            if (vgrant_4[7]) begin
                ocv_4_d = k4_7;
                busy_7_d = 1'b1;
            end
            if (vgrant_4[8]) begin
                ocv_4_d = k4_8;
                busy_8_d = 1'b1;
            end
            if (vgrant_4[9]) begin
                ocv_4_d = k4_9;
                busy_9_d = 1'b1;
            end
            if (vgrant_4[0] | vgrant_4[1]) begin
                oport_4_d = k4_0;
            end
            if (vgrant_4[2] | vgrant_4[3]) begin
                oport_4_d = k4_1;
            end
            if (vgrant_4[4] | vgrant_4[5]) begin
                oport_4_d = k4_2;
            end
            if (vgrant_4[6] | vgrant_4[7]) begin
                oport_4_d = k4_3;
            end
            if (vgrant_4[8] | vgrant_4[9]) begin
                oport_4_d = k4_4;
            end
        end
        else if ((st_4_q == idle) & arrive_4) begin
            st_4_d = vcalloc;
        end
        if (|vgrant_5) begin
            st_5_d = active;
            if (vgrant_5[0]) begin
                ocv_5_d = k4_0;
                busy_0_d = 1'b1;
            end
            if (vgrant_5[1]) begin
                ocv_5_d = k4_1;
                busy_1_d = 1'b1;
            end
            if (vgrant_5[2]) begin
                ocv_5_d = k4_2;
                busy_2_d = 1'b1;
            end
            if (vgrant_5[3]) begin
                ocv_5_d = k4_3;
                busy_3_d = 1'b1;
            end
            if (vgrant_5[4]) begin
                ocv_5_d = k4_4;
                busy_4_d = 1'b1;
            end
            if (vgrant_5[5]) begin
                ocv_5_d = k4_5;
                busy_5_d = 1'b1;
            end
            if (vgrant_5[6]) begin
                ocv_5_d = k4_6;
                busy_6_d = 1'b1;
            end
            if (vgrant_5[7]) begin
                ocv_5_d = k4_7;
                busy_7_d = 1'b1;
            end
            if (vgrant_5[8]) begin
                ocv_5_d = k4_8;
                busy_8_d = 1'b1;
            end
            if (vgrant_5[9]) begin
                ocv_5_d = k4_9;
                busy_9_d = 1'b1;
            end
            if (vgrant_5[0] | vgrant_5[1]) begin
                oport_5_d = k4_0;
            end
            if (vgrant_5[2] | vgrant_5[3]) begin
                oport_5_d = k4_1;
            end
            if (vgrant_5[4] | vgrant_5[5]) begin
                oport_5_d = k4_2;
            end
            if (vgrant_5[6] | vgrant_5[7]) begin
                oport_5_d = k4_3;
            end
            if (vgrant_5[8] | vgrant_5[9]) begin
                oport_5_d = k4_4;
            end
        end
        else if ((st_5_q == idle) & arrive_5) begin
            st_5_d = vcalloc;
        end
        if (|vgrant_6) begin
            st_6_d = active;
            if (vgrant_6[0]) begin
                ocv_6_d = k4_0;
                busy_0_d = 1'b1;
            end
            if (vgrant_6[1]) begin
                ocv_6_d = k4_1;
                busy_1_d = 1'b1;
            end
            if (vgrant_6[2]) begin
                ocv_6_d = k4_2;
                busy_2_d = 1'b1;
            end
            if (vgrant_6[3]) begin
                ocv_6_d = k4_3;
                busy_3_d = 1'b1;
            end
            if (vgrant_6[4]) begin
                ocv_6_d = k4_4;
                busy_4_d = 1'b1;
            end
            if (vgrant_6[5]) begin
                ocv_6_d = k4_5;
                busy_5_d = 1'b1;
            end
            if (vgrant_6[6]) begin
                ocv_6_d = k4_6;
                busy_6_d = 1'b1;
            end
            if (vgrant_6[7]) begin
                ocv_6_d = k4_7;
                busy_7_d = 1'b1;
            end
            if (vgrant_6[8]) begin
                ocv_6_d = k4_8;
                busy_8_d = 1'b1;
            end
            if (vgrant_6[9]) begin
                ocv_6_d = k4_9;
                busy_9_d = 1'b1;
            end
            if (vgrant_6[0] | vgrant_6[1]) begin
                oport_6_d = k4_0;
            end
            if (vgrant_6[2] | vgrant_6[3]) begin
                oport_6_d = k4_1;
            end
            if (vgrant_6[4] | vgrant_6[5]) begin
                oport_6_d = k4_2;
            end
            if (vgrant_6[6] | vgrant_6[7]) begin
                oport_6_d = k4_3;
            end
            if (vgrant_6[8] | vgrant_6[9]) begin
                oport_6_d = k4_4;
            end
        end
        else if ((st_6_q == idle) & arrive_6) begin
            st_6_d = vcalloc;
        end
        if (|vgrant_7) begin
            st_7_d = active;
            if (vgrant_7[0]) begin
                ocv_7_d = k4_0;
                busy_0_d = 1'b1;
            end
            if (vgrant_7[1]) begin
                ocv_7_d = k4_1;
                busy_1_d = 1'b1;
            end
            if (vgrant_7[2]) begin
                ocv_7_d = k4_2;
                busy_2_d = 1'b1;
            end
            if (vgrant_7[3]) begin
                ocv_7_d = k4_3;
                busy_3_d = 1'b1;
            end
            if (vgrant_7[4]) begin
                ocv_7_d = k4_4;
                busy_4_d = 1'b1;
            end
            if (vgrant_7[5]) begin
                ocv_7_d = k4_5;
                busy_5_d = 1'b1;
            end
            if (vgrant_7[6]) begin
                ocv_7_d = k4_6;
                busy_6_d = 1'b1;
            end
            if (vgrant_7[7]) begin
                ocv_7_d = k4_7;
                busy_7_d = 1'b1;
            end
            if (vgrant_7[8]) begin
                ocv_7_d = k4_8;
                busy_8_d = 1'b1;
            end
            if (vgrant_7[9]) begin
                ocv_7_d = k4_9;
                busy_9_d = 1'b1;
            end
            if (vgrant_7[0] | vgrant_7[1]) begin
                oport_7_d = k4_0;
            end
            if (vgrant_7[2] | vgrant_7[3]) begin
                oport_7_d = k4_1;
            end
            if (vgrant_7[4] | vgrant_7[5]) begin
                oport_7_d = k4_2;
            end
            if (vgrant_7[6] | vgrant_7[7]) begin
                oport_7_d = k4_3;
            end
            if (vgrant_7[8] | vgrant_7[9]) begin
                oport_7_d = k4_4;
            end
        end
        else if ((st_7_q == idle) & arrive_7) begin
            st_7_d = vcalloc;
        end
        if (|vgrant_8) begin
            st_8_d = active;
            if (vgrant_8[0]) begin
                ocv_8_d = k4_0;
                busy_0_d = 1'b1;
            end
            if (vgrant_8[1]) begin
                ocv_8_d = k4_1;
                busy_1_d = 1'b1;
            end
            if (vgrant_8[2]) begin
                ocv_8_d = k4_2;
                busy_2_d = 1'b1;
            end
            if (vgrant_8[3]) begin
                ocv_8_d = k4_3;
                busy_3_d = 1'b1;
            end
            if (vgrant_8[4]) begin
                ocv_8_d = k4_4;
                busy_4_d = 1'b1;
            end
            if (vgrant_8[5]) begin
                ocv_8_d = k4_5;
                busy_5_d = 1'b1;
            end
            if (vgrant_8[6]) begin
                ocv_8_d = k4_6;
                busy_6_d = 1'b1;
            end
            if (vgrant_8[7]) begin
                ocv_8_d = k4_7;
                busy_7_d = 1'b1;
            end
            if (vgrant_8[8]) begin
                ocv_8_d = k4_8;
                busy_8_d = 1'b1;
            end
            if (vgrant_8[9]) begin
                ocv_8_d = k4_9;
                busy_9_d = 1'b1;
            end
            if (vgrant_8[0] | vgrant_8[1]) begin
                oport_8_d = k4_0;
            end
            if (vgrant_8[2] | vgrant_8[3]) begin
                oport_8_d = k4_1;
            end
            if (vgrant_8[4] | vgrant_8[5]) begin
                oport_8_d = k4_2;
            end
            if (vgrant_8[6] | vgrant_8[7]) begin
                oport_8_d = k4_3;
            end
            if (vgrant_8[8] | vgrant_8[9]) begin
                oport_8_d = k4_4;
            end
        end
        else if ((st_8_q == idle) & arrive_8) begin
            st_8_d = vcalloc;
        end
        if (|vgrant_9) begin
            st_9_d = active;
            if (vgrant_9[0]) begin
                ocv_9_d = k4_0;
                busy_0_d = 1'b1;
            end
            if (vgrant_9[1]) begin
                ocv_9_d = k4_1;
                busy_1_d = 1'b1;
            end
            if (vgrant_9[2]) begin
                ocv_9_d = k4_2;
                busy_2_d = 1'b1;
            end
            if (vgrant_9[3]) begin
                ocv_9_d = k4_3;
                busy_3_d = 1'b1;
            end
            if (vgrant_9[4]) begin
                ocv_9_d = k4_4;
                busy_4_d = 1'b1;
            end
            if (vgrant_9[5]) begin
                ocv_9_d = k4_5;
                busy_5_d = 1'b1;
            end
            if (vgrant_9[6]) begin
                ocv_9_d = k4_6;
                busy_6_d = 1'b1;
            end
            if (vgrant_9[7]) begin
                ocv_9_d = k4_7;
                busy_7_d = 1'b1;
            end
            if (vgrant_9[8]) begin
                ocv_9_d = k4_8;
                busy_8_d = 1'b1;
            end
            if (vgrant_9[9]) begin
                ocv_9_d = k4_9;
                busy_9_d = 1'b1;
            end
            if (vgrant_9[0] | vgrant_9[1]) begin
                oport_9_d = k4_0;
            end
            if (vgrant_9[2] | vgrant_9[3]) begin
                oport_9_d = k4_1;
            end
            if (vgrant_9[4] | vgrant_9[5]) begin
                oport_9_d = k4_2;
            end
            if (vgrant_9[6] | vgrant_9[7]) begin
                oport_9_d = k4_3;
            end
            if (vgrant_9[8] | vgrant_9[9]) begin
                oport_9_d = k4_4;
            end
        end
        else if ((st_9_q == idle) & arrive_9) begin
            st_9_d = vcalloc;
        end
        csend_0 = 1'b0;
        if (ocv_0_q == k4_0) begin
            csend_0 = (used_0_q != full);
        end
        if (ocv_0_q == k4_1) begin
            csend_0 = (used_1_q != full);
        end
        if (ocv_0_q == k4_2) begin
            csend_0 = (used_2_q != full);
        end
        if (ocv_0_q == k4_3) begin
            csend_0 = (used_3_q != full);
        end
        if (ocv_0_q == k4_4) begin
            csend_0 = (used_4_q != full);
        end
        if (ocv_0_q == k4_5) begin
            csend_0 = (used_5_q != full);
        end
        if (ocv_0_q == k4_6) begin
            csend_0 = (used_6_q != full);
        end
        if (ocv_0_q == k4_7) begin
            csend_0 = (used_7_q != full);
        end
        if (ocv_0_q == k4_8) begin
            csend_0 = (used_8_q != full);
        end
        if (ocv_0_q == k4_9) begin
            csend_0 = (used_9_q != full);
        end
        cand_0 = ((st_0_q == active) & hold_0 & csend_0);
        csend_1 = 1'b0;
        if (ocv_1_q == k4_0) begin
            csend_1 = (used_0_q != full);
        end
        if (ocv_1_q == k4_1) begin
            csend_1 = (used_1_q != full);
        end
        if (ocv_1_q == k4_2) begin
            csend_1 = (used_2_q != full);
        end
        if (ocv_1_q == k4_3) begin
            csend_1 = (used_3_q != full);
        end
        if (ocv_1_q == k4_4) begin
            csend_1 = (used_4_q != full);
        end
        if (ocv_1_q == k4_5) begin
            csend_1 = (used_5_q != full);
        end
        if (ocv_1_q == k4_6) begin
            csend_1 = (used_6_q != full);
        end
        if (ocv_1_q == k4_7) begin
            csend_1 = (used_7_q != full);
        end
        if (ocv_1_q == k4_8) begin
            csend_1 = (used_8_q != full);
        end
        if (ocv_1_q == k4_9) begin
            csend_1 = (used_9_q != full);
        end
        cand_1 = ((st_1_q == active) & hold_1 & csend_1);
        csend_2 = 1'b0;
        if (ocv_2_q == k4_0) begin
            csend_2 = (used_0_q != full);
        end
        if (ocv_2_q == k4_1) begin
            csend_2 = (used_1_q != full);
        end
        if (ocv_2_q == k4_2) begin
            csend_2 = (used_2_q != full);
        end
        if (ocv_2_q == k4_3) begin
            csend_2 = (used_3_q != full);
        end
        if (ocv_2_q == k4_4) begin
            csend_2 = (used_4_q != full);
        end
        if (ocv_2_q == k4_5) begin
            csend_2 = (used_5_q != full);
        end
        if (ocv_2_q == k4_6) begin
            csend_2 = (used_6_q != full);
        end
        if (ocv_2_q == k4_7) begin
            csend_2 = (used_7_q != full);
        end
        if (ocv_2_q == k4_8) begin
            csend_2 = (used_8_q != full);
        end
        if (ocv_2_q == k4_9) begin
            csend_2 = (used_9_q != full);
        end
        cand_2 = ((st_2_q == active) & hold_2 & csend_2);
        csend_3 = 1'b0;
        if (ocv_3_q == k4_0) begin
            csend_3 = (used_0_q != full);
        end
        if (ocv_3_q == k4_1) begin
            csend_3 = (used_1_q != full);
        end
        if (ocv_3_q == k4_2) begin
            csend_3 = (used_2_q != full);
        end
        if (ocv_3_q == k4_3) begin
            csend_3 = (used_3_q != full);
        end
        if (ocv_3_q == k4_4) begin
            csend_3 = (used_4_q != full);
        end
        if (ocv_3_q == k4_5) begin
            csend_3 = (used_5_q != full);
        end
        if (ocv_3_q == k4_6) begin
            csend_3 = (used_6_q != full);
        end
        if (ocv_3_q == k4_7) begin
            csend_3 = (used_7_q != full);
        end
        if (ocv_3_q == k4_8) begin
            csend_3 = (used_8_q != full);
        end
        if (ocv_3_q == k4_9) begin
            csend_3 = (used_9_q != full);
        end
        cand_3 = ((st_3_q == active) & hold_3 & csend_3);
        csend_4 = 1'b0;
        if (ocv_4_q == k4_0) begin
            csend_4 = (used_0_q != full);
        end
        if (ocv_4_q == k4_1) begin
            csend_4 = (used_1_q != full);
        end
        if (ocv_4_q == k4_2) begin
            csend_4 = (used_2_q != full);
        end
        if (ocv_4_q == k4_3) begin
            csend_4 = (used_3_q != full);
        end
        if (ocv_4_q == k4_4) begin
            csend_4 = (used_4_q != full);
        end
        if (ocv_4_q == k4_5) begin
            csend_4 = (used_5_q != full);
        end
        if (ocv_4_q == k4_6) begin
            csend_4 = (used_6_q != full);
        end
        if (ocv_4_q == k4_7) begin
            csend_4 = (used_7_q != full);
        end
        if (ocv_4_q == k4_8) begin
            csend_4 = (used_8_q != full);
        end
        if (ocv_4_q == k4_9) begin
            csend_4 = (used_9_q != full);
        end
        cand_4 = ((st_4_q == active) & hold_4 & csend_4);
        csend_5 = 1'b0;
        if (ocv_5_q == k4_0) begin
            csend_5 = (used_0_q != full);
        end
        if (ocv_5_q == k4_1) begin
            csend_5 = (used_1_q != full);
        end
        if (ocv_5_q == k4_2) begin
            csend_5 = (used_2_q != full);
        end
        if (ocv_5_q == k4_3) begin
            csend_5 = (used_3_q != full);
        end
        if (ocv_5_q == k4_4) begin
            csend_5 = (used_4_q != full);
        end
        if (ocv_5_q == k4_5) begin
            csend_5 = (used_5_q != full);
        end
        if (ocv_5_q == k4_6) begin
            csend_5 = (used_6_q != full);
        end
        if (ocv_5_q == k4_7) begin
            csend_5 = (used_7_q != full);
        end
        if (ocv_5_q == k4_8) begin
            csend_5 = (used_8_q != full);
        end
        if (ocv_5_q == k4_9) begin
            csend_5 = (used_9_q != full);
        end
        cand_5 = ((st_5_q == active) & hold_5 & csend_5);
        csend_6 = 1'b0;
        if (ocv_6_q == k4_0) begin
            csend_6 = (used_0_q != full);
        end
        if (ocv_6_q == k4_1) begin
            csend_6 = (used_1_q != full);
        end
        if (ocv_6_q == k4_2) begin
            csend_6 = (used_2_q != full);
        end
        if (ocv_6_q == k4_3) begin
            csend_6 = (used_3_q != full);
        end
        if (ocv_6_q == k4_4) begin
            csend_6 = (used_4_q != full);
        end
        if (ocv_6_q == k4_5) begin
            csend_6 = (used_5_q != full);
        end
        if (ocv_6_q == k4_6) begin
            csend_6 = (used_6_q != full);
        end
        if (ocv_6_q == k4_7) begin
            csend_6 = (used_7_q != full);
        end
        if (ocv_6_q == k4_8) begin
            csend_6 = (used_8_q != full);
        end
        if (ocv_6_q == k4_9) begin
            csend_6 = (used_9_q != full);
        end
        cand_6 = ((st_6_q == active) & hold_6 & csend_6);
        csend_7 = 1'b0;
        if (ocv_7_q == k4_0) begin
            csend_7 = (used_0_q != full);
        end
        if (ocv_7_q == k4_1) begin
            csend_7 = (used_1_q != full);
        end
        if (ocv_7_q == k4_2) begin
            csend_7 = (used_2_q != full);
        end
        if (ocv_7_q == k4_3) begin
            csend_7 = (used_3_q != full);
        end
        if (ocv_7_q == k4_4) begin
            csend_7 = (used_4_q != full);
        end
        if (ocv_7_q == k4_5) begin
            csend_7 = (used_5_q != full);
        end
        if (ocv_7_q == k4_6) begin
            csend_7 = (used_6_q != full);
        end
        if (ocv_7_q == k4_7) begin
            csend_7 = (used_7_q != full);
        end
        if (ocv_7_q == k4_8) begin
            csend_7 = (used_8_q != full);
        end
        if (ocv_7_q == k4_9) begin
            csend_7 = (used_9_q != full);
        end
        cand_7 = ((st_7_q == active) & hold_7 & csend_7);
        csend_8 = 1'b0;
        if (ocv_8_q == k4_0) begin
            csend_8 = (used_0_q != full);
        end
        if (ocv_8_q == k4_1) begin
            csend_8 = (used_1_q != full);
        end
        if (ocv_8_q == k4_2) begin
            csend_8 = (used_2_q != full);
        end
        if (ocv_8_q == k4_3) begin
            csend_8 = (used_3_q != full);
        end
        if (ocv_8_q == k4_4) begin
            csend_8 = (used_4_q != full);
        end
        if (ocv_8_q == k4_5) begin
            csend_8 = (used_5_q != full);
        end
        if (ocv_8_q == k4_6) begin
            csend_8 = (used_6_q != full);
        end
        if (ocv_8_q == k4_7) begin
            csend_8 = (used_7_q != full);
        end
        if (ocv_8_q == k4_8) begin
            csend_8 = (used_8_q != full);
        end
        if (ocv_8_q == k4_9) begin
            csend_8 = (used_9_q != full);
        end
        cand_8 = ((st_8_q == active) & hold_8 & csend_8);
        csend_9 = 1'b0;
        if (ocv_9_q == k4_0) begin
            csend_9 = (used_0_q != full);
        end
        if (ocv_9_q == k4_1) begin
            csend_9 = (used_1_q != full);
        end
        if (ocv_9_q == k4_2) begin
            csend_9 = (used_2_q != full);
        end
        if (ocv_9_q == k4_3) begin
            csend_9 = (used_3_q != full);
        end
        if (ocv_9_q == k4_4) begin
            csend_9 = (used_4_q != full);
        end
        if (ocv_9_q == k4_5) begin
            csend_9 = (used_5_q != full);
        end
        if (ocv_9_q == k4_6) begin
            csend_9 = (used_6_q != full);
        end
        if (ocv_9_q == k4_7) begin
            csend_9 = (used_7_q != full);
        end
        if (ocv_9_q == k4_8) begin
            csend_9 = (used_8_q != full);
        end
        if (ocv_9_q == k4_9) begin
            csend_9 = (used_9_q != full);
        end
        cand_9 = ((st_9_q == active) & hold_9 & csend_9);
        srow_0 = 5'h0;
        lab_0 = 5'h0;
        ca = (cand_0 & (oport_0_q == k4_0));
        cb = (cand_1 & (oport_1_q == k4_0));
        if (ca | cb) begin
            srow_0 = (srow_0 | oh5_0);
        end
        if (cb & (rr_0_q | ~ca)) begin
            lab_0 = (lab_0 | oh5_0);
        end
        ca = (cand_0 & (oport_0_q == k4_1));
        cb = (cand_1 & (oport_1_q == k4_1));
        if (ca | cb) begin
            srow_0 = (srow_0 | oh5_1);
        end
        if (cb & (rr_0_q | ~ca)) begin
            lab_0 = (lab_0 | oh5_1);
        end
        ca = (cand_0 & (oport_0_q == k4_2));
        cb = (cand_1 & (oport_1_q == k4_2));
        if (ca | cb) begin
            srow_0 = (srow_0 | oh5_2);
        end
        if (cb & (rr_0_q | ~ca)) begin
            lab_0 = (lab_0 | oh5_2);
        end
        ca = (cand_0 & (oport_0_q == k4_3));
        cb = (cand_1 & (oport_1_q == k4_3));
        if (ca | cb) begin
            srow_0 = (srow_0 | oh5_3);
        end
        if (cb & (rr_0_q | ~ca)) begin
            lab_0 = (lab_0 | oh5_3);
        end
        ca = (cand_0 & (oport_0_q == k4_4));
        cb = (cand_1 & (oport_1_q == k4_4));
        if (ca | cb) begin
            srow_0 = (srow_0 | oh5_4);
        end
        if (cb & (rr_0_q | ~ca)) begin
            lab_0 = (lab_0 | oh5_4);
        end
        srow_1 = 5'h0;
        lab_1 = 5'h0;
        ca = (cand_2 & (oport_2_q == k4_0));
        cb = (cand_3 & (oport_3_q == k4_0));
        if (ca | cb) begin
            srow_1 = (srow_1 | oh5_0);
        end
        if (cb & (rr_1_q | ~ca)) begin
            lab_1 = (lab_1 | oh5_0);
        end
        ca = (cand_2 & (oport_2_q == k4_1));
        cb = (cand_3 & (oport_3_q == k4_1));
        if (ca | cb) begin
            srow_1 = (srow_1 | oh5_1);
        end
        if (cb & (rr_1_q | ~ca)) begin
            lab_1 = (lab_1 | oh5_1);
        end
        ca = (cand_2 & (oport_2_q == k4_2));
        cb = (cand_3 & (oport_3_q == k4_2));
        if (ca | cb) begin
            srow_1 = (srow_1 | oh5_2);
        end
        if (cb & (rr_1_q | ~ca)) begin
            lab_1 = (lab_1 | oh5_2);
        end
        ca = (cand_2 & (oport_2_q == k4_3));
        cb = (cand_3 & (oport_3_q == k4_3));
        if (ca | cb) begin
            srow_1 = (srow_1 | oh5_3);
        end
        if (cb & (rr_1_q | ~ca)) begin
            lab_1 = (lab_1 | oh5_3);
        end
        ca = (cand_2 & (oport_2_q == k4_4));
        cb = (cand_3 & (oport_3_q == k4_4));
        if (ca | cb) begin
            srow_1 = (srow_1 | oh5_4);
        end
        if (cb & (rr_1_q | ~ca)) begin
            lab_1 = (lab_1 | oh5_4);
        end
        srow_2 = 5'h0;
        lab_2 = 5'h0;
        ca = (cand_4 & (oport_4_q == k4_0));
        cb = (cand_5 & (oport_5_q == k4_0));
        if (ca | cb) begin
            srow_2 = (srow_2 | oh5_0);
        end
        if (cb & (rr_2_q | ~ca)) begin
            lab_2 = (lab_2 | oh5_0);
        end
        ca = (cand_4 & (oport_4_q == k4_1));
        cb = (cand_5 & (oport_5_q == k4_1));
        if (ca | cb) begin
            srow_2 = (srow_2 | oh5_1);
        end
        if (cb & (rr_2_q | ~ca)) begin
            lab_2 = (lab_2 | oh5_1);
        end
        ca = (cand_4 & (oport_4_q == k4_2));
        cb = (cand_5 & (oport_5_q == k4_2));
        if (ca | cb) begin
            srow_2 = (srow_2 | oh5_2);
        end
        if (cb & (rr_2_q | ~ca)) begin
            lab_2 = (lab_2 | oh5_2);
        end
        ca = (cand_4 & (oport_4_q == k4_3));
        cb = (cand_5 & (oport_5_q == k4_3));
        if (ca | cb) begin
            srow_2 = (srow_2 | oh5_3);
        end
        if (cb & (rr_2_q | ~ca)) begin
            lab_2 = (lab_2 | oh5_3);
        end
        ca = (cand_4 & (oport_4_q == k4_4));
        cb = (cand_5 & (oport_5_q == k4_4));
        if (ca | cb) begin
            srow_2 = (srow_2 | oh5_4);
        end
        if (cb & (rr_2_q | ~ca)) begin
            lab_2 = (lab_2 | oh5_4);
        end
        srow_3 = 5'h0;
        lab_3 = 5'h0;
        ca = (cand_6 & (oport_6_q == k4_0));
        cb = (cand_7 & (oport_7_q == k4_0));
        if (ca | cb) begin
            srow_3 = (srow_3 | oh5_0);
        end
        if (cb & (rr_3_q | ~ca)) begin
            lab_3 = (lab_3 | oh5_0);
        end
        ca = (cand_6 & (oport_6_q == k4_1));
        cb = (cand_7 & (oport_7_q == k4_1));
        if (ca | cb) begin
            srow_3 = (srow_3 | oh5_1);
        end
        if (cb & (rr_3_q | ~ca)) begin
            lab_3 = (lab_3 | oh5_1);
        end
        ca = (cand_6 & (oport_6_q == k4_2));
        cb = (cand_7 & (oport_7_q == k4_2));
        if (ca | cb) begin
            srow_3 = (srow_3 | oh5_2);
        end
        if (cb & (rr_3_q | ~ca)) begin
            lab_3 = (lab_3 | oh5_2);
        end
        ca = (cand_6 & (oport_6_q == k4_3));
        cb = (cand_7 & (oport_7_q == k4_3));
        if (ca | cb) begin
            srow_3 = (srow_3 | oh5_3);
        end
        if (cb & (rr_3_q | ~ca)) begin
            lab_3 = (lab_3 | oh5_3);
        end
        ca = (cand_6 & (oport_6_q == k4_4));
        cb = (cand_7 & (oport_7_q == k4_4));
        if (ca | cb) begin
            srow_3 = (srow_3 | oh5_4);
        end
        if (cb & (rr_3_q | ~ca)) begin
            lab_3 = (lab_3 | oh5_4);
        end
        srow_4 = 5'h0;
        lab_4 = 5'h0;
        ca = (cand_8 & (oport_8_q == k4_0));
        cb = (cand_9 & (oport_9_q == k4_0));
        if (ca | cb) begin
            srow_4 = (srow_4 | oh5_0);
        end
        if (cb & (rr_4_q | ~ca)) begin
            lab_4 = (lab_4 | oh5_0);
        end
        ca = (cand_8 & (oport_8_q == k4_1));
        cb = (cand_9 & (oport_9_q == k4_1));
        if (ca | cb) begin
            srow_4 = (srow_4 | oh5_1);
        end
        if (cb & (rr_4_q | ~ca)) begin
            lab_4 = (lab_4 | oh5_1);
        end
        ca = (cand_8 & (oport_8_q == k4_2));
        cb = (cand_9 & (oport_9_q == k4_2));
        if (ca | cb) begin
            srow_4 = (srow_4 | oh5_2);
        end
        if (cb & (rr_4_q | ~ca)) begin
            lab_4 = (lab_4 | oh5_2);
        end
        ca = (cand_8 & (oport_8_q == k4_3));
        cb = (cand_9 & (oport_9_q == k4_3));
        if (ca | cb) begin
            srow_4 = (srow_4 | oh5_3);
        end
        if (cb & (rr_4_q | ~ca)) begin
            lab_4 = (lab_4 | oh5_3);
        end
        ca = (cand_8 & (oport_8_q == k4_4));
        cb = (cand_9 & (oport_9_q == k4_4));
        if (ca | cb) begin
            srow_4 = (srow_4 | oh5_4);
        end
        if (cb & (rr_4_q | ~ca)) begin
            lab_4 = (lab_4 | oh5_4);
        end
        simask_0 = (srow_0 & ~((((5'h1) & 5'h1f) << sin_ptr_0_q) - 5'h1));
        if (|simask_0) begin
            spick_0 = (simask_0 & (~simask_0 + 5'h1));
        end
        else begin
            spick_0 = (srow_0 & (~srow_0 + 5'h1));
        end
        sgrant_0 = 5'h0;
        simask_1 = (srow_1 & ~((((5'h1) & 5'h1f) << sin_ptr_1_q) - 5'h1));
        if (|simask_1) begin
            spick_1 = (simask_1 & (~simask_1 + 5'h1));
        end
        else begin
            spick_1 = (srow_1 & (~srow_1 + 5'h1));
        end
        sgrant_1 = 5'h0;
        simask_2 = (srow_2 & ~((((5'h1) & 5'h1f) << sin_ptr_2_q) - 5'h1));
        if (|simask_2) begin
            spick_2 = (simask_2 & (~simask_2 + 5'h1));
        end
        else begin
            spick_2 = (srow_2 & (~srow_2 + 5'h1));
        end
        sgrant_2 = 5'h0;
        simask_3 = (srow_3 & ~((((5'h1) & 5'h1f) << sin_ptr_3_q) - 5'h1));
        if (|simask_3) begin
            spick_3 = (simask_3 & (~simask_3 + 5'h1));
        end
        else begin
            spick_3 = (srow_3 & (~srow_3 + 5'h1));
        end
        sgrant_3 = 5'h0;
        simask_4 = (srow_4 & ~((((5'h1) & 5'h1f) << sin_ptr_4_q) - 5'h1));
        if (|simask_4) begin
            spick_4 = (simask_4 & (~simask_4 + 5'h1));
        end
        else begin
            spick_4 = (srow_4 & (~srow_4 + 5'h1));
        end
        sgrant_4 = 5'h0;
        scol_0 = 5'h0;
        if (spick_0[0]) begin
            scol_0 = (scol_0 | oh5_0);
        end
        if (spick_1[0]) begin
            scol_0 = (scol_0 | oh5_1);
        end
        if (spick_2[0]) begin
            scol_0 = (scol_0 | oh5_2);
        end
        if (spick_3[0]) begin
            scol_0 = (scol_0 | oh5_3);
        end
        if (spick_4[0]) begin
            scol_0 = (scol_0 | oh5_4);
        end
        somask_0 = (scol_0 & ~((((5'h1) & 5'h1f) << sout_ptr_0_q) - 5'h1));
        if (|somask_0) begin
            swin_0 = (somask_0 & (~somask_0 + 5'h1));
        end
        else begin
            swin_0 = (scol_0 & (~scol_0 + 5'h1));
        end
        if (swin_0[0]) begin
            sout_ptr_0_d = next5_0;
            sin_ptr_0_d = next5_0;
            sgrant_0 = (sgrant_0 | oh5_0);
        end
        if (swin_0[1]) begin
            sout_ptr_0_d = next5_1;
            sin_ptr_1_d = next5_0;
            sgrant_1 = (sgrant_1 | oh5_0);
        end
        if (swin_0[2]) begin
            sout_ptr_0_d = next5_2;
            sin_ptr_2_d = next5_0;
            sgrant_2 = (sgrant_2 | oh5_0);
        end
        if (swin_0[3]) begin
            sout_ptr_0_d = next5_3;
            sin_ptr_3_d = next5_0;
            sgrant_3 = (sgrant_3 | oh5_0);
        end
        if (swin_0[4]) begin
            sout_ptr_0_d = next5_4;
            sin_ptr_4_d = next5_0;
            sgrant_4 = (sgrant_4 | oh5_0);
        end
        scol_1 = 5'h0;
        if (spick_0[1]) begin
            scol_1 = (scol_1 | oh5_0);
        end
        if (spick_1[1]) begin
            scol_1 = (scol_1 | oh5_1);
        end
        if (spick_2[1]) begin
            scol_1 = (scol_1 | oh5_2);
        end
        if (spick_3[1]) begin
            scol_1 = (scol_1 | oh5_3);
        end
        if (spick_4[1]) begin
            scol_1 = (scol_1 | oh5_4);
        end
        somask_1 = (scol_1 & ~((((5'h1) & 5'h1f) << sout_ptr_1_q) - 5'h1));
        if (|somask_1) begin
            swin_1 = (somask_1 & (~somask_1 + 5'h1));
        end
        else begin
            swin_1 = (scol_1 & (~scol_1 + 5'h1));
        end
        if (swin_1[0]) begin
            sout_ptr_1_d = next5_0;
            sin_ptr_0_d = next5_1;
            sgrant_0 = (sgrant_0 | oh5_1);
        end
        if (swin_1[1]) begin
            sout_ptr_1_d = next5_1;
            sin_ptr_1_d = next5_1;
            sgrant_1 = (sgrant_1 | oh5_1);
        end
        if (swin_1[2]) begin
            sout_ptr_1_d = next5_2;
            sin_ptr_2_d = next5_1;
            sgrant_2 = (sgrant_2 | oh5_1);
        end
        if (swin_1[3]) begin
            sout_ptr_1_d = next5_3;
            sin_ptr_3_d = next5_1;
            sgrant_3 = (sgrant_3 | oh5_1);
        end
        if (swin_1[4]) begin
            sout_ptr_1_d = next5_4;
            sin_ptr_4_d = next5_1;
            sgrant_4 = (sgrant_4 | oh5_1);
        end
        scol_2 = 5'h0;
        if (spick_0[2]) begin
            scol_2 = (scol_2 | oh5_0);
        end
        if (spick_1[2]) begin
            scol_2 = (scol_2 | oh5_1);
        end
        if (spick_2[2]) begin
            scol_2 = (scol_2 | oh5_2);
        end
        if (spick_3[2]) begin
            scol_2 = (scol_2 | oh5_3);
        end
        if (spick_4[2]) begin
            scol_2 = (scol_2 | oh5_4);
        end
        somask_2 = (scol_2 & ~((((5'h1) & 5'h1f) << sout_ptr_2_q) - 5'h1));
        if (|somask_2) begin
            swin_2 = (somask_2 & (~somask_2 + 5'h1));
        end
        else begin
            swin_2 = (scol_2 & (~scol_2 + 5'h1));
        end
        if (swin_2[0]) begin
            sout_ptr_2_d = next5_0;
            sin_ptr_0_d = next5_2;
            sgrant_0 = (sgrant_0 | oh5_2);
        end
        if (swin_2[1]) begin
            sout_ptr_2_d = next5_1;
            sin_ptr_1_d = next5_2;
            sgrant_1 = (sgrant_1 | oh5_2);
        end
        if (swin_2[2]) begin
            sout_ptr_2_d = next5_2;
            sin_ptr_2_d = next5_2;
            sgrant_2 = (sgrant_2 | oh5_2);
        end
        if (swin_2[3]) begin
            sout_ptr_2_d = next5_3;
            sin_ptr_3_d = next5_2;
            sgrant_3 = (sgrant_3 | oh5_2);
        end
        if (swin_2[4]) begin
            sout_ptr_2_d = next5_4;
            sin_ptr_4_d = next5_2;
            sgrant_4 = (sgrant_4 | oh5_2);
        end
        scol_3 = 5'h0;
        if (spick_0[3]) begin
            scol_3 = (scol_3 | oh5_0);
        end
        if (spick_1[3]) begin
            scol_3 = (scol_3 | oh5_1);
        end
        if (spick_2[3]) begin
            scol_3 = (scol_3 | oh5_2);
        end
        if (spick_3[3]) begin
            scol_3 = (scol_3 | oh5_3);
        end
        if (spick_4[3]) begin
            scol_3 = (scol_3 | oh5_4);
        end
        somask_3 = (scol_3 & ~((((5'h1) & 5'h1f) << sout_ptr_3_q) - 5'h1));
        if (|somask_3) begin
            swin_3 = (somask_3 & (~somask_3 + 5'h1));
        end
        else begin
            swin_3 = (scol_3 & (~scol_3 + 5'h1));
        end
        if (swin_3[0]) begin
            sout_ptr_3_d = next5_0;
            sin_ptr_0_d = next5_3;
            sgrant_0 = (sgrant_0 | oh5_3);
        end
        if (swin_3[1]) begin
            sout_ptr_3_d = next5_1;
            sin_ptr_1_d = next5_3;
            sgrant_1 = (sgrant_1 | oh5_3);
        end
        if (swin_3[2]) begin
            sout_ptr_3_d = next5_2;
            sin_ptr_2_d = next5_3;
            sgrant_2 = (sgrant_2 | oh5_3);
        end
        if (swin_3[3]) begin
            sout_ptr_3_d = next5_3;
            sin_ptr_3_d = next5_3;
            sgrant_3 = (sgrant_3 | oh5_3);
        end
        if (swin_3[4]) begin
            sout_ptr_3_d = next5_4;
            sin_ptr_4_d = next5_3;
            sgrant_4 = (sgrant_4 | oh5_3);
        end
        scol_4 = 5'h0;
        if (spick_0[4]) begin
            scol_4 = (scol_4 | oh5_0);
        end
        if (spick_1[4]) begin
            scol_4 = (scol_4 | oh5_1);
        end
        if (spick_2[4]) begin
            scol_4 = (scol_4 | oh5_2);
        end
        if (spick_3[4]) begin
            scol_4 = (scol_4 | oh5_3);
        end
        if (spick_4[4]) begin
            scol_4 = (scol_4 | oh5_4);
        end
        somask_4 = (scol_4 & ~((((5'h1) & 5'h1f) << sout_ptr_4_q) - 5'h1));
        if (|somask_4) begin
            swin_4 = (somask_4 & (~somask_4 + 5'h1));
        end
        else begin
            swin_4 = (scol_4 & (~scol_4 + 5'h1));
        end
        if (swin_4[0]) begin
            sout_ptr_4_d = next5_0;
            sin_ptr_0_d = next5_4;
            sgrant_0 = (sgrant_0 | oh5_4);
        end
        if (swin_4[1]) begin
            sout_ptr_4_d = next5_1;
            sin_ptr_1_d = next5_4;
            sgrant_1 = (sgrant_1 | oh5_4);
        end
        if (swin_4[2]) begin
            sout_ptr_4_d = next5_2;
            sin_ptr_2_d = next5_4;
            sgrant_2 = (sgrant_2 | oh5_4);
        end
        if (swin_4[3]) begin
            sout_ptr_4_d = next5_3;
            sin_ptr_3_d = next5_4;
            sgrant_3 = (sgrant_3 | oh5_4);
        end
        if (swin_4[4]) begin
            sout_ptr_4_d = next5_4;
            sin_ptr_4_d = next5_4;
            sgrant_4 = (sgrant_4 | oh5_4);
        end
        consume_0 = 1'b0;
        consume_1 = 1'b0;
        consume_2 = 1'b0;
        consume_3 = 1'b0;
        consume_4 = 1'b0;
        consume_5 = 1'b0;
        consume_6 = 1'b0;
        consume_7 = 1'b0;
        consume_8 = 1'b0;
        consume_9 = 1'b0;
        xv_0_d = 1'b0;
        xv_1_d = 1'b0;
        xv_2_d = 1'b0;
        xv_3_d = 1'b0;
        xv_4_d = 1'b0;
        co = 5'h0;
        covc = 5'h0;
        win_0 = |sgrant_0;
        wvc_0 = 1'b0;
        wout_0 = k4_0;
        if (sgrant_0[0]) begin
            wvc_0 = lab_0[0];
            wout_0 = k4_0;
        end
        if (sgrant_0[1]) begin
            wvc_0 = lab_0[1];
            wout_0 = k4_1;
        end
        if (sgrant_0[2]) begin
            wvc_0 = lab_0[2];
            wout_0 = k4_2;
        end
        if (sgrant_0[3]) begin
            wvc_0 = lab_0[3];
            wout_0 = k4_3;
        end
        if (sgrant_0[4]) begin
            wvc_0 = lab_0[4];
            wout_0 = k4_4;
        end
        pop_0 = (win_0 & ~wvc_0);
        pop_1 = (win_0 & wvc_0);
        if (win_0) begin
            co = (co | oh5_0);
            rr_0_d = ~wvc_0;
            if (wvc_0) begin
                covc = (covc | oh5_0);
            end
        end
        if (wvc_0) begin
            mem_0_read_address = (head_1_q | vb1);
        end
        else begin
            mem_0_read_address = head_0_q;
        end
        byp_v_0_d = 1'b0;
        byp_d_0_d = fin_0;
        if (pop_0) begin
            byp_v_0_d = (cnt_0_q == 4'h0);
            if (wout_0 == k4_0) begin
                xv_0_d = 1'b1;
                xsrc_0_d = k4_0;
                xovc_0_d = ocv_0_q[0];
            end
            if (wout_0 == k4_1) begin
                xv_1_d = 1'b1;
                xsrc_1_d = k4_0;
                xovc_1_d = ocv_0_q[0];
            end
            if (wout_0 == k4_2) begin
                xv_2_d = 1'b1;
                xsrc_2_d = k4_0;
                xovc_2_d = ocv_0_q[0];
            end
            if (wout_0 == k4_3) begin
                xv_3_d = 1'b1;
                xsrc_3_d = k4_0;
                xovc_3_d = ocv_0_q[0];
            end
            if (wout_0 == k4_4) begin
                xv_4_d = 1'b1;
                xsrc_4_d = k4_0;
                xovc_4_d = ocv_0_q[0];
            end
        end
        if (pop_1) begin
            byp_v_0_d = (cnt_1_q == 4'h0);
            if (wout_0 == k4_0) begin
                xv_0_d = 1'b1;
                xsrc_0_d = k4_0;
                xovc_0_d = ocv_1_q[0];
            end
            if (wout_0 == k4_1) begin
                xv_1_d = 1'b1;
                xsrc_1_d = k4_0;
                xovc_1_d = ocv_1_q[0];
            end
            if (wout_0 == k4_2) begin
                xv_2_d = 1'b1;
                xsrc_2_d = k4_0;
                xovc_2_d = ocv_1_q[0];
            end
            if (wout_0 == k4_3) begin
                xv_3_d = 1'b1;
                xsrc_3_d = k4_0;
                xovc_3_d = ocv_1_q[0];
            end
            if (wout_0 == k4_4) begin
                xv_4_d = 1'b1;
                xsrc_4_d = k4_0;
                xovc_4_d = ocv_1_q[0];
            end
        end
        win_1 = |sgrant_1;
        wvc_1 = 1'b0;
        wout_1 = k4_0;
        if (sgrant_1[0]) begin
            wvc_1 = lab_1[0];
            wout_1 = k4_0;
        end
        if (sgrant_1[1]) begin
            wvc_1 = lab_1[1];
            wout_1 = k4_1;
        end
        if (sgrant_1[2]) begin
            wvc_1 = lab_1[2];
            wout_1 = k4_2;
        end
        if (sgrant_1[3]) begin
            wvc_1 = lab_1[3];
            wout_1 = k4_3;
        end
        if (sgrant_1[4]) begin
            wvc_1 = lab_1[4];
            wout_1 = k4_4;
        end
        pop_2 = (win_1 & ~wvc_1);
        pop_3 = (win_1 & wvc_1);
        if (win_1) begin
            co = (co | oh5_1);
            rr_1_d = ~wvc_1;
            if (wvc_1) begin
                covc = (covc | oh5_1);
            end
        end
        if (wvc_1) begin
            mem_1_read_address = (head_3_q | vb1);
        end
        else begin
            mem_1_read_address = head_2_q;
        end
        byp_v_1_d = 1'b0;
        byp_d_1_d = fin_1;
        if (pop_2) begin
            byp_v_1_d = (cnt_2_q == 4'h0);
            if (wout_1 == k4_0) begin
                xv_0_d = 1'b1;
                xsrc_0_d = k4_1;
                xovc_0_d = ocv_2_q[0];
            end
            if (wout_1 == k4_1) begin
                xv_1_d = 1'b1;
                xsrc_1_d = k4_1;
                xovc_1_d = ocv_2_q[0];
            end
            if (wout_1 == k4_2) begin
                xv_2_d = 1'b1;
                xsrc_2_d = k4_1;
                xovc_2_d = ocv_2_q[0];
            end
            if (wout_1 == k4_3) begin
                xv_3_d = 1'b1;
                xsrc_3_d = k4_1;
                xovc_3_d = ocv_2_q[0];
            end
            if (wout_1 == k4_4) begin
                xv_4_d = 1'b1;
                xsrc_4_d = k4_1;
                xovc_4_d = ocv_2_q[0];
            end
        end
        if (pop_3) begin
            byp_v_1_d = (cnt_3_q == 4'h0);
            if (wout_1 == k4_0) begin
                xv_0_d = 1'b1;
                xsrc_0_d = k4_1;
                xovc_0_d = ocv_3_q[0];
            end
            if (wout_1 == k4_1) begin
                xv_1_d = 1'b1;
                xsrc_1_d = k4_1;
                xovc_1_d = ocv_3_q[0];
            end
            if (wout_1 == k4_2) begin
                xv_2_d = 1'b1;
                xsrc_2_d = k4_1;
                xovc_2_d = ocv_3_q[0];
            end
            if (wout_1 == k4_3) begin
                xv_3_d = 1'b1;
                xsrc_3_d = k4_1;
                xovc_3_d = ocv_3_q[0];
            end
            if (wout_1 == k4_4) begin
                xv_4_d = 1'b1;
                xsrc_4_d = k4_1;
                xovc_4_d = ocv_3_q[0];
            end
        end
        win_2 = |sgrant_2;
        wvc_2 = 1'b0;
        wout_2 = k4_0;
        if (sgrant_2[0]) begin
            wvc_2 = lab_2[0];
            wout_2 = k4_0;
        end
        if (sgrant_2[1]) begin
            wvc_2 = lab_2[1];
            wout_2 = k4_1;
        end
        if (sgrant_2[2]) begin
            wvc_2 = lab_2[2];
            wout_2 = k4_2;
        end
        if (sgrant_2[3]) begin
            wvc_2 = lab_2[3];
            wout_2 = k4_3;
        end
        if (sgrant_2[4]) begin
            wvc_2 = lab_2[4];
            wout_2 = k4_4;
        end
        pop_4 = (win_2 & ~wvc_2);
        pop_5 = (win_2 & wvc_2);
        if (win_2) begin
            co = (co | oh5_2);
            rr_2_d = ~wvc_2;
            if (wvc_2) begin
                covc = (covc | oh5_2);
            end
        end
        if (wvc_2) begin
            mem_2_read_address = (head_5_q | vb1);
        end
        else begin
            mem_2_read_address = head_4_q;
        end
        byp_v_2_d = 1'b0;
        byp_d_2_d = fin_2;
        if (pop_4) begin
            byp_v_2_d = (cnt_4_q == 4'h0);
            if (wout_2 == k4_0) begin
                xv_0_d = 1'b1;
                xsrc_0_d = k4_2;
                xovc_0_d = ocv_4_q[0];
            end
            if (wout_2 == k4_1) begin
                xv_1_d = 1'b1;
                xsrc_1_d = k4_2;
                xovc_1_d = ocv_4_q[0];
            end
            if (wout_2 == k4_2) begin
                xv_2_d = 1'b1;
                xsrc_2_d = k4_2;
                xovc_2_d = ocv_4_q[0];
            end
            if (wout_2 == k4_3) begin
                xv_3_d = 1'b1;
                xsrc_3_d = k4_2;
                xovc_3_d = ocv_4_q[0];
            end
            if (wout_2 == k4_4) begin
                xv_4_d = 1'b1;
                xsrc_4_d = k4_2;
                xovc_4_d = ocv_4_q[0];
            end
        end
        if (pop_5) begin
            byp_v_2_d = (cnt_5_q == 4'h0);
            if (wout_2 == k4_0) begin
                xv_0_d = 1'b1;
                xsrc_0_d = k4_2;
                xovc_0_d = ocv_5_q[0];
            end
            if (wout_2 == k4_1) begin
                xv_1_d = 1'b1;
                xsrc_1_d = k4_2;
                xovc_1_d = ocv_5_q[0];
            end
            if (wout_2 == k4_2) begin
                xv_2_d = 1'b1;
                xsrc_2_d = k4_2;
                xovc_2_d = ocv_5_q[0];
            end
            if (wout_2 == k4_3) begin
                xv_3_d = 1'b1;
                xsrc_3_d = k4_2;
                xovc_3_d = ocv_5_q[0];
            end
            if (wout_2 == k4_4) begin
                xv_4_d = 1'b1;
                xsrc_4_d = k4_2;
                xovc_4_d = ocv_5_q[0];
            end
        end
        win_3 = |sgrant_3;
        wvc_3 = 1'b0;
        wout_3 = k4_0;
        if (sgrant_3[0]) begin
            wvc_3 = lab_3[0];
            wout_3 = k4_0;
        end
        if (sgrant_3[1]) begin
            wvc_3 = lab_3[1];
            wout_3 = k4_1;
        end
        if (sgrant_3[2]) begin
            wvc_3 = lab_3[2];
            wout_3 = k4_2;
        end
        if (sgrant_3[3]) begin
            wvc_3 = lab_3[3];
            wout_3 = k4_3;
        end
        if (sgrant_3[4]) begin
            wvc_3 = lab_3[4];
            wout_3 = k4_4;
        end
        pop_6 = (win_3 & ~wvc_3);
        pop_7 = (win_3 & wvc_3);
        if (win_3) begin
            co = (co | oh5_3);
            rr_3_d = ~wvc_3;
            if (wvc_3) begin
                covc = (covc | oh5_3);
            end
        end
        if (wvc_3) begin
            mem_3_read_address = (head_7_q | vb1);
        end
        else begin
            mem_3_read_address = head_6_q;
        end
        byp_v_3_d = 1'b0;
        byp_d_3_d = fin_3;
        if (pop_6) begin
            byp_v_3_d = (cnt_6_q == 4'h0);
            if (wout_3 == k4_0) begin
                xv_0_d = 1'b1;
                xsrc_0_d = k4_3;
                xovc_0_d = ocv_6_q[0];
            end
            if (wout_3 == k4_1) begin
                xv_1_d = 1'b1;
                xsrc_1_d = k4_3;
                xovc_1_d = ocv_6_q[0];
            end
            if (wout_3 == k4_2) begin
                xv_2_d = 1'b1;
                xsrc_2_d = k4_3;
                xovc_2_d = ocv_6_q[0];
            end
            if (wout_3 == k4_3) begin
                xv_3_d = 1'b1;
                xsrc_3_d = k4_3;
                xovc_3_d = ocv_6_q[0];
            end
            if (wout_3 == k4_4) begin
                xv_4_d = 1'b1;
                xsrc_4_d = k4_3;
                xovc_4_d = ocv_6_q[0];
            end
        end
        if (pop_7) begin
            byp_v_3_d = (cnt_7_q == 4'h0);
            if (wout_3 == k4_0) begin
                xv_0_d = 1'b1;
                xsrc_0_d = k4_3;
                xovc_0_d = ocv_7_q[0];
            end
            if (wout_3 == k4_1) begin
                xv_1_d = 1'b1;
                xsrc_1_d = k4_3;
                xovc_1_d = ocv_7_q[0];
            end
            if (wout_3 == k4_2) begin
                xv_2_d = 1'b1;
                xsrc_2_d = k4_3;
                xovc_2_d = ocv_7_q[0];
            end
            if (wout_3 == k4_3) begin
                xv_3_d = 1'b1;
                xsrc_3_d = k4_3;
                xovc_3_d = ocv_7_q[0];
            end
            if (wout_3 == k4_4) begin
                xv_4_d = 1'b1;
                xsrc_4_d = k4_3;
                xovc_4_d = ocv_7_q[0];
            end
        end
        win_4 = |sgrant_4;
        wvc_4 = 1'b0;
        wout_4 = k4_0;
        if (sgrant_4[0]) begin
            wvc_4 = lab_4[0];
            wout_4 = k4_0;
        end
        if (sgrant_4[1]) begin
            wvc_4 = lab_4[1];
            wout_4 = k4_1;
        end
        if (sgrant_4[2]) begin
            wvc_4 = lab_4[2];
            wout_4 = k4_2;
        end
        if (sgrant_4[3]) begin
            wvc_4 = lab_4[3];
            wout_4 = k4_3;
        end
        if (sgrant_4[4]) begin
            wvc_4 = lab_4[4];
            wout_4 = k4_4;
        end
        pop_8 = (win_4 & ~wvc_4);
        pop_9 = (win_4 & wvc_4);
        if (win_4) begin
            co = (co | oh5_4);
            rr_4_d = ~wvc_4;
            if (wvc_4) begin
                covc = (covc | oh5_4);
            end
        end
        if (wvc_4) begin
            mem_4_read_address = (head_9_q | vb1);
        end
        else begin
            mem_4_read_address = head_8_q;
        end
        byp_v_4_d = 1'b0;
        byp_d_4_d = fin_4;
        if (pop_8) begin
            byp_v_4_d = (cnt_8_q == 4'h0);
            if (wout_4 == k4_0) begin
                xv_0_d = 1'b1;
                xsrc_0_d = k4_4;
                xovc_0_d = ocv_8_q[0];
            end
            if (wout_4 == k4_1) begin
                xv_1_d = 1'b1;
                xsrc_1_d = k4_4;
                xovc_1_d = ocv_8_q[0];
            end
            if (wout_4 == k4_2) begin
                xv_2_d = 1'b1;
                xsrc_2_d = k4_4;
                xovc_2_d = ocv_8_q[0];
            end
            if (wout_4 == k4_3) begin
                xv_3_d = 1'b1;
                xsrc_3_d = k4_4;
                xovc_3_d = ocv_8_q[0];
            end
            if (wout_4 == k4_4) begin
                xv_4_d = 1'b1;
                xsrc_4_d = k4_4;
                xovc_4_d = ocv_8_q[0];
            end
        end
        if (pop_9) begin
            byp_v_4_d = (cnt_9_q == 4'h0);
            if (wout_4 == k4_0) begin
                xv_0_d = 1'b1;
                xsrc_0_d = k4_4;
                xovc_0_d = ocv_9_q[0];
            end
            if (wout_4 == k4_1) begin
                xv_1_d = 1'b1;
                xsrc_1_d = k4_4;
                xovc_1_d = ocv_9_q[0];
            end
            if (wout_4 == k4_2) begin
                xv_2_d = 1'b1;
                xsrc_2_d = k4_4;
                xovc_2_d = ocv_9_q[0];
            end
            if (wout_4 == k4_3) begin
                xv_3_d = 1'b1;
                xsrc_3_d = k4_4;
                xovc_3_d = ocv_9_q[0];
            end
            if (wout_4 == k4_4) begin
                xv_4_d = 1'b1;
                xsrc_4_d = k4_4;
                xovc_4_d = ocv_9_q[0];
            end
        end
        cnext_0 = cnt_0_q;
        if (arrive_0 & ~pop_0) begin
            cnext_0 = cnt_0_q + 4'h1;
        end
        if (pop_0 & ~arrive_0) begin
            cnext_0 = cnt_0_q - 4'h1;
        end
        cnt_0_d = cnext_0;
        if (pop_0) begin
            head_0_d = ((head_0_q + 4'h1) & m7);
            if (ocv_0_q == k4_0) begin
                consume_0 = 1'b1;
                if (fsb_0[3]) begin
                    busy_0_d = 1'b0;
                end
            end
            if (ocv_0_q == k4_1) begin
                consume_1 = 1'b1;
                if (fsb_0[3]) begin
                    busy_1_d = 1'b0;
                end
            end
            if (ocv_0_q == k4_2) begin
                consume_2 = 1'b1;
                if (fsb_0[3]) begin
                    busy_2_d = 1'b0;
                end
            end
            if (ocv_0_q == k4_3) begin
                consume_3 = 1'b1;
                if (fsb_0[3]) begin
                    busy_3_d = 1'b0;
                end
            end
            if (ocv_0_q == k4_4) begin
                consume_4 = 1'b1;
                if (fsb_0[3]) begin
                    busy_4_d = 1'b0;
                end
            end
            if (ocv_0_q == k4_5) begin
                consume_5 = 1'b1;
                if (fsb_0[3]) begin
                    busy_5_d = 1'b0;
                end
            end
            if (ocv_0_q == k4_6) begin
                consume_6 = 1'b1;
                if (fsb_0[3]) begin
                    busy_6_d = 1'b0;
                end
            end
            if (ocv_0_q == k4_7) begin
                consume_7 = 1'b1;
                if (fsb_0[3]) begin
                    busy_7_d = 1'b0;
                end
            end
            if (ocv_0_q == k4_8) begin
                consume_8 = 1'b1;
                if (fsb_0[3]) begin
                    busy_8_d = 1'b0;
                end
            end
            if (ocv_0_q == k4_9) begin
                consume_9 = 1'b1;
                if (fsb_0[3]) begin
                    busy_9_d = 1'b0;
                end
            end
            if (fsb_0[3]) begin
                if (cnext_0 != 4'h0) begin
                    st_0_d = vcalloc;
                end
                else begin
                    st_0_d = idle;
                end
            end
        end
        cnext_1 = cnt_1_q;
        if (arrive_1 & ~pop_1) begin
            cnext_1 = cnt_1_q + 4'h1;
        end
        if (pop_1 & ~arrive_1) begin
            cnext_1 = cnt_1_q - 4'h1;
        end
        cnt_1_d = cnext_1;
        if (pop_1) begin
            head_1_d = ((head_1_q + 4'h1) & m7);
            if (ocv_1_q == k4_0) begin
                consume_0 = 1'b1;
                if (fsb_1[3]) begin
                    busy_0_d = 1'b0;
                end
            end
            if (ocv_1_q == k4_1) begin
                consume_1 = 1'b1;
                if (fsb_1[3]) begin
                    busy_1_d = 1'b0;
                end
            end
            if (ocv_1_q == k4_2) begin
                consume_2 = 1'b1;
                if (fsb_1[3]) begin
                    busy_2_d = 1'b0;
                end
            end
            if (ocv_1_q == k4_3) begin
                consume_3 = 1'b1;
                if (fsb_1[3]) begin
                    busy_3_d = 1'b0;
                end
            end
            if (ocv_1_q == k4_4) begin
                consume_4 = 1'b1;
                if (fsb_1[3]) begin
                    busy_4_d = 1'b0;
                end
            end
            if (ocv_1_q == k4_5) begin
                consume_5 = 1'b1;
                if (fsb_1[3]) begin
                    busy_5_d = 1'b0;
                end
            end
            if (ocv_1_q == k4_6) begin
                consume_6 = 1'b1;
                if (fsb_1[3]) begin
                    busy_6_d = 1'b0;
                end
            end
            if (ocv_1_q == k4_7) begin
                consume_7 = 1'b1;
                if (fsb_1[3]) begin
                    busy_7_d = 1'b0;
                end
            end
            if (ocv_1_q == k4_8) begin
                consume_8 = 1'b1;
                if (fsb_1[3]) begin
                    busy_8_d = 1'b0;
                end
            end
            if (ocv_1_q == k4_9) begin
                consume_9 = 1'b1;
                if (fsb_1[3]) begin
                    busy_9_d = 1'b0;
                end
            end
            if (fsb_1[3]) begin
                if (cnext_1 != 4'h0) begin
                    st_1_d = vcalloc;
                end
                else begin
                    st_1_d = idle;
                end
            end
        end
        cnext_2 = cnt_2_q;
        if (arrive_2 & ~pop_2) begin
            cnext_2 = cnt_2_q + 4'h1;
        end
        if (pop_2 & ~arrive_2) begin
            cnext_2 = cnt_2_q - 4'h1;
        end
        cnt_2_d = cnext_2;
        if (pop_2) begin
            head_2_d = ((head_2_q + 4'h1) & m7);
            if (ocv_2_q == k4_0) begin
                consume_0 = 1'b1;
                if (fsb_2[3]) begin
                    busy_0_d = 1'b0;
                end
            end
            if (ocv_2_q == k4_1) begin
                consume_1 = 1'b1;
                if (fsb_2[3]) begin
                    busy_1_d = 1'b0;
                end
            end
            if (ocv_2_q == k4_2) begin
                consume_2 = 1'b1;
                if (fsb_2[3]) begin
                    busy_2_d = 1'b0;
                end
            end
            if (ocv_2_q == k4_3) begin
                consume_3 = 1'b1;
                if (fsb_2[3]) begin
                    busy_3_d = 1'b0;
                end
            end
            if (ocv_2_q == k4_4) begin
                consume_4 = 1'b1;
                if (fsb_2[3]) begin
                    busy_4_d = 1'b0;
                end
            end
            if (ocv_2_q == k4_5) begin
                consume_5 = 1'b1;
                if (fsb_2[3]) begin
                    busy_5_d = 1'b0;
                end
            end
            if (ocv_2_q == k4_6) begin
                consume_6 = 1'b1;
                if (fsb_2[3]) begin
                    busy_6_d = 1'b0;
                end
            end
            if (ocv_2_q == k4_7) begin
                consume_7 = 1'b1;
                if (fsb_2[3]) begin
                    busy_7_d = 1'b0;
                end
            end
            if (ocv_2_q == k4_8) begin
                consume_8 = 1'b1;
                if (fsb_2[3]) begin
                    busy_8_d = 1'b0;
                end
            end
            if (ocv_2_q == k4_9) begin
                consume_9 = 1'b1;
                if (fsb_2[3]) begin
                    busy_9_d = 1'b0;
                end
            end
            if (fsb_2[3]) begin
                if (cnext_2 != 4'h0) begin
                    st_2_d = vcalloc;
                end
                else begin
                    st_2_d = idle;
                end
            end
        end
        cnext_3 = cnt_3_q;
        if (arrive_3 & ~pop_3) begin
            cnext_3 = cnt_3_q + 4'h1;
        end
        if (pop_3 & ~arrive_3) begin
            cnext_3 = cnt_3_q - 4'h1;
        end
        cnt_3_d = cnext_3;
        if (pop_3) begin
            head_3_d = ((head_3_q + 4'h1) & m7);
            if (ocv_3_q == k4_0) begin
                consume_0 = 1'b1;
                if (fsb_3[3]) begin
                    busy_0_d = 1'b0;
                end
            end
            if (ocv_3_q == k4_1) begin
                consume_1 = 1'b1;
                if (fsb_3[3]) begin
                    busy_1_d = 1'b0;
                end
            end
            if (ocv_3_q == k4_2) begin
                consume_2 = 1'b1;
                if (fsb_3[3]) begin
                    busy_2_d = 1'b0;
                end
            end
            if (ocv_3_q == k4_3) begin
                consume_3 = 1'b1;
                if (fsb_3[3]) begin
                    busy_3_d = 1'b0;
                end
            end
            if (ocv_3_q == k4_4) begin
                consume_4 = 1'b1;
                if (fsb_3[3]) begin
                    busy_4_d = 1'b0;
                end
            end
            if (ocv_3_q == k4_5) begin
                consume_5 = 1'b1;
                if (fsb_3[3]) begin
                    busy_5_d = 1'b0;
                end
            end
            if (ocv_3_q == k4_6) begin
                consume_6 = 1'b1;
                if (fsb_3[3]) begin
                    busy_6_d = 1'b0;
                end
            end
            if (ocv_3_q == k4_7) begin
                consume_7 = 1'b1;
                if (fsb_3[3]) begin
                    busy_7_d = 1'b0;
                end
            end
            if (ocv_3_q == k4_8) begin
                consume_8 = 1'b1;
                if (fsb_3[3]) begin
                    busy_8_d = 1'b0;
                end
            end
            if (ocv_3_q == k4_9) begin
                consume_9 = 1'b1;
                if (fsb_3[3]) begin
                    busy_9_d = 1'b0;
                end
            end
            if (fsb_3[3]) begin
                if (cnext_3 != 4'h0) begin
                    st_3_d = vcalloc;
                end
                else begin
                    st_3_d = idle;
                end
            end
        end
        cnext_4 = cnt_4_q;
        if (arrive_4 & ~pop_4) begin
            cnext_4 = cnt_4_q + 4'h1;
        end
        if (pop_4 & ~arrive_4) begin
            cnext_4 = cnt_4_q - 4'h1;
        end
        cnt_4_d = cnext_4;
        if (pop_4) begin
            head_4_d = ((head_4_q + 4'h1) & m7);
            if (ocv_4_q == k4_0) begin
                consume_0 = 1'b1;
                if (fsb_4[3]) begin
                    busy_0_d = 1'b0;
                end
            end
            if (ocv_4_q == k4_1) begin
                consume_1 = 1'b1;
                if (fsb_4[3]) begin
                    busy_1_d = 1'b0;
                end
            end
            if (ocv_4_q == k4_2) begin
                consume_2 = 1'b1;
                if (fsb_4[3]) begin
                    busy_2_d = 1'b0;
                end
            end
            if (ocv_4_q == k4_3) begin
                consume_3 = 1'b1;
                if (fsb_4[3]) begin
                    busy_3_d = 1'b0;
                end
            end
            if (ocv_4_q == k4_4) begin
                consume_4 = 1'b1;
                if (fsb_4[3]) begin
                    busy_4_d = 1'b0;
                end
            end
            if (ocv_4_q == k4_5) begin
                consume_5 = 1'b1;
                if (fsb_4[3]) begin
                    busy_5_d = 1'b0;
                end
            end
            if (ocv_4_q == k4_6) begin
                consume_6 = 1'b1;
                if (fsb_4[3]) begin
                    busy_6_d = 1'b0;
                end
            end
            if (ocv_4_q == k4_7) begin
                consume_7 = 1'b1;
                if (fsb_4[3]) begin
                    busy_7_d = 1'b0;
                end
            end
            if (ocv_4_q == k4_8) begin
                consume_8 = 1'b1;
                if (fsb_4[3]) begin
                    busy_8_d = 1'b0;
                end
            end
            if (ocv_4_q == k4_9) begin
                consume_9 = 1'b1;
                if (fsb_4[3]) begin
                    busy_9_d = 1'b0;
                end
            end
            if (fsb_4[3]) begin
                if (cnext_4 != 4'h0) begin
                    st_4_d = vcalloc;
                end
                else begin
                    st_4_d = idle;
                end
            end
        end
        cnext_5 = cnt_5_q;
        if (arrive_5 & ~pop_5) begin
            cnext_5 = cnt_5_q + 4'h1;
        end
        if (pop_5 & ~arrive_5) begin
            cnext_5 = cnt_5_q - 4'h1;
        end
        cnt_5_d = cnext_5;
        if (pop_5) begin
            head_5_d = ((head_5_q + 4'h1) & m7);
            if (ocv_5_q == k4_0) begin
                consume_0 = 1'b1;
                if (fsb_5[3]) begin
                    busy_0_d = 1'b0;
                end
            end
            if (ocv_5_q == k4_1) begin
                consume_1 = 1'b1;
                if (fsb_5[3]) begin
                    busy_1_d = 1'b0;
                end
            end
            if (ocv_5_q == k4_2) begin
                consume_2 = 1'b1;
                if (fsb_5[3]) begin
                    busy_2_d = 1'b0;
                end
            end
            if (ocv_5_q == k4_3) begin
                consume_3 = 1'b1;
                if (fsb_5[3]) begin
                    busy_3_d = 1'b0;
                end
            end
            if (ocv_5_q == k4_4) begin
                consume_4 = 1'b1;
                if (fsb_5[3]) begin
                    busy_4_d = 1'b0;
                end
            end
            if (ocv_5_q == k4_5) begin
                consume_5 = 1'b1;
                if (fsb_5[3]) begin
                    busy_5_d = 1'b0;
                end
            end
            if (ocv_5_q == k4_6) begin
                consume_6 = 1'b1;
                if (fsb_5[3]) begin
                    busy_6_d = 1'b0;
                end
            end
            if (ocv_5_q == k4_7) begin
                consume_7 = 1'b1;
                if (fsb_5[3]) begin
                    busy_7_d = 1'b0;
                end
            end
            if (ocv_5_q == k4_8) begin
                consume_8 = 1'b1;
                if (fsb_5[3]) begin
                    busy_8_d = 1'b0;
                end
            end
            if (ocv_5_q == k4_9) begin
                consume_9 = 1'b1;
                if (fsb_5[3]) begin
                    busy_9_d = 1'b0;
                end
            end
            if (fsb_5[3]) begin
                if (cnext_5 != 4'h0) begin
                    st_5_d = vcalloc;
                end
                else begin
                    st_5_d = idle;
                end
            end
        end
        cnext_6 = cnt_6_q;
        if (arrive_6 & ~pop_6) begin
            cnext_6 = cnt_6_q + 4'h1;
        end
        if (pop_6 & ~arrive_6) begin
            cnext_6 = cnt_6_q - 4'h1;
        end
        cnt_6_d = cnext_6;
        if (pop_6) begin
            head_6_d = ((head_6_q + 4'h1) & m7);
            if (ocv_6_q == k4_0) begin
                consume_0 = 1'b1;
                if (fsb_6[3]) begin
                    busy_0_d = 1'b0;
                end
            end
            if (ocv_6_q == k4_1) begin
                consume_1 = 1'b1;
                if (fsb_6[3]) begin
                    busy_1_d = 1'b0;
                end
            end
            if (ocv_6_q == k4_2) begin
                consume_2 = 1'b1;
                if (fsb_6[3]) begin
                    busy_2_d = 1'b0;
                end
            end
            if (ocv_6_q == k4_3) begin
                consume_3 = 1'b1;
                if (fsb_6[3]) begin
                    busy_3_d = 1'b0;
                end
            end
            if (ocv_6_q == k4_4) begin
                consume_4 = 1'b1;
                if (fsb_6[3]) begin
                    busy_4_d = 1'b0;
                end
            end
            if (ocv_6_q == k4_5) begin
                consume_5 = 1'b1;
                if (fsb_6[3]) begin
                    busy_5_d = 1'b0;
                end
            end
            if (ocv_6_q == k4_6) begin
                consume_6 = 1'b1;
                if (fsb_6[3]) begin
                    busy_6_d = 1'b0;
                end
            end
            if (ocv_6_q == k4_7) begin
                consume_7 = 1'b1;
                if (fsb_6[3]) begin
                    busy_7_d = 1'b0;
                end
            end
            if (ocv_6_q == k4_8) begin
                consume_8 = 1'b1;
                if (fsb_6[3]) begin
                    busy_8_d = 1'b0;
                end
            end
            if (ocv_6_q == k4_9) begin
                consume_9 = 1'b1;
                if (fsb_6[3]) begin
                    busy_9_d = 1'b0;
                end
            end
            if (fsb_6[3]) begin
                if (cnext_6 != 4'h0) begin
                    st_6_d = vcalloc;
                end
                else begin
                    st_6_d = idle;
                end
            end
        end
        cnext_7 = cnt_7_q;
        if (arrive_7 & ~pop_7) begin
            cnext_7 = cnt_7_q + 4'h1;
        end
        if (pop_7 & ~arrive_7) begin
            cnext_7 = cnt_7_q - 4'h1;
        end
        cnt_7_d = cnext_7;
        if (pop_7) begin
            head_7_d = ((head_7_q + 4'h1) & m7);
            if (ocv_7_q == k4_0) begin
                consume_0 = 1'b1;
                if (fsb_7[3]) begin
                    busy_0_d = 1'b0;
                end
            end
            if (ocv_7_q == k4_1) begin
                consume_1 = 1'b1;
                if (fsb_7[3]) begin
                    busy_1_d = 1'b0;
                end
            end
            if (ocv_7_q == k4_2) begin
                consume_2 = 1'b1;
                if (fsb_7[3]) begin
                    busy_2_d = 1'b0;
                end
            end
            if (ocv_7_q == k4_3) begin
                consume_3 = 1'b1;
                if (fsb_7[3]) begin
                    busy_3_d = 1'b0;
                end
            end
            if (ocv_7_q == k4_4) begin
                consume_4 = 1'b1;
                if (fsb_7[3]) begin
                    busy_4_d = 1'b0;
                end
            end
            if (ocv_7_q == k4_5) begin
                consume_5 = 1'b1;
                if (fsb_7[3]) begin
                    busy_5_d = 1'b0;
                end
            end
            if (ocv_7_q == k4_6) begin
                consume_6 = 1'b1;
                if (fsb_7[3]) begin
                    busy_6_d = 1'b0;
                end
            end
            if (ocv_7_q == k4_7) begin
                consume_7 = 1'b1;
                if (fsb_7[3]) begin
                    busy_7_d = 1'b0;
                end
            end
            if (ocv_7_q == k4_8) begin
                consume_8 = 1'b1;
                if (fsb_7[3]) begin
                    busy_8_d = 1'b0;
                end
            end
            if (ocv_7_q == k4_9) begin
                consume_9 = 1'b1;
                if (fsb_7[3]) begin
                    busy_9_d = 1'b0;
                end
            end
            if (fsb_7[3]) begin
                if (cnext_7 != 4'h0) begin
                    st_7_d = vcalloc;
                end
                else begin
                    st_7_d = idle;
                end
            end
        end
        cnext_8 = cnt_8_q;
        if (arrive_8 & ~pop_8) begin
            cnext_8 = cnt_8_q + 4'h1;
        end
        if (pop_8 & ~arrive_8) begin
            cnext_8 = cnt_8_q - 4'h1;
        end
        cnt_8_d = cnext_8;
        if (pop_8) begin
            head_8_d = ((head_8_q + 4'h1) & m7);
            if (ocv_8_q == k4_0) begin
                consume_0 = 1'b1;
                if (fsb_8[3]) begin
                    busy_0_d = 1'b0;
                end
            end
            if (ocv_8_q == k4_1) begin
                consume_1 = 1'b1;
                if (fsb_8[3]) begin
                    busy_1_d = 1'b0;
                end
            end
            if (ocv_8_q == k4_2) begin
                consume_2 = 1'b1;
                if (fsb_8[3]) begin
                    busy_2_d = 1'b0;
                end
            end
            if (ocv_8_q == k4_3) begin
                consume_3 = 1'b1;
                if (fsb_8[3]) begin
                    busy_3_d = 1'b0;
                end
            end
            if (ocv_8_q == k4_4) begin
                consume_4 = 1'b1;
                if (fsb_8[3]) begin
                    busy_4_d = 1'b0;
                end
            end
            if (ocv_8_q == k4_5) begin
                consume_5 = 1'b1;
                if (fsb_8[3]) begin
                    busy_5_d = 1'b0;
                end
            end
            if (ocv_8_q == k4_6) begin
                consume_6 = 1'b1;
                if (fsb_8[3]) begin
                    busy_6_d = 1'b0;
                end
            end
            if (ocv_8_q == k4_7) begin
                consume_7 = 1'b1;
                if (fsb_8[3]) begin
                    busy_7_d = 1'b0;
                end
            end
            if (ocv_8_q == k4_8) begin
                consume_8 = 1'b1;
                if (fsb_8[3]) begin
                    busy_8_d = 1'b0;
                end
            end
            if (ocv_8_q == k4_9) begin
                consume_9 = 1'b1;
                if (fsb_8[3]) begin
                    busy_9_d = 1'b0;
                end
            end
            if (fsb_8[3]) begin
                if (cnext_8 != 4'h0) begin
                    st_8_d = vcalloc;
                end
                else begin
                    st_8_d = idle;
                end
            end
        end
        cnext_9 = cnt_9_q;
        if (arrive_9 & ~pop_9) begin
            cnext_9 = cnt_9_q + 4'h1;
        end
        if (pop_9 & ~arrive_9) begin
            cnext_9 = cnt_9_q - 4'h1;
        end
        cnt_9_d = cnext_9;
        if (pop_9) begin
            head_9_d = ((head_9_q + 4'h1) & m7);
            if (ocv_9_q == k4_0) begin
                consume_0 = 1'b1;
                if (fsb_9[3]) begin
                    busy_0_d = 1'b0;
                end
            end
            if (ocv_9_q == k4_1) begin
                consume_1 = 1'b1;
                if (fsb_9[3]) begin
                    busy_1_d = 1'b0;
                end
            end
            if (ocv_9_q == k4_2) begin
                consume_2 = 1'b1;
                if (fsb_9[3]) begin
                    busy_2_d = 1'b0;
                end
            end
            if (ocv_9_q == k4_3) begin
                consume_3 = 1'b1;
                if (fsb_9[3]) begin
                    busy_3_d = 1'b0;
                end
            end
            if (ocv_9_q == k4_4) begin
                consume_4 = 1'b1;
                if (fsb_9[3]) begin
                    busy_4_d = 1'b0;
                end
            end
            if (ocv_9_q == k4_5) begin
                consume_5 = 1'b1;
                if (fsb_9[3]) begin
                    busy_5_d = 1'b0;
                end
            end
            if (ocv_9_q == k4_6) begin
                consume_6 = 1'b1;
                if (fsb_9[3]) begin
                    busy_6_d = 1'b0;
                end
            end
            if (ocv_9_q == k4_7) begin
                consume_7 = 1'b1;
                if (fsb_9[3]) begin
                    busy_7_d = 1'b0;
                end
            end
            if (ocv_9_q == k4_8) begin
                consume_8 = 1'b1;
                if (fsb_9[3]) begin
                    busy_8_d = 1'b0;
                end
            end
            if (ocv_9_q == k4_9) begin
                consume_9 = 1'b1;
                if (fsb_9[3]) begin
                    busy_9_d = 1'b0;
                end
            end
            if (fsb_9[3]) begin
                if (cnext_9 != 4'h0) begin
                    st_9_d = vcalloc;
                end
                else begin
                    st_9_d = idle;
                end
            end
        end
        cred_out = co;
        cred_out_vc = covc;
        cd_v_0_d = cred_in[0];
        cd_vc_0_d = cred_in_vc[0];
        ret_0 = (cd_v_0_q & ~cd_vc_0_q);
        ret_1 = (cd_v_0_q & cd_vc_0_q);
        cd_v_1_d = cred_in[1];
        cd_vc_1_d = cred_in_vc[1];
        ret_2 = (cd_v_1_q & ~cd_vc_1_q);
        ret_3 = (cd_v_1_q & cd_vc_1_q);
        cd_v_2_d = cred_in[2];
        cd_vc_2_d = cred_in_vc[2];
        ret_4 = (cd_v_2_q & ~cd_vc_2_q);
        ret_5 = (cd_v_2_q & cd_vc_2_q);
        cd_v_3_d = cred_in[3];
        cd_vc_3_d = cred_in_vc[3];
        ret_6 = (cd_v_3_q & ~cd_vc_3_q);
        ret_7 = (cd_v_3_q & cd_vc_3_q);
        cd_v_4_d = cred_in[4];
        cd_vc_4_d = cred_in_vc[4];
        ret_8 = (cd_v_4_q & ~cd_vc_4_q);
        ret_9 = (cd_v_4_q & cd_vc_4_q);
        give_0 = (ret_0 & ((used_0_q != 4'h0) | consume_0));
        if (consume_0 & ~give_0) begin
            used_0_d = used_0_q + 4'h1;
        end
        if (give_0 & ~consume_0) begin
            used_0_d = used_0_q - 4'h1;
        end
        give_1 = (ret_1 & ((used_1_q != 4'h0) | consume_1));
        if (consume_1 & ~give_1) begin
            used_1_d = used_1_q + 4'h1;
        end
        if (give_1 & ~consume_1) begin
            used_1_d = used_1_q - 4'h1;
        end
        give_2 = (ret_2 & ((used_2_q != 4'h0) | consume_2));
        if (consume_2 & ~give_2) begin
            used_2_d = used_2_q + 4'h1;
        end
        if (give_2 & ~consume_2) begin
            used_2_d = used_2_q - 4'h1;
        end
        give_3 = (ret_3 & ((used_3_q != 4'h0) | consume_3));
        if (consume_3 & ~give_3) begin
            used_3_d = used_3_q + 4'h1;
        end
        if (give_3 & ~consume_3) begin
            used_3_d = used_3_q - 4'h1;
        end
        give_4 = (ret_4 & ((used_4_q != 4'h0) | consume_4));
        if (consume_4 & ~give_4) begin
            used_4_d = used_4_q + 4'h1;
        end
        if (give_4 & ~consume_4) begin
            used_4_d = used_4_q - 4'h1;
        end
        give_5 = (ret_5 & ((used_5_q != 4'h0) | consume_5));
        if (consume_5 & ~give_5) begin
            used_5_d = used_5_q + 4'h1;
        end
        if (give_5 & ~consume_5) begin
            used_5_d = used_5_q - 4'h1;
        end
        give_6 = (ret_6 & ((used_6_q != 4'h0) | consume_6));
        if (consume_6 & ~give_6) begin
            used_6_d = used_6_q + 4'h1;
        end
        if (give_6 & ~consume_6) begin
            used_6_d = used_6_q - 4'h1;
        end
        give_7 = (ret_7 & ((used_7_q != 4'h0) | consume_7));
        if (consume_7 & ~give_7) begin
            used_7_d = used_7_q + 4'h1;
        end
        if (give_7 & ~consume_7) begin
            used_7_d = used_7_q - 4'h1;
        end
        give_8 = (ret_8 & ((used_8_q != 4'h0) | consume_8));
        if (consume_8 & ~give_8) begin
            used_8_d = used_8_q + 4'h1;
        end
        if (give_8 & ~consume_8) begin
            used_8_d = used_8_q - 4'h1;
        end
        give_9 = (ret_9 & ((used_9_q != 4'h0) | consume_9));
        if (consume_9 & ~give_9) begin
            used_9_d = used_9_q + 4'h1;
        end
        if (give_9 & ~consume_9) begin
            used_9_d = used_9_q - 4'h1;
        end
        ov = 5'h0;
        ovc = 5'h0;
        word_0 = 16'h0;
        if (xv_0_q) begin
            ov = (ov | oh5_0);
            if (xovc_0_q) begin
                ovc = (ovc | oh5_0);
            end
            if (xsrc_0_q == k4_0) begin
                if (byp_v_0_q) begin
                    word_0 = byp_d_0_q;
                end
                else begin
                    word_0 = mem_0_read_data;
                end
            end
            if (xsrc_0_q == k4_1) begin
                if (byp_v_1_q) begin
                    word_0 = byp_d_1_q;
                end
                else begin
                    word_0 = mem_1_read_data;
                end
            end
            if (xsrc_0_q == k4_2) begin
                if (byp_v_2_q) begin
                    word_0 = byp_d_2_q;
                end
                else begin
                    word_0 = mem_2_read_data;
                end
            end
            if (xsrc_0_q == k4_3) begin
                if (byp_v_3_q) begin
                    word_0 = byp_d_3_q;
                end
                else begin
                    word_0 = mem_3_read_data;
                end
            end
            if (xsrc_0_q == k4_4) begin
                if (byp_v_4_q) begin
                    word_0 = byp_d_4_q;
                end
                else begin
                    word_0 = mem_4_read_data;
                end
            end
        end
        word_1 = 16'h0;
        if (xv_1_q) begin
            ov = (ov | oh5_1);
            if (xovc_1_q) begin
                ovc = (ovc | oh5_1);
            end
            if (xsrc_1_q == k4_0) begin
                if (byp_v_0_q) begin
                    word_1 = byp_d_0_q;
                end
                else begin
                    word_1 = mem_0_read_data;
                end
            end
            if (xsrc_1_q == k4_1) begin
                if (byp_v_1_q) begin
                    word_1 = byp_d_1_q;
                end
                else begin
                    word_1 = mem_1_read_data;
                end
            end
            if (xsrc_1_q == k4_2) begin
                if (byp_v_2_q) begin
                    word_1 = byp_d_2_q;
                end
                else begin
                    word_1 = mem_2_read_data;
                end
            end
            if (xsrc_1_q == k4_3) begin
                if (byp_v_3_q) begin
                    word_1 = byp_d_3_q;
                end
                else begin
                    word_1 = mem_3_read_data;
                end
            end
            if (xsrc_1_q == k4_4) begin
                if (byp_v_4_q) begin
                    word_1 = byp_d_4_q;
                end
                else begin
                    word_1 = mem_4_read_data;
                end
            end
        end
        word_2 = 16'h0;
        if (xv_2_q) begin
            ov = (ov | oh5_2);
            if (xovc_2_q) begin
                ovc = (ovc | oh5_2);
            end
            if (xsrc_2_q == k4_0) begin
                if (byp_v_0_q) begin
                    word_2 = byp_d_0_q;
                end
                else begin
                    word_2 = mem_0_read_data;
                end
            end
            if (xsrc_2_q == k4_1) begin
                if (byp_v_1_q) begin
                    word_2 = byp_d_1_q;
                end
                else begin
                    word_2 = mem_1_read_data;
                end
            end
            if (xsrc_2_q == k4_2) begin
                if (byp_v_2_q) begin
                    word_2 = byp_d_2_q;
                end
                else begin
                    word_2 = mem_2_read_data;
                end
            end
            if (xsrc_2_q == k4_3) begin
                if (byp_v_3_q) begin
                    word_2 = byp_d_3_q;
                end
                else begin
                    word_2 = mem_3_read_data;
                end
            end
            if (xsrc_2_q == k4_4) begin
                if (byp_v_4_q) begin
                    word_2 = byp_d_4_q;
                end
                else begin
                    word_2 = mem_4_read_data;
                end
            end
        end
        word_3 = 16'h0;
        if (xv_3_q) begin
            ov = (ov | oh5_3);
            if (xovc_3_q) begin
                ovc = (ovc | oh5_3);
            end
            if (xsrc_3_q == k4_0) begin
                if (byp_v_0_q) begin
                    word_3 = byp_d_0_q;
                end
                else begin
                    word_3 = mem_0_read_data;
                end
            end
            if (xsrc_3_q == k4_1) begin
                if (byp_v_1_q) begin
                    word_3 = byp_d_1_q;
                end
                else begin
                    word_3 = mem_1_read_data;
                end
            end
            if (xsrc_3_q == k4_2) begin
                if (byp_v_2_q) begin
                    word_3 = byp_d_2_q;
                end
                else begin
                    word_3 = mem_2_read_data;
                end
            end
            if (xsrc_3_q == k4_3) begin
                if (byp_v_3_q) begin
                    word_3 = byp_d_3_q;
                end
                else begin
                    word_3 = mem_3_read_data;
                end
            end
            if (xsrc_3_q == k4_4) begin
                if (byp_v_4_q) begin
                    word_3 = byp_d_4_q;
                end
                else begin
                    word_3 = mem_4_read_data;
                end
            end
        end
        word_4 = 16'h0;
        if (xv_4_q) begin
            ov = (ov | oh5_4);
            if (xovc_4_q) begin
                ovc = (ovc | oh5_4);
            end
            if (xsrc_4_q == k4_0) begin
                if (byp_v_0_q) begin
                    word_4 = byp_d_0_q;
                end
                else begin
                    word_4 = mem_0_read_data;
                end
            end
            if (xsrc_4_q == k4_1) begin
                if (byp_v_1_q) begin
                    word_4 = byp_d_1_q;
                end
                else begin
                    word_4 = mem_1_read_data;
                end
            end
            if (xsrc_4_q == k4_2) begin
                if (byp_v_2_q) begin
                    word_4 = byp_d_2_q;
                end
                else begin
                    word_4 = mem_2_read_data;
                end
            end
            if (xsrc_4_q == k4_3) begin
                if (byp_v_3_q) begin
                    word_4 = byp_d_3_q;
                end
                else begin
                    word_4 = mem_3_read_data;
                end
            end
            if (xsrc_4_q == k4_4) begin
                if (byp_v_4_q) begin
                    word_4 = byp_d_4_q;
                end
                else begin
                    word_4 = mem_4_read_data;
                end
            end
        end
        out_valid = ov;
        out_vc = ovc;
        flit_out0 = word_0;
        flit_out1 = word_1;
        flit_out2 = word_2;
        flit_out3 = word_3;
        flit_out4 = word_4;
    end

    // Registers: synchronous reset to their power-on values
    always @(posedge clock) begin
        if (reset) begin
            vin_ptr_0_q <= 4'h0;
            vin_ptr_1_q <= 4'h0;
            vin_ptr_2_q <= 4'h0;
            vin_ptr_3_q <= 4'h0;
            vin_ptr_4_q <= 4'h0;
            vin_ptr_5_q <= 4'h0;
            vin_ptr_6_q <= 4'h0;
            vin_ptr_7_q <= 4'h0;
            vin_ptr_8_q <= 4'h0;
            vin_ptr_9_q <= 4'h0;
            vout_ptr_0_q <= 4'h0;
            vout_ptr_1_q <= 4'h0;
            vout_ptr_2_q <= 4'h0;
            vout_ptr_3_q <= 4'h0;
            vout_ptr_4_q <= 4'h0;
            vout_ptr_5_q <= 4'h0;
            vout_ptr_6_q <= 4'h0;
            vout_ptr_7_q <= 4'h0;
            vout_ptr_8_q <= 4'h0;
            vout_ptr_9_q <= 4'h0;
            sin_ptr_0_q <= 3'h0;
            sin_ptr_1_q <= 3'h0;
            sin_ptr_2_q <= 3'h0;
            sin_ptr_3_q <= 3'h0;
            sin_ptr_4_q <= 3'h0;
            sout_ptr_0_q <= 3'h0;
            sout_ptr_1_q <= 3'h0;
            sout_ptr_2_q <= 3'h0;
            sout_ptr_3_q <= 3'h0;
            sout_ptr_4_q <= 3'h0;
            used_0_q <= 4'h0;
            used_1_q <= 4'h0;
            used_2_q <= 4'h0;
            used_3_q <= 4'h0;
            used_4_q <= 4'h0;
            used_5_q <= 4'h0;
            used_6_q <= 4'h0;
            used_7_q <= 4'h0;
            used_8_q <= 4'h0;
            used_9_q <= 4'h0;
            head_0_q <= 4'h0;
            head_1_q <= 4'h0;
            head_2_q <= 4'h0;
            head_3_q <= 4'h0;
            head_4_q <= 4'h0;
            head_5_q <= 4'h0;
            head_6_q <= 4'h0;
            head_7_q <= 4'h0;
            head_8_q <= 4'h0;
            head_9_q <= 4'h0;
            cnt_0_q <= 4'h0;
            cnt_1_q <= 4'h0;
            cnt_2_q <= 4'h0;
            cnt_3_q <= 4'h0;
            cnt_4_q <= 4'h0;
            cnt_5_q <= 4'h0;
            cnt_6_q <= 4'h0;
            cnt_7_q <= 4'h0;
            cnt_8_q <= 4'h0;
            cnt_9_q <= 4'h0;
            st_0_q <= 2'h0;
            st_1_q <= 2'h0;
            st_2_q <= 2'h0;
            st_3_q <= 2'h0;
            st_4_q <= 2'h0;
            st_5_q <= 2'h0;
            st_6_q <= 2'h0;
            st_7_q <= 2'h0;
            st_8_q <= 2'h0;
            st_9_q <= 2'h0;
            oport_0_q <= 4'h0;
            oport_1_q <= 4'h0;
            oport_2_q <= 4'h0;
            oport_3_q <= 4'h0;
            oport_4_q <= 4'h0;
            oport_5_q <= 4'h0;
            oport_6_q <= 4'h0;
            oport_7_q <= 4'h0;
            oport_8_q <= 4'h0;
            oport_9_q <= 4'h0;
            ocv_0_q <= 4'h0;
            ocv_1_q <= 4'h0;
            ocv_2_q <= 4'h0;
            ocv_3_q <= 4'h0;
            ocv_4_q <= 4'h0;
            ocv_5_q <= 4'h0;
            ocv_6_q <= 4'h0;
            ocv_7_q <= 4'h0;
            ocv_8_q <= 4'h0;
            ocv_9_q <= 4'h0;
            sb_0_q <= 4'h0;
            sb_1_q <= 4'h0;
            sb_2_q <= 4'h0;
            sb_3_q <= 4'h0;
            sb_4_q <= 4'h0;
            sb_5_q <= 4'h0;
            sb_6_q <= 4'h0;
            sb_7_q <= 4'h0;
            sb_8_q <= 4'h0;
            sb_9_q <= 4'h0;
            sb_10_q <= 4'h0;
            sb_11_q <= 4'h0;
            sb_12_q <= 4'h0;
            sb_13_q <= 4'h0;
            sb_14_q <= 4'h0;
            sb_15_q <= 4'h0;
            sb_16_q <= 4'h0;
            sb_17_q <= 4'h0;
            sb_18_q <= 4'h0;
            sb_19_q <= 4'h0;
            sb_20_q <= 4'h0;
            sb_21_q <= 4'h0;
            sb_22_q <= 4'h0;
            sb_23_q <= 4'h0;
            sb_24_q <= 4'h0;
            sb_25_q <= 4'h0;
            sb_26_q <= 4'h0;
            sb_27_q <= 4'h0;
            sb_28_q <= 4'h0;
            sb_29_q <= 4'h0;
            sb_30_q <= 4'h0;
            sb_31_q <= 4'h0;
            sb_32_q <= 4'h0;
            sb_33_q <= 4'h0;
            sb_34_q <= 4'h0;
            sb_35_q <= 4'h0;
            sb_36_q <= 4'h0;
            sb_37_q <= 4'h0;
            sb_38_q <= 4'h0;
            sb_39_q <= 4'h0;
            sb_40_q <= 4'h0;
            sb_41_q <= 4'h0;
            sb_42_q <= 4'h0;
            sb_43_q <= 4'h0;
            sb_44_q <= 4'h0;
            sb_45_q <= 4'h0;
            sb_46_q <= 4'h0;
            sb_47_q <= 4'h0;
            sb_48_q <= 4'h0;
            sb_49_q <= 4'h0;
            sb_50_q <= 4'h0;
            sb_51_q <= 4'h0;
            sb_52_q <= 4'h0;
            sb_53_q <= 4'h0;
            sb_54_q <= 4'h0;
            sb_55_q <= 4'h0;
            sb_56_q <= 4'h0;
            sb_57_q <= 4'h0;
            sb_58_q <= 4'h0;
            sb_59_q <= 4'h0;
            sb_60_q <= 4'h0;
            sb_61_q <= 4'h0;
            sb_62_q <= 4'h0;
            sb_63_q <= 4'h0;
            sb_64_q <= 4'h0;
            sb_65_q <= 4'h0;
            sb_66_q <= 4'h0;
            sb_67_q <= 4'h0;
            sb_68_q <= 4'h0;
            sb_69_q <= 4'h0;
            sb_70_q <= 4'h0;
            sb_71_q <= 4'h0;
            sb_72_q <= 4'h0;
            sb_73_q <= 4'h0;
            sb_74_q <= 4'h0;
            sb_75_q <= 4'h0;
            sb_76_q <= 4'h0;
            sb_77_q <= 4'h0;
            sb_78_q <= 4'h0;
            sb_79_q <= 4'h0;
            busy_0_q <= 1'h0;
            busy_1_q <= 1'h0;
            busy_2_q <= 1'h0;
            busy_3_q <= 1'h0;
            busy_4_q <= 1'h0;
            busy_5_q <= 1'h0;
            busy_6_q <= 1'h0;
            busy_7_q <= 1'h0;
            busy_8_q <= 1'h0;
            busy_9_q <= 1'h0;
            rr_0_q <= 1'h0;
            rr_1_q <= 1'h0;
            rr_2_q <= 1'h0;
            rr_3_q <= 1'h0;
            rr_4_q <= 1'h0;
            cd_v_0_q <= 1'h0;
            cd_v_1_q <= 1'h0;
            cd_v_2_q <= 1'h0;
            cd_v_3_q <= 1'h0;
            cd_v_4_q <= 1'h0;
            cd_vc_0_q <= 1'h0;
            cd_vc_1_q <= 1'h0;
            cd_vc_2_q <= 1'h0;
            cd_vc_3_q <= 1'h0;
            cd_vc_4_q <= 1'h0;
            xv_0_q <= 1'h0;
            xv_1_q <= 1'h0;
            xv_2_q <= 1'h0;
            xv_3_q <= 1'h0;
            xv_4_q <= 1'h0;
            xsrc_0_q <= 4'h0;
            xsrc_1_q <= 4'h0;
            xsrc_2_q <= 4'h0;
            xsrc_3_q <= 4'h0;
            xsrc_4_q <= 4'h0;
            xovc_0_q <= 1'h0;
            xovc_1_q <= 1'h0;
            xovc_2_q <= 1'h0;
            xovc_3_q <= 1'h0;
            xovc_4_q <= 1'h0;
            byp_v_0_q <= 1'h0;
            byp_v_1_q <= 1'h0;
            byp_v_2_q <= 1'h0;
            byp_v_3_q <= 1'h0;
            byp_v_4_q <= 1'h0;
            byp_d_0_q <= 16'h0;
            byp_d_1_q <= 16'h0;
            byp_d_2_q <= 16'h0;
            byp_d_3_q <= 16'h0;
            byp_d_4_q <= 16'h0;
        end
        else begin
            vin_ptr_0_q <= vin_ptr_0_d;
            vin_ptr_1_q <= vin_ptr_1_d;
            vin_ptr_2_q <= vin_ptr_2_d;
            vin_ptr_3_q <= vin_ptr_3_d;
            vin_ptr_4_q <= vin_ptr_4_d;
            vin_ptr_5_q <= vin_ptr_5_d;
            vin_ptr_6_q <= vin_ptr_6_d;
            vin_ptr_7_q <= vin_ptr_7_d;
            vin_ptr_8_q <= vin_ptr_8_d;
            vin_ptr_9_q <= vin_ptr_9_d;
            vout_ptr_0_q <= vout_ptr_0_d;
            vout_ptr_1_q <= vout_ptr_1_d;
            vout_ptr_2_q <= vout_ptr_2_d;
            vout_ptr_3_q <= vout_ptr_3_d;
            vout_ptr_4_q <= vout_ptr_4_d;
            vout_ptr_5_q <= vout_ptr_5_d;
            vout_ptr_6_q <= vout_ptr_6_d;
            vout_ptr_7_q <= vout_ptr_7_d;
            vout_ptr_8_q <= vout_ptr_8_d;
            vout_ptr_9_q <= vout_ptr_9_d;
            sin_ptr_0_q <= sin_ptr_0_d;
            sin_ptr_1_q <= sin_ptr_1_d;
            sin_ptr_2_q <= sin_ptr_2_d;
            sin_ptr_3_q <= sin_ptr_3_d;
            sin_ptr_4_q <= sin_ptr_4_d;
            sout_ptr_0_q <= sout_ptr_0_d;
            sout_ptr_1_q <= sout_ptr_1_d;
            sout_ptr_2_q <= sout_ptr_2_d;
            sout_ptr_3_q <= sout_ptr_3_d;
            sout_ptr_4_q <= sout_ptr_4_d;
            used_0_q <= used_0_d;
            used_1_q <= used_1_d;
            used_2_q <= used_2_d;
            used_3_q <= used_3_d;
            used_4_q <= used_4_d;
            used_5_q <= used_5_d;
            used_6_q <= used_6_d;
            used_7_q <= used_7_d;
            used_8_q <= used_8_d;
            used_9_q <= used_9_d;
            head_0_q <= head_0_d;
            head_1_q <= head_1_d;
            head_2_q <= head_2_d;
            head_3_q <= head_3_d;
            head_4_q <= head_4_d;
            head_5_q <= head_5_d;
            head_6_q <= head_6_d;
            head_7_q <= head_7_d;
            head_8_q <= head_8_d;
            head_9_q <= head_9_d;
            cnt_0_q <= cnt_0_d;
            cnt_1_q <= cnt_1_d;
            cnt_2_q <= cnt_2_d;
            cnt_3_q <= cnt_3_d;
            cnt_4_q <= cnt_4_d;
            cnt_5_q <= cnt_5_d;
            cnt_6_q <= cnt_6_d;
            cnt_7_q <= cnt_7_d;
            cnt_8_q <= cnt_8_d;
            cnt_9_q <= cnt_9_d;
            st_0_q <= st_0_d;
            st_1_q <= st_1_d;
            st_2_q <= st_2_d;
            st_3_q <= st_3_d;
            st_4_q <= st_4_d;
            st_5_q <= st_5_d;
            st_6_q <= st_6_d;
            st_7_q <= st_7_d;
            st_8_q <= st_8_d;
            st_9_q <= st_9_d;
            oport_0_q <= oport_0_d;
            oport_1_q <= oport_1_d;
            oport_2_q <= oport_2_d;
            oport_3_q <= oport_3_d;
            oport_4_q <= oport_4_d;
            oport_5_q <= oport_5_d;
            oport_6_q <= oport_6_d;
            oport_7_q <= oport_7_d;
            oport_8_q <= oport_8_d;
            oport_9_q <= oport_9_d;
            ocv_0_q <= ocv_0_d;
            ocv_1_q <= ocv_1_d;
            ocv_2_q <= ocv_2_d;
            ocv_3_q <= ocv_3_d;
            ocv_4_q <= ocv_4_d;
            ocv_5_q <= ocv_5_d;
            ocv_6_q <= ocv_6_d;
            ocv_7_q <= ocv_7_d;
            ocv_8_q <= ocv_8_d;
            ocv_9_q <= ocv_9_d;
            sb_0_q <= sb_0_d;
            sb_1_q <= sb_1_d;
            sb_2_q <= sb_2_d;
            sb_3_q <= sb_3_d;
            sb_4_q <= sb_4_d;
            sb_5_q <= sb_5_d;
            sb_6_q <= sb_6_d;
            sb_7_q <= sb_7_d;
            sb_8_q <= sb_8_d;
            sb_9_q <= sb_9_d;
            sb_10_q <= sb_10_d;
            sb_11_q <= sb_11_d;
            sb_12_q <= sb_12_d;
            sb_13_q <= sb_13_d;
            sb_14_q <= sb_14_d;
            sb_15_q <= sb_15_d;
            sb_16_q <= sb_16_d;
            sb_17_q <= sb_17_d;
            sb_18_q <= sb_18_d;
            sb_19_q <= sb_19_d;
            sb_20_q <= sb_20_d;
            sb_21_q <= sb_21_d;
            sb_22_q <= sb_22_d;
            sb_23_q <= sb_23_d;
            sb_24_q <= sb_24_d;
            sb_25_q <= sb_25_d;
            sb_26_q <= sb_26_d;
            sb_27_q <= sb_27_d;
            sb_28_q <= sb_28_d;
            sb_29_q <= sb_29_d;
            sb_30_q <= sb_30_d;
            sb_31_q <= sb_31_d;
            sb_32_q <= sb_32_d;
            sb_33_q <= sb_33_d;
            sb_34_q <= sb_34_d;
            sb_35_q <= sb_35_d;
            sb_36_q <= sb_36_d;
            sb_37_q <= sb_37_d;
            sb_38_q <= sb_38_d;
            sb_39_q <= sb_39_d;
            sb_40_q <= sb_40_d;
            sb_41_q <= sb_41_d;
            sb_42_q <= sb_42_d;
            sb_43_q <= sb_43_d;
            sb_44_q <= sb_44_d;
            sb_45_q <= sb_45_d;
            sb_46_q <= sb_46_d;
            sb_47_q <= sb_47_d;
            sb_48_q <= sb_48_d;
            sb_49_q <= sb_49_d;
            sb_50_q <= sb_50_d;
            sb_51_q <= sb_51_d;
            sb_52_q <= sb_52_d;
            sb_53_q <= sb_53_d;
            sb_54_q <= sb_54_d;
            sb_55_q <= sb_55_d;
            sb_56_q <= sb_56_d;
            sb_57_q <= sb_57_d;
            sb_58_q <= sb_58_d;
            sb_59_q <= sb_59_d;
            sb_60_q <= sb_60_d;
            sb_61_q <= sb_61_d;
            sb_62_q <= sb_62_d;
            sb_63_q <= sb_63_d;
            sb_64_q <= sb_64_d;
            sb_65_q <= sb_65_d;
            sb_66_q <= sb_66_d;
            sb_67_q <= sb_67_d;
            sb_68_q <= sb_68_d;
            sb_69_q <= sb_69_d;
            sb_70_q <= sb_70_d;
            sb_71_q <= sb_71_d;
            sb_72_q <= sb_72_d;
            sb_73_q <= sb_73_d;
            sb_74_q <= sb_74_d;
            sb_75_q <= sb_75_d;
            sb_76_q <= sb_76_d;
            sb_77_q <= sb_77_d;
            sb_78_q <= sb_78_d;
            sb_79_q <= sb_79_d;
            busy_0_q <= busy_0_d;
            busy_1_q <= busy_1_d;
            busy_2_q <= busy_2_d;
            busy_3_q <= busy_3_d;
            busy_4_q <= busy_4_d;
            busy_5_q <= busy_5_d;
            busy_6_q <= busy_6_d;
            busy_7_q <= busy_7_d;
            busy_8_q <= busy_8_d;
            busy_9_q <= busy_9_d;
            rr_0_q <= rr_0_d;
            rr_1_q <= rr_1_d;
            rr_2_q <= rr_2_d;
            rr_3_q <= rr_3_d;
            rr_4_q <= rr_4_d;
            cd_v_0_q <= cd_v_0_d;
            cd_v_1_q <= cd_v_1_d;
            cd_v_2_q <= cd_v_2_d;
            cd_v_3_q <= cd_v_3_d;
            cd_v_4_q <= cd_v_4_d;
            cd_vc_0_q <= cd_vc_0_d;
            cd_vc_1_q <= cd_vc_1_d;
            cd_vc_2_q <= cd_vc_2_d;
            cd_vc_3_q <= cd_vc_3_d;
            cd_vc_4_q <= cd_vc_4_d;
            xv_0_q <= xv_0_d;
            xv_1_q <= xv_1_d;
            xv_2_q <= xv_2_d;
            xv_3_q <= xv_3_d;
            xv_4_q <= xv_4_d;
            xsrc_0_q <= xsrc_0_d;
            xsrc_1_q <= xsrc_1_d;
            xsrc_2_q <= xsrc_2_d;
            xsrc_3_q <= xsrc_3_d;
            xsrc_4_q <= xsrc_4_d;
            xovc_0_q <= xovc_0_d;
            xovc_1_q <= xovc_1_d;
            xovc_2_q <= xovc_2_d;
            xovc_3_q <= xovc_3_d;
            xovc_4_q <= xovc_4_d;
            byp_v_0_q <= byp_v_0_d;
            byp_v_1_q <= byp_v_1_d;
            byp_v_2_q <= byp_v_2_d;
            byp_v_3_q <= byp_v_3_d;
            byp_v_4_q <= byp_v_4_d;
            byp_d_0_q <= byp_d_0_d;
            byp_d_1_q <= byp_d_1_d;
            byp_d_2_q <= byp_d_2_d;
            byp_d_3_q <= byp_d_3_d;
            byp_d_4_q <= byp_d_4_d;
        end
    end
endmodule // fw_vc_router

module fw_vc_router__mem__0(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);

    // Module arguments
    input wire  [3:0] read_address;
    input wire  read_clock;
    output reg  [15:0] read_data;
    input wire  [3:0] write_address;
    input wire  write_clock;
    input wire  [15:0] write_data;
    input wire  write_enable;

    // Update code (custom)
    reg[15:0] mem[15:0];



    always @(posedge read_clock) begin
       read_data <= mem[read_address];
    end

    always @(posedge write_clock) begin
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end

endmodule // fw_vc_router__mem__0

module fw_vc_router__mem__1(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);

    // Module arguments
    input wire  [3:0] read_address;
    input wire  read_clock;
    output reg  [15:0] read_data;
    input wire  [3:0] write_address;
    input wire  write_clock;
    input wire  [15:0] write_data;
    input wire  write_enable;

    // Update code (custom)
    reg[15:0] mem[15:0];



    always @(posedge read_clock) begin
       read_data <= mem[read_address];
    end

    always @(posedge write_clock) begin
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end

endmodule // fw_vc_router__mem__1

module fw_vc_router__mem__2(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);

    // Module arguments
    input wire  [3:0] read_address;
    input wire  read_clock;
    output reg  [15:0] read_data;
    input wire  [3:0] write_address;
    input wire  write_clock;
    input wire  [15:0] write_data;
    input wire  write_enable;

    // Update code (custom)
    reg[15:0] mem[15:0];



    always @(posedge read_clock) begin
       read_data <= mem[read_address];
    end

    always @(posedge write_clock) begin
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end

endmodule // fw_vc_router__mem__2

module fw_vc_router__mem__3(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);

    // Module arguments
    input wire  [3:0] read_address;
    input wire  read_clock;
    output reg  [15:0] read_data;
    input wire  [3:0] write_address;
    input wire  write_clock;
    input wire  [15:0] write_data;
    input wire  write_enable;

    // Update code (custom)
    reg[15:0] mem[15:0];



    always @(posedge read_clock) begin
       read_data <= mem[read_address];
    end

    always @(posedge write_clock) begin
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end

endmodule // fw_vc_router__mem__3

module fw_vc_router__mem__4(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);

    // Module arguments
    input wire  [3:0] read_address;
    input wire  read_clock;
    output reg  [15:0] read_data;
    input wire  [3:0] write_address;
    input wire  write_clock;
    input wire  [15:0] write_data;
    input wire  write_enable;

    // Update code (custom)
    reg[15:0] mem[15:0];



    always @(posedge read_clock) begin
       read_data <= mem[read_address];
    end

    always @(posedge write_clock) begin
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end

endmodule // fw_vc_router__mem__4
