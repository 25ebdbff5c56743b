// Wire notes §4: what each role may do. Every route names one permission.
import type { Role } from './keys.js';

/**
 * - `core`: GET accounts, GET transactions, GET one transaction, SUBSCRIBE (every role).
 * - `read`: addresses, events, `/dictionary/*`, swap route, `GET /workspaces`, the workspace itself
 *   and its prices (every role but mpc-hot-signer). Decision: `GET /workspaces/{ws}` and
 *   `GET /workspaces/{ws}/symbol-market-prices`, which the table leaves out, go with `GET /workspaces`
 *   and the dictionary prices.
 * - `write`: decline, approve, cancel, POST transactions (transaction-operator, full-access).
 */
export type Permission = 'core' | 'read' | 'write';

const GRANTS: Readonly<Record<Role, readonly Permission[]>> = {
  'view-only': ['core', 'read'],
  'transaction-operator': ['core', 'read', 'write'],
  'full-access': ['core', 'read', 'write'],
  'mpc-hot-signer': ['core'],
};

export function roleAllows(role: Role, permission: Permission): boolean {
  return GRANTS[role].includes(permission);
}
