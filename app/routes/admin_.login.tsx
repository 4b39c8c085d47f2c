// /admin/login: the Turkish login form (button enabled once both fields are filled); the action checks our
// origin, throttles, starts a fresh session and returns the admin to the same-site page they came from.
import { json } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { AdminIcon } from "~/components/admin/admin-icons";
import { adminMeta } from "~/components/admin/admin-ui";
import { AdminLocaleProvider, useAdminText } from "~/components/admin/admin-i18n";
import { buttonClasses, inputClasses } from "~/components/admin/admin-ui";
import { adminRedirect, findAdmin, logInAdmin, parseLoginForm } from "~/models/admin-auth.server";
import { readAdminPreferences } from "~/models/admin-preferences.server";
import { readFormBody } from "~/models/form-body.server";
import { safeRedirectPath } from "~/utils/admin-paths";
import { NO_STORE } from "~/models/cache-policy.server";

export const meta: MetaFunction = ({ matches }) => adminMeta(matches, "login.title");

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  if (await findAdmin(request)) throw adminRedirect(redirectTo);
  const { locale, theme } = readAdminPreferences(request);
  return json({ redirectTo, locale, theme }, { headers: { "Cache-Control": NO_STORE } });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = parseLoginForm(await readFormBody(request));
  if (!form) return json({ code: "INVALID_LOGIN_REQUEST" as const, retryAfterSeconds: 0 }, { status: 400 });
  const result = await logInAdmin(request, form.credentials);
  if (!result.ok) {
    const headers: Record<string, string> = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : {};
    return json({ code: result.code, retryAfterSeconds: result.retryAfterSeconds ?? 0 }, { status: result.status, headers });
  }
  return adminRedirect(form.redirectTo, { headers: { "Set-Cookie": result.setCookie } });
}

function LoginForm({ redirectTo }: { redirectTo: string }) {
  const { t } = useAdminText();
  const failure = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [showPassword, setShowPassword] = useState(false);
  // Until hydration the button stays enabled, so the form also works without JavaScript.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const message = failure
    ? failure.code === "LOGIN_THROTTLED"
      ? t("login.throttled", { minutes: Math.max(1, Math.ceil(failure.retryAfterSeconds / 60)) })
      : t("login.invalid")
    : null;
  return (
    <Form method="post" className="space-y-5" noValidate>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {message ? (
        <div role="alert" className="flex gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          <AdminIcon name="warning" className="mt-0.5 h-5 w-5 shrink-0" />
          <p>
            <strong className="block font-semibold">{t("login.invalidTitle")}</strong>
            {message}
          </p>
        </div>
      ) : null}
      <div>
        <label htmlFor="username" className="mb-1.5 block text-sm font-medium text-slate-800">
          {t("login.username")}
        </label>
        <input
          id="username"
          name="username"
          autoComplete="username"
          required
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          className={inputClasses}
        />
      </div>
      <div>
        <label htmlFor="password" className="mb-1.5 block text-sm font-medium text-slate-800">
          {t("login.password")}
        </label>
        <div className="relative">
          <input
            id="password"
            name="password"
            type={showPassword ? "text" : "password"}
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            className={`${inputClasses} pr-12`}
          />
          <button
            type="button"
            onClick={() => setShowPassword((shown) => !shown)}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-600 hover:text-slate-900"
            aria-label={showPassword ? t("login.hidePassword") : t("login.showPassword")}
            aria-pressed={showPassword}
          >
            <AdminIcon name={showPassword ? "eyeOff" : "eye"} />
          </button>
        </div>
      </div>
      <button type="submit" disabled={submitting || (hydrated && (!username.trim() || !password))} className={`${buttonClasses.primary} w-full py-3`}>
        {submitting ? t("login.submitting") : t("login.submit")}
      </button>
      <p className="text-center text-xs text-slate-600">{t("login.sessionNote")}</p>
    </Form>
  );
}

function LoginCard({ redirectTo }: { redirectTo: string }) {
  const { t } = useAdminText();
  return (
    <div className="flex min-h-screen items-center justify-center bg-gradient-to-br from-slate-100 via-white to-brand-50 px-4 py-12">
      <div className="w-full max-w-md">
        <div className="mb-8 flex flex-col items-center text-center">
          <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-brand-600 text-white shadow-lg shadow-brand-600/30">
            <AdminIcon name="shield" className="h-7 w-7" />
          </span>
          <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900">{t("login.title")}</h1>
          <p className="mt-1 text-sm text-slate-600">{t("login.subtitle")}</p>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-200/60 sm:p-8">
          <LoginForm redirectTo={redirectTo} />
        </div>
        <p className="mt-6 text-center text-sm">
          <a href="/" className="font-medium text-slate-700 hover:text-brand-700">
            ← {t("nav.backToSite")}
          </a>
        </p>
      </div>
    </div>
  );
}

export default function AdminLogin() {
  const { redirectTo, locale } = useLoaderData<typeof loader>();
  return (
    <AdminLocaleProvider locale={locale}>
      <LoginCard redirectTo={redirectTo} />
    </AdminLocaleProvider>
  );
}
