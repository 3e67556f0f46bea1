#!/usr/bin/env python3
"""Which top-level module of a crate uses which, and which crate uses which module of its
neighbours (the measurements of docs/workspace-plan.md, ported to the workspace).

With no folder given: every crate's table (crates/*/src), then each crate's uses of the
other crates' modules (`queens_engines::games::...`, test code apart), the figures the
crates' public APIs are cut by. With a folder: that crate's table alone.

For each .rs file: every `crate::`, `super::`, `self::` path (and `queens::` in the
programs of src/bin), `use` groups expanded leaf by leaf, resolved to the top-level
module it names. Code, test code (`#[cfg(test)]` items and the files they declare) and
doc comments are counted apart; string literals are blanked first. Text, not the
compiler: a path through a re-export counts where it is written, and an inline `mod`
other than a test module would be resolved one level off (there are none outside tests).

    python3 scripts/module-deps.py                               # every crate, and between crates
    python3 scripts/module-deps.py crates/engines/src            # one crate's table
    python3 scripts/module-deps.py crates/engines/src --sites games ai
                                                  # file:line of each games -> ai reference
    python3 scripts/module-deps.py crates/app/src --json out.json  # everything, for other scripts
"""
import os, re, sys, json, collections, subprocess
args = sys.argv[1:]
ROOT = None
SITES = None
JSON_OUT = None
while args:
    a = args.pop(0)
    if a == "--sites": SITES = (args.pop(0), args.pop(0))
    elif a == "--json": JSON_OUT = args.pop(0)
    else: ROOT = a


def workspace():
    """Every crate's table, then what each crate uses of the others, by module."""
    here = os.path.dirname(os.path.abspath(__file__))
    top_dir = os.path.dirname(here)
    crates = sorted(os.listdir(os.path.join(top_dir, "crates")))
    for crate in crates:
        print(f"## crates/{crate}\n", flush=True)
        subprocess.run([sys.executable, __file__, os.path.join(top_dir, "crates", crate, "src")], check=True)
        print(flush=True)
    # A neighbour's module named by path: `queens_engines::games::seam`, `use
    # queens_engines::{ai::X, games::Y}` (one level of braces), comments and strings left out.
    used = collections.defaultdict(collections.Counter)
    tested = collections.defaultdict(collections.Counter)
    places = [(f"root", os.path.join(top_dir, d)) for d in ("src", "tests", "benches", "examples")]
    places += [(c, os.path.join(top_dir, "crates", c, d)) for c in crates for d in ("src", "tests", "benches")]
    for who, folder in places:
        for d, _, fs in os.walk(folder):
            for f in fs:
                if not f.endswith(".rs"): continue
                p = os.path.join(d, f)
                code = strip_comments_and_strings(open(p, encoding="utf-8").read())
                test_code = "/tests" in p or "/benches" in p
                ranges = [(0, len(code))] if test_code else test_ranges(code)
                for m in re.finditer(r"(?<![\w:])queens_(\w+)::(\{[^}]*\}|\w+)", code):
                    crate, rest = m.group(1), m.group(2)
                    mods = re.findall(r"(?:^|[{,]\s*)(\w+)", rest) if rest.startswith("{") else [rest]
                    in_test = any(a <= m.start() < b for a, b in ranges)
                    for mod in mods:
                        (tested if in_test else used)[who][f"{crate}::{mod}"] += 1
    print("## between crates: what each names of the others (code refs; test refs after /)\n")
    for who in ["root"] + crates:
        names = sorted(set(used[who]) | set(tested[who]), key=lambda k: (-used[who][k], k))
        if names:
            print(f"{who:9} " + ", ".join(f"{k} {used[who][k]}/{tested[who][k]}" for k in names))


def strip_comments_and_strings(text):
    out = strip_strings(text)
    return re.sub(r"//[^\n]*", lambda m: " " * len(m.group(0)), out)
if ROOT is None and SITES is None and JSON_OUT is None:
    DISPATCH = True
    ROOT = os.devnull  # nothing to read before the dispatch below
else:
    DISPATCH = False
    ROOT = ROOT or "src"
