# One-command set-up: both targets install what is missing (LLVM/MLIR 22, Open MPI), then build.
LLVM_PREFIX := /usr/lib/llvm-22
APT_PACKAGES := llvm-22-dev libmlir-22-dev mlir-22-tools libpolly-22-dev libclang-22-dev clang-22 \
                libzstd-dev libz3-dev libxml2-dev zlib1g-dev libomp-22-dev
# Open MPI: loaded at run time by programs with collectives or send/recv (xla-run --replicas,
# mpirun), and by the tests that run them on 2 and 4 processes.
MPI_PACKAGES := libopenmpi-dev openmpi-bin
# Graphviz: `make demo` draws fusion plans (`xla-opt --emit=dot`) with it, and a test checks
# that it reads that DOT.
GRAPHVIZ_PACKAGES := graphviz
DEMO_DIR := target/demo
# MPICH beside it, for the test that runs collectives under MPICH too
# (tests/collectives.rs, collectives_run_on_mpich_too): installed only where apt's dry run
# removes nothing. Debian's alternatives keep Open MPI's `mpirun` (priority 50 over MPICH's
# 40; set back if another choice was made), and MPICH is called as `mpirun.mpich`.
MPICH_PACKAGES := libmpich-dev mpich
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
XLA_OPT := target/release/xla-opt

VENV ?= $(HOME)/.cache/xla-workloads/venv
WORKLOADS := ../shared/workloads
RESULTS := $(CURDIR)/bench/results

.PHONY: deps demo test test-tools test-python python-venv wheel build irdl bench bench-mpi clean plugin

# LLVM/MLIR 22 from Debian, installed only when missing; libomp-22-dev is the OpenMP runtime
# multi-threaded programs call (without it they run on one thread).
deps:
	@if [ ! -x $(LLVM_PREFIX)/bin/mlir-opt ] || [ ! -x $(LLVM_PREFIX)/bin/mlir-tblgen ] || \
	    [ ! -f $(LLVM_PREFIX)/lib/libMLIRCAPIIR.a ] || [ ! -f $(LLVM_PREFIX)/lib/libclang-22.so ] || \
	    [ ! -f $(LLVM_PREFIX)/lib/libomp.so ]; then \
	  echo "Installing LLVM/MLIR 22 from Debian..."; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(APT_PACKAGES); \
	fi
	@if ! command -v mpirun >/dev/null || [ ! -e /usr/lib/$$(gcc -dumpmachine 2>/dev/null || echo x86_64-linux-gnu)/libmpi.so.40 ]; then \
	  echo "Installing Open MPI (collectives across processes)..."; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(MPI_PACKAGES); \
	fi
	@if ! command -v dot >/dev/null; then \
	  echo "Installing Graphviz (pictures of fusion plans)..."; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(GRAPHVIZ_PACKAGES); \
	fi
	@if [ ! -x /usr/bin/mpirun.mpich ]; then \
	  if $(SUDO) apt-get install -s $(MPICH_PACKAGES) 2>/dev/null | grep -q '^Remv'; then \
	    echo "Not installing MPICH ($(MPICH_PACKAGES)): apt would remove packages for it; the MPICH test is skipped"; \
	  else \
	    echo "Installing MPICH beside Open MPI (the MPICH collectives test)..."; \
	    DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(MPICH_PACKAGES) || echo "MPICH not installed; the MPICH test is skipped"; \
	  fi; \
	fi
	@if [ -x /usr/bin/mpirun.openmpi ] && [ "$$(readlink -f /usr/bin/mpirun)" != "$$(readlink -f /usr/bin/mpirun.openmpi)" ]; then \
	  echo "Setting mpirun back to Open MPI's (update-alternatives)"; \
	  $(SUDO) update-alternatives --set mpirun /usr/bin/mpirun.openmpi && $(SUDO) update-alternatives --set mpi /usr/bin/mpicc.openmpi; \
	fi
	@command -v cargo >/dev/null || { echo "error: cargo (Rust) is required: https://rustup.rs"; exit 1; }

build: deps
	cargo build --release --bin xla-opt --bin xla-run

