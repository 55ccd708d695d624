//! The command line's errors: each a message naming what is wrong and a non-zero exit, on
//! machines with or without a GPU (nothing here reaches the device).

use crate::{gpu_run, scratch, stderr};
use xhlo_gpu_bundle::{Buffer, BufferKind, Bundle, Input, Output, View};
use xhlo_io::npy;
use xhlo_ir::literal::Literal;
use xhlo_ir::{ElementType, TensorType};

/// A bundle with one input and no steps, its result the input itself.
fn identity_bundle(ty: &str, bytes: u64, elements: i64) -> Bundle {
    Bundle {
        producer: "test".into(),
        chip: "sm_90".into(),
        entry: "main".into(),
        inputs: vec![Input { ty: ty.into(), buffer: 0 }],
        outputs: vec![Output { ty: ty.into(), view: View { buffer: 0, element_bytes: 4, offset: 0, sizes: vec![elements], strides: vec![1] } }],
        buffers: vec![Buffer { bytes, kind: BufferKind::Input(0) }],
        modules: vec![],
        steps: vec![],
    }
}

#[test]
fn no_bundle_is_a_usage_error() {
    let out = gpu_run(&[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("<BUNDLE>"), "{}", stderr(&out));
}

#[test]
fn benchmark_flags_need_bench() {
    for flag in [["--json", "t.json"], ["--repeats", "5"], ["--warmup", "1"]] {
        let out = gpu_run(&["b.gpub", flag[0], flag[1]]);
        assert_eq!(out.status.code(), Some(2), "{flag:?}");
        assert!(stderr(&out).contains("--bench"), "{flag:?}: {}", stderr(&out));
    }
    let out = gpu_run(&["b.gpub", "--bench", "--repeats", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--repeats"), "{}", stderr(&out));
}

#[test]
fn input_files_random_inputs_and_workload_exclude_each_other() {
    let out = gpu_run(&["b.gpub", "x.npy", "--random-inputs", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("cannot be used with"), "{}", stderr(&out));
    let out = gpu_run(&["b.gpub", "--workload", "mlp", "--random-inputs", "1"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_missing_bundle_file_is_named() {
    let out = gpu_run(&["/nonexistent/prog.gpub"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).starts_with("xhlo-gpu-run: error: /nonexistent/prog.gpub: "), "{}", stderr(&out));
}

#[test]
fn a_file_that_is_no_bundle_is_refused() {
    let dir = scratch("not-a-bundle");
    let path = dir.join("prog.gpub");
    std::fs::write(&path, b"\x7fELF\x02\x01\x01\0 not a bundle").unwrap();
    let out = gpu_run(&[path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("prog.gpub: not an xhlo GPU bundle"), "{}", stderr(&out));
    let mut truncated = identity_bundle("tensor<4xf32>", 16, 4).to_bytes();
    truncated.truncate(40);
    std::fs::write(&path, truncated).unwrap();
    let out = gpu_run(&[path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("truncated bundle"), "{}", stderr(&out));
}

#[test]
fn a_bundle_whose_type_is_no_tensor_is_refused() {
    let dir = scratch("token-type");
    let path = dir.join("prog.gpub");
    std::fs::write(&path, identity_bundle("!xhlo.token", 16, 4).to_bytes()).unwrap();
    let out = gpu_run(&[path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("input #0 has type !xhlo.token; only tensors"), "{}", stderr(&out));
}

#[test]
fn wrong_input_count_and_type_are_named_before_the_device_is_opened() {
    let dir = scratch("inputs");
    let bundle = dir.join("prog.gpub");
    std::fs::write(&bundle, identity_bundle("tensor<4xf32>", 16, 4).to_bytes()).unwrap();
    let out = gpu_run(&[bundle.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("@main takes 1 inputs (tensor<4xf32>)"), "{}", stderr(&out));

    let wrong_shape = dir.join("wrong_shape.npy");
    std::fs::write(&wrong_shape, npy::to_npy(&Literal::zeros(TensorType::new([5], ElementType::F32))).unwrap()).unwrap();
    let out = gpu_run(&[bundle.to_str().unwrap(), wrong_shape.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("wrong_shape.npy: the file holds tensor<5xf32> but tensor<4xf32> is expected"), "{}", stderr(&out));

    let wrong_type = dir.join("wrong_type.npy");
    std::fs::write(&wrong_type, npy::to_npy(&Literal::zeros(TensorType::new([4], ElementType::S32))).unwrap()).unwrap();
    let out = gpu_run(&[bundle.to_str().unwrap(), wrong_type.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("wrong_type.npy: the file holds tensor<4xi32> but tensor<4xf32> is expected"), "{}", stderr(&out));
}

#[test]
fn an_unknown_workload_lists_the_known_ones() {
    let dir = scratch("workloads");
    std::fs::write(dir.join("expected.json"), r#"{"workloads": [{"name": "axpy", "args": []}]}"#).unwrap();
    let bundle = dir.join("prog.gpub");
    std::fs::write(&bundle, identity_bundle("tensor<4xf32>", 16, 4).to_bytes()).unwrap();
    let out = gpu_run(&[bundle.to_str().unwrap(), "--workload", "mlp", "--workloads-dir", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("no workload 'mlp' (known: axpy)"), "{}", stderr(&out));
}

#[test]
fn without_a_driver_the_run_says_a_gpu_machine_is_needed() {
    if xhlo_gpu_run::driver::driver_present() {
        println!("skipped: a CUDA driver is present (the message for its absence cannot be seen here)");
        return;
    }
    let dir = scratch("no-driver");
    let bundle = dir.join("prog.gpub");
    std::fs::write(&bundle, identity_bundle("tensor<4xf32>", 16, 4).to_bytes()).unwrap();
    let out = gpu_run(&[bundle.to_str().unwrap(), "--random-inputs", "1"]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("no CUDA driver library found (tried libcuda.so, "), "{err}");
    assert!(err.contains("NVIDIA GPU and its driver"), "{err}");
}
