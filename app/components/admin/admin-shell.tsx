// The admin frame: sidebar (desktop) / drawer (phone) with the routed sections, a header with business search,
// unread-message bell, dark-mode and language switches, the signed-in admin and logout.
import { Form, NavLink, useLocation } from "@remix-run/react";
import { Dialog } from "radix-ui";
import { useEffect, useState, type ReactNode } from "react";
import { storeAdminPreference, type AdminLanguage, type AdminTheme } from "~/utils/admin-preferences";
import { LANGUAGE_COOKIE, THEME_COOKIE } from "~/utils/cookie-names";
import { AdminIcon, type AdminIconName } from "./admin-icons";
import { AdminLocaleProvider, useAdminText, type AdminTextKey } from "./admin-i18n";
import { AdminToastProvider } from "./admin-toast";

interface NavItem {
  to: string;
  label: AdminTextKey;
  icon: AdminIconName;
  end?: boolean;
  badge?: "businesses" | "messages";
}

const NAV: NavItem[] = [
  { to: "/admin", label: "nav.home", icon: "home", end: true },
  { to: "/admin/dashboard", label: "nav.dashboard", icon: "dashboard", end: true },
  { to: "/admin/businesses", label: "nav.businesses", icon: "businesses", badge: "businesses" },
  { to: "/admin/upload", label: "nav.upload", icon: "upload" },
  { to: "/admin/reports", label: "nav.reports", icon: "reports" },
  { to: "/admin/messages", label: "nav.messages", icon: "messages", badge: "messages" },
  { to: "/admin/suggestions", label: "nav.suggestions", icon: "edit" },
  { to: "/admin/settings", label: "nav.settings", icon: "settings" },
  { to: "/admin/advertisements", label: "nav.advertisements", icon: "advertisements" },
  { to: "/admin/trash", label: "nav.trash", icon: "trash" },
  { to: "/admin/audit", label: "nav.audit", icon: "audit" },
];

export interface AdminShellProps {
  user: { username: string };
  theme: AdminTheme;
  locale: AdminLanguage;
  counts: { businesses: number; unreadMessages: number };
  children: ReactNode;
}

function compact(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { notation: "compact", maximumFractionDigits: 1 }).format(value);
}

