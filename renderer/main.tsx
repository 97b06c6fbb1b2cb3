import { notifyManager } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { startApp } from './app/startApp';
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

// The first screen's data and code are asked for now; React renders once that code is here.
void startApp(window.location.hash, getBridge(), createQueryClient(), (app) => createRoot(root).render(app));
