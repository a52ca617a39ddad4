import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadFor } from './app/routes';
import { startMonitoring } from './lib/monitoring';
import { applyTheme } from './lib/theme';
import './index.css';

applyTheme();
void startMonitoring();
// A public page renders once its chunk is in (at most a second's wait): a page that suspends shows
// its placeholder, and React reveals it only after its reveal throttle.
void Promise.race([preloadFor(window.location.pathname), new Promise((resolve) => setTimeout(resolve, 1000))]).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
