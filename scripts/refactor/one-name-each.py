#!/usr/bin/env python3
"""
Issue 38 item 2, the mechanical part: one name for each thing (docs/naming.md).

- "service" only for the library service's interface: the REST client of that interface is
  RestLibraryClient (createRestLibraryClient, RestLibraryClientOptions), its result is the
  library's LibraryResult (the ServiceResult alias goes), the CLI's withService is
  withStaffClient; the station's speech (SpeechService) is KioskVoice; the kiosk's state with no
  staff sign-in (outOfService) is signedOut, its CSS class and message ids with it. The words
  patrons read ("Out of service") do not change.
- IPC channel names state their audience: a channel whose first segment is not its gate's
  prefix (patron. / staff. / station. for `either`) gets that prefix in front, at both ends, in
  tests and docs; a message id that happens to spell a channel (`t('staff.exit')`) is left alone.

Run from anywhere inside the repository, on any tree (it is idempotent: what is renamed already is
left as it is):  python3 scripts/refactor/one-name-each.py
Then `npm run typecheck`. The hand-made parts (the gate derived from the prefix, the lint rule)
are separate commits on top.
"""
import importlib.util
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location('library_model', os.path.join(HERE, 'library-model.py'))
lm = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lm)  # defines helpers and chdirs to the repository's root; main() not run

SELF = os.path.relpath(os.path.abspath(__file__), lm.ROOT)
# Files that spell the old names on purpose: the glossary, the lint rule's table and its test.
KEEP = {SELF, 'docs/naming.md', 'test/integration/tooling/old-names-lint.test.ts', 'eslint.config.js',
        'scripts/lint/old-names.js'}

FILE_MOVES = [
    ('src-main/speech/speech-service.ts', 'src-main/speech/kiosk-voice.ts'),
    ('src-main/cli/commands/with-service.ts', 'src-main/cli/commands/with-staff-client.ts'),
]

# Identifiers renamed on word boundaries in code and docs (longest first where one contains another).
RENAMES = {
    'ServiceClientOptions': 'RestLibraryClientOptions',
    'createServiceClient': 'createRestLibraryClient',
    'ServiceClient': 'RestLibraryClient',
    'ServiceResult': 'LibraryResult',
    'withService': 'withStaffClient',
    'SpeechServiceOptions': 'KioskVoiceOptions',
    'createSpeechService': 'createKioskVoice',
    'SpeechService': 'KioskVoice',
}

# Prefixes renamed where an identifier starts with them (outOfServiceHint -> signedOutHint).
PREFIX_RENAMES = {
    'outOfService': 'signedOut',
}

# Code only: the attract screen's CSS class.
CSS_RENAMES = {
    'out-of-service': 'signed-out',
}

# Where the new name is taken already: this file's words spell both the heading and the staff bar's
# "Not signed in" (signedOut), so the heading's word is named for what it is.
BEFORE = {
    'test/e2e/staff-sign-in-cancel.test.ts': [(r'\boutOfService\b', 'signedOutHeading')],
}

AUDIENCE_PREFIX = {'patron': 'patron', 'staff': 'staff', 'either': 'station'}


def write(path, text):
    # library-model's write makes the folder first, which fails for a file at the root (README.md).
    with open(path, 'w', encoding='utf-8') as handle:
        handle.write(text)


def all_files():
    code = [p for p in lm.files(lm.CODE_EXT + ('.css', '.json'), lm.CODE_DIRS) if p not in KEEP]
    docs = [p for p in lm.files(lm.DOC_EXT, ['docs']) if p not in KEEP] + ['README.md']
    return [p for p in code if not p.startswith('src-renderer/i18n/')] + docs, code


def move_files():
    moves = {}
    for old, new in FILE_MOVES:
        moves[old] = new
        if os.path.exists(old) and not os.path.exists(new):
            subprocess.run(['git', 'mv', old, new], check=True)
            write(new, lm.retarget(new, lm.read(new), moves, old_location=old))
    for path in lm.files(lm.CODE_EXT, lm.CODE_DIRS):
        text = lm.read(path)
        if any(os.path.basename(o[:-3]) in text for o in moves):
            updated = lm.retarget(path, text, moves)
            if updated != text:
                write(path, updated)


def drop_result_alias():
    """ServiceResult<T> = LibraryResult<T> would become a type defined as itself: re-export instead."""
    path = 'src-main/library-client/service-call.ts'
    if not os.path.exists(path):
        return
    text = lm.read(path)
    updated = text.replace('export type ServiceResult<T> = LibraryResult<T>;',
                           'export type { LibraryResult };')
    if updated != text:
        write(path, updated)


