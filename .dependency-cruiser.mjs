// The import rules of docs/architecture.md, checked by `npm run lint` (depcruise src). The table
// below is the architecture note's "Allowed imports" table; test/rules/import-rules.test.ts holds
// the two to each other and proves every rule here can fail.

/** room → the rooms of ours it may import ('*': any). A room may always import itself. */
export const ROOMS = {
  commands: '*',
  view: ['store', 'live', 'domain', 'format', 'contract'],
  live: ['client', 'store', 'config', 'domain', 'format', 'contract'],
  store: ['contract', 'domain', 'format'],
  domain: ['contract', 'format'],
  client: ['auth', 'contract'],
  config: ['auth'],
  auth: [],
  sandbox: ['auth', 'contract', 'format'],
  contract: [],
  format: [],
};

const roomRules = Object.entries(ROOMS)
  .filter(([, may]) => may !== '*')
  .map(([room, may]) => ({
    name: `room-${room}`,
    comment: `${room} may import ${may.length === 0 ? 'no room of ours' : may.join(', ')} (docs/architecture.md)`,
    severity: 'error',
    from: { path: `^src/${room}/` },
    // Every file of src that is not in the room itself or a room it may import: the other rooms,
    // main.ts, and any folder not in the table yet (a new room is added to the table first).
    to: { path: '^src/', pathNot: `^src/(${[room, ...may].join('|')})/` },
  }));

/**
 * The floors of src/view, lowest first (docs/architecture.md, "Inside the view"). A part may import
 * the parts of the floors below its own, never a part of its own floor or above: a feature is found
 * in one place, and no two parts lean on each other.
 */
export const VIEW_FLOORS = [
  ['base'],
  ['model'],
  ['draw', 'keys', 'query'],
  ['swap', 'messages', 'profiles'],
  ['resources'],
  ['focus'],
  ['dialog', 'lists', 'input'],
  ['approvals'],
  ['shell'],
  ['index.ts'],
  ['render.tsx'],
];

const viewPart = (part) => (part.endsWith('.ts') || part.endsWith('.tsx') ? `${part.replace(/\./g, '\\.')}$` : `${part}/`);
const viewRules = VIEW_FLOORS.flatMap((floor, level) => {
  const above = VIEW_FLOORS.slice(level).flat();
  return floor.map((part) => ({
    name: `view-${part.replace(/\.tsx?$/, '')}`,
    comment: `src/view/${part} may import only the parts of src/view below its floor (${VIEW_FLOORS.slice(0, level).flat().join(', ') || 'none'})`,
    severity: 'error',
    from: { path: `^src/view/${viewPart(part)}` },
    to: { path: `^src/view/(${above.map(viewPart).join('|')})`, pathNot: `^src/view/${viewPart(part)}` },
  }));
});

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    ...roomRules,
    {
      name: 'no-circular',
      comment: 'No import cycle, type-only imports included: a cycle of types still means a hub that owns what its spokes need.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'src-stays-in-src',
      comment: 'The product imports only its own files, packages and node: built-ins; never tests, scripts or files beside the repository.',
      severity: 'error',
      from: { path: '^src/' },
      to: { dependencyTypesNot: ['core', 'npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-bundled'], pathNot: '^src/' },
    },
    {
      name: 'no-shared',
      comment: 'Nothing reads ../shared (the design notes beside the repository): a clone has nothing beside it.',
      severity: 'error',
      from: {},
      to: { path: '(^|/)\\.\\./shared(/|$)' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to no file: a typo, or a file outside the repository that a clone lacks.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    ...viewRules,
    {
      name: 'view-parts-known',
      comment: 'Every folder or loose file of src/view is on a floor of VIEW_FLOORS (a new part is placed first).',
      severity: 'error',
      from: { path: '^src/view/' },
      to: { path: '^src/view/', pathNot: `^src/view/(${VIEW_FLOORS.flat().map(viewPart).join('|')})` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count, as they do for tsc and for the cycle rule.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Packages resolved as Node resolves an ESM import (ink and others export no `require`).
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'node', 'default'] },
  },
};
