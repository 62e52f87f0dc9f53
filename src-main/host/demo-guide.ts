import type { DemoGuide } from '../../src-common/ipc/demo-guide';
import type { DemoSamples } from '../../src-reference-service/demo-guide';

/**
 * The demo guide of a kiosk in demo mode: the demo staff PIN with the embedded service's samples.
 * Loaded only then, like the service itself (a kiosk on a real service never loads its seed).
 */
export async function loadDemoGuide(staffPin: string): Promise<DemoGuide> {
  const { demoSamples } = await import('../../src-reference-service/demo-guide');
  const samples: DemoSamples = demoSamples();
  return { staffPin, ...samples };
}