TOPS = set()
files = {}
for d, _, fs in os.walk(ROOT):
    for f in fs:
        if f.endswith(".rs"):
            p = os.path.join(d, f)
            rel = os.path.relpath(p, ROOT)[:-3].split(os.sep)
            files[p] = rel
def modpath(rel):
    r = list(rel)
    if r[-1] in ("mod",): r = r[:-1]
    if r in (["lib"], ["main"]): return []
    return r
def top(rel):
    if rel[0] in ("lib", "main"): return "(root)"
    if rel[0] == "bin": return "bin"
    return rel[0]
# test-only files: declared `#[cfg(test)] mod x;`
test_files = set()
for p, rel in files.items():
    src = open(p, encoding="utf-8").read()
    for m in re.finditer(r"#\[cfg\(test\)\]\s*(?:#\[[^\]]*\]\s*)*mod\s+(\w+)\s*;", src):
        base = os.path.dirname(p) if os.path.basename(p) in ("mod.rs", "lib.rs") else p[:-3]
        for cand in (os.path.join(base, m.group(1) + ".rs"), os.path.join(base, m.group(1), "mod.rs")):
            if cand in files: test_files.add(cand)
# children of test files are test files too
changed = True
while changed:
    changed = False
    for p in files:
        if p in test_files: continue
        for t in list(test_files):
            tb = t[:-3] if not t.endswith("mod.rs") else os.path.dirname(t)
            if p.startswith(tb + os.sep): test_files.add(p); changed = True; break

def strip_strings(s):
    # blank string/char literal contents (keep length), keep comments for doc scan
    out = []; i = 0; n = len(s)
    while i < n:
        c = s[i]
        if s.startswith("//", i):
            j = s.find("\n", i); j = n if j < 0 else j
            out.append(s[i:j]); i = j; continue
        if s.startswith("/*", i):
            j = s.find("*/", i); j = n if j < 0 else j + 2
            out.append(s[i:j]); i = j; continue
        m = re.match(r'r(#*)"', s[i:i+10]) if c == 'r' and (i == 0 or not (s[i-1].isalnum() or s[i-1]=='_')) else None
        if m:
            hashes = m.group(1); end = '"' + hashes
            j = s.find(end, i + len(m.group(0))); j = n if j < 0 else j + len(end)
            out.append(re.sub(r"[^\n]", " ", s[i:j])); i = j; continue
        if c == '"':
            j = i + 1
            while j < n and s[j] != '"':
                j += 2 if s[j] == '\\' else 1
            out.append('"' + re.sub(r"[^\n]", " ", s[i+1:j]) + '"'); i = j + 1; continue
        if c == "'" and i + 2 < n and (s[i+2] == "'" or (s[i+1] == '\\' and "'" in s[i+2:i+12])):
            j = s.find("'", i + 2) if s[i+1] != '\\' else s.find("'", i + 3)
            out.append(" " * (j + 1 - i)); i = j + 1; continue
        out.append(c); i += 1
    return "".join(out)

def test_ranges(s):
    """byte ranges of #[cfg(test)] items (brace-matched) in code."""
    rs = []
    for m in re.finditer(r"#\[cfg\(test\)\]", s):
        i = m.end()
        # find item end: first ';' or matching '{...}'
        j = i
        while j < len(s) and s[j] not in "{;": j += 1
        if j < len(s) and s[j] == "{":
            depth = 0
            while j < len(s):
                if s[j] == "{": depth += 1
                elif s[j] == "}":
                    depth -= 1
                    if depth == 0: break
                j += 1
        rs.append((m.start(), j + 1))
    return rs

if DISPATCH:
    workspace()
    sys.exit(0)

def expand_use(tree):
    """expand a use tree string 'a::{b::c, d}' into paths."""
    tree = tree.strip()
    # find top-level '{'
    depth = 0
    for k, ch in enumerate(tree):
        if ch == "{":
            if depth == 0:
                prefix = tree[:k].rstrip(":").strip()
                inner = tree[k+1:tree.rfind("}")]
                parts, cur, d = [], "", 0
                for ch2 in inner:
                    if ch2 == "," and d == 0: parts.append(cur); cur = ""; continue
                    if ch2 == "{": d += 1
                    if ch2 == "}": d -= 1
                    cur += ch2
                parts.append(cur)
                out = []
                for part in parts:
                    part = part.strip()
                    if not part: continue
                    for sub in expand_use(part):
                        if sub == "self": out.append(prefix)
                        else: out.append(prefix + "::" + sub if prefix else sub)
                return out
            depth += 1
    return [re.split(r"\s+as\s+", tree)[0].strip()]

