/**
 * Staff calls on iPads (spec 000 sections 2, 4 and 7): add, list, read, rename, send or remove
 * a service, and create a setup token. Every call is scoped by `scopeAccountId`: another
 * account's iPad or service answers 404 exactly like a missing one. Assignment changes commit
 * first and then emit `ipadServiceChanged`, which the realtime channel pushes to the kiosk.
 */
import { randomInt } from 'node:crypto';
import {
  IPAD_SETUP_CODE_ALPHABET,
  IPAD_SETUP_CODE_LENGTH,
  IPAD_SETUP_TOKEN_VALIDITY_MS,
  type Ipad,
  type IpadDetails,
  type IpadSetupToken,
} from '../../src/contract/devices';
import type { Db, Queryable } from '../db/db';
import {
  disableSetupTokens,
  findIpad,
  insertIpad,
  insertSetupToken,
  listIpads,
  renameIpad,
  setActiveService,
  toIpad,
  toIpadDetails,
  toSetupToken,
  type IpadRow,
} from '../db/repos/ipads';
import { findService } from '../db/repos/services';
import { requireAccountScope, scopeAccountId, type Scope } from '../http/auth';
import { NotFoundError } from '../http/errors';
import type { DomainEvents } from './events';

/**
 * 31^8 codes against at most a few thousand live ones: a collision is ~1e-8 per draw, so five
 * draws failing means something is broken (e.g. a bad random source), not bad luck.
 */
const SETUP_CODE_MAX_DRAWS = 5;

export interface IpadsDeps {
  db: Db;
  events: DomainEvents;
  /** Read at call time: the public URL may be set after start (tests, proxies). */
  config: { publicUrl: string };
}

/** A fresh code from the unambiguous alphabet; crypto.randomInt, so it cannot be predicted. */
export function drawSetupCode(): string {
  let code = '';
  for (let i = 0; i < IPAD_SETUP_CODE_LENGTH; i++) code += IPAD_SETUP_CODE_ALPHABET[randomInt(IPAD_SETUP_CODE_ALPHABET.length)];
  return code;
}

/** Issues a setup token for `ipad` inside `tx`, drawing again on the rare code collision. */
async function issueSetupToken(tx: Queryable, ipad: IpadRow, publicUrl: string): Promise<IpadSetupToken> {
  for (let draw = 0; draw < SETUP_CODE_MAX_DRAWS; draw++) {
    const row = await insertSetupToken(tx, ipad.id, drawSetupCode(), IPAD_SETUP_TOKEN_VALIDITY_MS);
    if (row) return toSetupToken(row, ipad, publicUrl);
  }
  throw new Error(`No free iPad setup code after ${SETUP_CODE_MAX_DRAWS} draws`);
}

export function ipadsDomain(deps: IpadsDeps) {
  const { db, events } = deps;

  async function load(q: Queryable, scope: Scope | null, id: string, options: { forUpdate?: boolean } = {}): Promise<IpadRow> {
    const row = await findIpad(q, id, scopeAccountId(scope), options);
    if (!row) throw new NotFoundError('iPad');
    return row;
  }

  /**
   * Points the iPad at `serviceId` (or none) and tells the kiosk after commit. Emits only when
   * the assignment really changed, so a double click does not make the kiosk reload twice.
   */
  async function assign(scope: Scope | null, id: string, serviceId: string | null): Promise<IpadDetails> {
    const outcome = await db.transaction(async (tx) => {
      const ipad = await load(tx, scope, id, { forUpdate: true });
      // The service must belong to the iPad's own account, also for a superuser viewing all.
      if (serviceId && !(await findService(tx, serviceId, ipad.account_id))) throw new NotFoundError('Service');
      const changed = ipad.active_service_id !== serviceId;
      if (changed) await setActiveService(tx, ipad.id, serviceId);
      return { accountId: ipad.account_id, changed };
    });
    if (outcome.changed) events.emit('ipadServiceChanged', { accountId: outcome.accountId, ipadId: id, activeServiceId: serviceId });
    return toIpadDetails(await load(db, scope, id));
  }

  return {
    /** Refused in all-accounts mode: a new iPad needs one account to belong to. */
    async add(scope: Scope | null, name: string): Promise<IpadSetupToken> {
      const { accountId } = requireAccountScope(scope);
      return db.transaction(async (tx) => {
        const id = await insertIpad(tx, accountId, name);
        const ipad = await findIpad(tx, id, accountId);
        if (!ipad) throw new Error('iPad vanished after insert');
        return issueSetupToken(tx, ipad, deps.config.publicUrl);
      });
    },

    /**
     * The iPads in scope. With a service id (the service's "Send Service to iPad" tab) the list
     * is every iPad of that service's account; each one's active_service shows whether it
     * already has this service. An unknown or foreign service answers 404.
     */
    async list(scope: Scope | null, serviceId: string | undefined): Promise<IpadDetails[]> {
      let accountId = scopeAccountId(scope);
      if (serviceId) {
        const service = await findService(db, serviceId, accountId);
        if (!service) throw new NotFoundError('Service');
        accountId = service.account_id;
      }
      return (await listIpads(db, accountId)).map(toIpadDetails);
    },

    async get(scope: Scope | null, id: string): Promise<IpadDetails> {
      return toIpadDetails(await load(db, scope, id));
    },

    async rename(scope: Scope | null, id: string, name: string): Promise<IpadDetails> {
      await db.transaction(async (tx) => {
        const ipad = await load(tx, scope, id, { forUpdate: true });
        await renameIpad(tx, ipad.id, name);
      });
      return toIpadDetails(await load(db, scope, id));
    },

    /**
     * Any service of the iPad's account may be sent, active or not: the spec's create-service
     * flow lands on "Send Service to iPad" right after creation, before anyone pressed Start.
     */
    sendService: (scope: Scope | null, id: string, serviceId: string) => assign(scope, id, serviceId),

    removeService: (scope: Scope | null, id: string) => assign(scope, id, null),

    /** A new code replaces every earlier one, so only the code on screen now can set the iPad up. */
    async createSetupToken(scope: Scope | null, id: string): Promise<IpadSetupToken> {
      return db.transaction(async (tx) => {
        const ipad = await load(tx, scope, id, { forUpdate: true });
        await disableSetupTokens(tx, ipad.id);
        return issueSetupToken(tx, ipad, deps.config.publicUrl);
      });
    },
  };
}

export type IpadsDomain = ReturnType<typeof ipadsDomain>;
