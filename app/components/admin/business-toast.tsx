// Admin data screens' notices → one Radix toast at a time (a new one replaces the previous), shown 5 s, swipe 50 px
// to dismiss, F8 focuses the notification area, as the spec's toast rules say.
import { Toast } from "radix-ui";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";

export type ToastVariant = "default" | "success" | "destructive";

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

interface ShownToast extends ToastMessage {
  id: number;
}

const ToastContext = createContext<(message: ToastMessage) => void>(() => undefined);

/** The function that shows a toast (replacing any visible one). */
export function useAdminToast(): (message: ToastMessage) => void {
  return useContext(ToastContext);
}

const VARIANT_CLASSES: Record<ToastVariant, string> = {
  default: "border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100",
  success: "border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-50",
  destructive: "border-red-300 bg-red-50 text-red-950 dark:border-red-700 dark:bg-red-950 dark:text-red-50",
};

export function AdminToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ShownToast | null>(null);
  const show = useCallback((message: ToastMessage) => setToast({ ...message, id: Date.now() + Math.random() }), []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50} label="Bildirim">
        {children}
        {toast ? (
          <Toast.Root
            key={toast.id}
            open
            onOpenChange={(open) => (open ? undefined : setToast((current) => (current?.id === toast.id ? null : current)))}
            className={`pointer-events-auto grid gap-1 rounded-lg border p-4 pr-10 shadow-lg ${VARIANT_CLASSES[toast.variant ?? "default"]}`}
            data-testid="admin-toast"
          >
            <Toast.Title className="text-sm font-semibold">{toast.title}</Toast.Title>
            {toast.description ? <Toast.Description className="text-sm opacity-90">{toast.description}</Toast.Description> : null}
            <Toast.Close aria-label="Kapat" className="absolute right-2 top-2 rounded p-1 text-lg leading-none opacity-70 hover:opacity-100">
              ×
            </Toast.Close>
          </Toast.Root>
        ) : null}
        <Toast.Viewport className="fixed bottom-0 right-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
      </Toast.Provider>
    </ToastContext.Provider>
  );
}
