import { useEffect } from 'react';
import { NAV_ITEMS } from './routes';
import { isEditableTarget } from './shortcuts';
import { useUiStore } from './uiStore';
import { navigate } from './useRoute';

export function useShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const ui = useUiStore.getState();
      const editing = isEditableTarget(event.target);
      if ((event.ctrlKey || event.metaKey) && event.shiftKey && !event.altKey && event.code === 'KeyA') {
        event.preventDefault();
        ui.setAccountSwitcherOpen(true);
        return;
      }
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        navigate({ screen: 'catalog' });
        ui.requestSearchFocus();
        return;
      }
      if (event.altKey && !event.ctrlKey && !event.metaKey) {
        const digit = /^Digit([1-9])$/.exec(event.code)?.[1];
        const item = digit ? NAV_ITEMS[Number(digit) - 1] : undefined;
        if (item) {
          event.preventDefault();
          navigate({ screen: item.screen });
          return;
        }
        if (event.code === 'KeyB') {
          event.preventDefault();
          ui.requestBarcodeFocus();
        }
        return;
      }
      if (editing || event.ctrlKey || event.metaKey) return;
      if (event.key === '/') {
        event.preventDefault();
        navigate({ screen: 'catalog' });
        ui.requestSearchFocus();
      } else if (event.key === '?') {
        event.preventDefault();
        ui.setHelpOpen(true);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
