# Sourced by the project's commands: finds or installs what they need.
# Every function checks first and installs only what is missing, so a
# clean checkout on a machine that already has the tools does no work.

export PATH="$HOME/.cargo/bin:$PATH"

say() { printf '==> %s\n' "$*" >&2; }

ensure_cargo() {
  if ! command -v cargo >/dev/null 2>&1; then
    say "cargo is missing: this project needs a Rust toolchain installed by rustup"
    exit 1
  fi
  # rustc links native programs (the tests, devserve, the build tools)
  # through the system's C compiler driver.
  if ! command -v cc >/dev/null 2>&1; then
    apt_install gcc libc6-dev
  fi
}

# python3, whose `re` module is one of the oracles of gateway-core's
# declarations test (Python's regular expressions against the exported
# patterns); the test says it skipped them where there is none.
ensure_python3() {
  if ! command -v python3 >/dev/null 2>&1; then
    apt_install python3
  fi
}

ensure_wasm_target() {
  ensure_cargo
  if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    say "installing the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown
  fi
}

# build_page_wasm [CARGO ARG…]: gateway-web for wasm32 on stable, release,
# cdylib only (scripts/build-web says why), with the extra cargo arguments
# given; sets page_wasm to the module's path.
build_page_wasm() {
  say "cargo rustc (release, wasm32, cdylib only${*:+, $*})"
  cargo rustc --release --target wasm32-unknown-unknown -p gateway-web --lib --crate-type cdylib --locked "$@"
  page_wasm=${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/release/gateway_web.wasm
}

ensure_rust_components() {
  ensure_cargo
  for c in rustfmt clippy; do
    if ! rustup component list --installed 2>/dev/null | grep -q "^$c"; then
      say "installing rustup component $c"
      rustup component add "$c"
    fi
  done
}

# Root of the checkout, wherever the sourcing script stands.
PROJECT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# Installs Debian packages, running apt-get update once per shell; uses sudo
# only when not root.
apt_install() {
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    if ! command -v sudo >/dev/null 2>&1; then
      say "installing $* needs root: run as root or install sudo"
      exit 1
    fi
    sudo=(sudo)
  fi
  if [ -z "${APT_UPDATED:-}" ]; then
    say "apt-get update"
    "${sudo[@]}" apt-get update
    export APT_UPDATED=1
  fi
  say "apt-get install $*"
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y "$@"
}

# The version of the wasm-bindgen crate in Cargo.lock: the CLI must match it.
locked_wasm_bindgen_version() {
  awk '/^\[\[package\]\]/ { name = 0 }
       /^name = "wasm-bindgen"$/ { name = 1; next }
       name && /^version = / { gsub(/"/, "", $3); print $3; exit }' "$PROJECT_ROOT/Cargo.lock"
}

# wasm-bindgen and wasm-bindgen-test-runner at exactly the locked version.
ensure_wasm_bindgen() {
  ensure_cargo
  local want have=""
  want=$(locked_wasm_bindgen_version)
  if [ -z "$want" ]; then
    say "Cargo.lock names no wasm-bindgen package"
    exit 1
  fi
  if command -v wasm-bindgen >/dev/null 2>&1; then
    have=$(wasm-bindgen --version | awk '{ print $2 }')
  fi
  if [ "$have" = "$want" ] && command -v wasm-bindgen-test-runner >/dev/null 2>&1; then
    return
  fi
  say "installing wasm-bindgen-cli $want (found: ${have:-none}); this takes a few minutes"
  cargo install wasm-bindgen-cli --version "=$want" --locked
}

# Node.js (20 or newer) and npm, and the pinned npm tools of tests/e2e:
# playwright-core, axe-core, @axe-core/playwright and binaryen (wasm-opt).
# npm ci runs only when node_modules was not made from this package-lock.json.
ensure_node_tools() {
  if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    apt_install nodejs npm
  fi
  local major
  major=$(node -p 'process.versions.node.split(".")[0]')
  if [ "$major" -lt 20 ]; then
    say "Node.js $(node --version) is too old: the browser tests need Node.js 20 or newer"
    exit 1
  fi
  local dir="$PROJECT_ROOT/tests/e2e" stamp want
  stamp="$dir/node_modules/.installed-from"
  want=$(cat "$dir/package.json" "$dir/package-lock.json" | sha256sum | cut -d' ' -f1)
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -x "$dir/node_modules/.bin/wasm-opt" ] && [ -x "$dir/node_modules/.bin/esbuild" ]; then
    return
  fi
  say "npm ci in tests/e2e"
  (cd "$dir" && npm ci --no-audit --no-fund)
  printf '%s\n' "$want" >"$stamp"
}

# The pinned npm tools of tests/lighthouse (lighthouse, chrome-launcher), for
# scripts/lighthouse only: a package of their own, so the browser tests' npm
# ci does not install them. As ensure_node_tools (call it first: Node.js 20),
# npm ci runs only when node_modules was not made from this package-lock.json.
ensure_lighthouse() {
  local dir="$PROJECT_ROOT/tests/lighthouse" stamp want
  stamp="$dir/node_modules/.installed-from"
  want=$(cat "$dir/package.json" "$dir/package-lock.json" | sha256sum | cut -d' ' -f1)
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -f "$dir/node_modules/lighthouse/package.json" ]; then
    return
  fi
  say "npm ci in tests/lighthouse"
  (cd "$dir" && npm ci --no-audit --no-fund)
  printf '%s\n' "$want" >"$stamp"
}

# Debian's Chromium and ChromeDriver (never a browser a tool downloads), and
# the Noto CJK fonts: without them Chinese is drawn as boxes of one width,
# and the layout tests would measure a page no learner sees.
ensure_chromium() {
  if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
    apt_install chromium chromium-driver
  fi
  if ! compgen -G '/usr/share/fonts/opentype/noto/NotoSansCJK*' >/dev/null; then
    apt_install fonts-noto-cjk
  fi
}
