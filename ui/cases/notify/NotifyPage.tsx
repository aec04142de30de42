/** Placeholder: the owner of this page replaces it. */
export { default } from '../../pages/pending/PendingPage.tsx';
