/**
 * A kiosk taking a burst of offline transactions, to be killed midway (SIGKILL) by a test:
 *
 *   node --import tsx test/support/journal-burst.ts <folder> [count=500] [at once=8]
 *
 * Opens the journal under <folder> (test/support/journal-files.ts) and records <count> check-outs,
 * <at once> of them under way at any time so that appends share fsyncs. Prints `ack <id>` for each
 * only once its record() resolved (the moment the patron would be told), `done` after the last,
 * then waits to be killed. Anything else it prints is a failure.
 */
import { journalPlace, openJournalAt } from './journal-files';
import { asItem, asMember } from './barcodes';

const [folder, countArg = '500', atOnceArg = '8'] = process.argv.slice(2);
if (!folder) {
  process.stdout.write('fail usage: journal-burst.ts <folder> [count] [at once]\n');
  process.exit(2);
}
const count = Number(countArg);
const atOnce = Number(atOnceArg);

const journal = await openJournalAt(journalPlace(folder));
const problem = journal.problem();
if (problem) {
  process.stdout.write(`fail ${problem.kind}\n`);
  process.exit(1);
}

let next = 0;
async function takeTransactions(): Promise<void> {
  while (next < count) {
    const n = next++;
    const recorded = await journal.record({
      kind: 'check-out',
      item: asItem(`3123400${String(n).padStart(7, '0')}`),
      member: asMember('24410000123456'),
      at: Date.now(),
    });
    if (!recorded.ok) {
      process.stdout.write(`fail ${recorded.error.kind}\n`);
      process.exit(1);
    }
    // Synchronous on a pipe (Linux): once written, the test has it even if killed next.
    process.stdout.write(`ack ${recorded.value.id}\n`);
  }
}

await Promise.all(Array.from({ length: atOnce }, takeTransactions));
process.stdout.write('done\n');
// Killed, not ended: the test decides when.
setInterval(() => undefined, 60_000);
