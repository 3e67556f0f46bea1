#!/usr/bin/env python3
"""Writes the third-party licence listing that every package ships (THIRD-PARTY.txt).

    python3 scripts/licenses.py TARGET > THIRD-PARTY.txt
    (TARGET: x86_64-unknown-linux-gnu for the .deb, x86_64-pc-windows-gnu for the zip)

Which crates: `cargo tree -p queens -e normal --target TARGET` from Cargo.lock, i.e.
what the default build (the window included) links for that system, proc-macros
counted; build scripts, dev-dependencies and the workspace's own crates (LICENSE covers
them) not. For each crate: its licence expression from its Cargo.toml, then the licence
and notice files it ships (LICENSE*, COPYING*, NOTICE*, ... and `license-file`),
verbatim. Identical texts are printed once, with every crate that carries them. A crate
that ships no licence text is listed with its expression and the
standard text of each licence the expression names, from licenses/ in this repository.

The output depends only on Cargo.lock and the crates' published sources, so the same
commit gives the same file (no dates, no paths of this machine).
"""

import json
import os
import re
import subprocess
import sys
import textwrap

# Files a crate ships that carry its licence terms or notices.
LICENCE_FILE = re.compile(r"^(licen[cs]e|copying|notice|copyright|unlicense)([-._].*)?$", re.I)


def cargo(*args):
    return subprocess.run(
        ["cargo", *args], check=True, capture_output=True, text=True
    ).stdout


def crates(target):
    """(name, version) of every crate the default build links for `target`."""
    tree = cargo("tree", "--locked", "-p", "queens", "-e", "normal", "--target", target,
                 "--prefix", "none", "-f", "{p}")
    root = None
    found = set()
    for line in tree.splitlines():
        parts = line.split()
        if len(parts) < 2 or not parts[1].startswith("v"):
            continue
        name, version = parts[0], parts[1][1:]
        if root is None:
            root = name
            continue
        found.add((name, version))
    return sorted(found)


def licence_files(folder, declared):
    """The licence texts of one crate: [(file name, text)], sorted by name."""
    names = set()
    for entry in os.listdir(folder):
        path = os.path.join(folder, entry)
        if LICENCE_FILE.match(entry) and os.path.isfile(path):
            names.add(entry)
        # A LICENSES/ folder (REUSE layout) holds one file per licence; a fonts/ folder
        # the licence of each font (egui's default fonts).
        if entry.upper() in ("LICENSES", "LICENSE", "FONTS") and os.path.isdir(path):
            for inner in os.listdir(path):
                text_file = entry.upper() != "FONTS" or inner.endswith(".txt")
                if text_file and os.path.isfile(os.path.join(path, inner)):
                    names.add(os.path.join(entry, inner))
    if declared:
        relative = os.path.relpath(os.path.join(folder, declared), folder)
        if os.path.isfile(os.path.join(folder, relative)):
            names.add(relative)
    texts = []
    for name in sorted(names):
        with open(os.path.join(folder, name), encoding="utf-8", errors="replace") as file:
            text = file.read().replace("\r\n", "\n").strip("\n")
        if text.strip():
            texts.append((name, text))
    return texts


def standard_texts(expression, authors, here):
    """The standard texts (licenses/ID.txt) of the licences an SPDX expression names, for
    a crate that ships none: [(note, text)], the note naming the crate's authors."""
    ids = re.findall(r"[A-Za-z0-9.+-]+", expression.replace("/", " OR "))
    texts = []
    for spdx in ids:
        if spdx in ("OR", "AND", "WITH"):
            continue
        path = os.path.join(here, "licenses", spdx + ".txt")
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as file:
                note = f"ships no licence file: standard {spdx} text; authors: {authors}"
                texts.append((note, file.read().strip("\n")))
    return texts


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: licenses.py TARGET")
    target = sys.argv[1]
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    meta = json.loads(cargo("metadata", "--locked", "--format-version", "1",
                            "--filter-platform", target))
    packages = {(p["name"], p["version"]): p for p in meta["packages"]}
    listed = crates(target)

    rows = []
    by_text = {}
    order = []
    for key in listed:
        package = packages.get(key)
        if package is None:
            sys.exit(f"licenses.py: {key[0]} {key[1]} is in cargo tree but not in cargo metadata")
        # The workspace's own crates (a path, no registry source) are ours: LICENSE.
        if package.get("source") is None:
            continue
        expression = package.get("license") or "(none declared)"
        folder = os.path.dirname(package["manifest_path"])
        texts = licence_files(folder, package.get("license_file"))
        # Font licences alone (egui's fonts) do not cover the crate's own code.
        if all(name.upper().startswith("FONTS") for name, _ in texts):
            authors = ", ".join(re.sub(r"\s*<[^>]*>", "", a) for a in package.get("authors", []))
            standard = standard_texts(expression, authors or "not named", here)
            texts += standard
            if not standard:
                sys.exit(f"licenses.py: {key[0]} {key[1]} ships no licence text and "
                         f"licenses/ has none for '{expression}'")
        rows.append((key[0], key[1], expression, package.get("repository") or ""))
        for name, text in texts:
            # Texts that differ only in spacing or line breaks are one text.
            same = " ".join(text.split())
            if same not in by_text:
                by_text[same] = []
                order.append((same, text))
            by_text[same].append(f"{key[0]} {key[1]} ({name})")

    out = sys.stdout
    out.write("Queens & Stones: third-party software\n")
    out.write("=====================================\n\n")
    out.write(f"The programs for {target} include the following {len(rows)} Rust crates.\n")
    out.write("Each is listed with its licence (SPDX expression, from its Cargo.toml) and\n")
    out.write("its source; the licence and notice texts the crates ship follow, each once,\n")
    out.write("with the crates that carry it. The window's built-in font (Noto Sans,\n")
    out.write("SIL Open Font License 1.1) has its licence in OFL.txt beside this file.\n")
    out.write("Generated by scripts/licenses.py from Cargo.lock.\n\n")
    width = max(len(f"{name} {version}") for name, version, _, _ in rows)
    for name, version, expression, repository in rows:
        out.write(f"{name + ' ' + version:<{width}}  {expression}  {repository}\n".rstrip() + "\n")
    for number, (same, text) in enumerate(order, start=1):
        out.write("\n" + "-" * 78 + "\n")
        carriers = f"Text {number}, carried by: " + "; ".join(by_text[same]) + "."
        out.write(textwrap.fill(carriers, width=78, break_on_hyphens=False) + "\n\n")
        out.write(text + "\n")


if __name__ == "__main__":
    main()
