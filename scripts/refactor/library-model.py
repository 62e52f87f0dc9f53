#!/usr/bin/env python3
"""
Issue 38 item 1, the mechanical part: the library's vocabulary moves out of the REST adapter into
src-main/library/, ServiceError is renamed LibraryError, and every relative import of a moved
symbol in src-*/, test/, bench/ and scripts/ is pointed at its new file.

Run from anywhere inside the repository, on any tree (it is idempotent: what has moved already is
left as it is):  python3 scripts/refactor/library-model.py
Then `npm run typecheck`. The hand-made parts (the port typed on its own, the connection's types,
the lint layers) are separate commits on top.
"""
import os
import re
import subprocess
import sys

ROOT = subprocess.run(
    ['git', 'rev-parse', '--show-toplevel'], capture_output=True, text=True, check=True
).stdout.strip()
os.chdir(ROOT)

# Whole files that move: every specifier that resolves to the old path is rewritten.
FILE_MOVES = [
    ('src-main/library-client/errors.ts', 'src-main/library/library-error.ts'),
    ('src-main/library-client/reader/types.ts', 'src-main/library/records.ts'),
    ('src-main/circulation/journal/journal-key.ts', 'src-main/vault/journal-key.ts'),
    # The connection as the settings name it: the REST adapter no longer imports settings.
    ('src-main/library-client/connection.ts', 'src-main/settings/service-connection.ts'),
]

# Declarations that move out of a file that keeps the rest: (from, to, names).
EXTRACTS = [
    (
        'src-main/library-client/reader/values.ts',
        'src-main/library/values.ts',
        ['UNKNOWN', 'Unknown', 'ServiceDate', 'dateMs', 'formatDate'],
    ),
    ('src-main/auth/staff-auth.ts', 'src-main/library/connection.ts', ['ServiceConnection']),
    ('src-main/auth/token-binding.ts', 'src-main/library/connection.ts', ['serviceAddress']),
    (
        'src-main/circulation/circulation-port.ts',
        'src-main/library/circulation-port.ts',
        ['CirculationPort', 'QueuedAt'],
    ),
    # The journal key's length goes with the key, so the vault imports nothing of circulation.
    ('src-main/circulation/journal/journal-codec.ts', 'src-main/vault/journal-key.ts', ['KEY_BYTES']),
]

# Identifiers renamed on word boundaries everywhere (code and docs).
RENAMES = {
    'ServiceErrorKind': 'LibraryErrorKind',
    'describeServiceError': 'describeLibraryError',
    'ServiceError': 'LibraryError',
}

CODE_DIRS = ['src-main', 'src-common', 'src-shared', 'src-renderer', 'src-reference-service',
             'src-preload', 'test', 'bench', 'scripts']
CODE_EXT = ('.ts', '.js', '.mjs', '.cjs', '.svelte', '.mts')
DOC_EXT = ('.md',)
SELF = os.path.relpath(os.path.abspath(__file__), ROOT)


def files(exts, dirs):
    for top in dirs:
        if not os.path.isdir(top):
            continue
        for dirpath, dirnames, filenames in os.walk(top):
            dirnames[:] = [d for d in dirnames if d not in ('node_modules', 'dist')]
            for name in filenames:
                path = os.path.join(dirpath, name)
                if name.endswith(exts) and path != SELF:
                    yield path


def read(path):
    with open(path, encoding='utf-8') as handle:
        return handle.read()


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w', encoding='utf-8') as handle:
        handle.write(text)


def resolve(from_file, spec):
    """The repository path a relative specifier names (with .ts), or None."""
    if not spec.startswith('.'):
        return None
    base = os.path.normpath(os.path.join(os.path.dirname(from_file), spec))
    base = re.sub(r'\.js$', '', base)
    return base if base.endswith('.ts') else base + '.ts'


def specifier(from_file, target):
    rel = os.path.relpath(re.sub(r'\.ts$', '', target), os.path.dirname(from_file))
    return rel if rel.startswith('.') else './' + rel


SPEC = re.compile(r"""(?P<q>['"])(?P<spec>\.{1,2}/[^'"\n]*)(?P=q)""")


