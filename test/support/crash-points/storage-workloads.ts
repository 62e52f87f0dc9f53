import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  createPublishedRecord,
  PUBLISHED_FILE,
} from '../../../src-main/core/console/documents/published-record';
import { publishDocument } from '../../../src-main/library-client/publish';
import { createFileVault, fileVaultPaths } from '../../../src-main/vault/file-vault';
import { KEY_CREDENTIAL_NAME } from '../../../src-main/vault/key-source';
import {
  createDocumentStaging,
  STAGING_FOLDER,
  STAGING_PATH,
} from '../../../src-main/web-host/document-staging';
import { signedIn } from '../../integration/auth/harness';
import { checkCirculation, readBaseline } from './circulation-check';
import type { Baseline, Circulation, CirculationAck } from './circulation-check';
import type { CrashEnvironment } from './environment';
import { REQUEST_TIMEOUT_MS } from './environment';
import { circulationClient, kioskKeys, startCirculation } from './kiosk-storage';
import type { NamedWorkload, Workload } from './workload';
import { asItem, asMember } from '../barcodes';

const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n'),
  Buffer.alloc(3000, 0x20),
  Buffer.from('\n%%EOF\n'),
]);

/** PUTs `bytes` to the staging route of `staging`, served on a server of its own. */
async function stageOverHttp(
  routes: ReturnType<typeof createDocumentStaging>['routes'],
  token: string,
) {
  const server = createServer((incoming, response) => {
    void routes[STAGING_PATH]!.handle(
      new URL(incoming.url!, 'http://127.0.0.1'),
      response,
      incoming,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    await new Promise<void>((resolve, reject) => {
      const put = request(
        {
          host: '127.0.0.1',
          port,
          path: STAGING_PATH,
          method: 'PUT',
          headers: { 'x-staging-token': token },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve());
        },
      );
      put.on('error', reject);
      put.end(PDF);
    });
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/**
 * Staff stage a PDF (streamed into the staging folder), publish it to the service and see it in
 * the list of published documents; the staged copy is removed. After any crash the next start
 * empties the staging folder, and the list opens with every document it said was published.
 */
function documentStaged(env: CrashEnvironment): Workload<{ published: string }> {
  return {
    async run({ dataDir, recorder }) {
      const { staging, routes } = createDocumentStaging(dataDir);
      const ticket = staging.open(1024 * 1024);
      await stageOverHttp(routes, ticket.token);
      const staged = await ticket.arrived;
      if (!staged.ok) throw new Error(`not staged: ${staged.error}`);
      const published = await publishDocument(env.staff.client, staged.value.path, {
        name: 'Opening hours',
      });
      if (!published.ok) throw new Error(`not published: ${published.error.kind}`);
      const docid = published.value.itemId;
      if (!docid) throw new Error('the service named no document');
      await createPublishedRecord(dataDir).add({
        name: 'Opening hours',
        docid,
        publishedAt: new Date().toISOString(),
      });
      recorder.mark({ mark: 'acknowledged', what: { published: docid } });
      await staging.remove(staged.value.path);
    },
    async check({ dataDir, acknowledged }) {
      const problems: string[] = [];
      createDocumentStaging(dataDir);
      const left = await readdir(path.join(dataDir, STAGING_FOLDER));
      if (left.length > 0) problems.push(`the start left staged files: ${left.join(', ')}`);
      const raw = await readFile(path.join(dataDir, PUBLISHED_FILE), 'utf8').catch(() => null);
      const listed = await createPublishedRecord(dataDir).list();
      if (raw !== null && listed.length === 0) {
        problems.push(
          `the published list (${raw.length} bytes) is read as empty, and would be written over`,
        );
      }
      for (const ack of acknowledged) {
        if (!listed.some((entry) => entry.docid === ack.published)) {
          problems.push(`the published document ${ack.published} is not in the list`);
        }
      }
      return problems;
    },
  };
}

type KeysAck = CirculationAck | { kind: 'signed-in' };

/**
 * A station given its master key (a systemd credential) for the first time: its plain key files
 * are sealed under it and deleted. After any crash the keys open, with the journal's transactions
 * and the staff sign-in readable.
 */
function masterKeyGiven(env: CrashEnvironment): Workload<KeysAck> {
  const member = env.borrower(2);
  const items = env.freshItems(2);
  const attempted: Circulation[] = items.map((item) => ({ kind: 'check-out', item, member }));
  let credentials = '';
  let baseline: Baseline = new Map();
  let before: KeysAck[] = [];
  const keyEnv = () => ({ CREDENTIALS_DIRECTORY: credentials });
  return {
    async prepare(_env, dataDir) {
      credentials = await mkdtemp(path.join(env.scratch, 'credentials-'));
      await writeFile(path.join(credentials, KEY_CREDENTIAL_NAME), randomBytes(32), {
        mode: 0o400,
      });
      const keys = await kioskKeys(dataDir);
      const staff = await signedIn(env.test, {
        vault: createFileVault(fileVaultPaths(dataDir), keys.vault),
        timeoutMs: REQUEST_TIMEOUT_MS,
      });
      staff.dispose();
      baseline = readBaseline(env.ledger, items);
      const kiosk = await startCirculation(dataDir, circulationClient(env, 'REST'), {
        probe: () => Promise.resolve(false),
      });
      kiosk.connectivity.unreachable();
      before = [{ kind: 'signed-in' }];
      try {
        for (const transaction of attempted) {
          const answer = await kiosk.desk.checkOut({
            itemBarcode: asItem(transaction.item),
            memberBarcode: asMember(member),
            queuedInSession: 0,
          });
          if (answer.via !== 'journal') throw new Error('not recorded offline');
          before.push({ ...transaction, via: 'journal' });
        }
      } finally {
        await kiosk.dispose();
      }
    },
    async run({ dataDir, recorder }) {
      for (const ack of before) recorder.mark({ mark: 'acknowledged', what: ack });
      await kioskKeys(dataDir, keyEnv());
    },
    async check({ dataDir, acknowledged }) {
      const keys = await kioskKeys(dataDir, keyEnv());
      const problems: string[] = [];
      const vault = await createFileVault(fileVaultPaths(dataDir), keys.vault).load();
      if (!vault.ok || vault.value === null) {
        problems.push(`the staff sign-in is lost (${vault.ok ? 'no vault' : vault.error.kind})`);
      }
      problems.push(
        ...(await checkCirculation({
          dataDir,
          client: circulationClient(env, 'REST'),
          ledger: env.ledger,
          baseline,
          attempted,
          acknowledged: acknowledged.filter(
            (ack): ack is CirculationAck => ack.kind !== 'signed-in',
          ),
          keyEnv: keyEnv(),
        })),
      );
      return problems;
    },
    async finish() {
      await rm(credentials, { recursive: true, force: true });
    },
  };
}

export const STORAGE_WORKLOADS: readonly NamedWorkload[] = [
  { name: 'document staged and published', make: documentStaged },
  { name: 'master key given to a station', make: masterKeyGiven },
] as NamedWorkload[];