def dedupe_imports(text):
    """A name imported twice after the rename (LibraryResult from two files) keeps its first import."""
    seen = set()

    def sub(match):
        if match.group('kw') != 'import':
            return match.group(0)
        keep = []
        for spec in [s.strip() for s in match.group('names').split(',') if s.strip()]:
            name = lm.local(spec)
            if name not in seen:
                seen.add(name)
                keep.append(spec)
        if not keep:
            return ''
        return f"import{match.group('type') or ''} {{ {', '.join(keep)} }} from '{match.group('spec')}';\n"
    return lm.IMPORT.sub(sub, text)


def rename(paths):
    words = re.compile(r'\b(' + '|'.join(RENAMES) + r')\b')
    prefixes = re.compile(r'\b(' + '|'.join(PREFIX_RENAMES) + r')(?=\w*\b)')
    for path in paths:
        text = lm.read(path)
        for pattern, new in BEFORE.get(path, []):
            text = re.sub(pattern, new, text)
        updated = words.sub(lambda m: RENAMES[m.group(1)], text)
        updated = prefixes.sub(lambda m: PREFIX_RENAMES[m.group(1)], updated)
        if path.endswith(('.svelte', '.css')):
            for old, new in CSS_RENAMES.items():
                updated = re.sub(rf'(?<![\w-]){re.escape(old)}(?![\w-])', new, updated)
        if updated != text and path.endswith(lm.CODE_EXT):
            updated = dedupe_imports(updated)
        if updated != lm.read(path):
            write(path, updated)


def rename_message_ids():
    """The message ids follow the identifiers; their words stay."""
    for path in lm.files(('.json',), ['src-renderer/i18n']):
        text = lm.read(path)
        updated = re.sub(r'"outOfService(\w*)"', r'"signedOut\1"', text)
        if updated != text:
            write(path, updated)


GATE_ENTRY = re.compile(r"^\s*'([\w.]+)':\s*'(patron|staff|either)',", re.M)
CONSOLE_ENTRY = re.compile(r"^\s*'(console\.[\w.]+)',", re.M)


def channel_moves():
    """Old name -> new name for every channel whose first segment is not its audience's prefix."""
    gates = {}
    for name, gate in GATE_ENTRY.findall(lm.read('src-common/ipc/channels.ts')):
        gates[name] = gate
    console = 'src-common/ipc/console/channels.ts'
    if os.path.exists(console):
        for name in CONSOLE_ENTRY.findall(lm.read(console)):
            gates[name] = 'staff'
    moves = {}
    for name, gate in gates.items():
        prefix = AUDIENCE_PREFIX[gate]
        if name.split('.')[0] != prefix:
            moves[name] = f'{prefix}.{name}'
    return moves


def rename_channels(paths):
    moves = channel_moves()
    if not moves:
        return
    names = '|'.join(re.escape(n) for n in sorted(moves, key=len, reverse=True))
    # A whole quoted name only; not a message id (`t('staff.exit')`, `$t(...)`) nor part of a longer name.
    quoted = re.compile(rf"(?<!\bt\()(?P<q>['\"`])(?P<name>{names})(?P=q)")
    # Named in prose (a comment, a doc): not a call (`staff.open()`), not part of a longer name.
    bare = re.compile(rf"(?<![\w.'\"`$-])(?P<name>{names})(?![\w(-])")
    for path in paths:
        text = lm.read(path)
        updated = quoted.sub(lambda m: m.group('q') + moves[m.group('name')] + m.group('q'), text)
        updated = bare.sub(lambda m: moves[m.group('name')], updated)
        if updated != text:
            write(path, updated)
    print(f'one-name-each: {len(moves)} channels renamed', file=sys.stderr)


def main():
    move_files()
    drop_result_alias()
    paths, code = all_files()
    rename(paths)
    rename_message_ids()
    rename_channels(paths)
    changed = set(subprocess.run(['git', 'diff', '--name-only'], capture_output=True, text=True).stdout.split())
    changed |= {n for _, n in FILE_MOVES if os.path.exists(n)}
    subprocess.run(['npx', 'prettier', '--log-level', 'warn', '--write',
                    *sorted(p for p in changed if os.path.exists(p) and not p.endswith('.py'))], check=False)
    print('one-name-each: done; now run npm run typecheck', file=sys.stderr)


if __name__ == '__main__':
    main()