def retarget(path, text, moves, old_location=None):
    """Rewrite quoted relative specifiers that name a moved file; a moved file's own are re-based."""
    def sub(match):
        spec = match.group('spec')
        target = resolve(old_location or path, spec)
        if target is None or (old_location is None and target not in moves):
            return match.group(0)
        new = specifier(path, moves.get(target, target))
        if spec.endswith('.js'):
            new += '.js'
        return match.group('q') + new + match.group('q')
    return SPEC.sub(sub, text)


def move_files():
    moves = {}
    for old, new in FILE_MOVES:
        moves[old] = new
        if os.path.exists(old) and not os.path.exists(new):
            os.makedirs(os.path.dirname(new), exist_ok=True)
            subprocess.run(['git', 'mv', old, new], check=True)
            write(new, retarget(new, read(new), moves, old_location=old))
    for path in files(CODE_EXT, CODE_DIRS):
        text = read(path)
        if any(os.path.basename(re.sub(r'\.ts$', '', o)) in text for o in moves):
            updated = retarget(path, text, moves)
            if updated != text:
                write(path, updated)
    return moves


DECL = re.compile(
    r'^(?:export\s+)?(?:declare\s+)?(?:async\s+)?(const|let|type|interface|function|class|enum)\s+(\w+)'
)
STARTS = re.compile(r'^(export|const|let|type|interface|function|class|enum|async|declare|/\*\*|//)')


def chunks(text):
    """Top-level statements with their leading comments (prettier-formatted code)."""
    lines = text.split('\n')
    out, current = [], []
    for index, line in enumerate(lines):
        prev = lines[index - 1] if index else ''
        ends = prev == '' or prev in ('}', '};') or (not prev.startswith((' ', '\t')) and prev.endswith(';'))
        if current and STARTS.match(line) and ends and not prev.startswith(('/**', ' *', '//')):
            out.append(current)
            current = []
        current.append(line)
    out.append(current)
    return ['\n'.join(c) for c in out]


def declared(chunk):
    names = {}
    for line in chunk.split('\n'):
        match = DECL.match(line)
        if match:
            names[match.group(2)] = match.group(1) in ('type', 'interface')
    return names


def add_import(text, names, spec, type_only):
    if not names:
        return text
    clause = f"import {'type ' if type_only else ''}{{ {', '.join(sorted(names))} }} from '{spec}';\n"
    imports = list(re.finditer(r"^import [^;]*?;\n", text, re.M | re.S))
    header = re.match(r'/\*\*.*?\*/\n\n', text, re.S)
    at = imports[-1].end() if imports else (header.end() if header else 0)
    return text[:at] + clause + ('' if imports else '\n') + text[at:]


def local(spec):
    """The local name an import specifier binds (`type A as B` -> B)."""
    spec = re.sub(r'^\s*type\s+', '', spec.strip())
    return spec.split(' as ')[-1].strip()


def drop_unused(text):
    """Imports whose names the file no longer uses go (the declarations that used them moved)."""
    def sub(match):
        body = text[:match.start()] + text[match.end():]
        if match.group('kw') != 'import':
            return match.group(0)
        keep = [s.strip() for s in match.group('names').split(',')
                if s.strip() and re.search(rf"\b{local(s)}\b", body)]
        if not keep:
            return ''
        return f"import{match.group('type') or ''} {{ {', '.join(keep)} }} from '{match.group('spec')}';\n"
    return IMPORT.sub(sub, text)