PATH_RE = re.compile(r"(?<![\w:])((?:crate|super|self|queens)(?:::(?:\w+|\{))+)")
def paths_in(code):
    """(offset, path) of every crate/super/queens path, use-groups expanded."""
    res = []
    for m in PATH_RE.finditer(code):
        start = m.start(); txt = m.group(1)
        if txt.endswith("{"):
            # capture balanced group
            k = m.end() - 1; depth = 0; j = k
            while j < len(code):
                if code[j] == "{": depth += 1
                elif code[j] == "}":
                    depth -= 1
                    if depth == 0: break
                j += 1
            for p in expand_use(code[start:j+1]): res.append((start, p))
        else:
            res.append((start, txt))
    return res

def resolve(rel, p, path, inline=False):
    parts = [x for x in path.split("::") if x]
    is_dir = os.path.basename(p) in ("mod.rs", "lib.rs", "main.rs")
    if parts[0] in ("crate", "queens"):
        if rel[0] == "bin" or rel == ["main"]:
            if parts[0] == "crate": return None
        elif parts[0] == "queens": return None
        abs_ = parts[1:]
    else:
        base = modpath(rel) + (["<inline mod>"] if inline else [])
        if parts[0] == "self":
            parts = parts[1:]
        while parts and parts[0] == "super":
            parts = parts[1:]; base = base[:-1]
        abs_ = base + parts
    global LAST2
    LAST2 = "::".join(abs_[:2]) if abs_ else None
    global LASTFULL
    LASTFULL = abs_
    return abs_[0] if abs_ else None
LAST2 = None
LASTFULL = None
FULL = []
sub_edges = collections.defaultdict(collections.Counter)
sub_files = collections.defaultdict(lambda: collections.defaultdict(set))

code_edges = collections.defaultdict(collections.Counter)  # top -> Counter(other top)
test_edges = collections.defaultdict(collections.Counter)
doc_edges = collections.defaultdict(collections.Counter)
sites = collections.defaultdict(list)  # (from,to) -> [file:line]
doc_sites = collections.defaultdict(list)
EXT = {
 "eframe": r"\beframe::", "egui": r"(?<![\w:])egui::", "egui_plot": r"\begui_plot::", "egui_extras": r"\begui_extras::",
 "rfd": r"\brfd::", "log": r"(?<![\w:])log::", "rust_xlsxwriter": r"\brust_xlsxwriter::",
 "clap": r"\bclap::|#\[derive\([^)]*\b(Parser|Subcommand|Args|ValueEnum)\b|#\[(arg|command|clap)\(",
 "serde": r"\bserde::|#\[derive\([^)]*\b(Serialize|Deserialize)\b|#\[serde\(",
 "serde_json": r"\bserde_json::", "ron": r"(?<![\w:])ron::", "bytemuck": r"\bbytemuck::",
 "thiserror": r"\bthiserror::", "web_time": r"\bweb_time::", "indicatif": r"\bindicatif::",
 "signal_hook": r"\bsignal_hook::", "nix": r"(?<![\w:])nix::", "ctrlc": r"\bctrlc::",
 "wasm_bindgen": r"\bwasm_bindgen(_futures)?::|#\[wasm_bindgen", "js_sys": r"\bjs_sys::", "web_sys": r"\bweb_sys::",
}
ext_code = collections.defaultdict(collections.Counter)
ext_files = collections.defaultdict(lambda: collections.defaultdict(set))
ext_test = collections.defaultdict(collections.Counter)
lines_by = collections.Counter(); files_by = collections.Counter()
test_lines_by = collections.Counter()
for p, rel in sorted(files.items()):
    t = top(rel)
    raw = open(p, encoding="utf-8").read()
    lines_by[t] += raw.count("\n"); files_by[t] += 1
    s = strip_strings(raw)
    # separate doc comments: lines starting with /// or //!
    code_lines = []; doc_text = []
    for ln in s.split("\n"):
        st = ln.lstrip()
        if st.startswith("//"):
            doc_text.append(ln); code_lines.append(" " * len(ln))
        else:
            # strip trailing // comments
            k = ln.find("//")
            code_lines.append(ln if k < 0 else ln[:k] + " " * (len(ln) - k)); doc_text.append("")
    code = "\n".join(code_lines)
    is_test_file = p in test_files
    trs = [(0, len(code))] if is_test_file else test_ranges(code)
    for a, b in trs: test_lines_by[t] += code[a:b].count("\n") + (1 if is_test_file else 0)
    def in_test(off): return any(a <= off < b for a, b in trs)
    seen_line = set()
    for off, path in paths_in(code):
        tt = resolve(rel, p, path, inline=in_test(off) and not is_test_file)
        if tt is None or tt == t: continue
        if rel[0] in ("lib", "main") : continue
        line = code.count("\n", 0, off) + 1
        key = (off, tt)
        if in_test(off): test_edges[t][tt] += 1
        else:
            code_edges[t][tt] += 1; sites[(t, tt)].append(f"{p}:{line}")
            sub_edges[t][LAST2] += 1; FULL.append((t, tt, tuple(LASTFULL), f"{p}:{line}")); sub_files[t][LAST2].add(f"{p}:{line}")
    doc = "\n".join(doc_text)
    for m in re.finditer(r"(?<![\w:])((?:crate|super|queens)(?:::\w+)+)", doc):
        tt = resolve(rel, p, m.group(1))
        if tt and tt != t:
            line = doc.count("\n", 0, m.start()) + 1
            doc_edges[t][tt] += 1; doc_sites[(t, tt)].append(f"{p}:{line}")
    for name, rx in EXT.items():
        for m in re.finditer(rx, code):
            if in_test(m.start()): ext_test[t][name] += 1
            else:
                ext_code[t][name] += 1; ext_files[t][name].add(p)
