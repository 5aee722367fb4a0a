#!/usr/bin/env python3
"""A minimal hook in Python, for comparison with `relay hook` (tui/benches/hook.rs): read the hook JSON on stdin,
do one HTTP round trip to relayd (GET /healthz on 127.0.0.1:$RELAY_PORT, 300 ms budget), print nothing (Claude
Code's allow form) and exit 0, also when relayd does not answer. Standard library only (urllib)."""

import json
import os
import sys
import urllib.request


def main() -> int:
    json.loads(sys.stdin.buffer.read(256 * 1024 + 1) or b"{}")
    url = f"http://127.0.0.1:{os.environ['RELAY_PORT']}/healthz"
    try:
        with urllib.request.urlopen(url, timeout=0.3) as answer:
            answer.read()
    except OSError:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
