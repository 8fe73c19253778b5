#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (Playwright never downloads a browser here), with CJK
# fonts so that Chinese, Japanese and Korean screenshots show text rather than empty boxes.
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
# (no grep -q in a pipe: with pipefail, fc-list's SIGPIPE would fail the check)
fonts=$(fc-list 2>/dev/null || true)
[[ "$fonts" == *"Noto Sans CJK"* ]] || missing+=(fonts-noto-cjk)
if [ "${#missing[@]}" -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Missing for browser tests: ${missing[*]} — run 'sudo apt-get update && sudo apt-get install -y ${missing[*]}'" >&2
  exit 1
fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
command -v chromium
