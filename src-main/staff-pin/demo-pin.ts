/**
 * The staff PIN of the demo set-up: only when the kiosk was started in demo mode (`--demo`, which
 * `npm start` in a checkout passes; a packaged Electron build ignores it), with the embedded
 * service and no PIN configured. Four digits, below the rule for new PINs: it guards nothing real.
 */
export const DEMO_STAFF_PIN = '1234';
/**
 * Its scrypt hash, made once with hashStaffPin: hashing the demo PIN at every start would cost
 * start-up ~100 ms and 32 MiB for a value that never changes.
 */
export const DEMO_STAFF_PIN_HASH =
  'scrypt$32768$8$1$1nzpAK9xz-26NVvqABqWIw$S1pJzxmezXO5CMc0VZ5hie9BxtGZO7-e8Prt_heytA4';

/**
 * The hash of the PIN that opens staff mode: the one set in the settings, else in demo mode the
 * demo PIN's; none keeps staff mode shut.
 */
export function pinHashInForce(
  settingsPinHash: string | undefined,
  demo: boolean,
): string | undefined {
  return settingsPinHash ?? (demo ? DEMO_STAFF_PIN_HASH : undefined);
}
