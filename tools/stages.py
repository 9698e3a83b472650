#!/usr/bin/env python3
"""The README's picture of the stages against the real imports:
`stages.py SRC README.md` reads the picture (the code block under "## The
code"), takes each line's first module name (`report.rs`, `output/`) in
order from top to bottom (a line's first word, or the word after a
`├──→` branch), and prints every import that points up the
picture, every top-level module the picture leaves out and every name it
draws that is not a module; exits 1 when there is any. The imports are
those tools/circles.py counts. `--print` lists each module's imports."""
import os, re, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from circles import graph


def drawn(readme):
    text = open(readme, encoding="utf-8").read()
    block = text.split("## The code", 1)[1].split("```", 2)[1]
    order = []
    for line in block.splitlines():
        m = re.match(r"(?:[\s│]*[├└]──→ )?([a-z_]+)(?:\.rs|/)(?=\s|$)", line)
        if m and m.group(1) not in order:
            order.append(m.group(1))
    return order


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    src, readme = (args + ["src", "README.md"][len(args):])[:2]
    tops, edges, ties = graph(src)
    if "--print" in sys.argv:
        for a in sorted(edges):
            print(f"{a} -> {', '.join(sorted(edges[a])) or '(nothing)'}")
        return 0
    order = drawn(readme)
    wrong = []
    for a in sorted(edges):
        for b in sorted(edges[a]):
            if a in order and b in order and order.index(a) > order.index(b):
                wrong.append(f"{a} imports {b}, drawn above it (e.g. {ties[(a, b)][0]})")
    wrong += [f"{t} is a module the picture leaves out" for t in sorted(tops - set(order) - {"main", "lib"})]
    wrong += [f"{t} is drawn but is no module" for t in order if t not in tops | {"main", "lib"}]
    for w in wrong:
        print(w)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
