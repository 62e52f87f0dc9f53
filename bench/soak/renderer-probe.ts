import type { CDPSession, Page } from 'playwright-core';

export interface RendererSample {
  /** JS heap used after a forced GC (CDP Runtime.getHeapUsage), compiled code included. */
  heapUsed: number;
  /**
   * What the page's own script keeps (objects, arrays, strings, closures...): the heap snapshot's
   * nodes less V8's compiled code and Blink's native objects, which grow as the engine warms up
   * (JIT tiers, style and shape caches) and would hide or fake a leak of the kiosk's own data.
   */
  dataHeap: number;
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

/** Node types of a V8 heap snapshot that are the engine's, not the page script's. */
const ENGINE_TYPES = new Set(['code', 'native', 'hidden', 'synthetic']);

interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
}

/** Sum of the self sizes of the snapshot's nodes the page's own script allocated. */
function dataBytes(snapshot: HeapSnapshot): number {
  const fields = snapshot.snapshot.meta.node_fields;
  const typeAt = fields.indexOf('type');
  const sizeAt = fields.indexOf('self_size');
  const types = snapshot.snapshot.meta.node_types[0];
  let total = 0;
  for (let at = 0; at < snapshot.nodes.length; at += fields.length) {
    const type = types[snapshot.nodes[at + typeAt] ?? -1];
    if (type !== undefined && !ENGINE_TYPES.has(type)) total += snapshot.nodes[at + sizeAt] ?? 0;
  }
  return total;
}

async function takeSnapshot(cdp: CDPSession): Promise<HeapSnapshot> {
  const chunks: string[] = [];
  const onChunk = ({ chunk }: { chunk: string }): void => void chunks.push(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  try {
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  }
  return JSON.parse(chunks.join('')) as HeapSnapshot;
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
      const data = dataBytes(await takeSnapshot(cdp));
      return {
        heapUsed: heap.usedSize,
        dataHeap: data,
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
