// One toast at a time (spec: a new one replaces the old, 5 s on screen, swipe 50 px to dismiss, F8 focuses the
// notification area), built on Radix Toast. Used by pages that confirm an action, such as the contact form.
import { Toast } from "radix-ui";

export interface SiteToastMessage {
  /** A new id replaces the toast on screen (and restarts its timer). */
  id: number;
  title: string;
  description: string;
  variant: "success" | "error";
}

export const TOAST_DURATION_MS = 5000;

const VARIANT_CLASS = {
  success: "border-emerald-200 bg-white",
  error: "border-red-200 bg-red-50",
} as const;

const ICON_CLASS = { success: "bg-emerald-100 text-emerald-700", error: "bg-red-100 text-red-700" } as const;

export function SiteToast({ toast, onDismiss }: { toast: SiteToastMessage | null; onDismiss: () => void }) {
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50} label="Notification">
      {toast ? (
        <Toast.Root
          key={toast.id}
          type={toast.variant === "error" ? "foreground" : "background"}
          onOpenChange={(open) => {
            if (!open) onDismiss();
          }}
          className={`pointer-events-auto flex w-full items-start gap-3 rounded-xl border p-4 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full data-[state=closed]:opacity-0 motion-safe:transition ${VARIANT_CLASS[toast.variant]}`}
        >
          <span className={`grid h-8 w-8 shrink-0 place-items-center rounded-full ${ICON_CLASS[toast.variant]}`} aria-hidden="true">
            {toast.variant === "success" ? "✓" : "!"}
          </span>
          <div className="min-w-0 flex-1">
            <Toast.Title className="text-sm font-semibold text-slate-900">{toast.title}</Toast.Title>
            <Toast.Description className="mt-1 text-sm text-slate-700">{toast.description}</Toast.Description>
          </div>
          <Toast.Close
            className="rounded-md px-2 py-1 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            aria-label="Dismiss notification"
          >
            ✕
          </Toast.Close>
        </Toast.Root>
      ) : null}
      <Toast.Viewport
        label="Notifications ({hotkey})"
        className="fixed bottom-0 right-0 z-50 m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none sm:bottom-4 sm:right-4"
      />
    </Toast.Provider>
  );
}
