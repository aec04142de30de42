/** The generic, schema-driven catalogue screen and its parts. */
export { CataloguePage, type CataloguePageProps } from './CataloguePage.tsx';
export { CatalogueCard } from './CatalogueCard.tsx';
export { useCatalogue, type CatalogueController } from './useCatalogue.ts';
export * from './catalogueModel.ts';
export { registerCatalogueExtension, catalogueExtension, type CatalogueExtension, type CatalogueViewProps, type CardActionsProps, type ListActionsProps } from './extensions.ts';
