// Runs an admin call with a pending flag, and turns its outcome into the spec's success / error toast (a failure
// worded from the answer's code).
import { useCallback, useState } from "react";
import { useAdminToast } from "./admin-toast";
import { useServerText } from "./server-text";

interface ToastText {
  title: string;
  description?: string;
}

export function useAdminAction() {
  const toast = useAdminToast();
  const { failure } = useServerText();
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
        // The answer's code in the admin's language, never the server's English message.
        toast.show({ title: messages.failureTitle, description: failure(error), variant: "destructive" });
        return null;
      } finally {
        setPending(null);
      }
    },
    [toast, failure],
  );
  return { pending, run };
}
