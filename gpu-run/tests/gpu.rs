//! Runs of hand-written PTX bundles on a GPU, checked element by element. Where there is no
//! GPU each test prints `skipped: ...` and passes.

use crate::{gpu_run, no_gpu, scratch, stderr, stdout};
use xhlo_gpu_bundle::{Arg, Buffer, BufferKind, Bundle, Input, Launch, Output, PtxModule, Step, View};
use xhlo_gpu_run::{BenchOptions, GpuError, LoadedBundle, Runtime};
use xhlo_io::npy;
use xhlo_ir::literal::Literal;
use xhlo_ir::{ElementType, TensorType};

const N: i64 = 1000;
/// The constant's view starts this many elements into its buffer.
const SKIP: i64 = 5;

/// `z[i] = x[i] + y[i]` for `i < x.size`, each argument a rank-1 memref's unpacked
/// descriptor (allocated, aligned, offset, size, stride), in MLIR's GPU calling convention.
const ADD_PTX: &str = r#"
.version 8.0
.target sm_90
.address_size 64

.visible .entry add_f32(
    .param .u64 x_allocated, .param .u64 x_aligned, .param .u64 x_offset, .param .u64 x_size, .param .u64 x_stride,
    .param .u64 y_allocated, .param .u64 y_aligned, .param .u64 y_offset, .param .u64 y_size, .param .u64 y_stride,
    .param .u64 z_allocated, .param .u64 z_aligned, .param .u64 z_offset, .param .u64 z_size, .param .u64 z_stride
)
{
    .reg .pred %p;
    .reg .b32 %r<5>;
    .reg .b64 %rd<16>;
    .reg .f32 %f<4>;

    mov.u32 %r1, %ctaid.x;
    mov.u32 %r2, %ntid.x;
    mov.u32 %r3, %tid.x;
    mad.lo.s32 %r4, %r1, %r2, %r3;
    cvt.u64.u32 %rd1, %r4;
    ld.param.u64 %rd2, [x_size];
    setp.ge.u64 %p, %rd1, %rd2;
    @%p bra $L_done;

    ld.param.u64 %rd3, [x_aligned];
    ld.param.u64 %rd4, [x_offset];
    ld.param.u64 %rd5, [x_stride];
    mad.lo.s64 %rd6, %rd1, %rd5, %rd4;
    shl.b64 %rd6, %rd6, 2;
    add.s64 %rd6, %rd3, %rd6;
    cvta.to.global.u64 %rd6, %rd6;
    ld.global.f32 %f1, [%rd6];

    ld.param.u64 %rd7, [y_aligned];
    ld.param.u64 %rd8, [y_offset];
    ld.param.u64 %rd9, [y_stride];
    mad.lo.s64 %rd10, %rd1, %rd9, %rd8;
    shl.b64 %rd10, %rd10, 2;
    add.s64 %rd10, %rd7, %rd10;
    cvta.to.global.u64 %rd10, %rd10;
    ld.global.f32 %f2, [%rd10];

    add.f32 %f3, %f1, %f2;

    ld.param.u64 %rd11, [z_aligned];
    ld.param.u64 %rd12, [z_offset];
    ld.param.u64 %rd13, [z_stride];
    mad.lo.s64 %rd14, %rd1, %rd13, %rd12;
    shl.b64 %rd14, %rd14, 2;
    add.s64 %rd14, %rd11, %rd14;
    cvta.to.global.u64 %rd14, %rd14;
    st.global.f32 [%rd14], %f3;
$L_done:
    ret;
}

// Stores to the address it is given: with 0, an illegal address.
.visible .entry store_to(.param .u64 address)
{
    .reg .b64 %rd<2>;
    .reg .f32 %f<2>;
    ld.param.u64 %rd1, [address];
    mov.f32 %f1, 0f3F800000;
    st.global.f32 [%rd1], %f1;
    ret;
}
"#;

fn vector(buffer: usize, offset: i64) -> View {
    View { buffer, element_bytes: 4, offset, sizes: vec![N], strides: vec![1] }
}

fn floats(bytes: &[u8]) -> Vec<f32> {
    bytes.chunks(4).map(|c| f32::from_le_bytes(c.try_into().unwrap())).collect()
}

