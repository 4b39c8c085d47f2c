// Public toasts: one visible at a time (a new one replaces it), 5 s, swipe 50 px, F8 focuses the area (spec §9).
// showToast / updateToast / dismissToast by id through useToast(); Radix renders them after hydration only.
import { Toast } from "radix-ui";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";

export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export interface ToastMessage {
  /** Same id updates the visible toast in place; a new id replaces it. */
  id?: string;
  title: string;
  description?: string;
  tone?: "success" | "error" | "info";
}

interface ShownToast extends Required<Pick<ToastMessage, "id" | "title" | "tone">> {
  description?: string;
  /** Changes on every show so re-showing the same id restarts the 5-second timer. */
  key: number;
}

interface ToastApi {
  showToast(message: ToastMessage): string;
  updateToast(id: string, message: Partial<ToastMessage>): void;
  dismissToast(id?: string): void;
}

const ToastContext = createContext<ToastApi | null>(null);

const TONE_CLASSES: Record<ShownToast["tone"], string> = {
  success: "border-emerald-200 bg-white text-slate-900 [&_[data-dot]]:bg-emerald-500",
  error: "border-red-200 bg-white text-slate-900 [&_[data-dot]]:bg-red-500",
  info: "border-slate-200 bg-white text-slate-900 [&_[data-dot]]:bg-brand-500",
};

let nextKey = 0;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ShownToast | null>(null);

  const showToast = useCallback((message: ToastMessage) => {
    const id = message.id ?? `toast-${++nextKey}`;
    setToast({ id, title: message.title, description: message.description, tone: message.tone ?? "info", key: ++nextKey });
    return id;
  }, []);
  const updateToast = useCallback((id: string, message: Partial<ToastMessage>) => {
    setToast((current) => (current?.id === id ? { ...current, ...message, id, tone: message.tone ?? current.tone } : current));
  }, []);
  const dismissToast = useCallback((id?: string) => {
    setToast((current) => (!id || current?.id === id ? null : current));
  }, []);
  const api = useMemo(() => ({ showToast, updateToast, dismissToast }), [showToast, updateToast, dismissToast]);

  return (
    <ToastContext.Provider value={api}>
      <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX} label="Notification">
        {children}
        {toast ? (
          <Toast.Root
            key={toast.key}
            className={`pointer-events-auto flex w-full items-start gap-3 rounded-xl border p-4 shadow-lg data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] ${TONE_CLASSES[toast.tone]}`}
            onOpenChange={(open) => {
              if (!open) dismissToast(toast.id);
            }}
          >
            <span data-dot className="mt-1.5 h-2 w-2 shrink-0 rounded-full" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <Toast.Title className="text-sm font-semibold">{toast.title}</Toast.Title>
              {toast.description ? (
                <Toast.Description className="mt-0.5 break-words text-sm text-slate-600">{toast.description}</Toast.Description>
              ) : null}
            </div>
            <Toast.Close
              className="rounded-md px-1.5 text-lg leading-none text-slate-500 hover:bg-slate-100 hover:text-slate-800"
              aria-label="Dismiss notification"
            >
              ×
            </Toast.Close>
          </Toast.Root>
        ) : null}
        <Toast.Viewport className="fixed bottom-0 right-0 z-50 m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none" />
      </Toast.Provider>
    </ToastContext.Provider>
  );
}

/** The toast API; outside a ToastProvider every call is a no-op, so a component never crashes for want of one. */
export function useToast(): ToastApi {
  return useContext(ToastContext) ?? NOOP_TOAST_API;
}

const NOOP_TOAST_API: ToastApi = { showToast: () => "", updateToast: () => {}, dismissToast: () => {} };
