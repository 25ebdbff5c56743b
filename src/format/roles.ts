// Wire notes §4: the one table of API key roles and what each may do. The sandbox enforces it
// route by route; the console hides the keys a role may not use (each action names the permission
// it needs: src/domain/actions.ts); init and completion list the roles from it. Pure data in
// `format` because every room that needs it may import format (the contract may not be imported
// at run time by the view, and roles are not on the wire anyway).

/** The roles this console knows. The service may add more: see `roleMay` (domain/actions.ts). */
export const ROLES = ['view-only', 'transaction-operator', 'full-access', 'mpc-hot-signer'] as const;
export type Role = (typeof ROLES)[number];

/**
 * What a route needs (every route names one):
 * - `core`: GET accounts, GET transactions, GET one transaction, SUBSCRIBE.
 * - `read`: addresses, transaction events, `/dictionary/*`, the swap route, `GET /workspaces`.
 *   Decision: `GET /workspaces/{ws}` and `GET /workspaces/{ws}/symbol-market-prices`, which the
 *   table leaves out, go with `GET /workspaces` and the dictionary prices. The reference GETs
 *   (members, address book, transaction limits, activities) are here too: the OpenAPI lets
 *   view-only, transaction-operator and full-access read them, exactly this permission's roles.
 * - `write`: decline, approve, cancel, POST transactions, and creating and deleting address book
 *   records (the OpenAPI: transaction-operator and full-access); the dry run, bulk create,
 *   accept-deposit-offer and reject-outgoing-offer (the same two roles there).
 * - `sign`: create-signing-request, the one transaction write the OpenAPI gives to full-access and
 *   mpc-hot-signer (and not to transaction-operator).
 */
export type Permission = 'core' | 'read' | 'write' | 'sign';

const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  'view-only': ['core', 'read'],
  'transaction-operator': ['core', 'read', 'write'],
  'full-access': ['core', 'read', 'write', 'sign'],
  'mpc-hot-signer': ['core', 'sign'],
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && Object.hasOwn(ROLE_PERMISSIONS, value);
}

/** Whether a known role grants a permission (the server's check: nothing unknown gets through). */
export function roleGrants(role: Role, permission: Permission): boolean {
  return isRole(role) && ROLE_PERMISSIONS[role].includes(permission);
}

/** The known roles that grant `permission` (for help texts: "a role that can read"). */
export function rolesGranting(permission: Permission): Role[] {
  return ROLES.filter((role) => ROLE_PERMISSIONS[role].includes(permission));
}
