// The workspace's members as the OpenAPI shapes them (`WorkspaceMember`): the seeded people
// (people.ts) and a service member for each registered key whose owner was no member, so that
// every user id the world shows (creators, approvers, the keys' owners) resolves to a name.

import type { MembersQuery } from '../../contract/index.js';
import { type Person, servicePerson } from './people.js';
import { Rng, streamSeed } from './rng.js';
import { pageNumber } from './paging.js';

export const DEFAULT_MEMBERS_LIMIT = 200;

/** The wire form: `_embedded` carries only what the query asked for. */
export interface WireMember {
  workspaceId: string;
  userId: string;
  status: string;
  createdAt: string;
  updatedAt: string;
  deactivatedAt?: string;
  _embedded?: {
    profile?: { userId: string; name: string; icon: string };
    identities?: {
      identityId: string;
      userId: string;
      identityType: 'email';
      identityValue: string;
      createdAt: string;
      createdBy: string;
      lastUsedAt?: string;
    }[];
    permissionGroups?: string[];
  };
}


export class Members {
  private readonly people: Person[];
  private readonly byId = new Map<string, Person>();
  /** Identity ids and last sign-ins, drawn once per person. */
  private readonly identity = new Map<string, { id: string; lastUsedAt?: number }>();
  private readonly rng: Rng;

  constructor(
    seeded: readonly Person[],
    private readonly workspaceId: string,
    seed: number,
    private readonly startMs: number,
  ) {
    this.rng = new Rng(streamSeed(seed, 'identities'));
    this.people = [];
    for (const p of seeded) this.add(p);
  }

  private add(p: Person): void {
    this.people.push(p);
    this.byId.set(p.userId, p);
    if (p.email !== undefined) {
      // Signed in within the last day or two, unless gone or not yet arrived.
      const lastUsedAt = p.status === 'active' ? this.startMs - this.rng.int(2 * 86_400_000) : undefined;
      this.identity.set(p.userId, { id: this.rng.id(), ...(lastUsedAt === undefined ? {} : { lastUsedAt }) });
    }
  }

  get(userId: string): Person | undefined {
    return this.byId.get(userId);
  }

  all(): readonly Person[] {
    return this.people;
  }

  /**
   * A key was registered for `userId`: a member already, or a new service member named after the
   * key. Returns the new member, or undefined when the owner was known.
   */
  keyOwner(userId: string, kid: string, role: string, at: number): Person | undefined {
    if (this.byId.has(userId)) return undefined;
    const p = servicePerson(userId, kid, role, at);
    this.add(p);
    return p;
  }

  /** Oldest member first (ties by userId); `limit` defaults to 200. */
  list(q: MembersQuery = {}): WireMember[] {
    const start = pageNumber(q.offset, 0);
    const sorted = [...this.people].sort(
      (a, b) => a.createdAt - b.createdAt || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0),
    );
    const page = sorted.slice(start, start + pageNumber(q.limit, DEFAULT_MEMBERS_LIMIT));
    return page.map((p) => this.wire(p, q));
  }

  private wire(p: Person, q: MembersQuery): WireMember {
    const out: WireMember = {
      workspaceId: this.workspaceId,
      userId: p.userId,
      status: p.status,
      createdAt: String(p.createdAt),
      updatedAt: String(p.updatedAt),
    };
    if (p.deactivatedAt !== undefined) out.deactivatedAt = String(p.deactivatedAt);
    const embedded: NonNullable<WireMember['_embedded']> = {};
    if (q.includeUsersProfiles === true) embedded.profile = { userId: p.userId, name: p.name, icon: p.icon };
    if (q.includeEmails === true) {
      const id = this.identity.get(p.userId);
      embedded.identities =
        p.email === undefined || id === undefined
          ? []
          : [
              {
                identityId: id.id,
                userId: p.userId,
                identityType: 'email',
                identityValue: p.email,
                createdAt: String(p.createdAt),
                createdBy: p.userId,
                ...(id.lastUsedAt === undefined ? {} : { lastUsedAt: String(id.lastUsedAt) }),
              },
            ];
    }
    if (q.includePermissionGroups === true) embedded.permissionGroups = [...p.groups];
    if (Object.keys(embedded).length > 0) out._embedded = embedded;
    return out;
  }
}
