#!/usr/bin/env bash
# Commit subjects stay within 72 characters (git's own advice, and what
# `git log --oneline` shows whole) for every commit after the one named
# below, when the rule was made. Prints the offenders and exits 1.
set -euo pipefail
cd "$(dirname "$0")/.."
SINCE=ac9e659
if git cat-file -e "$SINCE^{commit}" 2>/dev/null; then
  range="$SINCE..HEAD"
else
  echo "tools/subjects.sh: $SINCE is not in this clone (shallow?): nothing checked"
  exit 0
fi
bad=$(git log --format='%h %s' "$range" | python3 -c '
import sys
for line in sys.stdin:
    line = line.rstrip("\n")
    if len(line.split(" ", 1)[1]) > 72:
        print(line)
')
if [ -n "$bad" ]; then
  echo "commit subjects over 72 characters:"
  echo "$bad"
  exit 1
fi
