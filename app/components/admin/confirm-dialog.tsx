// A destructive action's confirmation → a Radix alert dialog (focus-trapped, Escape cancels) that resolves to the
// admin's choice; delete-all chains two of them, the second asking for the count typed back. It keeps the admin's
// theme (portalled into the shell's dark box in dark mode, as the export dialog is).
import { AlertDialog } from "radix-ui";
import { useCallback, useId, useRef, useState, type ReactNode } from "react";
import { useAdminText } from "./admin-i18n";
import { buttonClasses, inputClasses } from "./admin-ui";
import { useThemeBox, type ThemeBox } from "./use-theme-box";

export interface ConfirmRequest {
  title: string;
  description: string;
  confirmLabel: string;
  /** When set, the confirm button stays disabled until the admin types exactly this text. */
  typed?: { text: string; label: string };
}

function ConfirmDialog({
  request,
  onAnswer,
  themeBox,
}: {
  request: ConfirmRequest | null;
  onAnswer: (confirmed: boolean) => void;
  themeBox: ThemeBox<HTMLSpanElement>;
}) {
  const { t } = useAdminText();
  const [typed, setTyped] = useState("");
  const inputId = useId();
  const blocked = request?.typed !== undefined && typed.trim() !== request.typed.text;
  return (
    <>
      {/* The place in the page the dialog belongs to: its theme box is looked up from here. */}
      <span ref={themeBox.anchorRef} hidden />
      <AlertDialog.Root
        open={request !== null}
        onOpenChange={(open) => {
          if (open) return;
          setTyped("");
          onAnswer(false);
        }}
      >
        <AlertDialog.Portal container={themeBox.container}>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
          <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl dark:bg-slate-900">
            <AlertDialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">{request?.title}</AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm text-slate-700 dark:text-slate-300">{request?.description}</AlertDialog.Description>
            {request?.typed ? (
              <div className="mt-4">
                <label htmlFor={inputId} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
                  {request.typed.label}
                </label>
                <input
                  id={inputId}
                  value={typed}
                  onChange={(event) => setTyped(event.currentTarget.value)}
                  autoComplete="off"
                  inputMode="numeric"
                  className={`mt-1 ${inputClasses}`}
                />
              </div>
            ) : null}
            <div className="mt-6 flex justify-end gap-3">
              <AlertDialog.Cancel className={buttonClasses.secondary}>{t("common.cancel")}</AlertDialog.Cancel>
              <AlertDialog.Action
                disabled={blocked}
                onClick={(event) => {
                  if (blocked) {
                    event.preventDefault();
                    return;
                  }
                  setTyped("");
                  onAnswer(true);
                }}
                className={buttonClasses.danger}
              >
                {request?.confirmLabel}
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </>
  );
}

/** `confirm(request)` opens the dialog and resolves once with the admin's answer (a second close is ignored). */
export function useConfirm(): [ReactNode, (request: ConfirmRequest) => Promise<boolean>] {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const pending = useRef<((confirmed: boolean) => void) | null>(null);
  const themeBox = useThemeBox<HTMLSpanElement>();
  const { capture } = themeBox;
  const confirm = useCallback(
    (next: ConfirmRequest) =>
      new Promise<boolean>((resolve) => {
        pending.current?.(false);
        pending.current = resolve;
        capture();
        setRequest(next);
      }),
    [capture],
  );
  const onAnswer = useCallback((confirmed: boolean) => {
    const resolve = pending.current;
    pending.current = null;
    setRequest(null);
    resolve?.(confirmed);
  }, []);
  return [<ConfirmDialog key="confirm" request={request} onAnswer={onAnswer} themeBox={themeBox} />, confirm];
}
