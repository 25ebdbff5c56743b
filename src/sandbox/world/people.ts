// The workspace's people: the members the world acts as (workspace.ts: creators and approvers),
// one who left and one still invited, and a service member for each registered key whose owner is
// no member yet. Names are made up; emails are on example.com (reserved for examples, RFC 2606).

import { Rng, streamSeed } from './rng.js';
import type { Member } from './workspace.js';

const DAY = 86_400_000;

export type PersonStatus = 'new' | 'active' | 'deactivated';

export interface Person {
  readonly userId: string;
  readonly name: string;
  readonly status: PersonStatus;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly deactivatedAt?: number;
  /** Absent for a service member (an API key has no mailbox). */
  readonly email?: string;
  readonly icon: string;
  readonly groups: readonly string[];
  /** A service member stands for an API key: its kid. */
  readonly kid?: string;
}

/** What the acting members look like, in the order of workspace.ts's MEMBER_NAMES. */
const ACTING: { joinedDaysAgo: number; icon: string; groups: string[] }[] = [
  // The owner opened the workspace; everyone joined before the oldest past transaction (400 days).
  { joinedDaysAgo: 650, icon: 'emoji:🦊', groups: ['owner'] },
  { joinedDaysAgo: 600, icon: 'emoji:🌿', groups: ['admin'] },
  { joinedDaysAgo: 520, icon: 'users/logos/jonas-weber.png', groups: ['treasury-operator'] },
  { joinedDaysAgo: 470, icon: 'emoji:🐉', groups: ['treasury-operator'] },
  { joinedDaysAgo: 410, icon: 'emoji:🎧', groups: ['finance'] },
];

/** The day the workspace was opened, in days before the world's start. */
export const WORKSPACE_AGE_DAYS = ACTING[0]!.joinedDaysAgo;

function emailOf(name: string): string {
  const local = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.');
  return `${local}@example.com`;
}

/** The seeded people: the acting members first (members[0] is the owner), then the others. */
export function seedPeople(seed: number, startMs: number, acting: readonly Member[]): Person[] {
  const rng = new Rng(streamSeed(seed, 'people'));
  const people: Person[] = acting.map((m, i) => {
    const look = ACTING[i] ?? { joinedDaysAgo: 400, icon: 'emoji:🙂', groups: ['member'] };
    const createdAt = startMs - look.joinedDaysAgo * DAY - rng.int(DAY);
    return {
      userId: m.userId,
      name: m.name,
      status: 'active',
      createdAt,
      updatedAt: createdAt + rng.int(30 * DAY),
      email: emailOf(m.name),
      icon: look.icon,
      groups: look.groups,
    };
  });
  // Left 45 days ago: her id still stands on old address book records.
  const leftAt = startMs - 45 * DAY - rng.int(DAY);
  people.push({
    userId: rng.id(),
    name: 'Lena Fischer',
    status: 'deactivated',
    createdAt: startMs - 630 * DAY - rng.int(DAY),
    updatedAt: leftAt,
    deactivatedAt: leftAt,
    email: emailOf('Lena Fischer'),
    icon: 'emoji:🌊',
    groups: ['treasury-operator'],
  });
  // Invited two days ago; has not accepted yet.
  const invitedAt = startMs - 2 * DAY - rng.int(6 * 3_600_000);
  people.push({
    userId: rng.id(),
    name: 'Tomás Rivera',
    status: 'new',
    createdAt: invitedAt,
    updatedAt: invitedAt,
    email: emailOf('Tomás Rivera'),
    icon: 'emoji:🛰️',
    groups: ['viewer'],
  });
  return people;
}

/** A member standing for a registered key whose owner the workspace did not know. */
export function servicePerson(userId: string, kid: string, role: string, at: number): Person {
  return {
    userId,
    name: `API key ${kid.slice(0, 8)}`,
    status: 'active',
    createdAt: at,
    updatedAt: at,
    icon: 'emoji:🔑',
    groups: [role],
    kid,
  };
}