function SidebarNav({ counts, onNavigate }: { counts: AdminShellProps["counts"]; onNavigate?: () => void }) {
  const { t, locale } = useAdminText();
  return (
    <nav aria-label={t("nav.main")} className="flex flex-1 flex-col gap-1 px-3 py-4">
      {NAV.map((item) => {
        const badge =
          item.badge === "businesses"
            ? compact(counts.businesses, locale)
            : item.badge === "messages" && counts.unreadMessages > 0
              ? String(counts.unreadMessages)
              : null;
        return (
          <NavLink
            key={item.to}
            to={item.to}
            end={item.end}
            prefetch="intent"
            onClick={onNavigate}
            className={({ isActive }) =>
              `group flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition ${
                isActive
                  ? "bg-brand-600 text-white shadow-sm"
                  : "text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
              }`
            }
          >
            {({ isActive }) => (
              <>
                <AdminIcon
                  name={item.icon}
                  className={`h-5 w-5 shrink-0 ${isActive ? "text-white" : "text-slate-500 group-hover:text-slate-700 dark:text-slate-400 dark:group-hover:text-white"}`}
                />
                <span className="flex-1">{t(item.label)}</span>
                {badge ? (
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums ${
                      isActive
                        ? "bg-brand-800 text-white"
                        : item.badge === "messages"
                          ? "bg-red-600 text-white"
                          : "bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200"
                    }`}
                  >
                    {badge}
                  </span>
                ) : null}
              </>
            )}
          </NavLink>
        );
      })}
    </nav>
  );
}

function SidebarFooter() {
  const { t } = useAdminText();
  return (
    <div className="space-y-1 border-t border-slate-200 px-3 py-4 dark:border-slate-800">
      <a
        href="/"
        className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <AdminIcon name="site" className="h-5 w-5 text-slate-500 dark:text-slate-400" />
        {t("nav.backToSite")}
      </a>
      {/* A plain form: the logout call answers with a redirect to the login page, also without JavaScript. */}
      <form method="post" action="/api/admin/logout">
        <button
          type="submit"
          className="flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-left text-sm font-medium text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950"
        >
          <AdminIcon name="logout" className="h-5 w-5" />
          {t("nav.logout")}
        </button>
      </form>
    </div>
  );
}

function Brand() {
  const { t } = useAdminText();
  return (
    <div className="flex items-center gap-3 px-6 py-5">
      <span className="flex h-9 w-9 items-center justify-center rounded-xl bg-brand-600 text-white shadow-sm">
        <AdminIcon name="shield" className="h-5 w-5" />
      </span>
      <span className="leading-tight">
        <span className="block text-sm font-bold text-slate-900 dark:text-white">{t("app.name")}</span>
        <span className="block text-xs text-slate-600 dark:text-slate-400">{t("app.adminPanel")}</span>
      </span>
    </div>
  );
}

function HeaderControls({
  theme,
  onTheme,
  locale,
  onLocale,
  unread,
}: {
  theme: AdminTheme;
  onTheme: () => void;
  locale: AdminLanguage;
  onLocale: (l: AdminLanguage) => void;
  unread: number;
}) {
  const { t } = useAdminText();
  const iconButton =
    "relative inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white";
  return (
    <div className="flex items-center gap-1">
      <NavLink to="/admin/messages" className={iconButton} aria-label={t("header.notifications", { count: unread })}>
        <AdminIcon name="bell" />
        {unread > 0 ? (
          <span className="absolute right-1.5 top-1.5 min-w-[1.1rem] rounded-full bg-red-600 px-1 text-center text-[0.65rem] font-bold leading-[1.1rem] text-white">
            {unread > 99 ? "99+" : unread}
          </span>
        ) : null}
      </NavLink>
      <button
        type="button"
        onClick={onTheme}
        className={iconButton}
        aria-pressed={theme === "dark"}
        aria-label={t("header.darkMode")}
        title={theme === "dark" ? t("header.lightMode") : t("header.darkMode")}
      >
        <AdminIcon name={theme === "dark" ? "sun" : "moon"} />
      </button>
      <div
        role="group"
        aria-label={t("header.language")}
        className="ml-1 flex rounded-lg border border-slate-300 p-0.5 text-xs font-semibold dark:border-slate-700"
      >
        {(["tr", "en"] as const).map((code) => (
          <button
            key={code}
            type="button"
            lang={code}
            onClick={() => onLocale(code)}
            aria-pressed={locale === code}
            className={`rounded-md px-2 py-1.5 uppercase ${locale === code ? "bg-slate-900 text-white dark:bg-white dark:text-slate-900" : "text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"}`}
          >
            {code}
          </button>
        ))}
      </div>
    </div>
  );
}

function ShellFrame({
  user,
  counts,
  theme,
  setTheme,
  locale,
  setLocale,
  children,
}: Omit<AdminShellProps, "theme" | "locale"> & {
  theme: AdminTheme;
  setTheme: (t: AdminTheme) => void;
  locale: AdminLanguage;
  setLocale: (l: AdminLanguage) => void;
}) {
  const { t } = useAdminText();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setDrawerOpen(false), [location.pathname]);
  const sidebarClasses = "flex h-full flex-col bg-white dark:bg-slate-900";
  return (
    <div className={theme === "dark" ? "dark" : undefined}>
      <div className="min-h-screen bg-slate-100 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
        <div className="lg:flex">
          <div className="hidden w-64 shrink-0 border-r border-slate-200 bg-white lg:block dark:border-slate-800 dark:bg-slate-900">
            <div className={`${sidebarClasses} sticky top-0 h-screen overflow-y-auto`}>
              <Brand />
              <SidebarNav counts={counts} />
              <SidebarFooter />
            </div>
          </div>
          <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 lg:hidden" />
              <Dialog.Content
                className={`fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] shadow-xl lg:hidden ${theme === "dark" ? "dark" : ""}`}
                aria-describedby={undefined}
              >
                <AdminLocaleProvider locale={locale}>
                  <div className={`${sidebarClasses} overflow-y-auto`}>
                    <div className="flex items-center justify-between pr-3">
                      <Brand />
                      <Dialog.Close
                        className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
                        aria-label={t("nav.closeMenu")}
                      >
                        <AdminIcon name="close" />
                      </Dialog.Close>
                    </div>
                    <Dialog.Title className="sr-only">{t("nav.main")}</Dialog.Title>
                    <SidebarNav counts={counts} onNavigate={() => setDrawerOpen(false)} />
                    <SidebarFooter />
                  </div>
                </AdminLocaleProvider>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
          <div className="min-w-0 flex-1">
            <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-900/90">
              <div className="flex h-16 items-center gap-2 px-3 sm:gap-3 sm:px-6">
                <button
                  type="button"
                  onClick={() => setDrawerOpen(true)}
                  className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 lg:hidden dark:text-slate-200 dark:hover:bg-slate-800"
                  aria-label={t("nav.openMenu")}
                >
                  <AdminIcon name="menu" />
                </button>
                <Form method="get" action="/admin/businesses" role="search" className="relative hidden min-w-0 flex-1 sm:block sm:max-w-md">
                  <label htmlFor="admin-search" className="sr-only">
                    {t("header.search")}
                  </label>
                  <AdminIcon name="search" className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" />
                  <input
                    id="admin-search"
                    name="filter"
                    type="search"
                    placeholder={t("header.searchPlaceholder")}
                    className="w-full rounded-lg border border-slate-300 bg-slate-50 py-2 pl-9 pr-3 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:bg-white focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:border-slate-700 dark:bg-slate-800 dark:text-white dark:placeholder:text-slate-400"
                  />
                </Form>
                <span className="flex min-w-0 flex-1 items-center gap-2 sm:hidden">
                  <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-brand-600 text-white">
                    <AdminIcon name="shield" className="h-4 w-4" />
                  </span>
                  <span className="truncate text-sm font-bold text-slate-900 dark:text-white">{t("app.adminShort")}</span>
                </span>
                <div className="ml-auto flex items-center gap-2">
                  <HeaderControls
                    theme={theme}
                    onTheme={() => {
                      const next = theme === "dark" ? "light" : "dark";
                      storeAdminPreference(THEME_COOKIE, next);
                      setTheme(next);
                    }}
                    locale={locale}
                    onLocale={(next) => {
                      storeAdminPreference(LANGUAGE_COOKIE, next);
                      setLocale(next);
                    }}
                    unread={counts.unreadMessages}
                  />
                  <span
                    className="hidden items-center gap-2 border-l border-slate-200 pl-3 text-sm md:flex dark:border-slate-700"
                    title={t("header.signedInAs", { name: user.username })}
                  >
                    <span
                      aria-hidden="true"
                      className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-100 text-sm font-bold uppercase text-brand-800 dark:bg-brand-900 dark:text-brand-100"
                    >
                      {user.username.slice(0, 1)}
                    </span>
                    <span className="sr-only">{t("header.signedInAs", { name: user.username })}</span>
                    <span aria-hidden="true" className="max-w-[10rem] truncate font-medium text-slate-800 dark:text-slate-200">
                      {user.username}
                    </span>
                  </span>
                </div>
              </div>
            </header>
            <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">{children}</div>
          </div>
        </div>
      </div>
    </div>
  );
}

export function AdminShell(props: AdminShellProps) {
  const [theme, setTheme] = useState<AdminTheme>(props.theme);
  const [locale, setLocale] = useState<AdminLanguage>(props.locale);
  // The switch changes the language without a reload: the document's language follows (the server render set it).
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return (
    <AdminLocaleProvider locale={locale}>
      <ToastWithLabel dark={theme === "dark"}>
        <ShellFrame {...props} theme={theme} setTheme={setTheme} locale={locale} setLocale={setLocale} />
      </ToastWithLabel>
    </AdminLocaleProvider>
  );
}

function ToastWithLabel({ children, dark }: { children: ReactNode; dark: boolean }) {
  const { t } = useAdminText();
  return (
    <AdminToastProvider closeLabel={t("common.close")} dark={dark}>
      {children}
    </AdminToastProvider>
  );
}
