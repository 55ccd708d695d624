use super::*;

fn view(buffer: usize, sizes: Vec<i64>) -> View {
    let mut strides = vec![1; sizes.len()];
    for d in (0..sizes.len().saturating_sub(1)).rev() {
        strides[d] = strides[d + 1] * sizes[d + 1];
    }
    View { buffer, element_bytes: 4, offset: 0, sizes, strides }
}

fn sample() -> Bundle {
    Bundle {
        producer: "test".into(),
        chip: "sm_90".into(),
        entry: "main".into(),
        inputs: vec![Input { ty: "tensor<2x3xf32>".into(), buffer: 0 }],
        outputs: vec![Output { ty: "tensor<2x3xf32>".into(), view: view(2, vec![2, 3]) }],
        buffers: vec![
            Buffer { bytes: 24, kind: BufferKind::Input(0) },
            Buffer { bytes: 24, kind: BufferKind::Constant((0..24).collect()) },
            Buffer { bytes: 24, kind: BufferKind::Temporary },
        ],
        modules: vec![PtxModule { name: "main_kernel".into(), ptx: ".version 8.0\n.target sm_90\n".into(), kernels: vec!["main_kernel".into()] }],
        steps: vec![
            Step::Launch(Launch {
                module: 0,
                kernel: "main_kernel".into(),
                grid: [1, 1, 1],
                block: [6, 1, 1],
                shared_bytes: 0,
                args: vec![Arg::I64(6), Arg::Memref(view(0, vec![2, 3])), Arg::Memref(view(1, vec![2, 3])), Arg::Memref(view(2, vec![2, 3])), Arg::F32(1.5f32.to_bits())],
            }),
            Step::Copy { src: 2, src_offset: 0, dst: 2, dst_offset: 12, bytes: 12 },
        ],
    }
}

#[test]
fn a_bundle_reads_back_as_written() {
    let b = sample();
    let bytes = b.to_bytes();
    assert_eq!(&bytes[..8], MAGIC);
    assert_eq!(Bundle::from_bytes(&bytes).unwrap(), b);
}

#[test]
fn foreign_truncated_and_future_files_are_refused() {
    let bytes = sample().to_bytes();
    assert_eq!(Bundle::from_bytes(b"\x7fELF....").unwrap_err(), BundleError::NotABundle);
    assert!(matches!(Bundle::from_bytes(&bytes[..bytes.len() - 10]), Err(BundleError::Truncated(_))));
    assert!(matches!(Bundle::from_bytes(&bytes[..30]), Err(BundleError::Truncated(_))));
    let mut future = bytes.clone();
    future[8] = 2;
    assert_eq!(Bundle::from_bytes(&future).unwrap_err(), BundleError::Version { found: 2 });
    let mut garbled = bytes;
    garbled[PREFIX + 1] = b'!';
    assert!(matches!(Bundle::from_bytes(&garbled), Err(BundleError::Header(_))));
}

#[test]
fn views_past_their_buffer_and_unknown_kernels_are_inconsistent() {
    let mut b = sample();
    if let Step::Launch(l) = &mut b.steps[0] {
        l.args[1] = Arg::Memref(View { offset: 1, ..view(0, vec![2, 3]) });
    }
    assert!(Bundle::from_bytes(&b.to_bytes()).unwrap_err().to_string().contains("reaches past buffer 0"));
    let mut b = sample();
    if let Step::Launch(l) = &mut b.steps[0] {
        l.kernel = "other".into();
    }
    assert!(b.check().unwrap_err().contains("does not hold"));
    let mut b = sample();
    b.steps.push(Step::Copy { src: 0, src_offset: 0, dst: 1, dst_offset: 0, bytes: 4 });
    assert!(b.check().unwrap_err().contains("constant"));
    let mut b = sample();
    b.outputs[0].view.strides = vec![1, 2];
    assert!(b.check().unwrap_err().contains("contiguous"));
}

#[test]
fn contiguity_ignores_unit_dimensions() {
    let v = View { buffer: 0, element_bytes: 4, offset: 3, sizes: vec![1, 4], strides: vec![100, 1] };
    assert!(v.is_contiguous());
    assert_eq!(v.byte_range(), 12..28);
    let t = View { buffer: 0, element_bytes: 4, offset: 0, sizes: vec![2, 2], strides: vec![1, 2] };
    assert!(!t.is_contiguous());
}
