/**
 * Staff mode's first screens, the PIN screen and the console's frame: a chunk of their own,
 * loaded by a dynamic import when staff mode opens, so a patron's first load does not carry them.
 * The console itself is a further chunk (console-chunk.ts), fetched while staff type the PIN.
 */
export { default as StaffPin } from './screens/StaffPin.svelte';
export { default as StaffConsole } from './screens/StaffConsole.svelte';
