import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n/index.ts';
import './admin.css';
import { BackOffice } from './app.tsx';
import { session } from './lib/session.ts';
import { queryClient } from './lib/query-client.ts';

// Signing out forgets every cached answer, so the next member sees nothing of the last one's.
session.subscribe(() => {
  if (!session.token()) queryClient.clear();
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BackOffice />
  </StrictMode>,
);
