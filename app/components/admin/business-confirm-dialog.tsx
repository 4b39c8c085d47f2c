// A destructive action's confirmation → a Radix alert dialog (focus-trapped, Escape cancels) that resolves to the
// admin's choice; delete-all chains two of them.
import { AlertDialog } from "radix-ui";
import { useCallback, useRef, useState, type ReactNode } from "react";

export interface ConfirmRequest {
  title: string;
  description: string;
  confirmLabel: string;
}

export function BusinessConfirmDialog({ request, onAnswer }: { request: ConfirmRequest | null; onAnswer: (confirmed: boolean) => void }) {
  return (
    <AlertDialog.Root open={request !== null} onOpenChange={(open) => (open ? undefined : onAnswer(false))}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl dark:bg-slate-800">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">{request?.title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700 dark:text-slate-300">{request?.description}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-700">
              İptal
            </AlertDialog.Cancel>
            <AlertDialog.Action
              onClick={() => onAnswer(true)}
              className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 focus:outline-none focus:ring-2 focus:ring-red-500 focus:ring-offset-2"
            >
              {request?.confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** `confirm(request)` opens the dialog and resolves once with the admin's answer (a second close is ignored). */
export function useConfirm(): [ReactNode, (request: ConfirmRequest) => Promise<boolean>] {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const pending = useRef<((confirmed: boolean) => void) | null>(null);
  const confirm = useCallback(
    (next: ConfirmRequest) =>
      new Promise<boolean>((resolve) => {
        pending.current?.(false);
        pending.current = resolve;
        setRequest(next);
      }),
    [],
  );
  const onAnswer = useCallback((confirmed: boolean) => {
    const resolve = pending.current;
    pending.current = null;
    setRequest(null);
    resolve?.(confirmed);
  }, []);
  return [<BusinessConfirmDialog key="confirm" request={request} onAnswer={onAnswer} />, confirm];
}
