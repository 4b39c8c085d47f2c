// Admin child routes → the layout's loader data ({ user, csrfToken, locale, theme, counts }) without refetching.
import { useRouteLoaderData } from "@remix-run/react";
import type { loader } from "~/routes/admin";

export function useAdminSession() {
  const data = useRouteLoaderData<typeof loader>("routes/admin");
  if (!data) throw new Error("useAdminSession must be used inside the /admin layout");
  return data;
}
