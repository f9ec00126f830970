import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders, ThemeOnly } from './app/AppProviders';
import { FramedWarning } from './app/FramedWarning';
import { isFramed } from './app/frame-check';
import { MetaGate } from './app/MetaGate';
import { AppRouter } from './app/router';
import { installFocusReturn } from './shared/keyboard';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
const root = createRoot(container);

// Decided before anything else renders or fetches: inside a foreign frame the app itself never appears (clickjacking).
if (isFramed(window)) {
  root.render(
    <StrictMode>
      <ThemeOnly>
        <FramedWarning appUrl={window.location.href} />
      </ThemeOnly>
    </StrictMode>,
  );
} else {
  installFocusReturn();
  root.render(
    <StrictMode>
      <AppProviders>
        <MetaGate>
          <AppRouter />
        </MetaGate>
      </AppProviders>
    </StrictMode>,
  );
}
