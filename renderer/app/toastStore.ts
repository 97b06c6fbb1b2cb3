import { create } from 'zustand';

export type ToastTone = 'info' | 'success' | 'warning' | 'error';

export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  tone: ToastTone;
}

interface ToastState {
  toasts: ToastMessage[];
  show(toast: Omit<ToastMessage, 'id'>): void;
  dismiss(id: number): void;
}

let nextId = 1;

export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  show(toast) {
    const id = nextId++;
    set((state) => ({ toasts: [...state.toasts.slice(-4), { ...toast, id }] }));
  },
  dismiss(id) {
    set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
  },
}));

export const showToast = (toast: Omit<ToastMessage, 'id'>) => useToastStore.getState().show(toast);
