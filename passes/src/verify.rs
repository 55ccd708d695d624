//! `xhlo-verify`: runs the xhlo shape verifier as a pass, so a pipeline can check its own
//! intermediate results (`mlir-opt`'s verifier checks only what IRDL expresses).

use crate::pass::{emit_error, PassInfo, PassOptions, XhloPass};
use melior::ir::OperationRef;
use xhlo_dialect::verifier::check_operation;

#[derive(Clone, Default)]
pub struct Verify;

impl XhloPass for Verify {
    /// Reads the IR and changes nothing.
    const KEEPS_IR_VALID: bool = true;
    const INFO: PassInfo = PassInfo {
        argument: "xhlo-verify",
        summary: "Check every xhlo op against its catalogue definition and shape rule",
        options: &[],
    };

    fn from_options(_: &PassOptions) -> Result<Self, String> {
        Ok(Verify)
    }

    fn run(&mut self, op: OperationRef) -> Result<(), String> {
        let mut count = 0;
        check_operation(op, |bad, message| {
            emit_error(bad, &message);
            count += 1;
        });
        if count == 0 {
            Ok(())
        } else {
            Err(format!("{count} xhlo op(s) failed verification"))
        }
    }
}
