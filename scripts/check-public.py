#!/usr/bin/env python3
"""Inside a crate `pub(crate)` by default (issue 42): a `pub` item is what a neighbour uses.

For every crate in crates/, each `pub fn`, `pub const`, `pub static`, `pub type` and
`pub mod` of its src/ must be named somewhere outside that src/: another crate, the root
package (its programs, tests, benches, examples) or the crate's own tests/ and benches/,
which use it as a neighbour does. One that nothing outside names is `pub(crate)` (or dead
code, which the compiler then reports). Run by scripts/test.sh; exits 1 and lists them.

Structs, enums and traits are only counted: one that no neighbour names may still be
public because a public item's signature holds it (a result, a field's type), which the
compiler checks (`private_interfaces`, E0446); `unreachable_pub`, warned in the workspace,
catches a `pub` item in a private module. Text, not the compiler: a name counts as used
wherever it is written outside (a comment too), so the check can only under-report.

    python3 scripts/check-public.py            # the check
    python3 scripts/check-public.py --types    # also list the public types no neighbour names
"""
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
ITEM = re.compile(
    r"^\s*pub (?:const fn|async fn|unsafe fn|fn|struct|enum|trait|const|static|type|mod)"
    r"\s+([A-Za-z_][A-Za-z0-9_]*)"
)
KIND = re.compile(r"^\s*pub (const fn|async fn|unsafe fn|fn|struct|enum|trait|const|static|type|mod)\b")
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def rust_files(folder):
    for here, dirs, names in os.walk(folder):
        dirs[:] = [d for d in dirs if d not in ("target", ".git", "node_modules")]
        for name in names:
            if name.endswith(".rs"):
                yield os.path.join(here, name)


def main():
    show_types = "--types" in sys.argv[1:]
    every = {path: open(path, encoding="utf-8", errors="replace").read() for path in rust_files(ROOT)}
    crates = sorted(os.listdir(os.path.join(ROOT, "crates")))
    unused, types = [], []
    for crate in crates:
        src = os.path.join(ROOT, "crates", crate, "src") + os.sep
        outside = set()
        for path, text in every.items():
            if not path.startswith(src):
                outside.update(WORD.findall(text))
        for path in sorted(p for p in every if p.startswith(src)):
            for number, line in enumerate(every[path].split("\n"), 1):
                found = ITEM.match(line)
                if not found or found.group(1) in outside:
                    continue
                where = f"{os.path.relpath(path, ROOT)}:{number}: {line.strip()[:90]}"
                kind = KIND.match(line).group(1)
                (types if kind in ("struct", "enum", "trait") else unused).append(where)
    for where in unused:
        print(f"pub but named by no neighbour (make it pub(crate)): {where}", file=sys.stderr)
    if show_types:
        for where in types:
            print(f"public type named by no neighbour (in a public signature): {where}")
    print(
        f"public items: {len(unused)} functions, constants or modules named by no neighbour; "
        f"{len(types)} types public only through a public signature"
    )
    return 1 if unused else 0


if __name__ == "__main__":
    sys.exit(main())
