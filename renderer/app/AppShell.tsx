import { Suspense, useEffect, lazy } from 'react';
import { BarcodeField } from '../features/barcode/BarcodeField';
import { useCartPerAccount } from '../features/buyer-accounts/useCartPerAccount';
import { StatusNotices } from '../features/status/StatusNotices';
import { SyncProgress } from '../features/status/SyncProgress';
import { Loading } from '../components/QueryStates';
import { ScreenErrorBoundary } from '../components/ScreenErrorBoundary';
import { useSession } from '../lib/useSession';
import { HelpDialog } from './HelpDialog';
import { NavBar } from './NavBar';
import { routeHref } from './routes';
import { SCREENS } from './screens';
import { SignedInAs } from './SignedInAs';
import { Toaster } from './Toaster';
import { useRoute } from './useRoute';
import { useShortcuts } from './useShortcuts';
import { useHeadingFocus } from './useHeadingFocus';

const ConnectScreen = lazy(() => import('../features/settings/ConnectScreen'));

export function AppShell() {
  const route = useRoute();
  const session = useSession();
  useShortcuts();
  useCartPerAccount();
  useHeadingFocus(routeHref(route));
  const needsConnection = session.data?.mode === 'none' && route.screen !== 'settings';
  const screen = SCREENS[route.screen];
  const Screen = screen.component;

  useEffect(() => {
    document.title = `${needsConnection ? 'Connect' : screen.title} · Caseworks`;
  }, [needsConnection, screen.title]);

  return (
    <div className="app">
      <a className="skip-link" href="#main-content" onClick={(event) => {
        event.preventDefault();
        document.getElementById('main-content')?.focus();
      }}>
        Skip to content
      </a>
      <header className="app-header">
        <p className="brand">Caseworks</p>
        <BarcodeField />
        <SignedInAs />
        <HelpDialog />
      </header>
      <NavBar route={route} />
      <StatusNotices />
      <SyncProgress />
      <main id="main-content" tabIndex={-1} className="main">
        <ScreenErrorBoundary key={needsConnection ? 'connect' : routeHref(route)} screenName={needsConnection ? 'Connect' : screen.title}>
          <Suspense fallback={<Loading label={`Opening ${screen.title}…`} />}>
            {needsConnection ? <ConnectScreen /> : <Screen route={route} />}
          </Suspense>
        </ScreenErrorBoundary>
      </main>
      <Toaster />
    </div>
  );
}
