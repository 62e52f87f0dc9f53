import path from 'node:path';

/** Where offline circulation keeps its files: the journal and the card knowledge. */
export function offlineFiles(dataDir: string): { journal: string; knowledge: string } {
  const folder = path.join(dataDir, 'offline');
  return {
    journal: path.join(folder, 'journal.bin'),
    knowledge: path.join(folder, 'knowledge.bin'),
  };
}