# The main job on a bundled example: a JAX workload (StableHLO) compiled and run end to end
# and checked against its reference checksums, and the fusion plan it ran drawn by Graphviz
# (target/demo/*.svg); then xla-opt on a small MLP in xhlo and the located diagnostic for an
# invalid program.
demo: build
	@echo "== softmax_1024 (JAX, StableHLO): e-graph rewrites and fusion (statistics on stderr), compiled with the JIT, run on its generated inputs =="
	target/release/xla-run --workload softmax_1024 --workloads-dir $(WORKLOADS) --eqsat-stats
	@echo
	@echo "== the fusion plans of softmax_1024 and examples/mlp.mlir: kernels as boxes, the tensors written between them as edges with their bytes =="
	@mkdir -p $(DEMO_DIR)
	$(XLA_OPT) $(WORKLOADS)/stablehlo/softmax_1024.mlir --emit=dot -o $(DEMO_DIR)/softmax_1024.dot
	$(XLA_OPT) examples/mlp.mlir --emit=dot -o $(DEMO_DIR)/mlp.dot
	dot -Tsvg $(DEMO_DIR)/softmax_1024.dot -o $(DEMO_DIR)/softmax_1024.svg
	dot -Tsvg $(DEMO_DIR)/mlp.dot -o $(DEMO_DIR)/mlp.svg
	@echo "wrote $(DEMO_DIR)/softmax_1024.svg and $(DEMO_DIR)/mlp.svg (open them in a browser; the DOT beside them)"
	@echo
	@echo "== examples/mlp.mlir through xhlo-cse,xhlo-dce =="
	$(XLA_OPT) examples/mlp.mlir --pass-pipeline='builtin.module(xhlo-verify,xhlo-cse,xhlo-dce)'
	@echo
	@echo "== examples/invalid.mlir (a shape error; exit code 1 expected) =="
	@$(XLA_OPT) examples/invalid.mlir; test $$? -eq 1
	@echo
	@echo "== the verifier's MLIR-level cases for dot/conv/fft/... (split input, expected diagnostics) =="
	$(XLA_OPT) --split-input-file --verify-diagnostics tests/verify/linalg.mlir > /dev/null && echo "tests/verify/linalg.mlir: all expected diagnostics produced"
	@echo
	@echo "== collectives on 2 replicas x 2 partitions: xla-run starts 4 processes under mpirun (Open MPI) =="
	target/release/xla-run tests/collectives/grid.mlir --replicas 2 --partitions 2 --random-inputs 1 --threads 1 --timeout 60 | sort

# Compile and run every workload (shared/workloads and our own bench/workloads); XLA CPU
# (jax) and IREE are timed in the same run by the workloads' own harness
# (shared/workloads/bench.py, which bench/workloads/extra.py reuses), and xla-bench first
# measures the machine's FMA peak and memory bandwidth. Table: bench/results/table.md.
bench: build
	cargo build --release -p xhlo-bench
	@test -x $(VENV)/bin/iree-compile || { python3 -m venv $(VENV) && $(VENV)/bin/pip install -q --upgrade pip && \
	  $(VENV)/bin/pip install -q jax==0.10.2 jaxlib==0.10.2 numpy==2.4.6 iree-base-compiler==3.13.0 \
	  iree-base-runtime==3.13.0 threadpoolctl; }
	mkdir -p $(RESULTS)
	cd $(WORKLOADS) && BENCH_RESULTS=$(RESULTS) $(VENV)/bin/python bench.py xla 2t
	cd $(WORKLOADS) && BENCH_RESULTS=$(RESULTS) $(VENV)/bin/python bench.py iree-compile
	cd $(WORKLOADS) && BENCH_RESULTS=$(RESULTS) $(VENV)/bin/python bench.py iree 2t 0 pretty
	cd bench/workloads && for step in "xla 2t" iree-compile "iree 2t 0 pretty"; do \
	  SHARED_WORKLOADS=$(abspath $(WORKLOADS)) BENCH_RESULTS=$(RESULTS) $(VENV)/bin/python extra.py $$step || exit 1; done
	target/release/xla-bench --workloads $(WORKLOADS) bench/workloads --results $(RESULTS) | tee $(RESULTS)/table.md
	$(MAKE) bench-mpi

# all_reduce and all_gather of compiled programs on 2 and 4 processes of this machine against
# MPI_Allreduce and MPI_Allgather called directly (bench/src/mpi.rs):
# bench/results/mpi_allreduce.md.
MPIRUN := mpirun --oversubscribe $(shell [ "$$(id -u)" = 0 ] && echo --allow-run-as-root)
bench-mpi: deps
	cargo build --release -p xhlo-bench --bin xla-mpi-bench
	mkdir -p $(RESULTS)
	{ echo "# Collectives across processes: compiled programs against MPI's own calls"; echo; \
	  echo "\`make bench-mpi\` ($$(date -u +%F), $$(mpirun --version | head -1), $$(nproc) cores). Median and minimum of 31 runs (11 from 1M elements), the program's runs and the MPI calls in turns (\"with \`run\`\" in a loop of its own after); GB/s is one operand's bytes per second; \"xhlo\" runs with \`Program::run_physical_into\` (kept result buffers, as the MPI calls'), \"with \`run\`\" allocates each result. What the ratios include: README.md, \"Collectives across processes\"."; echo; \
	  for n in 2 4; do $(MPIRUN) -n $$n target/release/xla-mpi-bench || exit 1; done; } > $(RESULTS)/mpi_allreduce.md
	cat $(RESULTS)/mpi_allreduce.md

# Tools tests run besides LLVM, installed when missing: a Python with jaxlib, which parses
# every exported StableHLO file (the test says "skipped" and why when XHLO_JAXLIB_PYTHON
# is unset, so it never passes silently).
TEST_VENV ?= $(HOME)/.cache/xhlo-test/venv
JAXLIB_VERSION := 0.10.2
test-tools:
	@$(TEST_VENV)/bin/python -c "import jaxlib" 2>/dev/null || { \
	  echo "Installing jaxlib $(JAXLIB_VERSION) into $(TEST_VENV) for the export tests..."; \
	  python3 -m venv --help >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq python3-venv; }; \
	  python3 -m venv $(TEST_VENV) && $(TEST_VENV)/bin/pip install -q jaxlib==$(JAXLIB_VERSION); }

