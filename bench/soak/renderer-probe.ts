import type { CDPSession, Page } from 'playwright-core';

export interface RendererSample {
  /** JS heap used after a forced GC (CDP Runtime.getHeapUsage). */
  heapUsed: number;
  /** CDP Memory.getDOMCounters after the GC. */
  documents: number;
  nodes: number;
  listeners: number;
  /** Elements in the document. */
  elements: number;
}

/** Reads the kiosk page's memory and DOM over one DevTools session. */
export interface RendererProbe {
  elements(): Promise<number>;
  sample(): Promise<RendererSample>;
  close(): Promise<void>;
}

export async function probeRenderer(page: Page): Promise<RendererProbe> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const elements = (): Promise<number> => page.locator('*').count();
  return {
    elements,
    async sample() {
      await cdp.send('HeapProfiler.collectGarbage');
      const heap = await cdp.send('Runtime.getHeapUsage');
      const dom = await cdp.send('Memory.getDOMCounters');
      return {
        heapUsed: heap.usedSize,
        documents: dom.documents,
        nodes: dom.nodes,
        listeners: dom.jsEventListeners,
        elements: await elements(),
      };
    },
    async close() {
      await cdp.detach();
    },
  };
}
