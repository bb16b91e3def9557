#!/usr/bin/env bash
# Start llama-server (built by setup.sh) on loopback, with OpenAI-compatible tool calling.
#
#   REAL_MODEL_DIR  as in setup.sh
#   MODEL           qwen05 | qwen15 | a path to a .gguf (default: qwen05)
#   PORT            (default: 8080)     CTX      context tokens (default: 16384)
#   THREADS         (default: nproc; on a busy 2-core machine 1 can be faster)
#
# Prints the environment that points Inspect at it. Stop it with: kill "$(cat "$PIDFILE")"
set -euo pipefail

REAL_MODEL_DIR="${REAL_MODEL_DIR:-$HOME/.cache/inspect_memgym/real_model}"
MODEL="${MODEL:-qwen05}"
PORT="${PORT:-8080}"
CTX="${CTX:-16384}"
THREADS="${THREADS:-$(nproc)}"
PIDFILE="$REAL_MODEL_DIR/llama-server.$PORT.pid"
LOG="$REAL_MODEL_DIR/llama-server.$PORT.log"
server="$REAL_MODEL_DIR/llama-build/bin/llama-server"

case "$MODEL" in
  qwen05) gguf="$REAL_MODEL_DIR/models/qwen2.5-coder-0.5b-instruct-q4_k_m.gguf" ;;
  qwen15) gguf="$REAL_MODEL_DIR/models/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf" ;;
  *) gguf="$MODEL" ;;
esac
[ -x "$server" ] || { echo "no $server: run setup.sh first" >&2; exit 1; }
[ -s "$gguf" ] || { echo "no $gguf: run MODELS=$MODEL setup.sh first" >&2; exit 1; }

# --jinja: the GGUF's own chat template renders the offered tools and parses tagged calls;
# -np 1: one slot, so the prompt cache (system prompt and tool schemas) is reused.
nohup "$server" -m "$gguf" --host 127.0.0.1 --port "$PORT" --jinja -c "$CTX" -np 1 \
  -t "$THREADS" --alias "$(basename "$gguf" .gguf)" > "$LOG" 2>&1 &
echo $! > "$PIDFILE"
for _ in $(seq 1 120); do
  if curl -sf "http://127.0.0.1:$PORT/health" > /dev/null; then
    echo "llama-server (pid $(cat "$PIDFILE")) serves $gguf on http://127.0.0.1:$PORT/v1"
    echo "export LLAMACPP_BASE_URL=http://127.0.0.1:$PORT/v1 LLAMACPP_API_KEY=local"
    echo "export MEMGYM_REAL_MODEL=openai-api/llamacpp/$(basename "$gguf" .gguf)"
    exit 0
  fi
  if ! kill -0 "$(cat "$PIDFILE")" 2> /dev/null; then
    echo "llama-server exited; the end of $LOG:" >&2
    tail -5 "$LOG" >&2
    exit 1
  fi
  sleep 1
done
echo "llama-server was not healthy after 120 s; see $LOG" >&2
exit 1
