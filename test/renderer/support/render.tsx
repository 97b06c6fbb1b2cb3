import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { CaseworksBridge } from '../../../shared/bridge';
import { App } from '../../../renderer/app/App';
import { BridgeProvider } from '../../../renderer/lib/bridgeContext';
import { unbindCart, useCartStore } from '../../../renderer/features/cart/cartStore';
import { usePlacedStore } from '../../../renderer/features/cart/placedStore';
import { useFiltersStore, EMPTY_FILTERS } from '../../../renderer/features/catalog/filtersStore';
import { useStatusStore } from '../../../renderer/features/status/statusStore';
import { useToastStore } from '../../../renderer/app/toastStore';
import { useUiStore } from '../../../renderer/app/uiStore';
import { useTypingStore } from '../../../renderer/app/typingStore';
import { EMPTY_HISTORY_FILTER, useHistoryFilterStore } from '../../../renderer/features/orders/historyFilterStore';

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
}

/** A part of the app with its providers, as the shell gives them. */
export function renderWithBridge(ui: ReactNode, bridge: CaseworksBridge) {
  const queryClient = testQueryClient();
  const result = render(
    <BridgeProvider bridge={bridge}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </BridgeProvider>,
  );
  return { ...result, queryClient };
}

/** The whole app at a location hash. */
export function renderApp(bridge: CaseworksBridge, hash = '#/catalog') {
  window.location.hash = hash;
  const queryClient = testQueryClient();
  return { ...render(<App bridge={bridge} queryClient={queryClient} />), queryClient };
}

/** Client state lives in module-level stores and localStorage; every test starts from nothing. */
export function resetClientState(): void {
  localStorage.clear();
  unbindCart();
  useCartStore.setState({ lines: [], notes: {}, shipTo: null, shipToChoice: null, saveShipTo: { save: false, label: '' }, deliveryDates: {}, drafts: {} });
  useFiltersStore.setState({ filters: EMPTY_FILTERS });
  useStatusStore.setState({ online: null, progress: {}, offlineUpgrade: null, offlineUpgradeProblem: null });
  useToastStore.setState({ toasts: [] });
  useUiStore.setState({ helpOpen: false, accountSwitcherOpen: false, searchFocusPending: false, barcodeFocusRequest: 0 });
  useTypingStore.setState({ typing: false });
  useHistoryFilterStore.setState({ fields: EMPTY_HISTORY_FILTER });
  usePlacedStore.setState({ ids: [], focusPending: false });
}
