import { TEST_PBKDF2_ITERATIONS, uniqueDbName } from '../../test/testBackend';
import { createLocalBackend } from '../local/createLocalBackend';
import type { LocalBackend } from '../local/createLocalBackend';
import { createMemoryBroadcastHub } from '../local/memoryBroadcastHub';
import { localAccessPolicy } from '../local/policy';
import type { AccessPolicy } from '../local/policy';
import { createMemoryStorage } from '../local/sessionStore';
import type { Backend } from '../port';
import { runBackendContract } from './contractSuite';

const SCRATCH = 'contractScratch';

/** The DevTribe policy, plus a collection any signed-in user may use, for the contract cases. */
const policyWithScratch: AccessPolicy = {
  checkWrite: (ctx) =>
    ctx.ref.collection === SCRATCH
      ? ({ allowed: ctx.actorUid !== null, reason: 'signed out' } as const)
      : localAccessPolicy.checkWrite(ctx),
  checkRead: (ctx) => {
    const collection = ctx.kind === 'get' ? ctx.ref.collection : ctx.query.collection;
    return collection === SCRATCH
      ? ({ allowed: ctx.actorUid !== null, reason: 'signed out' } as const)
      : localAccessPolicy.checkRead(ctx);
  },
  readDependencies: localAccessPolicy.readDependencies,
  writeDependencies: localAccessPolicy.writeDependencies,
};

let dbName = uniqueDbName('contract');
let broadcast = createMemoryBroadcastHub();

runBackendContract('local (IndexedDB)', {
  scratchCollection: SCRATCH,
  freshStore() {
    dbName = uniqueDbName('contract');
    broadcast = createMemoryBroadcastHub();
    return Promise.resolve();
  },
  newClient: () =>
    createLocalBackend({
      dbName,
      broadcast,
      seed: false,
      pbkdf2Iterations: TEST_PBKDF2_ITERATIONS,
      // each client is its own device: nothing shared but the database
      sessionStorage: createMemoryStorage(),
      localStorage: createMemoryStorage(),
      policy: policyWithScratch,
    }),
  closeClient: (backend: Backend) => (backend as LocalBackend).local.close(),
});
