import * as Toast from '@radix-ui/react-toast';
import { useToastStore } from './toastStore';

export function Toaster() {
  const toasts = useToastStore((state) => state.toasts);
  const dismiss = useToastStore((state) => state.dismiss);
  return (
    <Toast.Provider swipeDirection="right" duration={6000} label="Notification">
      {toasts.map((toast) => (
        <Toast.Root
          key={toast.id}
          className={`toast toast-${toast.tone}`}
          type={toast.tone === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismiss(toast.id);
          }}
        >
          <Toast.Title className="toast-title">{toast.title}</Toast.Title>
          {toast.description ? <Toast.Description className="toast-description">{toast.description}</Toast.Description> : null}
          <Toast.Close className="toast-close" aria-label="Dismiss notification">
            ×
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="toast-viewport" />
    </Toast.Provider>
  );
}
