import { notifyManager } from '@tanstack/react-query';
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

// React's DOM renderer is not in the entry either: it loads beside the first screen's search and
// code and the app's own (startApp), and renders once those are here.
const reactDom = import('react-dom/client');
void startApp(window.location.hash, getBridge(), createQueryClient(), (app) => void reactDom.then(({ createRoot }) => createRoot(root).render(app)));
