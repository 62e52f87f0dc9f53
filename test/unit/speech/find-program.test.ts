import { chmod, mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOnPath, findProgram } from '../../../src-main/speech/find-program';

let root: string;
let bin: string;
let other: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'find-program-'));
  bin = path.join(root, 'bin');
  other = path.join(root, 'other');
  await mkdir(bin);
  await mkdir(other);
  await mkdir(path.join(other, 'espeak-ng'));
  await writeFile(path.join(bin, 'espeak-ng'), '#!/bin/sh\n');
  await chmod(path.join(bin, 'espeak-ng'), 0o755);
  await writeFile(path.join(other, 'pactl'), 'not executable');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

interface PathCase {
  case: string;
  PATH: () => string | undefined;
  name: string;
  found: () => string | undefined;
}

interface OverrideCase {
  case: string;
  env: () => Record<string, string | undefined>;
  found: () => { path: string } | { missing: string };
}

describe('findOnPath', () => {
  it.each<PathCase>([
    {
      case: 'in a PATH folder',
      PATH: () => `${other}:${bin}`,
      name: 'espeak-ng',
      found: () => path.join(bin, 'espeak-ng'),
    },
    {
      case: 'a folder of that name is no program',
      PATH: () => other,
      name: 'espeak-ng',
      found: () => undefined,
    },
    {
      case: 'a file not executable is no program',
      PATH: () => other,
      name: 'pactl',
      found: () => undefined,
    },
    {
      case: 'a relative PATH entry is never looked in',
      PATH: () => `.:bin`,
      name: 'espeak-ng',
      found: () => undefined,
    },
    { case: 'no PATH', PATH: () => undefined, name: 'espeak-ng', found: () => undefined },
  ])('$case', ({ PATH, name, found }) => {
    expect(findOnPath(name, { PATH: PATH() })).toBe(found());
  });
});

describe('findProgram', () => {
  it.each<OverrideCase>([
    {
      case: 'the PATH when no override is set',
      env: () => ({ PATH: bin }),
      found: () => ({ path: path.join(bin, 'espeak-ng') }),
    },
    {
      case: 'the override over the PATH',
      env: () => ({ PATH: '/nowhere', KIOSK_ESPEAK_NG: path.join(bin, 'espeak-ng') }),
      found: () => ({ path: path.join(bin, 'espeak-ng') }),
    },
    {
      case: 'an override naming nothing: missing, not the PATH’s',
      env: () => ({ PATH: bin, KIOSK_ESPEAK_NG: path.join(root, 'absent') }),
      found: () => ({ missing: 'KIOSK_ESPEAK_NG names no program' }),
    },
    {
      case: 'nothing on the PATH',
      env: () => ({ PATH: other }),
      found: () => ({ missing: 'no espeak-ng on the PATH' }),
    },
  ])('$case', ({ env, found }) => {
    expect(findProgram('espeak-ng', env(), 'KIOSK_ESPEAK_NG')).toEqual(found());
  });
});
