/**
 * Touches and keys keep a patron's session alive, but the core needs to hear of it only now and
 * then: at most one report per `intervalMs`, the first at once (it also answers "still there?").
 */
export function throttle(report: () => void, intervalMs: number, now: () => number): () => void {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const at = now();
    if (at - last < intervalMs) return;
    last = at;
    report();
  };
}
