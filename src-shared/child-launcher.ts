/**
 * How the reference service starts a helper script (Azurite's blob server) in a process of its
 * own. The service never knows which runtime it is in: under plain Node (web host, CLI, tests) the
 * default forks `process.execPath`; under Electron, whose executable is the kiosk itself, the host
 * passes a launcher built on `utilityProcess.fork` (src-main/electron/utility-process-launcher.ts).
 * Only what both can honour is here: an ES module script, arguments, an environment, piped
 * stdout/stderr, the exit and a kill.
 */
export interface ChildLaunchRequest {
  /** Absolute path of the ES module the child runs (it may lie inside an asar archive). */
  script: string;
  args: readonly string[];
  /** The child's whole environment (not merged with the parent's). */
  env: Record<string, string>;
  /** A name for process listings and Electron's app metrics. */
  name: string;
}

export interface LaunchedChild {
  /** Undefined until the child has spawned (Electron) or when spawning failed. */
  readonly pid: number | undefined;
  readonly stdout: NodeJS.ReadableStream | null;
  readonly stderr: NodeJS.ReadableStream | null;
  /** Settles once the child has ended, with its exit code (null when a signal ended it). */
  readonly exited: Promise<number | null>;
  /** True once `exited` has settled. */
  readonly hasExited: boolean;
  /** SIGTERM asks it to stop; SIGKILL is the last resort after a grace period. */
  kill(signal: 'SIGTERM' | 'SIGKILL'): void;
}

export type ChildLauncher = (request: ChildLaunchRequest) => LaunchedChild;

/** The environment as a plain string map (process.env may hold undefined values). */
export function definedEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) result[key] = value;
  return result;
}
