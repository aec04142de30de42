import type { DomainModule } from '../server/modules.ts';
import { adminUnitHooks } from './adminunits/hooks.ts';
import { permsTree, userViews } from './options.ts';
import { userwsHooks } from './users/hooks.ts';

/** The catalogues domain: what the schemas alone cannot say about the seed-000 catalogues. */
export const cataloguesModule: DomainModule = {
  name: 'catalogues',
  hooks: { adminunit: adminUnitHooks, userws: userwsHooks },
  options: { 'perms-tree': permsTree, 'user-views': userViews },
};