# Every test: unit tests of each crate and the integration suite in tests/, then the Python
# package's tests.
# The plugin is built first, with every target `cargo test --workspace` runs: one cargo build
# with the tests' feature set (dev-dependencies included), so libxhlo_c.so and the tests share
# every dependency instead of building MLIR-linked crates twice.
test: deps test-tools
	$(MAKE) plugin PLUGIN_PROFILE=dev PLUGIN_CARGO_ARGS="--workspace --lib --tests"
	XHLO_JAXLIB_PYTHON=$(TEST_VENV)/bin/python XHLO_PLUGIN_DIR=$(PY_TARGET)/debug cargo test --workspace --no-fail-fast
	$(MAKE) test-python

# The Python package (python/, pyo3 + maturin): built into the test venv, which gets jax,
# maturin and pytest when missing. `make wheel` builds the release wheel into target/wheels;
# `make test-python` builds the extension in the dev profile into the cargo target directory,
# where `cargo test --workspace` has already built its dependencies (python/Cargo.toml repeats
# the workspace's dev profile for that), installs it and runs python/tests.
MATURIN_VERSION := 1.16.0
PY_TARGET := $(or $(CARGO_TARGET_DIR),$(CURDIR)/target)
python-venv: test-tools
	@$(TEST_VENV)/bin/python -c "import jax, pytest" 2>/dev/null && test -x $(TEST_VENV)/bin/maturin || { \
	  echo "Installing jax $(JAXLIB_VERSION), maturin and pytest into $(TEST_VENV) for the Python package..."; \
	  $(TEST_VENV)/bin/pip install -q jax==$(JAXLIB_VERSION) maturin==$(MATURIN_VERSION) pytest; }

wheel: deps python-venv
	cd python && CARGO_TARGET_DIR=$(PY_TARGET) $(TEST_VENV)/bin/maturin build --release \
	  -i $(TEST_VENV)/bin/python --out $(PY_TARGET)/wheels
	@ls $(PY_TARGET)/wheels/xhlo-*.whl

test-python: deps python-venv
	rm -rf $(PY_TARGET)/wheels-dev
	cd python && CARGO_TARGET_DIR=$(PY_TARGET) $(TEST_VENV)/bin/maturin build \
	  -i $(TEST_VENV)/bin/python --out $(PY_TARGET)/wheels-dev
	$(TEST_VENV)/bin/pip install -q --force-reinstall --no-deps $(PY_TARGET)/wheels-dev/xhlo-*.whl
	$(TEST_VENV)/bin/python -m pytest -q python/tests

# The C API (include/xhlo.h) as libxhlo_c.so and the mlir-opt plugin on top of it,
# libxhlo_mlir_plugin.so, both in the cargo target directory's profile folder (release, or
# debug with PLUGIN_PROFILE=dev as `make test` builds them, reusing the test build):
#   mlir-opt --load-dialect-plugin=target/release/libxhlo_mlir_plugin.so \
#            --load-pass-plugin=target/release/libxhlo_mlir_plugin.so ...
# The plugin (C++) links mlir-opt's shared libMLIR; the library keeps its own MLIR, hidden.
PLUGIN_PROFILE ?= release
PLUGIN_CARGO_ARGS ?= -p xhlo-capi
# The system's C++ compiler (as the cc crate's build scripts use it) unless CXX is given.
PLUGIN_CXX := $(if $(filter default,$(origin CXX)),c++,$(CXX))
PLUGIN_DIR = $(PY_TARGET)/$(if $(filter dev,$(PLUGIN_PROFILE)),debug,$(PLUGIN_PROFILE))
plugin: deps
	cargo build --profile $(PLUGIN_PROFILE) $(PLUGIN_CARGO_ARGS)
	$(PLUGIN_CXX) -std=c++17 -O2 -fPIC -shared -Wall -Wno-unused-parameter -Iinclude -I$(LLVM_PREFIX)/include \
	  capi/plugin/xhlo_mlir_plugin.cpp -o $(PLUGIN_DIR)/libxhlo_mlir_plugin.so \
	  -L$(PLUGIN_DIR) -lxhlo_c -L$(LLVM_PREFIX)/lib -lMLIR -lLLVM \
	  -Wl,-rpath,'$$ORIGIN' -Wl,-rpath,$(LLVM_PREFIX)/lib
	@echo "built $(PLUGIN_DIR)/libxhlo_c.so and $(PLUGIN_DIR)/libxhlo_mlir_plugin.so"

# The IRDL module of the dialect, generated from the op catalogue, for
# `mlir-opt --irdl-file=target/xhlo.irdl.mlir` (not checked in: the catalogue is the source).
irdl: build
	$(XLA_OPT) --emit-irdl -o target/xhlo.irdl.mlir
	@echo "wrote target/xhlo.irdl.mlir"

clean:
	cargo clean
