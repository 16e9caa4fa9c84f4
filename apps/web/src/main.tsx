import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { installAuth } from './lib/auth';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

installAuth();

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={createAppRouter()} />
    </Providers>
  </StrictMode>,
);
