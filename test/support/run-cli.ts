import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { main } from '../../src-main/cli/main';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `library-kiosk <args>` as a user would (bin/library-kiosk.js), with `input` on stdin. */
export function runCli(
  args: string[],
  env: Record<string, string | undefined>,
  input = '',
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bin/library-kiosk.js', ...args], {
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** Runs `library-kiosk <args>` in this process (its `main`), for tests that need no child. */
export async function runCliInProcess(
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<CliRun> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let errors = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const code = await main(args, env, { stdout, stderr }, new AbortController().signal);
  return { code, stdout: out, stderr: errors };
}
