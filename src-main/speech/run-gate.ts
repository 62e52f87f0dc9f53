/**
 * At most `running` tasks at once and `waiting` more in line; a task beyond those is refused at
 * once (`undefined`): a flood of requests takes bounded processes and memory.
 */
export interface RunGate {
  run<T>(task: () => Promise<T>): Promise<T | undefined>;
  /** Tasks running and waiting now. */
  load(): { running: number; waiting: number };
}

export function createRunGate(limits: { running: number; waiting: number }): RunGate {
  let running = 0;
  const line: Array<() => void> = [];

  const next = (): void => {
    running -= 1;
    const start = line.shift();
    if (start) {
      running += 1;
      start();
    }
  };

  return {
    async run(task) {
      if (running >= limits.running) {
        if (line.length >= limits.waiting) return undefined;
        await new Promise<void>((start) => line.push(start));
      } else {
        running += 1;
      }
      try {
        return await task();
      } finally {
        next();
      }
    },
    load: () => ({ running, waiting: line.length }),
  };
}
