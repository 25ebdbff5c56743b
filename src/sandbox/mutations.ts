// The world's side of world-port.ts's Mutations: each named change applied to the World. Without a
// state dir the routes' `Mutate` is `applyMutation` itself; with one, persist/ journals the call
// first and replays the same names after a restart.
import type { MutationName, Mutations } from './world-port.js';
import type { World } from './world/index.js';

type Appliers = { [K in MutationName]: (world: World, args: Mutations[K]['args']) => Mutations[K]['result'] };

const APPLY: Appliers = {
  create: (w, a) => w.create(a.body, a.actor),
  decline: (w, a) => w.decline(a.id, a.actor, a.reason),
  approve: (w, a) => w.approve(a.id, a.actor),
  cancel: (w, a) => w.cancel(a.id, a.actor, a.reason),
  swapRoute: (w, a) => w.swapRoute(a.body),
  bulkCreate: (w, a) => w.ops.bulkCreate(a.items, a.actor),
  acceptDepositOffer: (w, a) => w.ops.acceptDepositOffer(a.id, a.actor, a.accept),
  rejectOutgoingOffer: (w, a) => w.ops.answerOutgoingOffer(a.id, a.actor, a.accept),
  createSigningRequest: (w, a) => w.ops.createSigningRequest(a.id, a.actor, a.body),
  createBookRecord: (w, a) => w.directory.createBookRecord(a.body, a.actor),
  deleteBookRecord: (w, a) => w.directory.deleteBookRecord(a.recordId, a.actor),
  createIntent: (w, a) => w.market.createIntent(a.body, a.actor),
};

export function isMutationName(name: string): name is MutationName {
  return Object.hasOwn(APPLY, name);
}

export function applyMutation<K extends MutationName>(
  world: World,
  name: K,
  args: Mutations[K]['args'],
): Mutations[K]['result'] {
  return (APPLY[name] as (w: World, a: Mutations[K]['args']) => Mutations[K]['result'])(world, args);
}
