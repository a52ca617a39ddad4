import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadFor } from './app/routes';
import { startMonitoring } from './lib/monitoring';
import { applyTheme } from './lib/theme';
import './index.css';

applyTheme();
void startMonitoring();
preloadFor(window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
