import { FileSystemModel } from './fs-model';
import type { Frontier } from './fs-model';
import type { Recording, WorkloadMark } from './recording';

/**
 * What else a crash at one instant decides besides the files: how many acknowledgements the
 * patron had seen (the first `acknowledged` of the workload's), and which service snapshot holds
 * the requests that reached the service (service-snapshots.ts; 0 is the workload's start).
 */
export interface CrashContext {
  acknowledged: number;
  service: number;
}

export interface CrashPoint {
  /** File operations done before the power went (0: none). */
  operations: number;
  frontier: Frontier;
  contexts: CrashContext[];
}

/**
 * One crash point after each file operation (and one before the first). Marks between two
 * operations (an acknowledgement, a request sent or answered) happen at instants a crash may
 * fall before or after, so each cut among them is a context of its own; a request sent and not
 * answered at the cut may or may not have reached the service.
 */
export function* crashPoints<A>(recording: Recording<A>): Generator<CrashPoint> {
  const model = new FileSystemModel(recording.root, recording.initial);
  let operations = 0;
  let acknowledged = 0;
  let answered = 0;
  let inFlight = 0;
  let marks: WorkloadMark<A>[] = [];
  const contextsAt = (): CrashContext[] => {
    const contexts = new Map<string, CrashContext>();
    const add = (context: CrashContext): void => {
      contexts.set(`${context.acknowledged}/${context.service}`, context);
    };
    let acks = acknowledged;
    let done = answered;
    let flying = inFlight;
    const cut = (): void => {
      for (let reached = 0; reached <= flying; reached++) {
        add({ acknowledged: acks, service: done + reached });
      }
    };
    cut();
    for (const mark of marks) {
      if (mark.mark === 'acknowledged') acks += 1;
      else if (mark.mark === 'sent') flying += 1;
      else {
        flying -= 1;
        done += 1;
      }
      if (flying > 1) throw new Error('requests to the service overlap: their snapshots would not');
      cut();
    }
    return [...contexts.values()];
  };
  const settleMarks = (): void => {
    for (const mark of marks) {
      if (mark.mark === 'acknowledged') acknowledged += 1;
      else if (mark.mark === 'sent') inFlight += 1;
      else {
        inFlight -= 1;
        answered += 1;
      }
    }
    marks = [];
  };
  for (const entry of recording.entries) {
    if (entry.kind === 'mark') {
      marks.push(entry.mark);
      continue;
    }
    yield { operations, frontier: model.frontier(), contexts: contextsAt() };
    settleMarks();
    model.apply(entry.operation);
    operations += 1;
  }
  yield { operations, frontier: model.frontier(), contexts: contextsAt() };
}
