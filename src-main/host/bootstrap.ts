import { createKioskCore } from '../core/kiosk-core';
import type { KioskCore } from '../core/kiosk-core';
import { createPinGate } from '../core/staff-pin';
import type { Language } from '../ipc/contract';

export interface KioskBootOptions {
  branchName: string;
  defaultLanguage: Language;
  staffPinHash: string;
}

export interface BootedKiosk {
  core: KioskCore;
  stop(): Promise<void>;
}

/** Builds the host-agnostic core; both hosts (Electron and web) start the kiosk through here. */
export async function bootKiosk(options: KioskBootOptions): Promise<BootedKiosk> {
  const core = createKioskCore({
    branchName: options.branchName,
    defaultLanguage: options.defaultLanguage,
    staffPin: createPinGate(options.staffPinHash),
  });
  return { core, stop: async () => undefined };
}
