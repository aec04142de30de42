/** Entry point: translations first (Russian by default), then the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setupI18n } from './i18n/index.ts';
import { App } from './App.tsx';
import './styles.css';

await setupI18n();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
