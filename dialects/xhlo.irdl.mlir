// The xhlo dialect, generated from the op catalogue (xhlo-ir). Do not edit:
// run `cargo run -p xla-opt -- --emit-irdl > dialects/xhlo.irdl.mlir`.
irdl.dialect @xhlo {
  // The token type orders side effects (seed 002: AfterAll, Send, Recv, Infeed, Outfeed).
  irdl.type @token
  // A tensor layout, minor-to-major dimension order (seed 004), used as a tensor encoding.
  irdl.attribute @layout {
    %0 = irdl.base "#builtin.dense_array"
    irdl.parameters(minor_to_major: %0)
  }
  // Abs: |x|; complex gives its modulus
  irdl.operation @abs {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
  }
  // Neg: -x
  irdl.operation @negate {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
  }
  // Sign: -1, 0 or 1 (x/|x| for complex; NaN stays NaN)
  irdl.operation @sign {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
  }
  // Ceil: smallest integer value >= x
  irdl.operation @ceil {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
  }
  // Floor: largest integer value <= x
  irdl.operation @floor {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
  }
  // Round: to nearest, ties away from zero
  irdl.operation @round_nearest_afz {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
  }
  // RoundNearestEven: to nearest, ties to even
  irdl.operation @round_nearest_even {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
  }
  // Exp: e^x
  irdl.operation @exponential {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
  }
  // Expm1: e^x - 1
  irdl.operation @exponential_minus_one {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
  }
  // Log: natural logarithm
  irdl.operation @log {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
  }
  // Log1p: ln(1 + x)
  irdl.operation @log_plus_one {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
  }
  // Logistic: 1 / (1 + e^-x)
  irdl.operation @logistic {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
  }
  // Sqrt: square root
  irdl.operation @sqrt {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
  }
  // Rsqrt: 1 / sqrt(x)
  irdl.operation @rsqrt {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
  }
  // Cbrt: cube root
  irdl.operation @cbrt {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
  }
  // Cos: cosine
  irdl.operation @cosine {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
  }
  // Sin: sine
  irdl.operation @sine {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
  }
  // Tan: tangent
  irdl.operation @tan {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
  }
  // Tanh: hyperbolic tangent
  irdl.operation @tanh {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
  }
  // Erf: the Gauss error function
  irdl.operation @erf {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
  }
  // IsFinite: neither infinite nor NaN
  irdl.operation @is_finite {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
  }
  // Not: logical not of PRED, bitwise not of integers
  irdl.operation @not {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
  }
  // PopulationCount: number of set bits
  irdl.operation @popcnt {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
  }
  // Clz: number of leading zero bits
  irdl.operation @count_leading_zeros {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
  }
  // Real: real part (identity for floats)
  irdl.operation @real {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
  }
  // Imag: imaginary part (zero for floats)
  irdl.operation @imag {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
  }
  // Add: lhs + rhs (logical or for PRED)
  irdl.operation @add {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    %2 = irdl.base "!builtin.tensor"
    irdl.results(result: %2)
  }
  // Sub: lhs - rhs
  irdl.operation @subtract {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    %2 = irdl.base "!builtin.tensor"
    irdl.results(result: %2)
  }
  // Mul: lhs * rhs (logical and for PRED)
  irdl.operation @multiply {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    %2 = irdl.base "!builtin.tensor"
    irdl.results(result: %2)
  }
  // Div: lhs / rhs (integer division truncates toward zero)
  irdl.operation @divide {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    %2 = irdl.base "!builtin.tensor"
    irdl.results(result: %2)
  }
  // Rem: remainder with the sign of the dividend (C fmod)
  irdl.operation @remainder {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    %2 = irdl.base "!builtin.tensor"
    irdl.results(result: %2)
  }
  // Pow: lhs ^ rhs
  irdl.operation @power {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    %2 = irdl.base "!builtin.tensor"
    irdl.results(result: %2)
  }
  // Max: larger of lhs and rhs (NaN propagates)
  irdl.operation @maximum {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    %2 = irdl.base "!builtin.tensor"
    irdl.results(result: %2)
  }
  // Min: smaller of lhs and rhs (NaN propagates)
  irdl.operation @minimum {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    %2 = irdl.base "!builtin.tensor"
    irdl.results(result: %2)
  }
  // Atan2: atan(lhs / rhs) in the right quadrant
  irdl.operation @atan2 {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    %2 = irdl.base "!builtin.tensor"
    irdl.results(result: %2)
  }
  // And: logical/bitwise and
  irdl.operation @and {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    %2 = irdl.base "!builtin.tensor"
    irdl.results(result: %2)
  }
  // Or: logical/bitwise or
  irdl.operation @or {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    %2 = irdl.base "!builtin.tensor"
    irdl.results(result: %2)
  }
  // Xor: logical/bitwise exclusive or
  irdl.operation @xor {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    %2 = irdl.base "!builtin.tensor"
    irdl.results(result: %2)
  }
  // ShiftLeft: lhs << rhs (0 when rhs >= bit width)
  irdl.operation @shift_left {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    %2 = irdl.base "!builtin.tensor"
    irdl.results(result: %2)
  }
  // ShiftRightArithmetic: sign-filling shift
  irdl.operation @shift_right_arithmetic {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    %2 = irdl.base "!builtin.tensor"
    irdl.results(result: %2)
  }
  // ShiftRightLogical: zero-filling shift
  irdl.operation @shift_right_logical {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    %2 = irdl.base "!builtin.tensor"
    irdl.results(result: %2)
  }
  // Complex: builds complex numbers from real and imaginary parts
  irdl.operation @complex {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    %2 = irdl.base "!builtin.tensor"
    irdl.results(result: %2)
  }
  // Eq/Ne/Ge/Gt/Le/Lt: element-wise comparison giving PRED; compare_type TOTALORDER gives the IEEE total order
  irdl.operation @compare {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    %2 = irdl.base "!builtin.tensor"
    irdl.results(result: %2)
    %3 = irdl.base "#builtin.string"
    irdl.attributes {"comparison_direction" = %3}
  }
  // Select: on_true where pred else on_false; pred may be a scalar
  irdl.operation @select {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(pred: %0, on_true: %1, on_false: %2)
    %3 = irdl.base "!builtin.tensor"
    irdl.results(result: %3)
  }
  // Clamp: min(max(operand, min), max); min and max may be scalars
  irdl.operation @clamp {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(min: %0, operand: %1, max: %2)
    %3 = irdl.base "!builtin.tensor"
    irdl.results(result: %3)
  }
  // Map: applies a scalar computation element-wise over operands of one shape
  irdl.operation @map {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(inputs: variadic %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
    %2 = irdl.base "#builtin.dense_array"
    irdl.attributes {"dimensions" = %2}
    %3 = irdl.region
    irdl.regions(computation: %3)
  }
  // ConvertElementType: element-wise value conversion to the result's element type
  irdl.operation @convert {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
  }
  // BitcastConvertType: reinterprets bits; a width change adds or removes a minor dimension
  irdl.operation @bitcast_convert {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
  }
  // ReducePrecision: rounds floats to a format with fewer exponent/mantissa bits
  irdl.operation @reduce_precision {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
    %2 = irdl.base "#builtin.integer"
    %3 = irdl.base "#builtin.integer"
    irdl.attributes {"exponent_bits" = %2, "mantissa_bits" = %3}
  }
  // ConstantLiteral: a literal array; the result type is the type of `value` (dense<...> : tensor<...>), or the declared result for dense_resource<...>
  irdl.operation @constant {
    %0 = irdl.base "!builtin.tensor"
    irdl.results(result: %0)
    %1 = irdl.any
    irdl.attributes {"value" = %1}
  }
  // Iota: an array of the declared shape counting 0, 1, 2, ... along iota_dimension
  irdl.operation @iota {
    %0 = irdl.base "!builtin.tensor"
    irdl.results(result: %0)
    %1 = irdl.base "#builtin.integer"
    irdl.attributes {"iota_dimension" = %1}
  }
  // Broadcast: prepends new dimensions; result dims = broadcast_sizes ++ operand dims
  irdl.operation @broadcast {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
    %2 = irdl.base "#builtin.dense_array"
    irdl.attributes {"broadcast_sizes" = %2}
  }
  // BroadcastInDim: operand dimension i becomes result dimension broadcast_dimensions[i] (strictly increasing), where it must have size 1 or the result's size; the result shape is declared
  irdl.operation @broadcast_in_dim {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
    %2 = irdl.base "#builtin.dense_array"
    irdl.attributes {"broadcast_dimensions" = %2}
  }
  // Reshape: the same elements in row-major order, in the declared shape
  irdl.operation @reshape {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
  }
  // Collapse: merges an in-order, consecutive run of dimensions into one dimension at their place
  irdl.operation @collapse {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
    %2 = irdl.base "#builtin.dense_array"
    irdl.attributes {"dimensions" = %2}
  }
  // Transpose: result dimension i is operand dimension permutation[i]
  irdl.operation @transpose {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
    %2 = irdl.base "#builtin.dense_array"
    irdl.attributes {"permutation" = %2}
  }
  // Rev: reverses the element order along the given dimensions
  irdl.operation @reverse {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
    %2 = irdl.base "#builtin.dense_array"
    irdl.attributes {"dimensions" = %2}
  }
  // Slice: the box [start, limit) taking every strides-th element (strides default to 1); result dim = ceil((limit - start) / stride)
  irdl.operation @slice {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
    %2 = irdl.base "#builtin.dense_array"
    %3 = irdl.base "#builtin.dense_array"
    irdl.attributes {"start_indices" = %2, "limit_indices" = %3}
  }
  // DynamicSlice: a slice_sizes box at run-time start indices (one rank-0 integer per dimension, clamped so the box stays in bounds)
  irdl.operation @dynamic_slice {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0, start_indices: variadic %1)
    %2 = irdl.base "!builtin.tensor"
    irdl.results(result: %2)
    %3 = irdl.base "#builtin.dense_array"
    irdl.attributes {"slice_sizes" = %3}
  }
  // DynamicUpdateSlice: operand with update written at run-time start indices (one rank-0 integer per dimension, clamped so the update stays in bounds)
  irdl.operation @dynamic_update_slice {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0, update: %1, start_indices: variadic %2)
    %3 = irdl.base "!builtin.tensor"
    irdl.results(result: %3)
  }
  // ConcatInDim: joins one or more arrays along `dimension`; all other dimensions must agree
  irdl.operation @concatenate {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(inputs: variadic %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
    %2 = irdl.base "#builtin.integer"
    irdl.attributes {"dimension" = %2}
  }
  // Pad: interior padding between elements, then edge padding (negative edge padding removes elements); result dim = low + high + d + max(d - 1, 0) * interior
  irdl.operation @pad {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0, padding_value: %1)
    %2 = irdl.base "!builtin.tensor"
    irdl.results(result: %2)
    %3 = irdl.base "#builtin.dense_array"
    %4 = irdl.base "#builtin.dense_array"
    %5 = irdl.base "#builtin.dense_array"
    irdl.attributes {"edge_padding_low" = %3, "edge_padding_high" = %4, "interior_padding" = %5}
  }
  // GetDimensionSize: the (run-time) size of one dimension as tensor<i32>
  irdl.operation @get_dimension_size {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
    %2 = irdl.base "#builtin.integer"
    irdl.attributes {"dimension" = %2}
  }
  // SetDimensionSize: the operand with a run-time size (tensor<i32>) for one dimension; the static shape stays the upper bound
  irdl.operation @set_dimension_size {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0, size: %1)
    %2 = irdl.base "!builtin.tensor"
    irdl.results(result: %2)
    %3 = irdl.base "#builtin.integer"
    irdl.attributes {"dimension" = %3}
  }
  // Tuple: groups any number of values (arrays, tokens, tuples) into one tuple
  irdl.operation @tuple {
    %0 = irdl.any
    irdl.operands(values: variadic %0)
    %1 = irdl.base "!builtin.tuple"
    irdl.results(result: %1)
  }
  // GetTupleElement: element `index` of a tuple
  irdl.operation @get_tuple_element {
    %0 = irdl.base "!builtin.tuple"
    irdl.operands(operand: %0)
    %1 = irdl.any
    irdl.results(result: %1)
    %2 = irdl.base "#builtin.integer"
    irdl.attributes {"index" = %2}
  }
  // Reduce: folds `dimensions` of N same-shaped inputs with a scalar computation; `operands` holds the N inputs followed by the N rank-0 init values, `body` takes (acc_0..acc_{N-1}, x_0..x_{N-1}) and yields N scalars
  irdl.operation @reduce {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operands: variadic %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(results: variadic %1)
    %2 = irdl.base "#builtin.dense_array"
    irdl.attributes {"dimensions" = %2}
    %3 = irdl.region
    irdl.regions(body: %3)
  }
  // ReduceWindow: reduces every window position of N same-shaped inputs; `operands` holds the N inputs followed by the N rank-0 init values, `body` is as for reduce; strides and dilations default to 1, `padding` (flat lo/hi pairs) to 0
  irdl.operation @reduce_window {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operands: variadic %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(results: variadic %1)
    %2 = irdl.base "#builtin.dense_array"
    irdl.attributes {"window_dimensions" = %2}
    %3 = irdl.region
    irdl.regions(body: %3)
  }
  // SelectAndScatter: selects one element of each window of operand with `select` and combines the matching source element into it with `scatter`, starting from init_value
  irdl.operation @select_and_scatter {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0, source: %1, init_value: %2)
    %3 = irdl.base "!builtin.tensor"
    irdl.results(result: %3)
    %4 = irdl.base "#builtin.dense_array"
    irdl.attributes {"window_dimensions" = %4}
    %5 = irdl.region
    %6 = irdl.region
    irdl.regions(select: %5, scatter: %6)
  }
  // Sort: sorts N same-shaped inputs together along `dimension`; `comparator` takes (lhs_0, rhs_0, ..., lhs_{N-1}, rhs_{N-1}) and yields tensor<i1>; is_stable keeps equal elements in order
  irdl.operation @sort {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(inputs: variadic %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(results: variadic %1)
    %2 = irdl.base "#builtin.integer"
    irdl.attributes {"dimension" = %2}
    %3 = irdl.region
    irdl.regions(comparator: %3)
  }
  // TopK: the k largest (or smallest with largest = false) elements along the last dimension, with their i32 indices; lower indices first among equal elements
  irdl.operation @top_k {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.results(values: %1, indices: %2)
    %3 = irdl.base "#builtin.integer"
    irdl.attributes {"k" = %3}
  }
  // Dot: vector.vector -> scalar, matrix.vector, vector.matrix, matrix.matrix; contracts the last dimension of lhs with the first of rhs (ranks 1 or 2)
  irdl.operation @dot {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    %2 = irdl.base "!builtin.tensor"
    irdl.results(result: %2)
  }
  // DotGeneral: sum of products over the contracting dimensions; result dimensions are the batch dimensions, then lhs free dimensions, then rhs free dimensions
  irdl.operation @dot_general {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    %2 = irdl.base "!builtin.tensor"
    irdl.results(result: %2)
    %3 = irdl.base "#builtin.dense_array"
    %4 = irdl.base "#builtin.dense_array"
    irdl.attributes {"lhs_contracting_dimensions" = %3, "rhs_contracting_dimensions" = %4}
  }
  // ConvWithGeneralPadding (and Conv): n-d convolution with strides, (low, high) padding as a flat list, lhs/rhs dilation, feature and batch groups, and explicit dimension numbers
  irdl.operation @convolution {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
    %2 = irdl.base "!builtin.tensor"
    irdl.results(result: %2)
    %3 = irdl.base "#builtin.integer"
    %4 = irdl.base "#builtin.integer"
    %5 = irdl.base "#builtin.dense_array"
    %6 = irdl.base "#builtin.integer"
    %7 = irdl.base "#builtin.integer"
    %8 = irdl.base "#builtin.dense_array"
    %9 = irdl.base "#builtin.integer"
    %10 = irdl.base "#builtin.integer"
    %11 = irdl.base "#builtin.dense_array"
    %12 = irdl.base "#builtin.integer"
    %13 = irdl.base "#builtin.integer"
    irdl.attributes {"input_batch_dimension" = %3, "input_feature_dimension" = %4, "input_spatial_dimensions" = %5, "kernel_input_feature_dimension" = %6, "kernel_output_feature_dimension" = %7, "kernel_spatial_dimensions" = %8, "output_batch_dimension" = %9, "output_feature_dimension" = %10, "output_spatial_dimensions" = %11, "feature_group_count" = %12, "batch_group_count" = %13}
  }
  // Fft: FFT/IFFT complex->complex, RFFT real->complex (last dimension n/2+1), IRFFT complex->real (last dimension n), over the 1 to 3 innermost dimensions
  irdl.operation @fft {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
    %2 = irdl.base "#builtin.string"
    %3 = irdl.base "#builtin.dense_array"
    irdl.attributes {"fft_type" = %2, "fft_length" = %3}
  }
  // Cholesky: factor of a batch of symmetric (Hermitian) positive definite matrices [..., M, M]
  irdl.operation @cholesky {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(a: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
  }
  // TriangularSolve: solves op(a) * x = b (left_side) or x * op(a) = b for triangular a, batched over leading dimensions; transpose_a is NO_TRANSPOSE, TRANSPOSE or ADJOINT
  irdl.operation @triangular_solve {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(a: %0, b: %1)
    %2 = irdl.base "!builtin.tensor"
    irdl.results(result: %2)
    %3 = irdl.base "#builtin.integer"
    %4 = irdl.base "#builtin.integer"
    %5 = irdl.base "#builtin.integer"
    %6 = irdl.base "#builtin.string"
    irdl.attributes {"left_side" = %3, "lower" = %4, "unit_diagonal" = %5, "transpose_a" = %6}
  }
  // Gather: stitches together slices of slice_sizes taken at start indices; output dimensions are the index batch dimensions plus offset_dims
  irdl.operation @gather {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0, start_indices: %1)
    %2 = irdl.base "!builtin.tensor"
    irdl.results(result: %2)
    %3 = irdl.base "#builtin.dense_array"
    %4 = irdl.base "#builtin.dense_array"
    %5 = irdl.base "#builtin.dense_array"
    %6 = irdl.base "#builtin.integer"
    %7 = irdl.base "#builtin.dense_array"
    irdl.attributes {"offset_dims" = %3, "collapsed_slice_dims" = %4, "start_index_map" = %5, "index_vector_dim" = %6, "slice_sizes" = %7}
  }
  // Scatter: combines N update arrays into N inputs at scatter indices with update_computation; operands = N inputs, scatter_indices, N updates (2N+1 values); results have the inputs' types
  irdl.operation @scatter {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operands: variadic %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(results: variadic %1)
    %2 = irdl.base "#builtin.dense_array"
    %3 = irdl.base "#builtin.dense_array"
    %4 = irdl.base "#builtin.dense_array"
    %5 = irdl.base "#builtin.integer"
    irdl.attributes {"update_window_dims" = %2, "inserted_window_dims" = %3, "scatter_dims_to_operand_dims" = %4, "index_vector_dim" = %5}
    %6 = irdl.region
    irdl.regions(update_computation: %6)
  }
  // BatchNormTraining: normalizes across all dimensions but feature_index; returns the output and the per-feature batch mean and variance
  irdl.operation @batch_norm_training {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0, scale: %1, offset: %2)
    %3 = irdl.base "!builtin.tensor"
    %4 = irdl.base "!builtin.tensor"
    %5 = irdl.base "!builtin.tensor"
    irdl.results(output: %3, batch_mean: %4, batch_var: %5)
    %6 = irdl.base "#builtin.float"
    %7 = irdl.base "#builtin.integer"
    irdl.attributes {"epsilon" = %6, "feature_index" = %7}
  }
  // BatchNormInference: normalizes with the given per-feature mean and variance
  irdl.operation @batch_norm_inference {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    %3 = irdl.base "!builtin.tensor"
    %4 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0, scale: %1, offset: %2, mean: %3, variance: %4)
    %5 = irdl.base "!builtin.tensor"
    irdl.results(result: %5)
    %6 = irdl.base "#builtin.float"
    %7 = irdl.base "#builtin.integer"
    irdl.attributes {"epsilon" = %6, "feature_index" = %7}
  }
  // BatchNormGrad: gradients of batch normalization with respect to operand, scale and offset
  irdl.operation @batch_norm_grad {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    %3 = irdl.base "!builtin.tensor"
    %4 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0, scale: %1, mean: %2, variance: %3, grad_output: %4)
    %5 = irdl.base "!builtin.tensor"
    %6 = irdl.base "!builtin.tensor"
    %7 = irdl.base "!builtin.tensor"
    irdl.results(grad_operand: %5, grad_scale: %6, grad_offset: %7)
    %8 = irdl.base "#builtin.float"
    %9 = irdl.base "#builtin.integer"
    irdl.attributes {"epsilon" = %8, "feature_index" = %9}
  }
  // While: runs `body` while `cond` yields true; both take the loop-carried values (the operands' types), `cond` yields tensor<i1>, `body` yields the next values
  irdl.operation @while {
    %0 = irdl.any
    irdl.operands(operands: variadic %0)
    %1 = irdl.any
    irdl.results(results: variadic %1)
    %2 = irdl.region
    %3 = irdl.region
    irdl.regions(cond: %2, body: %3)
  }
  // Conditional (predicated form): runs true_branch or false_branch by a scalar PRED; the branches take no parameters and yield the same types
  irdl.operation @if {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(pred: %0)
    %1 = irdl.any
    irdl.results(results: variadic %1)
    %2 = irdl.region
    %3 = irdl.region
    irdl.regions(true_branch: %2, false_branch: %3)
  }
  // Conditional (indexed form): runs branch `index` of the single region `branches` (one block per branch, no parameters); an index out of range runs the last branch
  irdl.operation @case {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(index: %0)
    %1 = irdl.any
    irdl.results(results: variadic %1)
    %2 = irdl.region
    irdl.regions(branches: %2)
  }
  // Call: invokes the computation `callee` on the operands; the callee's signature is checked against operands and results at the module level
  irdl.operation @call {
    %0 = irdl.any
    irdl.operands(operands: variadic %0)
    %1 = irdl.any
    irdl.results(results: variadic %1)
    %2 = irdl.base "#builtin.symbol_ref"
    irdl.attributes {"callee" = %2}
  }
  // OptimizationBarrier: returns its operands unchanged; no optimization moves computation across it
  irdl.operation @optimization_barrier {
    %0 = irdl.any
    irdl.operands(operands: variadic %0)
    %1 = irdl.any
    irdl.results(results: variadic %1)
  }
  // RngUniform: a result of the declared shape filled with numbers uniform on [a, b); a and b are scalars of the result's element type (PRED, integer or float); b <= a gives an implementation-defined result
  irdl.operation @rng_uniform {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(a: %0, b: %1)
    %2 = irdl.base "!builtin.tensor"
    irdl.results(result: %2)
  }
  // RngNormal: a result of the declared shape filled with numbers drawn from N(mu, sigma); mu and sigma are float scalars of the result's element type
  irdl.operation @rng_normal {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(mu: %0, sigma: %1)
    %2 = irdl.base "!builtin.tensor"
    irdl.results(result: %2)
  }
  // RngBitGenerator: uniform random bits of the declared output shape from a ui64 state vector, and the advanced state; rng_algorithm is DEFAULT, THREE_FRY (state tensor<2xui64>) or PHILOX (state tensor<2xui64> or tensor<3xui64>)
  irdl.operation @rng_bit_generator {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(initial_state: %0)
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base "!builtin.tensor"
    irdl.results(output_state: %1, output: %2)
    %3 = irdl.base "#builtin.string"
    irdl.attributes {"rng_algorithm" = %3}
  }
  // AllReduce: reduces each operand element-wise across the replicas of a group with a scalar computation (E, E) -> E; several operands (XLA's tuple operand) share the computation and element type; results have the operands' types
  irdl.operation @all_reduce {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operands: variadic %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(results: variadic %1)
    %2 = irdl.region
    irdl.regions(computation: %2)
  }
  // CrossReplicaSum: an AllReduce with addition (logical or for PRED) across the replicas of a group; the result has the operand's type
  irdl.operation @cross_replica_sum {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
  }
  // AllGather: concatenates the operands of a replica group along all_gather_dim, in group order; that dimension grows by the group size (computed from replica_groups, else read from the declared result)
  irdl.operation @all_gather {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
    %2 = irdl.base "#builtin.integer"
    irdl.attributes {"all_gather_dim" = %2}
  }
  // AllToAll: splits the operand into split_count blocks along split_dimension, sends block i to the i-th replica of the group and concatenates the received blocks along concat_dimension
  irdl.operation @all_to_all {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
    %2 = irdl.base "#builtin.integer"
    %3 = irdl.base "#builtin.integer"
    %4 = irdl.base "#builtin.integer"
    irdl.attributes {"split_dimension" = %2, "concat_dimension" = %3, "split_count" = %4}
  }
  // ReduceScatter: an AllReduce with a scalar computation (E, E) -> E whose result is split into group-size blocks along scatter_dimension, replica i keeping block i; that dimension shrinks by the group size (computed from replica_groups, else read from the declared result)
  irdl.operation @reduce_scatter {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
    %2 = irdl.base "#builtin.integer"
    irdl.attributes {"scatter_dimension" = %2}
    %3 = irdl.region
    irdl.regions(computation: %3)
  }
  // CollectiveBroadcast (HLO collective-broadcast; StableHLO collective_broadcast): every replica of a group receives the operand of the group's first replica; the result has the operand's type
  irdl.operation @collective_broadcast {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
  }
  // CollectivePermute: each pair [source, target] in source_target_pairs sends the source replica's operand to the target replica; no source or target repeats; replicas that are no target get zeros
  irdl.operation @collective_permute {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operand: %0)
    %1 = irdl.base "!builtin.tensor"
    irdl.results(result: %1)
    %2 = irdl.base "#builtin.array"
    irdl.attributes {"source_target_pairs" = %2}
  }
  // ReplicaId: this replica's id in [0, replica count), a tensor<ui32> scalar
  irdl.operation @replica_id {
    %0 = irdl.base "!builtin.tensor"
    irdl.results(result: %0)
  }
  // PartitionId: this partition's id in [0, partition count), a tensor<ui32> scalar
  irdl.operation @partition_id {
    %0 = irdl.base "!builtin.tensor"
    irdl.results(result: %0)
  }
  // AfterAll: a token ordered after every operand token (no operands: a fresh token)
  irdl.operation @after_all {
    %0 = irdl.base @xhlo::@token
    irdl.operands(tokens: variadic %0)
    %1 = irdl.base @xhlo::@token
    irdl.results(result: %1)
  }
  // Send: sends the operands to the recv with the same channel_id, after the token; gives a token
  irdl.operation @send {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base @xhlo::@token
    irdl.operands(operands: variadic %0, token: %1)
    %2 = irdl.base @xhlo::@token
    irdl.results(result: %2)
  }
  // Recv: receives values of the declared result types from the send with the same channel_id, after the token; results are the values, then a token
  irdl.operation @recv {
    %0 = irdl.base @xhlo::@token
    irdl.operands(token: %0)
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base @xhlo::@token
    irdl.results(results: variadic %1, result_token: %2)
  }
  // Infeed: reads one data item of the declared result types (with their layouts) from the device's infeed queue, after the token; results are the values, then a token; no values reads nothing
  irdl.operation @infeed {
    %0 = irdl.base @xhlo::@token
    irdl.operands(token: %0)
    %1 = irdl.base "!builtin.tensor"
    %2 = irdl.base @xhlo::@token
    irdl.results(results: variadic %1, result_token: %2)
  }
  // Outfeed: writes the operands to the device's outfeed queue, after the token; gives a token
  irdl.operation @outfeed {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base @xhlo::@token
    irdl.operands(operands: variadic %0, token: %1)
    %2 = irdl.base @xhlo::@token
    irdl.results(result: %2)
  }
  // CustomCall: calls the external function call_target_name on the operands, giving results of the declared types; backend_config is a string (a dictionary for api_version 4, typed FFI); operand_layouts/result_layouts, given together, fix each value's minor-to-major layout
  irdl.operation @custom_call {
    %0 = irdl.any
    irdl.operands(operands: variadic %0)
    %1 = irdl.any
    irdl.results(results: variadic %1)
    %2 = irdl.base "#builtin.string"
    irdl.attributes {"call_target_name" = %2}
  }
  // CompositeCall: the named composite op on the operands, with the semantics of the function `decomposition` (which it may be replaced by); composite_attributes parameterize it and version (default 0) numbers semantic revisions; results have the declared types (the decomposition's signature is checked against the symbol table, not here)
  irdl.operation @composite {
    %0 = irdl.any
    irdl.operands(operands: variadic %0)
    %1 = irdl.any
    irdl.results(results: variadic %1)
    %2 = irdl.base "#builtin.string"
    %3 = irdl.base "#builtin.symbol_ref"
    irdl.attributes {"name" = %2, "decomposition" = %3}
  }
  // Fusion: the ops of region `body` computed as one kernel without materializing their intermediate values; the body's block arguments are the operands, it yields the results; kind is "loop" (element-wise), "input" (producers into a reduce) or "output" (dot_general with an element-wise epilogue)
  irdl.operation @fusion {
    %0 = irdl.base "!builtin.tensor"
    irdl.operands(operands: variadic %0)
    %1 = irdl.any
    irdl.results(results: variadic %1)
    %2 = irdl.base "#builtin.string"
    irdl.attributes {"kind" = %2}
    %3 = irdl.region
    irdl.regions(body: %3)
  }
}
// The check dialect of StableHLO's interpreter tests.
irdl.dialect @check {
  // expect_eq: exact equality of two tensors.
  irdl.operation @expect_eq {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
  }
  // expect_eq_const: exact equality with a constant.
  irdl.operation @expect_eq_const {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.any
    irdl.operands(lhs: %0)
    irdl.attributes {"value" = %1}
  }
  // expect_almost_eq: absolute tolerance (attribute tolerance, default 1e-4).
  irdl.operation @expect_almost_eq {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(lhs: %0, rhs: %1)
  }
  // expect_almost_eq_const: absolute tolerance against a constant.
  irdl.operation @expect_almost_eq_const {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.any
    irdl.operands(lhs: %0)
    irdl.attributes {"value" = %1}
  }
  // expect_close: ULP distance within [min_ulp_difference, max_ulp_difference] (0..1).
  irdl.operation @expect_close {
    %0 = irdl.base "!builtin.tensor"
    %1 = irdl.base "!builtin.tensor"
    irdl.operands(actual: %0, expected: %1)
  }
}
