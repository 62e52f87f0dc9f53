import { readFileSync } from 'node:fs';
import { makeFolder, removeFile, renameFile, writeWholeFile } from '../platform/files';
import path from 'node:path';
import { z } from 'zod';
import { isLoopbackHttp } from '../../src-shared/loopback';

/**
 * Where a running kiosk names the embedded service it started, so that the CLI run with the same
 * data folder (`npx library-kiosk probe`, `login`, ...) talks to that service without settings.
 * Written by the web host once the service listens, removed when it stops; a kiosk that died
 * leaves it behind, so a reader also checks that the process is still there.
 */
export const RUNNING_SERVICE_FILE = 'running-service.json';

/** The embedded service listens on this machine only; a file naming another host is ignored. */
const LoopbackUrl = z
  .url()
  .refine((value) => URL.canParse(value) && isLoopbackHttp(new URL(value)));

const RunningServiceSchema = z.object({
  pid: z.number().int().positive(),
  baseUrl: LoopbackUrl,
  authUrl: LoopbackUrl,
});
export type RunningService = z.infer<typeof RunningServiceSchema>;

export function runningServiceFile(dataDir: string): string {
  return path.join(dataDir, RUNNING_SERVICE_FILE);
}

export async function writeRunningServiceFile(
  dataDir: string,
  service: RunningService,
): Promise<string> {
  await makeFolder(dataDir, 0o700);
  const file = runningServiceFile(dataDir);
  const temporary = `${file}.${process.pid}.tmp`;
  await writeWholeFile(temporary, Buffer.from(`${JSON.stringify(service)}\n`), {
    mode: 0o600,
    flush: false,
  });
  await renameFile(temporary, file);
  return file;
}

export async function removeRunningServiceFile(dataDir: string): Promise<void> {
  await removeFile(runningServiceFile(dataDir));
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The service a kiosk running from `dataDir` started; undefined when none runs (or no file). */
export function readRunningService(
  dataDir: string,
  isRunning: (pid: number) => boolean = processRuns,
): RunningService | undefined {
  let text: string;
  try {
    text = readFileSync(runningServiceFile(dataDir), 'utf8');
  } catch {
    return undefined;
  }
  let parsed: ReturnType<typeof RunningServiceSchema.safeParse>;
  try {
    parsed = RunningServiceSchema.safeParse(JSON.parse(text));
  } catch {
    return undefined;
  }
  return parsed.success && isRunning(parsed.data.pid) ? parsed.data : undefined;
}
