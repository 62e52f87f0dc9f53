import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

type Env = Record<string, string | undefined>;

function isProgram(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The first executable file called `name` in the PATH's folders, or undefined. */
export function findOnPath(name: string, env: Env): string | undefined {
  for (const folder of (env.PATH ?? '').split(path.delimiter)) {
    // An empty entry would mean the working folder: never looked in.
    if (!path.isAbsolute(folder)) continue;
    const candidate = path.join(folder, name);
    if (isProgram(candidate)) return candidate;
  }
  return undefined;
}

/**
 * Where a helper program is, looked up once at start: `override` (an environment variable tests
 * set) when it names one, else the PATH. Never from the settings file, which staff can edit from
 * the screen. `missing` says why there is none.
 */
export function findProgram(
  name: string,
  env: Env,
  override?: string,
): { path: string } | { missing: string } {
  const named = override ? env[override] : undefined;
  if (named)
    return isProgram(named) ? { path: named } : { missing: `${override} names no program` };
  const found = findOnPath(name, env);
  return found ? { path: found } : { missing: `no ${name} on the PATH` };
}