/// `z = x + c[SKIP..]` (c[j] = j, a constant), z copied to a second buffer 4 elements in;
/// results: z, the copy, and x unchanged (its view names the input's buffer).
fn add_bundle() -> Bundle {
    let ty = format!("tensor<{N}xf32>");
    let constant: Vec<u8> = (0..N + SKIP).flat_map(|j| (j as f32).to_le_bytes()).collect();
    let bytes = 4 * N as u64;
    Bundle {
        producer: "gpu-run test".into(),
        chip: "sm_90".into(),
        entry: "main".into(),
        inputs: vec![Input { ty: ty.clone(), buffer: 0 }],
        outputs: vec![
            Output { ty: ty.clone(), view: vector(2, 0) },
            Output { ty: ty.clone(), view: vector(3, 4) },
            Output { ty: ty.clone(), view: vector(0, 0) },
        ],
        buffers: vec![
            Buffer { bytes, kind: BufferKind::Input(0) },
            Buffer { bytes: constant.len() as u64, kind: BufferKind::Constant(constant) },
            Buffer { bytes, kind: BufferKind::Temporary },
            Buffer { bytes: bytes + 16, kind: BufferKind::Temporary },
        ],
        modules: vec![PtxModule { name: "add_module".into(), ptx: ADD_PTX.into(), kernels: vec!["add_f32".into(), "store_to".into()] }],
        steps: vec![
            Step::Launch(Launch {
                module: 0,
                kernel: "add_f32".into(),
                grid: [(N as u32).div_ceil(128), 1, 1],
                block: [128, 1, 1],
                shared_bytes: 0,
                args: vec![Arg::Memref(vector(0, 0)), Arg::Memref(vector(1, SKIP)), Arg::Memref(vector(2, 0))],
            }),
            Step::Copy { src: 2, src_offset: 0, dst: 3, dst_offset: 16, bytes },
        ],
    }
}

fn input() -> Literal {
    npy::random_input(&TensorType::new([N], ElementType::F32), 42)
}

/// Opens device 0, or says why the test is skipped.
fn runtime() -> Option<Runtime> {
    if let Some(why) = no_gpu() {
        println!("skipped: {why}");
        return None;
    }
    Some(Runtime::new(0).expect("device 0 opens"))
}

#[test]
fn add_kernel_copy_step_and_passed_through_input_give_exact_results() {
    let Some(rt) = runtime() else { return };
    println!("{}", rt.info);
    let mut loaded = LoadedBundle::new(&rt, add_bundle()).unwrap();
    assert_eq!(loaded.launches(), 1);
    let x = input();
    let out = loaded.run_literals(std::slice::from_ref(&x)).unwrap();
    assert_eq!(out.len(), 3);
    let xs = floats(&x.bytes);
    let z = floats(&out[0].bytes);
    for i in 0..N as usize {
        assert_eq!(z[i], xs[i] + (i as i64 + SKIP) as f32, "z[{i}]");
    }
    assert_eq!(out[1].bytes, out[0].bytes, "the copy step's destination");
    assert_eq!(out[2].bytes, x.bytes, "the input passed through");
    // A second run on other inputs reuses the loaded bundle.
    let x2 = npy::random_input(&TensorType::new([N], ElementType::F32), 43);
    let out2 = loaded.run_literals(std::slice::from_ref(&x2)).unwrap();
    assert_eq!(floats(&out2[0].bytes)[7], floats(&x2.bytes)[7] + (7 + SKIP) as f32);
}

#[test]
fn bench_reports_positive_times_and_the_launch_count() {
    let Some(rt) = runtime() else { return };
    let mut loaded = LoadedBundle::new(&rt, add_bundle()).unwrap();
    let x = input();
    let report = loaded.bench(&[&x.bytes], BenchOptions { warmup: 2, repeats: 5 }).unwrap();
    assert_eq!((report.launches, report.repeats), (1, 5));
    assert!(report.kernel_ms.min > 0.0 && report.kernel_ms.min <= report.kernel_ms.median, "{report:?}");
    assert!(report.end_to_end_ms.min > 0.0 && report.end_to_end_ms.min <= report.end_to_end_ms.median, "{report:?}");
}

#[test]
fn wrong_input_sizes_are_refused_by_the_library() {
    let Some(rt) = runtime() else { return };
    let mut loaded = LoadedBundle::new(&rt, add_bundle()).unwrap();
    let e = loaded.run(&[&[0u8; 12]]).unwrap_err().to_string();
    assert!(e.contains("input #0 has 12 bytes but tensor<1000xf32> takes 4000"), "{e}");
    let e = loaded.run(&[]).unwrap_err().to_string();
    assert!(e.contains("the bundle takes 1 inputs, 0 given"), "{e}");
}

