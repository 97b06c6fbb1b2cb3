import { notifyManager } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startFirstScreen } from './app/firstScreen';
import { getBridge } from './bridge';
import { createQueryClient } from './lib/queryClient';
import './styles/base.css';
import './styles/layout.css';
import './styles/features.css';
import './styles/free-shipping.css';
import './styles/backups.css';
import './styles/pasted-order.css';
import './styles/print.css';

// A bridge reply reaches the screen in the same task instead of after a setTimeout; the query
// cache's notifications are still batched per task.
notifyManager.setScheduler(queueMicrotask);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const bridge = getBridge();
const queryClient = createQueryClient();
// The first screen's data and code are asked for now, while React renders the shell.
startFirstScreen(window.location.hash, bridge, queryClient);

createRoot(root).render(
  <StrictMode>
    <App bridge={bridge} queryClient={queryClient} />
  </StrictMode>,
);
