import type { KioskBootOptions } from './bootstrap';
import { hashPin } from '../core/staff-pin';

/** The staff PIN of the demo set-up, used only while no PIN has been configured. */
export const DEMO_STAFF_PIN = '1234';

export async function demoBootOptions(): Promise<KioskBootOptions> {
  return {
    branchName: 'Central Library',
    defaultLanguage: 'en',
    staffPinHash: await hashPin(DEMO_STAFF_PIN),
  };
}
