import {
  DEFAULT_WEDGE_OPTIONS,
  WedgeDetector,
  type WedgeOptions,
  type WedgeStep,
} from './detector';
import { captureKey, replayKey, type HeldKeyInit } from './replay';

export interface AttachOptions {
  /** A recognised scan, suffix removed; send it to the core (which strips and validates). */
  onScan: (code: string) => void;
  /** A burst too short to be a scan but as fast as one (a partial read); absent, dropped. */
  onShortScan?: (code: string) => void;
  /** False leaves a key alone (say, in a field meant for raw keyboard input); default all. */
  shouldCapture?: (event: KeyboardEvent) => boolean;
  options?: Partial<WedgeOptions>;
}

/**
 * Listens to keydown on `target` in the capture phase, ahead of every other listener, and
 * applies the detector: held and scan keys are cancelled and stopped, so neither fields nor the
 * page's key handlers see a scan; typing is replayed in order when it turns out to be typing.
 * Keyup events are left alone. Returns a function that detaches and gives back held keys.
 */
export function attach(
  target: Window,
  { onScan, onShortScan, shouldCapture, options }: AttachOptions,
): () => void {
  const detector = new WedgeDetector<HeldKeyInit>({ ...DEFAULT_WEDGE_OPTIONS, ...options });
  let timer: number | undefined;

  const apply = (step: WedgeStep<HeldKeyInit>): void => {
    let seen = false;
    for (const held of step.release) seen = replayKey(held.context) || seen;
    // Typing a person saw land is never taken back into a scan that follows.
    if (seen) detector.givenBackWereSeen();
    if (step.scan !== undefined) onScan(step.scan);
    if (step.short !== undefined) onShortScan?.(step.short);
  };

  const schedule = (): void => {
    target.clearTimeout(timer);
    const deadline = detector.deadline;
    if (deadline === undefined) return;
    timer = target.setTimeout(
      () => {
        apply(detector.idle(target.performance.now()));
        schedule();
      },
      Math.max(0, deadline - target.performance.now()),
    );
  };

  const onKeyDown = (event: KeyboardEvent): void => {
    // Replayed keys are untrusted copies; real keyboards and scanners produce trusted events.
    if (!event.isTrusted) return;
    if (shouldCapture && !shouldCapture(event)) {
      for (const held of detector.flush()) replayKey(held.context);
      schedule();
      return;
    }
    const step = detector.feed(event, captureKey(event));
    apply(step);
    if (step.consume) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
    schedule();
  };

  const onBlur = (): void => {
    for (const held of detector.flush()) replayKey(held.context);
    schedule();
  };

  // A touch or a click is a person's: keys held before it are typing and go in first, so a key
  // typed and an on-screen key tapped right after land in the order they were pressed.
  const onPointerDown = (event: PointerEvent): void => {
    if (!event.isTrusted) return;
    onBlur();
  };

  target.addEventListener('keydown', onKeyDown, { capture: true });
  target.addEventListener('blur', onBlur);
  target.addEventListener('pointerdown', onPointerDown, { capture: true });
  return () => {
    target.removeEventListener('keydown', onKeyDown, { capture: true });
    target.removeEventListener('blur', onBlur);
    target.removeEventListener('pointerdown', onPointerDown, { capture: true });
    target.clearTimeout(timer);
    for (const held of detector.flush()) replayKey(held.context);
  };
}
