// Admin notifications on Radix Toast: one visible at a time (a new one replaces it), 5 s on screen, swipe 50 px
// to dismiss, F8 focuses the region; useAdminToast().show({ title, description, variant }).
import { Toast } from "radix-ui";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";

export type ToastVariant = "default" | "success" | "destructive";

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

interface ToastApi {
  show(message: ToastMessage): void;
  dismiss(): void;
}

const ToastContext = createContext<ToastApi>({ show: () => {}, dismiss: () => {} });

export function useAdminToast(): ToastApi {
  return useContext(ToastContext);
}

const VARIANT_CLASSES: Record<ToastVariant, string> = {
  default: "border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100",
  success: "border-emerald-200 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-50",
  destructive: "border-red-200 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-50",
};

export function AdminToastProvider({ children, closeLabel, dark = false }: { children: ReactNode; closeLabel: string; dark?: boolean }) {
  const [current, setCurrent] = useState<(ToastMessage & { id: number }) | null>(null);
  const [open, setOpen] = useState(false);
  const show = useCallback((message: ToastMessage) => {
    // A new key remounts the toast, so it replaces the previous one and its 5 s timer restarts.
    setCurrent({ ...message, id: Date.now() });
    setOpen(true);
  }, []);
  const dismiss = useCallback(() => setOpen(false), []);
  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);
  const variant = current?.variant ?? "default";
  return (
    <ToastContext.Provider value={api}>
      <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
        {children}
        {current ? (
          <Toast.Root
            key={current.id}
            open={open}
            onOpenChange={setOpen}
            type={variant === "destructive" ? "foreground" : "background"}
            data-testid="admin-toast"
            className={`pointer-events-auto relative w-full rounded-xl border p-4 pr-10 shadow-lg data-[swipe=end]:translate-x-full ${VARIANT_CLASSES[variant]}`}
          >
            <Toast.Title className="text-sm font-semibold">{current.title}</Toast.Title>
            {current.description ? <Toast.Description className="mt-1 text-sm opacity-90">{current.description}</Toast.Description> : null}
            <Toast.Close aria-label={closeLabel} className="absolute right-2 top-2 rounded-md p-1.5 opacity-70 hover:opacity-100">
              <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
                <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
              </svg>
            </Toast.Close>
          </Toast.Root>
        ) : null}
        <Toast.Viewport className={`fixed bottom-0 right-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none ${dark ? "dark" : ""}`} />
      </Toast.Provider>
    </ToastContext.Provider>
  );
}
