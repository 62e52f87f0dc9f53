/** Whole seconds left until `deadline` (epoch ms), ticking on its own while read. */
export function countdown(deadline: () => number): { readonly seconds: number } {
  let now = $state(Date.now());
  $effect(() => {
    // A quarter-second tick keeps the shown number within a frame or so of the real deadline.
    const timer = setInterval(() => (now = Date.now()), 250);
    return () => clearInterval(timer);
  });
  return {
    get seconds() {
      return Math.max(0, Math.ceil((deadline() - now) / 1000));
    },
  };
}
