/** Messages between the soak's driver and its kiosk process (host-child.ts), over fork's IPC. */

/** Resources of the kiosk process at one moment. */
export interface HostCounts {
  /** Open file descriptors (/proc/<pid>/fd). */
  fds: number;
  /** Descriptors that are sockets. */
  sockets: number;
  /** Live timers, unref'd ones included (timer-census.ts). */
  timers: number;
  /** Timers that keep the process alive: `process.getActiveResourcesInfo()` Timeout entries. */
  refTimers: number;
  /** TCP sockets: `process.getActiveResourcesInfo()` TCPSocketWrap entries. */
  tcp: number;
}

export type ParentMessage =
  | { type: 'counts'; id: number }
  /** Counts and memory after a forced GC. */
  | { type: 'sample'; id: number }
  | { type: 'stop'; id: number };

export type ChildMessage =
  | { type: 'ready'; launchUrl: string; members: string[]; items: string[] }
  | { type: 'counts'; id: number; counts: HostCounts }
  | { type: 'sample'; id: number; heapUsed: number; rss: number; counts: HostCounts }
  | { type: 'stopped'; id: number };