def extract():
    kinds = {}
    for source, dest, names in EXTRACTS:
        if not os.path.exists(source):
            continue
        text = read(source)
        parts = chunks(text)
        moved, kept = [], []
        for part in parts:
            decl = declared(part)
            if decl and all(name in names for name in decl):
                moved.append(part.strip('\n'))
                kinds.update(decl)
            else:
                kept.append(part)
        for name in names:
            kinds.setdefault(name, name[0].isupper() and not name.isupper())
        if not moved:
            continue
        rest = re.sub(r'\n{3,}', '\n\n', '\n'.join(kept)).strip('\n') + '\n'
        moved_text = '\n\n'.join(moved)
        # What the moved declarations use of the source's imports comes with them, re-based.
        carried = ''
        for match in IMPORT.finditer(rest):
            wanted = [s for s in match.group('names').split(',') if s.strip() and
                      re.search(rf"\b{local(s)}\b", moved_text)]
            if wanted and match.group('kw') == 'import':
                target = resolve(source, match.group('spec'))
                carried += (f"import{match.group('type') or ''} {{ {', '.join(w.strip() for w in wanted)} }}"
                            f" from '{specifier(dest, target)}';\n")
        # The source keeps using what it gave away: it imports it from the new home.
        spec = specifier(source, dest)
        used = [n for n in names if re.search(rf'\b{n}\b', rest)]
        rest = drop_unused(rest)
        rest = add_import(rest, [n for n in used if kinds[n]], spec, True)
        rest = add_import(rest, [n for n in used if not kinds[n]], spec, False)
        write(source, rest)
        if os.path.exists(dest):
            existing = read(dest)
            at = max((m.end() for m in re.finditer(r"^import [^;]*?;\n", existing, re.M | re.S)), default=0)
            text = existing[:at] + carried + '\n' + moved_text + '\n\n' + existing[at:].lstrip('\n')
        else:
            text = carried + ('\n' if carried else '') + moved_text + '\n'
        write(dest, text)
        subprocess.run(['git', 'add', '-N', dest], check=True)
    return kinds


IMPORT = re.compile(
    r"^(?P<kw>import|export)(?P<type>\s+type)?\s*\{(?P<names>[^}]*)\}\s*from\s*'(?P<spec>\.[^']*)';\n",
    re.M,
)


def split_imports(kinds):
    """`import { UNKNOWN, readText } from '.../reader/values'`: the moved names get their own import."""
    homes = {}
    for source, dest, names in EXTRACTS:
        for name in names:
            homes[(source, name)] = dest
    for path in files(CODE_EXT, CODE_DIRS):
        text = read(path)

        def sub(match):
            target = resolve(path, match.group('spec'))
            sources = {s for s, _ in homes}
            if target not in sources:
                return match.group(0)
            specs = [s.strip() for s in match.group('names').split(',') if s.strip()]
            stay, go = [], {}
            for s in specs:
                bare = re.sub(r'^type\s+', '', s).split(' as ')[0].strip()
                dest = homes.get((target, bare))
                if dest and os.path.abspath(dest) == os.path.abspath(path):
                    continue  # the file now declares it itself
                if dest:
                    go.setdefault(dest, []).append(s)
                else:
                    stay.append(s)
            if not go and len(stay) == len(specs):
                return match.group(0)
            kw, typ = match.group('kw'), match.group('type') or ''
            out = ''
            if stay:
                out += f"{kw}{typ} {{ {', '.join(stay)} }} from '{match.group('spec')}';\n"
            for dest, names in go.items():
                out += f"{kw}{typ} {{ {', '.join(names)} }} from '{specifier(path, dest)}';\n"
            return out

        updated = IMPORT.sub(sub, text)
        if updated != text:
            write(path, updated)


def rename():
    pattern = re.compile(r'\b(' + '|'.join(RENAMES) + r')\b')
    for path in list(files(CODE_EXT, CODE_DIRS)) + list(files(DOC_EXT, ['docs'])) + ['README.md']:
        text = read(path)
        updated = pattern.sub(lambda m: RENAMES[m.group(1)], text)
        if updated != text:
            write(path, updated)


def main():
    move_files()
    kinds = extract()
    split_imports(kinds)
    rename()
    subprocess.run(['npx', 'prettier', '--log-level', 'warn', '--write', *sorted(
        set(subprocess.run(['git', 'diff', '--name-only'], capture_output=True, text=True).stdout.split())
        | {d for _, d, _ in EXTRACTS} | {n for _, n in FILE_MOVES}
    )], check=False)
    print('library-model: done; now run npm run typecheck', file=sys.stderr)


if __name__ == '__main__':
    main()
