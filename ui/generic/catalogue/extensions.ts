/**
 * What a table may add to the generic catalogue screen, keyed by table name: a whole view of its
 * own (the admin-unit tree), extra actions on an expanded card (the users' password and block
 * menu) or above the list (the population's import from a file). Domain UI (`ui/catalogues/`) registers them; the generic screen only looks them up.
 *
 * @example
 *   registerCatalogueExtension('userws', { cardActions: UserActions });
 */
import type { ComponentType } from 'react';
import type { Doc } from '../../api/index.ts';
import type { TimedAlertsApi } from '../useTimedAlerts.ts';

/** Props of a table's own view, drawn instead of the card list. */
export interface CatalogueViewProps {
  table: string;
  /** The permission the route gives (else the schema's). */
  permission?: string;
}

/** Props of the extra actions drawn beside Edit and Delete of an expanded card. */
export interface CardActionsProps {
  table: string;
  item: Doc;
  editable: boolean;
  /** Re-reads one row as the list shows it and replaces it in the list. */
  refreshItem: (id: string) => Promise<void>;
  /** The screen's alerts (success messages vanish after 4 s). */
  alerts: TimedAlertsApi;
}

/** Props of the extra actions drawn beside 'Добавить' above the list (the population's import from a file). */
export interface ListActionsProps {
  table: string;
  editable: boolean;
  /** Reads the list's page again. */
  reload: () => Promise<void>;
  /** The screen's alerts (success messages vanish after 4 s). */
  alerts: TimedAlertsApi;
}

export interface CatalogueExtension {
  view?: ComponentType<CatalogueViewProps>;
  cardActions?: ComponentType<CardActionsProps>;
  listActions?: ComponentType<ListActionsProps>;
  /**
   * i18n key of the success message of a created row, instead of 'Успешно создано' (the saved
   * document's fields are its parameters): what the server did besides, such as mailing a new user.
   */
  createdMessage?: string;
}

const registry = new Map<string, CatalogueExtension>();

/** Adds (or merges into) the extension of `table`. */
export function registerCatalogueExtension(table: string, ext: CatalogueExtension): void {
  registry.set(table, { ...registry.get(table), ...ext });
}

export function catalogueExtension(table: string): CatalogueExtension | undefined {
  return registry.get(table);
}
