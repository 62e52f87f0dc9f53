/**
 * The member edit rules and page sizes, the same module the core checks with (zod-free, so the
 * renderer bundle carries no schema library). The one value import from src-main in the renderer:
 * the brief asks for the rules in one place both sides run.
 */
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- member-rules.ts imports nothing at run time
export * from '../../../src-main/ipc/console/member-rules';
