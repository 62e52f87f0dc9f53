// A rewrite writes what the entries hold: it waits until every append before it is folded, and
// appends after it wait for it, or a transaction recorded meanwhile would vanish from the file.

export interface AppendOrRewrite {
  /** Starts `write` once no rewrite is under way; appends may run together. */
  append(write: () => Promise<void>): Promise<void>;
  /** Runs `work` with no append under way or begun meanwhile, and no other rewrite. */
  alone<T>(work: () => Promise<T>): Promise<T>;
}

export function appendOrRewrite(): AppendOrRewrite {
  const appending = new Set<Promise<void>>();
  let rewriting: Promise<unknown> | undefined;

  return {
    async append(write) {
      while (rewriting) await rewriting.catch(() => undefined);
      const written = write();
      appending.add(written);
      try {
        await written;
      } finally {
        appending.delete(written);
      }
    },

    async alone(work) {
      while (rewriting) await rewriting.catch(() => undefined);
      const run = Promise.allSettled([...appending]).then(work);
      rewriting = run;
      try {
        return await run;
      } finally {
        if (rewriting === run) rewriting = undefined;
      }
    },
  };
}
