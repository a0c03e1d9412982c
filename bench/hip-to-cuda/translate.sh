#!/usr/bin/env bash
# Regenerates translated/ with the xfence at $1 (default: build/bin/xfence).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
xfence="${1:-$here/../../build/bin/xfence}"
"$xfence" translate "$here/programs/sync_e2e.hip" --to cuda -o "$here/translated/sync_e2e.cu"
"$xfence" translate "$here/../../test/rewriters/routes/hip-to-cuda/sync.hip" --to cuda -o "$here/translated/lit_sync.cu"
