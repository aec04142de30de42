import type { DomainModule } from '../server/types.ts';
import { adminUnitHooks } from './adminunits/hooks.ts';
import { ageRangeHooks } from './ageranges/hooks.ts';
import { commandTypes } from './command-types.ts';
import { countryStructureHooks } from './countrystructure/hooks.ts';
import { permsTree, userViews } from './options.ts';
import { userProfileHooks } from './profiles/hooks.ts';
import { sysconfigAdminRoutes } from './sysconfig/admin-routes.ts';
import { sysconfigPublicRoutes } from './sysconfig/public-routes.ts';
import { ulaRoutes, ulaSessionInfo } from './sysconfig/ula.ts';
import { tagHooks } from './tags/hooks.ts';
import { unitHooks } from './units/hooks.ts';
import { createSandbox, dropSandbox, sandboxHealth } from './tags/sandbox.ts';
import { userwsHooks } from './users/hooks.ts';
import { userActions } from './users/actions.ts';
import { invitationRoutes } from './users/invitations.ts';
import { passwordRoutes } from './users/password-routes.ts';
import { workspaceHooks } from './workspaces/hooks.ts';
import { demoLogins, seedDemo } from './demo/seed.ts';

/** The catalogues domain: what the schemas alone cannot say about the seed-000 catalogues. */
export const cataloguesModule: DomainModule = {
  name: 'catalogues',
  hooks: {
    adminunit: adminUnitHooks,
    countrystructure: countryStructureHooks,
    agerange: ageRangeHooks,
    tag: tagHooks,
    unit: unitHooks,
    userprofile: userProfileHooks,
    userws: userwsHooks,
    workspace: workspaceHooks,
  },
  actions: userActions,
  options: { 'perms-tree': permsTree, 'user-views': userViews, 'command-types': commandTypes },
  api: (ctx) => [...sysconfigPublicRoutes(ctx), ...passwordRoutes(ctx), ...invitationRoutes(ctx), ...sysconfigAdminRoutes(ctx), ...ulaRoutes(ctx)],
  // The tag-condition sandbox's views pin the case tables' columns: out of the way of migrations.
  beforeMigrate: dropSandbox,
  start: async (ctx) => void (await createSandbox(ctx)),
  health: async (ctx) => ({ sandbox: await sandboxHealth(ctx) }),
  sessionInfo: ulaSessionInfo,
  seed: seedDemo,
  demoLogins,
};
