// Runs an admin call with a pending flag, and turns its outcome into the spec's success / error toast.
import { useCallback, useState } from "react";
import { AdminFetchError } from "~/utils/admin-fetch";
import { useAdminToast } from "./admin-toast";

interface ToastText {
  title: string;
  description?: string;
}

export function useAdminAction() {
  const toast = useAdminToast();
  const [pending, setPending] = useState<string | null>(null);
  const run = useCallback(
    async <T>(
      name: string,
      call: () => Promise<T>,
      messages: { success: ToastText | ((result: T) => ToastText); failureTitle: string },
    ): Promise<T | null> => {
      setPending(name);
      try {
        const result = await call();
        const success = typeof messages.success === "function" ? messages.success(result) : messages.success;
        toast.show({ ...success, variant: "success" });
        return result;
      } catch (error) {
        const description = error instanceof AdminFetchError || error instanceof Error ? error.message : String(error);
        toast.show({ title: messages.failureTitle, description, variant: "destructive" });
        return null;
      } finally {
        setPending(null);
      }
    },
    [toast],
  );
  return { pending, run };
}