out = dict(code_edges={k: dict(v) for k, v in code_edges.items()},
           test_edges={k: dict(v) for k, v in test_edges.items()},
           doc_edges={k: dict(v) for k, v in doc_edges.items()},
           ext_code={k: dict(v) for k, v in ext_code.items()},
           ext_test={k: dict(v) for k, v in ext_test.items()},
           ext_files={k: {n: sorted(s) for n, s in v.items()} for k, v in ext_files.items()},
           sites={f"{a}->{b}": v for (a, b), v in sites.items()},
           doc_sites={f"{a}->{b}": v for (a, b), v in doc_sites.items()},
           lines=dict(lines_by), files=dict(files_by), test_lines=dict(test_lines_by),
           test_files=sorted(test_files))
out["sub_edges"] = {k: dict(v) for k, v in sub_edges.items()}
out["sub_files"] = {k: {n: sorted(x) for n, x in v.items()} for k, v in sub_files.items()}
out["full"] = FULL
if JSON_OUT:
    json.dump(out, open(JSON_OUT, "w"), indent=1)
if SITES:
    for t, tt, full, site in FULL:
        if (t, tt) == SITES:
            print(site, "::".join(full))
    sys.exit(0)
tops = sorted(set(lines_by))
print("module    files  lines  test-lines | uses (code refs) ")
for t in tops:
    e = code_edges[t]
    print(f"{t:9} {files_by[t]:5} {lines_by[t]:6} {test_lines_by[t]:6} | " + ", ".join(f"{k} {v}" for k, v in sorted(e.items(), key=lambda x: -x[1])))
print("\ntest-only refs:")
for t in tops:
    if test_edges[t]: print(f"{t:9} " + ", ".join(f"{k} {v}" for k, v in sorted(test_edges[t].items(), key=lambda x: -x[1])))
print("\ndoc-comment refs:")
for t in tops:
    if doc_edges[t]: print(f"{t:9} " + ", ".join(f"{k} {v}" for k, v in sorted(doc_edges[t].items(), key=lambda x: -x[1])))
print("\nexternal crates (non-test code refs):")
for t in tops:
    print(f"{t:9} " + ", ".join(f"{k} {v}" for k, v in sorted(ext_code[t].items(), key=lambda x: -x[1])))
