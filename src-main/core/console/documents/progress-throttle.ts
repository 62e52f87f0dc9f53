/**
 * At most one call of `emit` per `intervalMs`, and the last one always (a stalled upload shows its
 * count): each progress state is a state sent to the renderer.
 */
export function throttleProgress(intervalMs: number, emit: () => void): () => void {
  let last = 0;
  let timer: NodeJS.Timeout | undefined;
  const fire = (): void => {
    timer = undefined;
    last = Date.now();
    emit();
  };
  return () => {
    if (timer) return;
    const wait = last + intervalMs - Date.now();
    if (wait <= 0) fire();
    else timer = setTimeout(fire, wait);
  };
}