#[test]
fn bad_ptx_is_reported_with_its_module_and_the_jit_log() {
    let Some(rt) = runtime() else { return };
    let mut bundle = add_bundle();
    bundle.modules[0].name = "broken_module".into();
    bundle.modules[0].ptx = ADD_PTX.replace("add.f32 %f3, %f1, %f2;", "add.f32 %f3, %f1, %nosuchreg;");
    let Err(e) = LoadedBundle::new(&rt, bundle) else { panic!("broken PTX loaded") };
    let GpuError::Ptx { module, log, .. } = &e else { panic!("{e}") };
    assert_eq!(module, "broken_module");
    assert!(log.contains("nosuchreg"), "{e}");
}

#[test]
fn a_chip_newer_than_the_device_is_refused() {
    let Some(rt) = runtime() else { return };
    let mut bundle = add_bundle();
    bundle.chip = "sm_990".into();
    let Err(e) = LoadedBundle::new(&rt, bundle) else { panic!("sm_990 PTX accepted") };
    assert!(matches!(e, GpuError::Chip { .. }), "{e}");
    assert!(e.to_string().contains("targets sm_990"), "{e}");
}

#[test]
fn an_allocation_larger_than_the_device_names_its_buffer() {
    let Some(rt) = runtime() else { return };
    let mut bundle = add_bundle();
    bundle.buffers[2].bytes = 1 << 50;
    let Err(e) = LoadedBundle::new(&rt, bundle) else { panic!("a 1 PiB allocation succeeded") };
    assert!(matches!(e, GpuError::OutOfMemory { buffer: 2, bytes: 1125899906842624, .. }), "{e}");
}

/// Runs the command line on the add bundle (inputs from a file, outputs to files, the
/// benchmark and its JSON).
#[test]
fn the_command_line_runs_a_bundle_writes_results_and_benchmarks() {
    if let Some(why) = no_gpu() {
        println!("skipped: {why}");
        return;
    }
    let dir = scratch("cli-add");
    let bundle = dir.join("add.gpub");
    std::fs::write(&bundle, add_bundle().to_bytes()).unwrap();
    let x = input();
    let x_path = dir.join("x.npy");
    std::fs::write(&x_path, npy::to_npy(&x).unwrap()).unwrap();
    let json = dir.join("bench.json");
    let out_dir = dir.join("out");
    let out = gpu_run(&[
        bundle.to_str().unwrap(), x_path.to_str().unwrap(), "-o", out_dir.to_str().unwrap(),
        "--bench", "--repeats", "5", "--warmup", "1", "--json", json.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}{}", stdout(&out), stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("device 0: "), "{text}");
    assert!(text.contains("result #2: tensor<1000xf32>  sum="), "{text}");
    assert!(text.contains("end to end"), "{text}");
    let z = npy::from_npy(&std::fs::read(out_dir.join("result0.npy")).unwrap(), None).unwrap();
    assert_eq!(floats(&z.bytes)[999], floats(&x.bytes)[999] + (999 + SKIP) as f32);
    let report: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(report["launches_per_run"], 1);
    assert!(report["kernel_ms"]["median"].as_f64().unwrap() > 0.0, "{report}");
    assert_eq!(report["bundle"], bundle.to_str().unwrap());
}

/// A kernel that faults is blamed by step and name (the checked run waits after each
/// launch). In its own process: the fault ends the device context.
#[test]
fn a_faulting_kernel_is_named_with_its_step() {
    if let Some(why) = no_gpu() {
        println!("skipped: {why}");
        return;
    }
    let mut b = add_bundle();
    b.steps.insert(1, Step::Launch(Launch { module: 0, kernel: "store_to".into(), grid: [1, 1, 1], block: [1, 1, 1], shared_bytes: 0, args: vec![Arg::I64(0)] }));
    let dir = scratch("cli-fault");
    let bundle = dir.join("fault.gpub");
    std::fs::write(&bundle, b.to_bytes()).unwrap();
    let out = gpu_run(&[bundle.to_str().unwrap(), "--random-inputs", "1"]);
    assert_eq!(out.status.code(), Some(1), "{}{}", stdout(&out), stderr(&out));
    assert!(stderr(&out).contains("step 1: launching kernel store_to failed: CUDA_ERROR_"), "{}", stderr(&out));
}

#[test]
fn a_device_index_past_the_last_gpu_is_refused() {
    if let Some(why) = no_gpu() {
        println!("skipped: {why}");
        return;
    }
    let dir = scratch("cli-device");
    let bundle = dir.join("add.gpub");
    std::fs::write(&bundle, add_bundle().to_bytes()).unwrap();
    let out = gpu_run(&[bundle.to_str().unwrap(), "--random-inputs", "1", "--device", "99"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("no device 99: the CUDA driver sees"), "{}", stderr(&out));
}
