/**
 * The entries of the administrator hubs: route slug, i18n label, the permission
 * that shows it, and for catalogues the table behind it. A report's label is its permission's
 * name, which is also the report screen's title.
 */
export interface AdminEntry {
  slug: string;
  label: string;
  permission: string;
  /** Table of the generic catalogue screen. */
  table?: string;
  /** Draw a separator before this entry. */
  separatorBefore?: boolean;
}

export const CATALOGUE_ENTRIES: AdminEntry[] = [
  { slug: 'admunits', table: 'adminunit', permission: 'ADMINUNITS', label: 'ui.admin.tables.admunits' },
  { slug: 'units', table: 'unit', permission: 'UNITS', label: 'ui.admin.tables.units' },
  { slug: 'sources', table: 'source', permission: 'SOURCES', label: 'ui.admin.tables.sources' },
  { slug: 'substances', table: 'substance', permission: 'SUBSTANCES', label: 'ui.admin.tables.substances' },
  { slug: 'products', table: 'product', permission: 'PRODUCTS', label: 'ui.admin.tables.products' },
  { slug: 'regimens', table: 'regimen', permission: 'REGIMENS', label: 'ui.admin.tables.regimens' },
  { slug: 'tags', table: 'tag', permission: 'TAGS', label: 'ui.admin.tables.tags' },
  { slug: 'ageranges', table: 'agerange', permission: 'AGERANGES', label: 'ui.admin.tables.ageranges' },
  /** The population of an area in a year, the denominator of the notification rate */
  { slug: 'population', table: 'population', permission: 'POPULATION', label: 'ui.admin.tables.population' },
  { slug: 'users', table: 'userws', permission: 'USERS', label: 'ui.admin.tables.users', separatorBefore: true },
  { slug: 'groups', table: 'userprofile', permission: 'PROFILES', label: 'ui.admin.tables.groups' },
];

export const REPORT_ENTRIES: AdminEntry[] = [
  { slug: 'onlineusers', permission: 'ONLINE', label: 'perm.ONLINE' },
  { slug: 'usersessions', permission: 'USERSESREP', label: 'perm.USERSESREP' },
  { slug: 'cmdhistory', permission: 'CMDHISTORY', label: 'perm.CMDHISTORY' },
  { slug: 'cmdstatistics', permission: 'CMDSTATISTICS', label: 'perm.CMDSTATISTICS' },
  { slug: 'errorlog', permission: 'ERRORLOGREP', label: 'perm.ERRORLOGREP' },
  /** The open conflicts of offline uploads (not a report of the spec): who changed what and when, as the command history, under its permission */
  { slug: 'syncconflicts', permission: 'CMDHISTORY', label: 'ui.sync.conflicts.adminTitle', separatorBefore: true },
  /** The drug supply's reports */
  { slug: 'stockmovements', permission: 'REP_MOVEMENTS', label: 'perm.REP_MOVEMENTS', separatorBefore: true },
  { slug: 'orderleadtime', permission: 'REP_ORDER_LEADTIME', label: 'perm.REP_ORDER_LEADTIME' },
];

export const SETTINGS_ENTRIES: AdminEntry[] = [
  { slug: 'workspaces', table: 'workspace', permission: 'WORKSPACES', label: 'ui.admin.settings.workspaces' },
  { slug: 'sysconfig', permission: 'SYSSETUP', label: 'ui.admin.settings.sysconfig' },
  /** The server's background jobs (server/jobs/): progress, cancel, retry */
  { slug: 'jobs', permission: 'SYSSETUP', label: 'ui.admin.settings.jobs' },
  /** the API reference page the server draws from its OpenAPI document (`/api/docs`) */
  { slug: 'api', permission: 'SYSSETUP', label: 'ui.admin.settings.api' },
];

/** The entry of a route parameter: by slug, or by table name (`/sys/admin/tables/source`). */
export function findEntry(entries: AdminEntry[], param: string | undefined): AdminEntry | undefined {
  if (!param) return undefined;
  return entries.find((e) => e.slug === param) ?? entries.find((e) => e.table === param);
}
