/** The API client: transport with 401 handling, typed helpers per area, shared shapes. */
export { api, request, onUnauthorized, onUlaRequired, setApiLanguage } from './client.ts';
export { ApiError, errorsOf } from './ApiError.ts';
export * from './types.ts';
export * as authApi from './auth.ts';
export * as sysApi from './sys.ts';
export { tableApi, fetchOptions } from './tables.ts';
export * as syncApi from './sync.ts';
export type { Doc, FormResources, ListDescriptor, RemoteForm } from './tables.ts';
