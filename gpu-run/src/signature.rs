//! The bundle's inputs and outputs as xhlo tensor types, and the moves between the row-major
//! literals a user holds and the bytes in each type's layout that the device buffers hold
//! (what `Program::run_borrowed` does for the CPU runtime).

use crate::error::GpuError;
use xhlo_gpu_bundle::Bundle;
use xhlo_ir::literal::{storage_bytes, Literal};
use xhlo_ir::{TensorType, Type};

/// The entry's argument and result types, parsed and checked against the buffers.
#[derive(Clone, Debug, PartialEq)]
pub struct Signature {
    pub inputs: Vec<TensorType>,
    pub outputs: Vec<TensorType>,
}

impl Signature {
    /// Parses the types and checks that each fits the bytes the bundle gives it.
    pub fn of(bundle: &Bundle) -> Result<Signature, GpuError> {
        let tensor = |text: &str, what: String| -> Result<TensorType, GpuError> {
            match Type::parse(text) {
                Ok(Type::Tensor(t)) => Ok(t),
                Ok(other) => Err(GpuError::Bundle(format!("{what} has type {other}; only tensors are passed to and from a GPU bundle"))),
                Err(e) => Err(GpuError::Bundle(format!("{what}'s type '{text}': {e}"))),
            }
        };
        let mut inputs = Vec::with_capacity(bundle.inputs.len());
        for (i, input) in bundle.inputs.iter().enumerate() {
            let ty = tensor(&input.ty, format!("input #{i}"))?;
            let have = bundle.buffers[input.buffer].bytes;
            if (storage_bytes(&ty) as u64) > have {
                return Err(GpuError::Bundle(format!("input #{i} ({ty}, {} bytes) does not fit its buffer {} of {have} bytes", storage_bytes(&ty), input.buffer)));
            }
            inputs.push(ty);
        }
        let mut outputs = Vec::with_capacity(bundle.outputs.len());
        for (i, output) in bundle.outputs.iter().enumerate() {
            let ty = tensor(&output.ty, format!("result #{i}"))?;
            let range = output.view.byte_range();
            if range.end - range.start != storage_bytes(&ty) as u64 {
                return Err(GpuError::Bundle(format!("result #{i} ({ty}) takes {} bytes but its view holds {}", storage_bytes(&ty), range.end - range.start)));
            }
            outputs.push(ty);
        }
        Ok(Signature { inputs, outputs })
    }

    /// The inputs' bytes in their types' layouts, after checking count and types (layouts
    /// may differ: literals are row-major).
    pub fn to_physical(&self, inputs: &[Literal]) -> Result<Vec<Vec<u8>>, GpuError> {
        if inputs.len() != self.inputs.len() {
            return Err(GpuError::Input(format!("the bundle takes {} inputs, {} given", self.inputs.len(), inputs.len())));
        }
        inputs
            .iter()
            .zip(&self.inputs)
            .enumerate()
            .map(|(i, (lit, ty))| {
                if !lit.ty.compatible(ty) {
                    return Err(GpuError::Input(format!("input #{i} has type {} but the bundle expects {ty}", lit.ty)));
                }
                if lit.bytes.len() != storage_bytes(ty) {
                    return Err(GpuError::Input(format!("input #{i} has {} bytes but {ty} takes {}", lit.bytes.len(), storage_bytes(ty))));
                }
                Ok(Literal { ty: ty.clone(), bytes: lit.bytes.clone() }.to_physical())
            })
            .collect()
    }

    /// The results as row-major literals of the results' types.
    pub fn from_physical(&self, outputs: &[Vec<u8>]) -> Vec<Literal> {
        outputs.iter().zip(&self.outputs).map(|(bytes, ty)| Literal::from_physical(ty.clone(), bytes)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xhlo_gpu_bundle::{Buffer, BufferKind, Input, Output, View};
    use xhlo_ir::ElementType;

    fn bundle(input: &str, output: &str, output_elements: i64) -> Bundle {
        Bundle {
            producer: "test".into(),
            chip: "sm_90".into(),
            entry: "main".into(),
            inputs: vec![Input { ty: input.into(), buffer: 0 }],
            outputs: vec![Output { ty: output.into(), view: View { buffer: 0, element_bytes: 4, offset: 0, sizes: vec![output_elements], strides: vec![1] } }],
            buffers: vec![Buffer { bytes: 24, kind: BufferKind::Input(0) }],
            modules: vec![],
            steps: vec![],
        }
    }

    #[test]
    fn types_parse_and_fit_their_buffers() {
        let s = Signature::of(&bundle("tensor<2x3xf32>", "tensor<6xf32>", 6)).unwrap();
        assert_eq!(s.inputs, vec![TensorType::new([2, 3], ElementType::F32)]);
        assert_eq!(s.outputs, vec![TensorType::new([6], ElementType::F32)]);
    }

    #[test]
    fn a_type_larger_than_its_buffer_or_view_is_refused() {
        let e = Signature::of(&bundle("tensor<7xf32>", "tensor<6xf32>", 6)).unwrap_err().to_string();
        assert!(e.contains("input #0 (tensor<7xf32>, 28 bytes) does not fit"), "{e}");
        let e = Signature::of(&bundle("tensor<6xf32>", "tensor<5xf32>", 6)).unwrap_err().to_string();
        assert!(e.contains("result #0 (tensor<5xf32>) takes 20 bytes but its view holds 24"), "{e}");
    }

    #[test]
    fn tokens_and_bad_type_texts_are_refused() {
        assert!(Signature::of(&bundle("!xhlo.token", "tensor<6xf32>", 6)).unwrap_err().to_string().contains("only tensors"));
        assert!(Signature::of(&bundle("tensor<2x", "tensor<6xf32>", 6)).unwrap_err().to_string().contains("input #0's type 'tensor<2x'"));
    }

    #[test]
    fn inputs_are_checked_and_moved_into_their_layout() {
        // A column-major 2x3: minor_to_major {0, 1}.
        let text = "tensor<2x3xf32, #xhlo.layout<array<i64: 0, 1>>>";
        let s = Signature::of(&bundle(text, text, 6)).unwrap();
        let values: Vec<u8> = (0..6).flat_map(|i| (i as f32).to_le_bytes()).collect();
        let lit = Literal { ty: TensorType::new([2, 3], ElementType::F32), bytes: values };
        let physical = s.to_physical(std::slice::from_ref(&lit)).unwrap();
        let floats: Vec<f32> = physical[0].chunks(4).map(|c| f32::from_le_bytes(c.try_into().unwrap())).collect();
        assert_eq!(floats, [0.0, 3.0, 1.0, 4.0, 2.0, 5.0]);
        assert_eq!(s.from_physical(&physical)[0].bytes, lit.bytes);
        let wrong = Literal::zeros(TensorType::new([3, 2], ElementType::F32));
        assert!(s.to_physical(&[wrong]).unwrap_err().to_string().contains("input #0 has type tensor<3x2xf32>"));
        assert!(s.to_physical(&[]).unwrap_err().to_string().contains("takes 1 inputs, 0 given"));
    }
}
